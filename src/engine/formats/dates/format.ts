import { MONTHS_LONG, MONTHS_SHORT, WEEKDAYS_LONG, WEEKDAYS_SHORT } from './calendar-names';
import { compile } from './compile';
import { flatString } from '../../text/flat-string';

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

/**
 * Writes a wall-clock date (UTC fields) in a pattern; `timeZone` is the zone text to write for
 * `Z` ('Z' when not given).
 * @example formatDateText(new Date(Date.UTC(2023, 3, 17, 10)), 'YYYY-MM-DDTHH:mm:ssZ', '+02:00') // '2023-04-17T10:00:00+02:00'
 */
export function formatDateText(date: Date, pattern: string, timeZone?: string): string {
  const compiledPattern = compile(pattern);
  if (!compiledPattern) return date.toISOString();
  let out = '';
  for (const segment of compiledPattern.segments) {
    switch (segment.kind) {
      case 'literal':
        out += segment.text;
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
        out += segment.padded ? pad(value, segment.field === 'year' ? 4 : 2) : String(value);
        break;
      }
      case 'fraction': {
        const milliseconds = pad(date.getUTCMilliseconds(), 3);
        out +=
          segment.digits <= 3
            ? milliseconds.slice(0, segment.digits)
            : milliseconds.padEnd(segment.digits, '0');
        break;
      }
      case 'monthName':
        out += (segment.long ? MONTHS_LONG : MONTHS_SHORT)[date.getUTCMonth()] as string;
        break;
      case 'weekday':
        out += (segment.long ? WEEKDAYS_LONG : WEEKDAYS_SHORT)[date.getUTCDay()] as string;
        break;
      case 'meridiem': {
        const marker = date.getUTCHours() < 12 ? 'AM' : 'PM';
        out += segment.upper ? marker : marker.toLowerCase();
        break;
      }
      case 'zone':
        out += timeZone ?? 'Z';
        break;
      case 'unixTime':
        out += String(Math.floor(date.getTime() / segment.unitMs));
        break;
    }
  }
  // A text built part by part: stored flat, as dates are kept by the million.
  return flatString(out);
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
