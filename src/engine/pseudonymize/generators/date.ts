import { MS_PER_DAY } from '../../time/days';
import type { NumericRange } from '../../types';
import type { KeyedRandom } from '../keyed-random';

/** Dates of a column with none to learn a range from are drawn from 2020-01-01 to 2024-12-31. */
export const DEFAULT_DATE_RANGE: NumericRange = {
  min: Date.UTC(2020, 0, 1),
  max: Date.UTC(2024, 11, 31),
};

/** Wall-clock milliseconds (UTC fields) to draw a date between, and the step between draws. */
export interface DateDraw extends NumericRange {
  /** Granularity: a day for dates, a second or minute or millisecond for datetimes. */
  stepMs: number;
}

/**
 * Wall-clock milliseconds of ISO text as detection writes ranges ('2023-04-17',
 * '2023-04-17T10:00:00'); a zone, if written, is ignored. Null when unreadable.
 * @example wallClockMs('2023-04-17') // 1681689600000
 */
export function wallClockMs(text: string): number | null {
  // A date alone ('2023-04-17') has no zone: its '-17' is the day, not an offset.
  if (text.length <= 10) {
    const ms = Date.parse(text);
    return Number.isNaN(ms) ? null : ms;
  }
  const withoutZone = text.replace(/(?:Z|[+-]\d{2}(?::?\d{2})?)$/, '');
  const ms = Date.parse(`${withoutZone}Z`);
  return Number.isNaN(ms) ? null : ms;
}

/**
 * A random wall-clock date in the range, on the step's grid. A range of one instant is widened
 * by a year each side, so a constant column still changes.
 * @example fakeDate({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2020, 11, 31), stepMs: 86_400_000 }, random)
 */
export function fakeDate(draw: DateDraw, random: KeyedRandom): Date {
  let { min, max } = draw;
  if (max - min < draw.stepMs) {
    min -= 365 * MS_PER_DAY;
    max += 365 * MS_PER_DAY;
  }
  const low = Math.ceil(min / draw.stepMs);
  const high = Math.floor(max / draw.stepMs);
  return new Date((low + random.int(high - low + 1)) * draw.stepMs);
}
