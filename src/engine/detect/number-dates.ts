import { daysInMonth } from '../time/days';
import { headerTokens } from './semantics';

/*
 * Dates written as whole numbers, under a header that names a date or an instant:
 * - Unix time, whole seconds or milliseconds since 1970, as databases, APIs ('created':
 *   1700000000) and pandas' `to_json` (epoch milliseconds, its default) write instants;
 * - compact calendar dates, 20230415, as data warehouses key their days.
 * Read as numbers, they would get a measure's noise (years wide, or no date at all: 20231068)
 * and lose their order within a row; read as dates (patterns `X`, `x` and `YYYYMMDD`), they
 * move with their row as every other date does, and are written back as numbers alike.
 */

/** The pattern of compact calendar dates. */
const COMPACT_DATE = 'YYYYMMDD';
/** The years compact dates are taken in: others are more likely amounts or codes. */
const COMPACT_YEARS = { first: 1900, last: 2100 };

/**
 * The span Unix time is taken in: from 1973-03-03 (1e8 seconds, nine digits), which leaves out
 * dates written as numbers ('20230415', eight digits), to 2100. Milliseconds span the same
 * instants with three more digits, so no value reads as both units.
 */
const EARLIEST_SECONDS = 1e8;
const LATEST_SECONDS = Date.UTC(2100, 0, 1) / 1000;

/** Header words naming a date or an instant ('created_at', 'updatedOn', 'login_ts', 'dob'). */
const INSTANT_WORDS: ReadonlySet<string> = new Set([
  'at',
  'day',
  'dob',
  'birth',
  'birthday',
  'birthdate',
  'on',
  'time',
  'timestamp',
  'ts',
  'date',
  'datetime',
  'dt',
  'epoch',
  'unix',
  'when',
  'created',
  'updated',
  'modified',
  'changed',
  'deleted',
  'expires',
  'expiry',
  'expiration',
  'login',
  'logout',
  'seen',
  'start',
  'started',
  'end',
  'ended',
  'finished',
  'completed',
  'opened',
  'closed',
  'sent',
  'received',
  'published',
  'posted',
  'joined',
  'registered',
  'signup',
]);

/**
 * Header words of a number that is no instant, though its header names one ('start_offset',
 * 'login_count', 'session_duration'): an amount, a duration or an identifier. A unit alone
 * ('time_ms') says nothing: durations are far shorter than Unix time's span.
 */
const NOT_INSTANT_WORDS: ReadonlySet<string> = new Set([
  'id',
  'key',
  'no',
  'nr',
  'num',
  'number',
  'code',
  'ref',
  'count',
  'total',
  'amount',
  'size',
  'bytes',
  'offset',
  'duration',
  'elapsed',
  'uptime',
  'ttl',
]);

/**
 * Whether a header names a date or an instant, and no amount, duration or identifier.
 * @example namesAnInstant('created_at') // true; namesAnInstant('login_count') // false
 */
export function namesAnInstant(header: string): boolean {
  const tokens = headerTokens(header);
  return (
    tokens.some((token) => INSTANT_WORDS.has(token)) &&
    !tokens.some((token) => NOT_INSTANT_WORDS.has(token))
  );
}

/** Unix time's pattern for whole numbers from `min` to `max`: `X`, `x` or null. */
function unixTimeOfSpan(min: number, max: number): 'X' | 'x' | null {
  if (!Number.isInteger(min) || !Number.isInteger(max) || min > max) return null;
  if (min >= EARLIEST_SECONDS && max <= LATEST_SECONDS) return 'X';
  if (min >= EARLIEST_SECONDS * 1000 && max <= LATEST_SECONDS * 1000) return 'x';
  return null;
}

/**
 * Whether a whole number is a calendar date written YYYYMMDD (20230415).
 * @example isCompactDate(20240229) // true
 */
export function isCompactDate(value: number): boolean {
  if (!Number.isInteger(value)) return false;
  const year = Math.floor(value / 10_000);
  const month = Math.floor(value / 100) % 100;
  const day = value % 100;
  return (
    year >= COMPACT_YEARS.first &&
    year <= COMPACT_YEARS.last &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month)
  );
}

/**
 * The date pattern of a column of number cells (JSON, spreadsheets) under a header that names an
 * instant (namesAnInstant), all whole and spanning `min` to `max`: `X` or `x` for Unix time,
 * `YYYYMMDD` when every one is a compact date; null for none of these.
 * @example numberDatePattern(1600000000, 1700000000, false) // 'X'
 */
export function numberDatePattern(
  min: number,
  max: number,
  allCompactDates: boolean,
): string | null {
  return allCompactDates ? COMPACT_DATE : unixTimeOfSpan(min, max);
}

/**
 * The date pattern of a column's sampled texts, when the header names a date or an instant and
 * at least `needed` of them are plain whole numbers of one kind: `X`, `x` (Unix time) or
 * `YYYYMMDD`; else null.
 * @example numberTextDatePattern('updated', ['1700000000123', '1700000999000'], 2) // 'x'
 */
export function numberTextDatePattern(
  header: string,
  texts: readonly string[],
  needed: number,
): string | null {
  if (texts.length === 0 || !namesAnInstant(header)) return null;
  let seconds = 0;
  let milliseconds = 0;
  let compactDates = 0;
  for (const text of texts) {
    if (!/^[1-9]\d{7,12}$/.test(text)) continue;
    const value = Number(text);
    if (text.length === 8) {
      if (isCompactDate(value)) compactDates++;
      continue;
    }
    const unit = unixTimeOfSpan(value, value);
    if (unit === 'X') seconds++;
    else if (unit === 'x') milliseconds++;
  }
  if (compactDates >= needed) return COMPACT_DATE;
  if (seconds >= needed) return 'X';
  if (milliseconds >= needed) return 'x';
  return null;
}
