import { MONTHS_LONG, MONTHS_SHORT, WEEKDAYS_LONG, WEEKDAYS_SHORT } from './calendar-names';
import { compile } from './compile';
import { codeBuffer, codesToText } from '../../text/char-codes';

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

/**
 * The characters of the date being written (formatDateText), in the engine's reused code buffer,
 * one string made of them at the end: a shifted date is written for every row of a date column,
 * and a string per part (each number, padding, separator) was most of the garbage of that work.
 */
let codes = codeBuffer(0);
let written = 0;

/** Room in `codes` for `count` more characters. */
function makeRoom(count: number): void {
  if (written + count > codes.length) codes = codeBuffer(written + count, written);
}

function putText(text: string): void {
  makeRoom(text.length);
  for (let i = 0; i < text.length; i++) codes[written++] = text.charCodeAt(i);
}

/** A whole number as `pad` writes it: at least `width` digits, zeros first. */
function putNumber(value: number, width: number): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    putText(pad(value, width));
    return;
  }
  let digits = 1;
  for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) digits++;
  const zeros = Math.max(0, width - digits);
  makeRoom(zeros + digits);
  for (let zero = 0; zero < zeros; zero++) codes[written++] = 0x30;
  let rest = value;
  for (let at = written + digits - 1; at >= written; at--) {
    codes[at] = 0x30 + (rest % 10);
    rest = Math.floor(rest / 10);
  }
  written += digits;
}

/**
 * Writes a wall-clock date (UTC fields) in a pattern; `timeZone` is the zone text to write for
 * `Z` ('Z' when not given).
 * @example formatDateText(new Date(Date.UTC(2023, 3, 17, 10)), 'YYYY-MM-DDTHH:mm:ssZ', '+02:00') // '2023-04-17T10:00:00+02:00'
 */
export function formatDateText(date: Date, pattern: string, timeZone?: string): string {
  const compiledPattern = compile(pattern);
  if (!compiledPattern) return date.toISOString();
  // The buffer is shared with the engine's other writers, which may have grown it since.
  codes = codeBuffer(0);
  written = 0;
  for (const segment of compiledPattern.segments) {
    switch (segment.kind) {
      case 'literal':
        putText(segment.text);
        break;
      case 'number': {
        let value: number;
        switch (segment.field) {
          case 'year':
            value = date.getUTCFullYear();
            break;
          case 'year2':
            value = date.getUTCFullYear() % 100;
            break;
          case 'month':
            value = date.getUTCMonth() + 1;
            break;
          case 'day':
            value = date.getUTCDate();
            break;
          case 'hour':
            value = date.getUTCHours();
            break;
          case 'hour12':
            value = date.getUTCHours() % 12 || 12;
            break;
          case 'minute':
            value = date.getUTCMinutes();
            break;
          case 'second':
            value = date.getUTCSeconds();
            break;
        }
        putNumber(value, segment.padded ? (segment.field === 'year' ? 4 : 2) : 1);
        break;
      }
      case 'fraction': {
        const milliseconds = pad(date.getUTCMilliseconds(), 3);
        putText(
          segment.digits <= 3
            ? milliseconds.slice(0, segment.digits)
            : milliseconds.padEnd(segment.digits, '0'),
        );
        break;
      }
      case 'monthName':
        // String(): an invalid date's month is none, written 'undefined' as a joined text does.
        putText(String((segment.long ? MONTHS_LONG : MONTHS_SHORT)[date.getUTCMonth()]));
        break;
      case 'weekday':
        putText(String((segment.long ? WEEKDAYS_LONG : WEEKDAYS_SHORT)[date.getUTCDay()]));
        break;
      case 'meridiem': {
        const marker = date.getUTCHours() < 12 ? 'AM' : 'PM';
        putText(segment.upper ? marker : marker.toLowerCase());
        break;
      }
      case 'zone':
        putText(timeZone ?? 'Z');
        break;
      case 'unixTime':
        putText(String(Math.floor(date.getTime() / segment.unitMs)));
        break;
    }
  }
  return codesToText(codes, written);
}

/**
 * ISO 8601 text of a wall-clock date, without zone: 'YYYY-MM-DD' for dates,
 * 'YYYY-MM-DDTHH:mm:ss' (plus '.SSS' when there are milliseconds) for datetimes.
 * @example isoWallClock(new Date(Date.UTC(2023, 3, 17)), false) // '2023-04-17'
 */
export function isoWallClock(date: Date, withTime: boolean): string {
  const text = date.toISOString();
  if (!withTime) return text.slice(0, text.indexOf('T'));
  const withoutZone = text.slice(0, -1);
  return withoutZone.endsWith('.000') ? withoutZone.slice(0, -4) : withoutZone;
}
