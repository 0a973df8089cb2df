import type { NumberFigures } from '../../../engine/browser';
import { binStarts, formatFigure, type FigureKind } from '../../lib/reportFigures';
import { ChartFrame, type ChartSeriesFigures } from './ChartFrame';
import { CountBarChart } from './CountBarChart';

type Histogram = NonNullable<NumberFigures['histogram']>;

interface HistogramPairProps {
  column: string;
  kind: FigureKind;
  histogram: Histogram;
}

/** Sampled originals and outputs over the same equal-width bins, side by side. */
export function HistogramPair({ column, kind, histogram }: HistogramPairProps) {
  const bins = histogram.before.length;
  const labels = binStarts(histogram.min, histogram.max, bins).map((start) =>
    formatFigure(start, kind),
  );
  const series: ChartSeriesFigures[] = [
    { label: 'Original', color: 'fg.muted', values: histogram.before },
    { label: 'Pseudonymized', color: 'teal.fg', values: histogram.after },
  ];
  const description =
    `Histogram of ${column}, original against pseudonymized, in ${bins} equal bins from ` +
    `${formatFigure(histogram.min, kind)} to ${formatFigure(histogram.max, kind)}; ` +
    `largest bin ${Math.max(0, ...histogram.before)} original and ` +
    `${Math.max(0, ...histogram.after)} pseudonymized values.`;
  return (
    <ChartFrame description={description} series={series}>
      <CountBarChart labels={labels} series={series} touching />
    </ChartFrame>
  );
}
