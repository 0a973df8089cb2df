import { Chart, useChart } from '@chakra-ui/charts';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import type { ChartSeriesFigures } from './ChartFrame';

const compactCount = new Intl.NumberFormat('en-US', { notation: 'compact' });

interface CountBarChartProps {
  /** The category under each group of bars (a bin's lower end, a rank, a class size). */
  labels: readonly string[];
  series: readonly ChartSeriesFigures[];
  /** Bars touch, as in a histogram. */
  touching?: boolean;
}

type Row = Record<string, string | number>;

/**
 * Bars of counts per category, one bar per series, drawn by Chakra's chart (recharts): colours
 * are theme tokens, so it follows the light and dark themes, and it takes its container's width.
 */
export function CountBarChart({ labels, series, touching = false }: CountBarChartProps) {
  const chart = useChart<Row>({
    data: labels.map((label, index) => {
      const row: Row = { label };
      series.forEach((entry, at) => (row[`s${at}`] = entry.values[index] ?? 0));
      return row;
    }),
    series: series.map((entry, at) => ({ name: `s${at}`, color: entry.color, label: entry.label })),
  });
  // useChart types its colour as any; it is a CSS variable of the theme's token.
  const paint = (token: string | undefined): string => chart.color(token) as string;
  return (
    <Chart.Root chart={chart} h="36" aspectRatio="auto">
      <BarChart
        data={chart.data}
        responsive
        accessibilityLayer={false}
        margin={{ top: 4, right: 4, bottom: 0, left: 0 }}
        barGap={0}
        barCategoryGap={touching ? 1 : '20%'}
      >
        <CartesianGrid stroke={paint('border.muted')} vertical={false} />
        <XAxis
          dataKey={chart.key('label')}
          tickLine={false}
          axisLine={{ stroke: paint('border') }}
          interval="preserveStartEnd"
          minTickGap={12}
        />
        <YAxis
          width={36}
          tickLine={false}
          axisLine={false}
          allowDecimals={false}
          tickCount={3}
          tickFormatter={(value: number) => compactCount.format(value)}
        />
        <Tooltip
          cursor={{ fill: paint('bg.muted') }}
          animationDuration={100}
          content={<Chart.Tooltip />}
        />
        {chart.series.map((item) => (
          <Bar
            key={String(item.name)}
            dataKey={chart.key(item.name)}
            fill={paint(item.color)}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </Chart.Root>
  );
}
