import { isAsciiDigit } from '../../text/char-classes';
import { daysInMonth } from '../../time/days';
import { MONTHS_LONG, MONTHS_SHORT, WEEKDAYS_LONG, WEEKDAYS_SHORT } from './calendar-names';
import {
  compile,
  OP_FRACTION,
  OP_LITERAL,
  OP_MERIDIEM,
  OP_MONTH_NAME,
  OP_NUMBER,
  OP_UNIX_TIME,
  OP_WEEKDAY,
  type CompiledPattern,
} from './compile';

/*
 * Reading text in a pattern. Parsing runs on every value of large date columns, so it walks the
 * compiled opcodes and compares character codes rather than building strings.
 */

export interface ParsedDate {
  /** Wall-clock date and time in the UTC fields. */
  date: Date;
  /** The zone text as written ('Z', '+02:00', '+0200'), for patterns with `Z`. */
  timeZone?: string;
}

/**
 * Details a detector wants besides the date: how many fraction digits a value had, and the
 * day of the month read (which tells whether the day and month fields could be swapped).
 */
export interface ParseDetails {
  fractionDigits: number;
  day?: number;
}

/**
 * Reads text written in a pattern; null when the text does not fit it exactly.
 * @example parseDateText('4/17/2023 3:05 PM', 'M/D/YYYY h:mm A') // { date: 2023-04-17T15:05:00Z }
 */
export function parseDateText(text: string, pattern: string): ParsedDate | null {
  const compiledPattern = compile(pattern);
  if (!compiledPattern) return null;
  const zone: ZoneOut = { timeZone: undefined };
  const time = parseCompiled(text, compiledPattern, null, zone);
  if (Number.isNaN(time)) return null;
  const date = new Date(time);
  return zone.timeZone === undefined ? { date } : { date, timeZone: zone.timeZone };
}

/** Where parsing leaves the zone text it read (reused across values to spare allocations). */
export interface ZoneOut {
  timeZone: string | undefined;
  /** The last zone text read, reused when the next value has the same one. */
  last?: string;
}

/**
 * parseDateText for bulk checks: the wall-clock time in milliseconds (NaN when the text does
 * not fit) and the zone text in `zone`, without allocating a result per value. With `details`
 * it reads loosely, as parseDateTextLoosely does.
 */
export function parseDateTime(
  text: string,
  pattern: string,
  zone: ZoneOut,
  details: ParseDetails | null = null,
): number {
  const compiledPattern = compile(pattern);
  zone.timeZone = undefined;
  return compiledPattern ? parseCompiled(text, compiledPattern, details, zone) : NaN;
}

/**
 * Like parseDateText, but a fraction token accepts 1 to 9 digits or may be left out with the
 * separator before it, and the count of digits read lands in `details`: detection uses it to
 * learn a column's fraction width, and pseudonymization reads such columns with it.
 * @example parseDateTextLoosely('10:00:05', 'HH:mm:ss.SSS', { fractionDigits: 0 }) // 10:00:05.000
 */
export function parseDateTextLoosely(
  text: string,
  pattern: string,
  details: ParseDetails,
): ParsedDate | null {
  const compiledPattern = compile(pattern);
  if (!compiledPattern) return null;
  const zone: ZoneOut = { timeZone: undefined };
  const time = parseCompiled(text, compiledPattern, details, zone);
  if (Number.isNaN(time)) return null;
  const date = new Date(time);
  return zone.timeZone === undefined ? { date } : { date, timeZone: zone.timeZone };
}

/** The wall-clock time a text gives in a pattern, in milliseconds; NaN when it does not fit. */
function parseCompiled(
  text: string,
  pattern: CompiledPattern,
  details: ParseDetails | null,
  zone: ZoneOut,
): number {
  let year = 1970;
  let month = 1;
  let day = 1;
  let hour = 0;
  let hour12 = -1;
  let pm = -1;
  let minute = 0;
  let second = 0;
  let millisecond = 0;
  let weekday = -1;
  let unixTime = NaN;
  let i = 0;
  const length = text.length;
  const { ops, args, flags, texts } = pattern;
  for (let k = 0; k < ops.length; k++) {
    const arg = args[k] as number;
    switch (ops[k]) {
      case OP_LITERAL: {
        // Most literals are one separator character: compare codes, not strings.
        const literalLength = flags[k] as number;
        if (text.charCodeAt(i) !== arg) {
          // Read loosely, a fraction may be left out with its separator, as databases write
          // '10:00:00' next to '10:00:00.25' in the same column.
          if (details && literalLength === 1 && ops[k + 1] === OP_FRACTION) {
            k++;
            break;
          }
          return NaN;
        }
        if (literalLength > 1 && !text.startsWith(texts[k] as string, i)) return NaN;
        i += literalLength;
        break;
      }
      case OP_NUMBER: {
        const start = i;
        let value = 0;
        const maxEnd = arg === 0 ? i + 4 : i + 2;
        let code = 0;
        while (i < maxEnd && i < length && isAsciiDigit((code = text.charCodeAt(i)))) {
          value = value * 10 + code - 48;
          i++;
        }
        const digits = i - start;
        if (flags[k] === 1) {
          if (digits !== (arg === 0 ? 4 : 2)) return NaN;
        } else if (digits === 0 || (digits === 2 && text.charCodeAt(start) === 48)) return NaN;
        switch (arg) {
          case 0:
            year = value;
            break;
          case 1:
            year = value < 69 ? 2000 + value : 1900 + value;
            break;
          case 2:
            month = value;
            break;
          case 3:
            day = value;
            break;
          case 4:
            hour = value;
            break;
          case 5:
            hour12 = value;
            break;
          case 6:
            minute = value;
            break;
          default:
            second = value;
        }
        break;
      }
      case OP_FRACTION: {
        const start = i;
        let value = 0;
        while (i < length && i - start < 9 && isAsciiDigit(text.charCodeAt(i))) {
          if (i - start < 3) value = value * 10 + text.charCodeAt(i) - 48;
          i++;
        }
        const digits = i - start;
        if (details) {
          if (digits === 0) return NaN;
          details.fractionDigits = digits;
        } else if (digits !== arg) return NaN;
        for (let d = Math.min(digits, 3); d < 3; d++) value *= 10;
        millisecond = value;
        break;
      }
      case OP_MONTH_NAME: {
        const names = arg === 1 ? MONTHS_LONG : MONTHS_SHORT;
        let found = -1;
        for (let m = 0; m < 12; m++) {
          if (text.startsWith(names[m] as string, i)) {
            found = m;
            break;
          }
        }
        if (found < 0) return NaN;
        month = found + 1;
        i += (names[found] as string).length;
        break;
      }
      case OP_WEEKDAY: {
        const names = arg === 1 ? WEEKDAYS_LONG : WEEKDAYS_SHORT;
        let found = -1;
        for (let w = 0; w < 7; w++) {
          if (text.startsWith(names[w] as string, i)) {
            found = w;
            break;
          }
        }
        if (found < 0) return NaN;
        weekday = found;
        i += (names[found] as string).length;
        break;
      }
      case OP_MERIDIEM: {
        const first = text.charCodeAt(i);
        if (text.charCodeAt(i + 1) !== (arg === 1 ? 77 : 109)) return NaN;
        if (first === (arg === 1 ? 65 : 97)) pm = 0;
        else if (first === (arg === 1 ? 80 : 112)) pm = 1;
        else return NaN;
        i += 2;
        break;
      }
      case OP_UNIX_TIME: {
        const count = unixTimeCount(text, i);
        if (count === null) return NaN;
        unixTime = count.value * arg;
        i = count.end;
        break;
      }
      default: {
        const zoneLength = zoneTextLength(text, i);
        if (zoneLength === 0) return NaN;
        // Columns repeat a few zones: reuse the last text rather than slicing a new one.
        const last = zone.last;
        zone.timeZone =
          last !== undefined && last.length === zoneLength && text.startsWith(last, i)
            ? last
            : (zone.last = text.slice(i, i + zoneLength));
        i += zoneLength;
      }
    }
  }
  if (i !== length) return NaN;
  if (!Number.isNaN(unixTime)) {
    // Before 1970 a fraction would count back from the second written ('-2.5' is not -2 + 0.5):
    // such texts are no Unix time the writer would give back.
    if (unixTime < 0 && millisecond > 0) return NaN;
    const time = unixTime + millisecond;
    return Math.abs(time) <= LATEST_DATE_MS ? time : NaN;
  }
  if (hour12 >= 0) {
    if (hour12 < 1 || hour12 > 12) return NaN;
    hour = (hour12 % 12) + (pm === 1 ? 12 : 0);
  }
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return NaN;
  if (hour > 23 || minute > 59 || second > 59) return NaN;
  if (details) details.day = day;
  let time: number;
  if (year >= 100) time = Date.UTC(year, month - 1, day, hour, minute, second, millisecond);
  else {
    // Date.UTC reads years 0-99 as 1900-1999.
    const date = new Date(0);
    date.setUTCFullYear(year, month - 1, day);
    time = date.setUTCHours(hour, minute, second, millisecond);
  }
  // A weekday that does not match the date ('Tue, 17 Apr 2023') is not a date.
  if (weekday >= 0 && new Date(time).getUTCDay() !== weekday) return NaN;
  return time;
}

/** The largest time a Date holds, either way of 1970. */
const LATEST_DATE_MS = 8.64e15;
/** Digits of a Unix time in milliseconds up to the year 275760, a Date's last. */
const UNIX_TIME_DIGITS = 16;

/**
 * The whole number written at `start` ('1700000000', '-86400'), as Unix time writes it: no
 * leading zero and no plus sign; null when there is none.
 */
function unixTimeCount(text: string, start: number): { value: number; end: number } | null {
  const negative = text.charCodeAt(start) === 45;
  const first = negative ? start + 1 : start;
  let i = first;
  let value = 0;
  while (i < text.length && i - first < UNIX_TIME_DIGITS && isAsciiDigit(text.charCodeAt(i))) {
    value = value * 10 + text.charCodeAt(i) - 48;
    i++;
  }
  if (i === first || (text.charCodeAt(first) === 48 && (i - first > 1 || negative))) return null;
  return { value: negative ? -value : value, end: i };
}

/** Length of a zone written at `start`: 'Z', '+HH:MM', '+HHMM' or '+HH'; 0 when none. */
function zoneTextLength(text: string, start: number): number {
  const sign = text[start];
  if (sign === 'Z') return 1;
  if (sign !== '+' && sign !== '-') return 0;
  if (!isAsciiDigit(text.charCodeAt(start + 1)) || !isAsciiDigit(text.charCodeAt(start + 2)))
    return 0;
  if (text[start + 3] === ':') {
    return isAsciiDigit(text.charCodeAt(start + 4)) && isAsciiDigit(text.charCodeAt(start + 5))
      ? 6
      : 0;
  }
  if (isAsciiDigit(text.charCodeAt(start + 3)))
    return isAsciiDigit(text.charCodeAt(start + 4)) ? 5 : 0;
  return 3;
}
