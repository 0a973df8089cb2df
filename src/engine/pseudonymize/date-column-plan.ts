import { formatDateText, parseDateTextLoosely, patternHasTime } from '../formats/dates';
import { dateCellLike, dateTextOfCell } from '../cell';
import { isWholeDay, MS_PER_DAY } from '../time/days';
import type { Cell, ColumnSchema, NumericRange } from '../types';
import type { FallbackValue, GenerateValue, PlanGrid, ValuePlan } from './column-plan';
import { cellDraw, defaultDatePattern, roomyDateRange, stepOf } from './date-ranges';
import { fakeDate, type DateDraw } from './generators/date';
import type { KeyedRandom } from './keyed-random';

/**
 * How a date or date-time column's values get pseudonyms: an instant of the column's range on
 * the step its pattern writes, in the original's pattern and zone. `columnRange` is the range
 * the column draws from (its own or merged over joined columns); `override` a merged range,
 * already widened. Dates without a time of day are days of a grid as well, walked when they
 * fill much of it; months ('2024-03') are drawn a month's step apart.
 */
export function planDateValues(
  column: ColumnSchema,
  columnRange: NumericRange,
  override: NumericRange | undefined,
  random: KeyedRandom,
  fallback: FallbackValue,
  scheme: number,
): ValuePlan {
  const pattern = column.format ?? defaultDatePattern(column);
  const withTime = column.type === 'datetime' || patternHasTime(pattern);
  const stepMs = stepOf(pattern, withTime, scheme);
  // Merged ranges come already widened (mergedRanges); a range the user set never is.
  const range =
    override ??
    (column.rangeSetByUser
      ? columnRange
      : roomyDateRange(columnRange, column.distinctCount, stepMs));
  const draw: DateDraw = { ...range, stepMs };
  // Loosely, as detection accepted the column: fractions of any width, or none.
  const fraction = { fractionDigits: 0 };
  const readDate = (text: string) => parseDateTextLoosely(text, pattern, fraction);
  const firstDay = Math.ceil(draw.min / MS_PER_DAY);
  // Text as the pattern reads it: Unix time may come as a number cell (JSON, spreadsheets).
  const textOf = (original: Cell, text: string): string | null =>
    dateTextOfCell(original, pattern) === null ? null : text;
  const dayOf = (original: Cell, text: string): number => {
    const readable = textOf(original, text);
    const date =
      original instanceof Date
        ? original
        : readable === null
          ? undefined
          : readDate(readable)?.date;
    const time = date?.getTime() ?? NaN;
    return isWholeDay(time) ? time / MS_PER_DAY : NaN;
  };
  // Months write the first day of each alone: a grid of days would give one text many indexes.
  const dayGrid: PlanGrid | undefined =
    withTime || stepMs !== MS_PER_DAY
      ? undefined
      : {
          size: Math.floor(draw.max / MS_PER_DAY) - firstDay + 1,
          indexOf: (original, text) => {
            const index = dayOf(original, text) - firstDay;
            return index >= 0 && index < Math.floor(draw.max / MS_PER_DAY) - firstDay + 1
              ? index
              : -1;
          },
          render: (index, original, text) => {
            const date = new Date((firstDay + index) * MS_PER_DAY);
            if (original instanceof Date) return date;
            const zone = readDate(text)?.timeZone ?? column.timeZone;
            return dateCellLike(original, formatDateText(date, pattern, zone));
          },
        };
  const generate: GenerateValue = (original, text) => {
    if (original instanceof Date) {
      return fakeDate(withTime ? draw : cellDraw(original, range), random);
    }
    const readable = textOf(original, text);
    const parsed = readable === null ? null : readDate(readable);
    if (!parsed) return fallback(original, text);
    const zone = parsed.timeZone ?? column.timeZone;
    return dateCellLike(original, formatDateText(fakeDate(draw, random), pattern, zone));
  };
  return {
    variant: `${pattern}|${JSON.stringify(draw)}`,
    generate,
    ...(dayGrid ? { grid: dayGrid } : {}),
  };
}
