/**
 * The report page's charts: inline SVG bars, no script. Each chart is an image with an
 * accessible name that states its figures, and a visually hidden table of the same figures.
 */
import { htmlTable, type TableRow } from './html-table';
import { html, type Html } from './html-template';

/** One series of bars: its name in the legend and the table, a CSS class for its colour. */
export interface BarSeries {
  name: string;
  className: 'before' | 'after' | 'single';
  values: readonly number[];
}

export interface BarChart {
  /** What the chart shows, the start of its accessible name ("Histogram of amount"). */
  title: string;
  /** One label per bar group, read in the table and the accessible name ("rank 1"). */
  groupLabels: readonly string[];
  /** Written under the axis: a short label per group, or the two ends of a continuous range. */
  axis:
    { kind: 'groups'; labels: readonly string[] } | { kind: 'ends'; start: string; end: string };
  series: readonly BarSeries[];
  /** How the values read in the accessible name and table (counts by default). */
  unit?: string;
}

const WIDTH = 320;
const HEIGHT = 132;
const PLOT_TOP = 6;
const PLOT_BOTTOM = 112;
const PLOT_LEFT = 4;
const PLOT_RIGHT = WIDTH - 4;

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

/** The chart's figures as one sentence: its accessible name. */
function describe(chart: BarChart): string {
  const unit = chart.unit ? ` ${chart.unit}` : '';
  const series = chart.series
    .map(
      (each) =>
        `${each.name}: ${each.values
          .map((value, index) => `${chart.groupLabels[index] ?? index + 1}: ${value}${unit}`)
          .join(', ')}`,
    )
    .join('; ');
  return `${chart.title}. ${series}.`;
}

function bars(chart: BarChart): Html[] {
  const groups = Math.max(1, ...chart.series.map((each) => each.values.length));
  const highest = Math.max(1, ...chart.series.flatMap((each) => each.values));
  const groupWidth = (PLOT_RIGHT - PLOT_LEFT) / groups;
  const barWidth = (groupWidth * 0.8) / chart.series.length;
  return chart.series.flatMap((series, seriesIndex) =>
    series.values.map((value, group) => {
      const height = ((PLOT_BOTTOM - PLOT_TOP) * value) / highest;
      const x = PLOT_LEFT + group * groupWidth + groupWidth * 0.1 + seriesIndex * barWidth;
      return html`<rect
        class="bar ${series.className}"
        x="${round(x)}"
        y="${round(PLOT_BOTTOM - height)}"
        width="${round(barWidth)}"
        height="${round(height)}"
      ></rect>`;
    }),
  );
}

function axisLabels(chart: BarChart): Html[] {
  const y = HEIGHT - 6;
  // The accessible name states the figures; the painted labels are left out of it.
  if (chart.axis.kind === 'ends') {
    return [
      html`<text x="${PLOT_LEFT}" y="${y}" text-anchor="start" aria-hidden="true"
        >${chart.axis.start}</text
      >`,
      html`<text x="${PLOT_RIGHT}" y="${y}" text-anchor="end" aria-hidden="true"
        >${chart.axis.end}</text
      >`,
    ];
  }
  const { labels } = chart.axis;
  const groupWidth = (PLOT_RIGHT - PLOT_LEFT) / Math.max(1, labels.length);
  return labels.map(
    (label, index) =>
      html`<text
        x="${round(PLOT_LEFT + groupWidth * (index + 0.5))}"
        y="${y}"
        text-anchor="middle"
        aria-hidden="true"
        >${label}</text
      >`,
  );
}

/** The same figures as a table for screen readers (hidden on screen). */
function figuresTable(chart: BarChart): Html {
  return html`<div class="visually-hidden">
    ${htmlTable({
      caption: chart.title,
      headers: [
        chart.axis.kind === 'ends' ? 'Bin' : 'Group',
        ...chart.series.map((each) => each.name),
      ],
      rows: chart.groupLabels.map((label, index): TableRow => [
        label,
        ...chart.series.map((each) => each.values[index] ?? 0),
      ]),
    })}
  </div>`;
}

function legend(chart: BarChart): Html | null {
  if (chart.series.length < 2) return null;
  return html`<p class="legend" aria-hidden="true">
    ${chart.series.map((each) => html`<span class="swatch ${each.className}"></span>${each.name} `)}
  </p>`;
}

/**
 * A bar chart in inline SVG: `role="img"`, an accessible name and a title that state every
 * figure, a legend when it has two series, and a hidden table of its figures.
 * @example barChart({ title: 'Class sizes', groupLabels: ['size 1', 'size 2'], axis: { kind: 'groups', labels: ['1', '2'] }, series: [{ name: 'Rows', className: 'single', values: [3, 4] }] })
 */
export function barChart(chart: BarChart): Html {
  const name = describe(chart);
  return html`<figure class="chart">
    <svg
      viewBox="0 0 ${WIDTH} ${HEIGHT}"
      role="img"
      aria-label="${name}"
      preserveAspectRatio="xMidYMid meet"
    >
      <title>${name}</title>
      <line
        class="axis"
        x1="${PLOT_LEFT}"
        y1="${PLOT_BOTTOM + 0.5}"
        x2="${PLOT_RIGHT}"
        y2="${PLOT_BOTTOM + 0.5}"
      ></line>
      ${bars(chart)} ${axisLabels(chart)}
    </svg>
    ${legend(chart)} ${figuresTable(chart)}
  </figure>`;
}
