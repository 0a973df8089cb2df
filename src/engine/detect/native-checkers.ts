import {
  datePatternName,
  excelFormatToPattern,
  isDurationFormat,
  isoWallClock,
  parseDateText,
  patternHasTime,
} from '../formats/dates';
import {
  excelFormatPrecision,
  excelFormatToNumberLayout,
  fractionDigitsOf,
  plainNumberLayout,
} from '../formats/numbers';
import { isWholeDay } from '../time/days';
import type { Cell, IsoDateRange, NumericRange } from '../types';
import type { NativeCellChecker } from './cell-checker';
import { describeColumn, describeDurations } from './describe';
import { isFlagHeader, semanticFromHeader } from './semantics';
import { TYPE_SHARE } from './type-share';
import { isCompactDate, namesAnInstant, numberDatePattern } from './number-dates';

/*
 * Checkers for spreadsheet and JSON cells that already are dates, numbers or booleans: their
 * type is known, and their number format says how they are shown.
 */

/**
 * A checker for spreadsheet/JSON cells of one kind (dates, numbers, booleans) when nearly all
 * of the sample is of that kind; null when the column is to be read as text.
 */
export function nativeChecker(
  name: string,
  sample: readonly Cell[],
  format: string | null,
): NativeCellChecker | null {
  if (sample.length === 0) return null;
  let dates = 0;
  let numbers = 0;
  let booleans = 0;
  for (const cell of sample) {
    if (cell instanceof Date) dates++;
    else if (typeof cell === 'number') numbers++;
    else if (typeof cell === 'boolean') booleans++;
  }
  const needed = sample.length * TYPE_SHARE;
  if (dates >= needed) {
    return format && isDurationFormat(format)
      ? durationCellChecker(format)
      : dateCellChecker(format);
  }
  if (numbers >= needed) return numberCellChecker(name, format);
  if (booleans >= needed) {
    return {
      native: true,
      accept: (cell) => typeof cell === 'boolean',
      finish(schema) {
        schema.type = 'boolean';
        schema.boolean = { trueText: 'true', falseText: 'false' };
      },
    };
  }
  return null;
}

/** The span of the valid date cells a column accepts, and whether any has a time of day. */
function dateCellSpan() {
  const span = {
    min: Infinity,
    max: -Infinity,
    withTime: false,
    accept(cell: Cell): boolean {
      if (!(cell instanceof Date)) return false;
      const time = cell.getTime();
      if (Number.isNaN(time)) return false;
      if (time < span.min) span.min = time;
      if (time > span.max) span.max = time;
      if (!isWholeDay(time)) span.withTime = true;
      return true;
    },
    /** The span as ISO wall-clock text, when any cell was accepted. */
    range(withTime: boolean): IsoDateRange | undefined {
      if (span.min > span.max) return undefined;
      return {
        min: isoWallClock(new Date(span.min), withTime),
        max: isoWallClock(new Date(span.max), withTime),
      };
    },
  };
  return span;
}

/** Spreadsheet date cells: the pattern comes from the cells' number format. */
function dateCellChecker(format: string | null): NativeCellChecker {
  const span = dateCellSpan();
  return {
    native: true,
    accept: (cell) => span.accept(cell),
    finish(schema) {
      const pattern =
        (format ? excelFormatToPattern(format) : null) ??
        (span.withTime ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD');
      const hasTime = patternHasTime(pattern);
      schema.type = hasTime ? 'datetime' : 'date';
      schema.format = datePatternName(pattern);
      const range = span.range(hasTime);
      if (range) schema.dateRange = range;
      schema.semantic = semanticFromHeader(schema.name) === 'birthDate' ? 'birthDate' : null;
    },
  };
}

/**
 * Spreadsheet duration cells ('[h]:mm:ss', 'mm:ss.0'): read as dates, but no date or time of
 * day, so they are text shown through their format. Their observed span is kept as the date
 * range, so that generated durations stay as long as the real ones.
 */
function durationCellChecker(format: string): NativeCellChecker {
  const span = dateCellSpan();
  return {
    native: true,
    accept: (cell) => span.accept(cell),
    finish(schema) {
      schema.type = 'string';
      const range = span.range(true);
      if (range) schema.dateRange = range;
    },
    describe: (schema) =>
      schema.type === 'string' ? describeDurations(schema, format) : describeColumn(schema),
  };
}

/**
 * Spreadsheet/JSON numeric cells: numbers, 1/0 flags under a flag-like header, or dates written
 * as numbers under a header naming a date (number-dates.ts).
 */
function numberCellChecker(name: string, format: string | null): NativeCellChecker {
  const range: NumericRange = { min: Infinity, max: -Infinity };
  let observedPrecision = 0;
  let onlyZeroOne = true;
  // Dates written as numbers are looked for under a header naming one only.
  const dateHeader = namesAnInstant(name);
  let allCompactDates = dateHeader;
  let misfit = false;
  // What the format writes around the digits ('"$"#,##0.00', '0.00%'); the values, range and
  // precision stay those of the cells (0.125 under '0.00%').
  const shown = format ? excelFormatToNumberLayout(format) : null;
  // Percent-formatted cells hold fractions: the card shows them as the sheet does (12.50%).
  const valueScale = shown?.percent ? 100 : 1;
  return {
    native: true,
    accept(cell) {
      if (typeof cell !== 'number' || !Number.isFinite(cell)) {
        misfit = true;
        return false;
      }
      if (cell < range.min) range.min = cell;
      if (cell > range.max) range.max = cell;
      if (cell !== 0 && cell !== 1) onlyZeroOne = false;
      if (allCompactDates && !isCompactDate(cell)) allCompactDates = false;
      if (!Number.isInteger(cell)) {
        const digits = fractionDigitsOf(cell);
        if (digits > observedPrecision) observedPrecision = digits;
      }
      return true;
    },
    finish(schema) {
      if (onlyZeroOne && !misfit && isFlagHeader(name)) {
        schema.type = 'boolean';
        schema.boolean = { trueText: '1', falseText: '0' };
        return;
      }
      const datePattern =
        dateHeader && !format && !misfit
          ? numberDatePattern(range.min, range.max, allCompactDates)
          : null;
      if (datePattern) {
        // Dates written as whole numbers: Unix time ('created_at' from pandas' to_json) or
        // 20230415, read in their pattern as their text would be.
        const hasTime = patternHasTime(datePattern);
        const wallClock = (value: number): string =>
          isoWallClock(parseDateText(String(value), datePattern)!.date, hasTime);
        schema.type = hasTime ? 'datetime' : 'date';
        schema.format = datePattern;
        schema.dateRange = { min: wallClock(range.min), max: wallClock(range.max) };
        schema.semantic = semanticFromHeader(name) === 'birthDate' ? 'birthDate' : null;
        return;
      }
      schema.type = 'number';
      const precision = (format ? excelFormatPrecision(format) : null) ?? observedPrecision;
      schema.number = plainNumberLayout(precision, range.min < 0);
      schema.number.integer = observedPrecision === 0;
      if (shown) {
        const { percent: _percent, ...written } = shown;
        Object.assign(schema.number, written);
      }
      schema.precision = schema.number.precision;
      if (range.min <= range.max) schema.range = { min: range.min, max: range.max };
      const semantic = semanticFromHeader(name);
      schema.semantic = semantic === 'latitude' || semantic === 'longitude' ? semantic : null;
    },
    describe: (schema) => describeColumn(schema, schema.type === 'number' ? valueScale : 1),
  };
}
