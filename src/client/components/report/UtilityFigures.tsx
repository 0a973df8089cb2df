import type { UtilityFigures as Utility } from '../../../engine/browser';
import { formatPercent } from '../../lib/format';
import { FigureList, type Figure } from './FigureList';
import { ReportCard } from './ReportCard';

/** 'amount 0.041, balance 0.020', or 'none' when the list is empty. */
function listed(entries: readonly { name: string; value: string }[]): string {
  return entries.length === 0
    ? 'No such column'
    : entries.map((e) => `${e.name} ${e.value}`).join(', ');
}

/**
 * How faithful the stand-in is overall: columns whose type and format were kept, distribution
 * distance per number or date column, frequency preservation per text column.
 */
export function UtilityFigures({ utility, showSheets }: { utility: Utility; showSheets: boolean }) {
  const name = (entry: { sheet: string; column: string }) =>
    showSheets ? `${entry.sheet} › ${entry.column}` : entry.column;
  const kept = utility.schemaKept.filter((entry) => entry.kept).length;
  const figures: Figure[] = [
    {
      label: 'Type and format kept',
      value:
        utility.schemaKept.length === 0
          ? 'No column replaced'
          : `${formatPercent(utility.schemaKeptShare)} of replaced columns (${kept} of ${utility.schemaKept.length})`,
    },
    {
      label: 'Distribution distance (KS, 0 = same)',
      value: listed(
        utility.numericDistance.map((entry) => ({
          name: name(entry),
          value: entry.ksStatistic.toFixed(3),
        })),
      ),
    },
    {
      label: 'Frequency preservation',
      value: listed(
        utility.frequencyPreservation.map((entry) => ({
          name: name(entry),
          value: formatPercent(entry.preservation),
        })),
      ),
    },
  ];
  return (
    <ReportCard label="Overall utility">
      <FigureList figures={figures} />
    </ReportCard>
  );
}
