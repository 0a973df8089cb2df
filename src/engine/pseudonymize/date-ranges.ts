import { ISO_8601, patternHasTime, patternIsMonth, unixTimeUnitMs } from '../formats/dates';
import { isWholeDay, MS_PER_DAY } from '../time/days';
import type { ColumnSchema, NumericRange } from '../types';
import { DEFAULT_DATE_RANGE, wallClockMs, type DateDraw } from './generators/date';

/*
 * The wall-clock ranges (in milliseconds) date and date-time columns draw pseudonyms from, and
 * the step between the instants their pattern can write.
 */

/**
 * The pattern text dates are written in when their column names none: 'YYYY-MM-DD' for dates,
 * 'M/D/YYYY h:mm:ss A' for date-times.
 */
export function defaultDatePattern(column: ColumnSchema): string {
  return column.type === 'datetime' ? 'M/D/YYYY h:mm:ss A' : 'YYYY-MM-DD';
}

/** The date range a column draws from: the override, the observed range, else the default. */
export function dateRangeOf(column: ColumnSchema, override?: NumericRange): NumericRange {
  if (override) return override;
  const min = column.dateRange ? wallClockMs(column.dateRange.min) : null;
  const max = column.dateRange ? wallClockMs(column.dateRange.max) : null;
  return min !== null && max !== null && min <= max ? { min, max } : DEFAULT_DATE_RANGE;
}

/**
 * A month pattern's step: longer than any month and shorter than two, so steps from a month's
 * first day land in ever later months, one each ('2024-01' to '2024-02' to '2024-03' to …,
 * skipping one now and then).
 */
const MONTH_STEP_MS = 31 * MS_PER_DAY;

/**
 * Milliseconds between the instants a pattern can write; from scheme 11 on, a month pattern's
 * are a month's step (MONTH_STEP_MS), where days wrote one month many times.
 */
export function stepOf(pattern: string, withTime: boolean, scheme: number): number {
  if (!withTime) return movesByMonths(pattern, scheme) ? MONTH_STEP_MS : MS_PER_DAY;
  // Unix time counts seconds or milliseconds: its draws land on its own unit, not on minutes.
  const unixTimeUnit = unixTimeUnitMs(pattern);
  if (unixTimeUnit !== null) return unixTimeUnit;
  if (pattern === ISO_8601 || /S/.test(pattern.replace(/\[[^\]]*\]/g, ''))) return 1;
  return /ss/.test(pattern) ? 1000 : 60_000;
}

/** Milliseconds between the instants a date or date-time column's pattern can write. */
export function dateStepOf(column: ColumnSchema, scheme: number): number {
  const pattern = column.format ?? defaultDatePattern(column);
  return stepOf(pattern, column.type === 'datetime' || patternHasTime(pattern), scheme);
}

/**
 * Whether dates in a pattern move by whole months: from scheme 11 on, months without days
 * ('2024-03', 'Mar 2024'), which a move by days would often leave as they were.
 */
export function movesByMonths(pattern: string, scheme: number): boolean {
  return scheme >= 11 && patternIsMonth(pattern);
}

/**
 * A date range with room for pseudonyms: when it holds fewer instants than twice the distinct
 * originals (two days seen, a day apart), it is widened evenly on both sides, so pseudonyms can
 * stay off the originals instead of trading them among themselves.
 * @example roomyDateRange({ min: day(23), max: day(24) }, 2, MS_PER_DAY) // day(22)..day(26)
 */
export function roomyDateRange(
  range: NumericRange,
  distinctCount: number,
  stepMs: number,
): NumericRange {
  const points = Math.floor((range.max - range.min) / stepMs) + 1;
  const needed = 2 * Math.max(1, distinctCount) + 1;
  if (!Number.isFinite(points) || points >= needed) return range;
  const before = Math.floor((needed - points) / 2);
  return { min: range.min - before * stepMs, max: range.max + (needed - points - before) * stepMs };
}

/** A date cell's draw: whole days for dates, seconds for date-times. */
export function cellDraw(original: Date, range: NumericRange): DateDraw {
  const withTime = !isWholeDay(original.getTime());
  return { ...range, stepMs: withTime ? 1000 : MS_PER_DAY };
}
