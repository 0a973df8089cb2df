import type { ColumnReport } from '../../../engine/browser';
import { formatPercent } from '../../lib/format';
import { ChartFrame, type ChartSeriesFigures } from './ChartFrame';
import { CountBarChart } from './CountBarChart';

type Frequencies = NonNullable<ColumnReport['frequencies']>;

/** The ten most frequent values' counts before and after, by rank: counts only, never values. */
export function TopValuesChart({
  column,
  frequencies,
}: {
  column: string;
  frequencies: Frequencies;
}) {
  const ranks = Math.max(frequencies.before.length, frequencies.after.length);
  const labels = Array.from({ length: ranks }, (_, index) => `#${index + 1}`);
  const series: ChartSeriesFigures[] = [
    { label: 'Original', color: 'fg.muted', values: frequencies.before },
    { label: 'Pseudonymized', color: 'teal.fg', values: frequencies.after },
  ];
  const description =
    `Counts of the ${ranks} most frequent values of ${column} by rank, original against ` +
    `pseudonymized: most frequent ${frequencies.before[0] ?? 0} and ${frequencies.after[0] ?? 0}; ` +
    `frequency preservation ${formatPercent(frequencies.preservation)}.`;
  return (
    <ChartFrame description={description} series={series} labels={labels}>
      <CountBarChart labels={labels} series={series} />
    </ChartFrame>
  );
}
