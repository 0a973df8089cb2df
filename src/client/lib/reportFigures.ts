import type { ColumnType } from '../../engine/browser';

/** How a figure of the report reads: numbers as numbers, dates and datetimes as dates. */
export type FigureKind = 'number' | 'date' | 'datetime';

const plain = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const compact = new Intl.NumberFormat('en-US', {
  notation: 'compact',
  maximumSignificantDigits: 3,
});

export function figureKindOf(type: ColumnType): FigureKind {
  return type === 'date' || type === 'datetime' ? type : 'number';
}

/**
 * A number, date or datetime figure as text. Dates are wall-clock milliseconds since 1970, so
 * they read in UTC ('2023-01-15', '2023-01-15 08:30').
 * @example formatFigure(1234.567, 'number') // '1,234.57'
 */
export function formatFigure(value: number, kind: FigureKind): string {
  if (!Number.isFinite(value)) return '–';
  if (kind === 'number') {
    return Math.abs(value) >= 1e6 ? compact.format(value) : plain.format(value);
  }
  const iso = new Date(value).toISOString();
  return kind === 'date' ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

/** The lower end of each of `bins` equal-width bins from `min` to `max`. */
export function binStarts(min: number, max: number, bins: number): number[] {
  const width = bins === 0 ? 0 : (max - min) / bins;
  return Array.from({ length: bins }, (_, index) => min + index * width);
}
