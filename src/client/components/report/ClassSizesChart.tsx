import type { RiskFigures } from '../../../engine/browser';
import { ChartFrame, type ChartSeriesFigures } from './ChartFrame';
import { CountBarChart } from './CountBarChart';

/** Rows by the size of their equivalence class on the kept columns (1 = alone). */
export function ClassSizesChart({ sheet, risk }: { sheet: string; risk: RiskFigures }) {
  const labels = risk.classSizes.map((bucket) => bucket.label);
  const series: ChartSeriesFigures[] = [
    {
      label: 'Rows by group size',
      color: 'teal.fg',
      values: risk.classSizes.map((bucket) => bucket.rows),
    },
  ];
  const description =
    `Rows of ${sheet} by the size of their group on the kept columns: ` +
    risk.classSizes.map((bucket) => `${bucket.rows} in groups of ${bucket.label}`).join(', ') +
    '.';
  return (
    <ChartFrame description={description} series={series} labels={labels}>
      <CountBarChart labels={labels} series={series} />
    </ChartFrame>
  );
}
