import type { ColumnSchema, NumericRange } from '../types';

/*
 * The ranges number columns draw pseudonyms from, made roomy enough to keep pseudonyms off the
 * originals.
 */

/** Whole numbers without a range of their own are drawn from 1 to 10,000. */
const DEFAULT_INTEGER_RANGE: NumericRange = { min: 1, max: 10_000 };
/** Decimals without a range of their own are drawn from 0.1 to 10,000. */
const DEFAULT_DECIMAL_RANGE: NumericRange = { min: 0.1, max: 10_000 };

/** The number range a column draws from: the override, the rule's/observed range, else the default. */
export function numberRangeOf(column: ColumnSchema, override?: NumericRange): NumericRange {
  if (override) return override;
  if (column.range && column.range.min <= column.range.max) return column.range;
  return column.number?.integer === false || (column.precision ?? 0) > 0
    ? DEFAULT_DECIMAL_RANGE
    : DEFAULT_INTEGER_RANGE;
}

/** Representable values a number range needs per distinct original to keep pseudonyms off them. */
const POINTS_PER_ORIGINAL = 4;

/**
 * A number range with room for pseudonyms: when the values the column's precision can write
 * inside the range are too few to keep every pseudonym off the originals (`-0.01..0.00` holds
 * two), the range is widened on the side away from zero, so signs stay where they were. A range
 * across zero gets room on each side (a value keeps its sign, so `-0.01` in `-0.01..0.13` draws
 * from the negatives alone).
 * @example roomyRange({ min: 0, max: 1 }, integerColumnWithTwoValues) // { min: 0, max: 11 }
 */
export function roomyRange(range: NumericRange, column: ColumnSchema): NumericRange {
  const decimals = Math.min(column.precision ?? column.number?.precision ?? 0, 10);
  const step = 10 ** -decimals;
  const distinct = Math.max(1, column.distinctCount);
  const pointsIn = (low: number, high: number): number =>
    Math.floor((high - low) / step + 1e-7) + 1;
  /** Points a stretch holding at most `points` originals needs (the whole column's at most). */
  const neededFor = (points: number): number =>
    POINTS_PER_ORIGINAL * (Math.min(points, distinct) + 1);
  if (!Number.isFinite(pointsIn(range.min, range.max))) return range;
  let { min, max } = range;
  if (min < 0 && max > 0) {
    const negatives = pointsIn(min, -step);
    if (negatives < neededFor(negatives)) min = -neededFor(negatives) * step;
    const positives = pointsIn(step, max);
    if (positives < neededFor(positives)) max = neededFor(positives) * step;
  }
  const points = pointsIn(min, max);
  const needed = neededFor(Infinity);
  if (points >= needed) return { min, max };
  const extra = (needed - points) * step;
  if (min >= 0) return { min, max: max + extra };
  if (max <= 0) return { min: min - extra, max };
  return { min: min - extra / 2, max: max + extra / 2 };
}

/**
 * The fewest fraction digits a value of the column is drawn with: 0 unless the range is too
 * narrow to hold pseudonyms off the originals with whole numbers alone (a `0` among cents
 * between -0.01 and 0.13), then the fewest, up to the column's precision, that leave room.
 * @example roomyDecimals({ min: 0, max: 0.5 }, columnOfTenCents) // 2
 */
export function roomyDecimals(range: NumericRange, column: ColumnSchema): number {
  const precision = Math.min(column.precision ?? column.number?.precision ?? 0, 10);
  const needed = POINTS_PER_ORIGINAL * (Math.max(1, column.distinctCount) + 1);
  for (let decimals = 0; decimals < precision; decimals++) {
    const scale = 10 ** decimals;
    const points = Math.floor(range.max * scale + 1e-7) - Math.ceil(range.min * scale - 1e-7) + 1;
    if (points >= needed) return decimals;
  }
  return precision;
}
