import { MS_PER_DAY } from '../../time/days';
import type { KeyedRandom } from '../keyed-random';

/*
 * Dates written in ISO 8601 in a text column: a column whose values mix layouts ('2020-02-05'
 * beside '2020-01-05T10:00:00Z', as APIs write a midnight) is no date column to detection, and
 * the string rules, which redraw every digit and letter, made '5790-06-00U23:04:05F' of them.
 */

/** Year, month, day; then separator, hours, minutes, seconds and fraction; then the zone. */
const ISO_DATE_TEXT =
  /^(\d{4})-(\d{2})-(\d{2})(?:([T ])(\d{2}):(\d{2})(?::(\d{2})([.,]\d+)?)?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/;

/** The most days a date in text moves, either way (date-text.ts's layouts too). */
export const WINDOW_DAYS = 180;

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The parts of an ISO date text that names a real day and time, or null. */
function isoParts(text: string): RegExpExecArray | null {
  const parts = ISO_DATE_TEXT.exec(text);
  if (!parts) return null;
  const [, year, month, day, , hours = '0', minutes = '0', seconds = '0'] = parts;
  const date = new Date(Date.UTC(+year!, +month! - 1, +day!));
  const real =
    date.getUTCMonth() === +month! - 1 &&
    date.getUTCDate() === +day! &&
    +hours < 24 &&
    +minutes < 60 &&
    +seconds < 60;
  return real ? parts : null;
}

/**
 * Whether text is one date or date-time in ISO 8601 ('2020-02-05', '2020-01-05T10:00:00Z').
 * @example isIsoDateText('2020-02-30') // false: no such day
 */
export function isIsoDateText(text: string): boolean {
  return isoParts(text) !== null;
}

/**
 * Another date in the same ISO layout: the day moved by a keyed 1 to 180 days either way, a
 * time of day (and fraction) drawn anew to the precision written, the zone text kept. The caller
 * has reseeded `random` for the value. Null for text that is no ISO date.
 * @example fakeIsoDateText('2020-01-05T10:00:00Z', random) // e.g. '2019-09-17T16:42:08Z'
 */
export function fakeIsoDateText(text: string, random: KeyedRandom): string | null {
  const parts = isoParts(text);
  if (!parts) return null;
  const [, year, month, day, separator, hours, minutes, seconds, fraction, zone = ''] = parts;
  const days = (1 + random.int(WINDOW_DAYS)) * (random.int(2) === 0 ? -1 : 1);
  const moved = new Date(Date.UTC(+year!, +month! - 1, +day!) + days * MS_PER_DAY);
  if (moved.getUTCFullYear() < 1 || moved.getUTCFullYear() > 9999) return null;
  let out = `${pad(moved.getUTCFullYear(), 4)}-${pad(moved.getUTCMonth() + 1)}-${pad(moved.getUTCDate())}`;
  if (separator !== undefined && hours !== undefined && minutes !== undefined) {
    out += `${separator}${pad(random.int(24))}:${pad(random.int(60))}`;
    if (seconds !== undefined) out += `:${pad(random.int(60))}`;
    if (fraction !== undefined) {
      out += fraction[0];
      for (let digit = 1; digit < fraction.length; digit++) out += String(random.int(10));
    }
  }
  return out + zone;
}
