import { dateCellLike } from '../cell';
import { formatDateText } from '../formats/dates';
import type { Cell, ColumnSchema, NumericRange } from '../types';
import type { ColumnPlan } from './column-plan';
import { defaultDatePattern } from './date-ranges';
import { runFakerMethod, type FakerOutput } from './faker-catalogue';
import type { FakeSource } from './keyed-faker';
import { numberRangeOf } from './number-ranges';

/**
 * How a column under a `faker` rule gets pseudonyms: the named Faker method, given the column's
 * number range and precision, its output written as the column's cells are (a date in the
 * column's pattern, a number as a number).
 */
export function planFakerColumn(
  column: ColumnSchema,
  method: string,
  source: FakeSource,
  overrideRange: NumericRange | undefined,
): ColumnPlan {
  const range = column.type === 'number' ? numberRangeOf(column, overrideRange) : undefined;
  const hints = { ...(range ? { range } : {}), precision: column.precision ?? 0 };
  const pattern =
    column.type === 'date' || column.type === 'datetime'
      ? (column.format ?? defaultDatePattern(column))
      : null;
  const toCell = (original: Cell, output: FakerOutput): Cell => {
    if (output instanceof Date) {
      if (original instanceof Date) return output;
      return pattern
        ? dateCellLike(original, formatDateText(output, pattern, column.timeZone))
        : output.toISOString();
    }
    if (typeof original === 'number') {
      const value = Number(output);
      if (Number.isFinite(value) && String(output) !== '') return value;
    }
    return String(output);
  };
  return {
    kind: `faker:${method}`,
    namespace: `faker:${method}|${column.type}|${pattern ?? ''}|${JSON.stringify(range ?? null)}`,
    sensitive: false,
    tinyDomain: false,
    generate: (original) => toCell(original, runFakerMethod(source.faker, method, hints)),
  };
}
