import { MS_PER_DAY, daysInMonth } from '../../time/days';
import { MONTHS_LONG } from '../../formats/dates/calendar-names';
import type { KeyedRandom } from '../keyed-random';
import { WINDOW_DAYS } from './iso-date-text';

/*
 * Dates people and exports write in free text, other than ISO 8601 (iso-date-text.ts): numbers
 * with '/', '.' or '-' ('3/14/2023', '14.03.2023', '2023/03/14') and English month names
 * ('March 14, 2023', '14 Mar 2023', 'January 2020'). The string rules redrew their digits one by
 * one into no date at all ('2/46/9583'); these keep the layout and name a real day. Matching is
 * conservative: a miss leaves the text to the string rules, a false match turns a version or a
 * phone number into a date.
 */

/** Draws for an ambiguous date (both numbers ≤ 12) before it is moved into range by a rule. */
const AMBIGUOUS_DRAWS = 16;

/** The months' English names in lower case, as the date patterns read and write them. */
const FULL_MONTH_NAMES = MONTHS_LONG.map((month) => month.toLowerCase());

/** Month numbers by lowercase name: full, three letters, and 'sept'. */
const MONTH_NUMBERS = new Map<string, number>([
  ...FULL_MONTH_NAMES.map((name, index) => [name, index + 1] as const),
  ...FULL_MONTH_NAMES.map((name, index) => [name.slice(0, 3), index + 1] as const),
  ['sept', 9],
]);

/** Full names, then abbreviations ('sept' before 'sep', so the longer is read whole). */
const FULL_MONTHS = FULL_MONTH_NAMES.join('|');
const SHORT_MONTHS = ['sept', ...FULL_MONTH_NAMES.map((name) => name.slice(0, 3))].join('|');
const MONTH_WORD = `(?:${FULL_MONTHS}|${SHORT_MONTHS})`;
/** A full name, or an abbreviation with an optional full stop ('May.' is abbreviated). */
const MONTH = `(?:${FULL_MONTHS}|(?:${SHORT_MONTHS})\\.?)`;
const ORDINAL = '(?:st|nd|rd|th)';

/*
 * A date is no piece of a longer run: no letter or digit touches it, nor a separator that leads
 * on to one ('1.2.10.2020', '3/4/2020.1', 'v-1.2.20'), while a sentence's full stop may follow.
 * A comma or colon between digits counts too, as in amounts and times ('1,3.4.2020').
 */
const BEFORE = '(?<![\\p{L}\\p{N}_])(?<!\\p{N}[./,:-])(?<!\\p{L}[./-])';
const AFTER = '(?![\\p{L}\\p{N}_])(?![./,:-]\\p{N})(?![./-]\\p{L})';

/** Each layout names its groups apart, as one pattern holds them all. */
const LAYOUTS = [
  // 3/14/2023, 14.03.23, 14-03-2023: the same separator twice. No year first with '-': ISO's.
  '(?<nFirst>\\d{1,2})(?<nSep>[./-])(?<nSecond>\\d{1,2})\\k<nSep>(?<nYear>\\d{4}|\\d{2})',
  // 2023/03/14, 2023.3.14
  '(?<yYear>\\d{4})(?<ySep>[./])(?<yMonth>\\d{1,2})\\k<ySep>(?<yDay>\\d{1,2})',
  // March 14, 2023; Mar. 14th 2023
  `(?<mdMonth>${MONTH})(?<mdGap> +)(?<mdDay>\\d{1,2})(?<mdOrdinal>${ORDINAL})?(?<mdGap2>, *| +)(?<mdYear>\\d{4})`,
  // 14 March 2023; 14th of Mar, 2023
  `(?<dmDay>\\d{1,2})(?<dmOrdinal>${ORDINAL})?(?<dmGap> +(?:of +)?)(?<dmMonth>${MONTH})(?<dmGap2>, *| +)(?<dmYear>\\d{4})`,
  // 14-Mar-2023, 14-MAR-23 (spreadsheet and database exports)
  `(?<dashDay>\\d{1,2})-(?<dashMonth>${MONTH_WORD})-(?<dashYear>\\d{4}|\\d{2})`,
  // January 2020, though not the month of a day that named no real day ('31 Feb 2020').
  `(?<!\\p{N}${ORDINAL}?(?: +of)? +)(?<myMonth>${MONTH})(?<myGap>,? +)(?<myYear>\\d{4})`,
];

const SOURCE = `${BEFORE}(?:${LAYOUTS.join('|')})${AFTER}`;
/** Every date in a text; the one pattern scans each text once. */
const DATES = new RegExp(SOURCE, 'giu');
/** A date at the start of a text, for fakeDateText. */
const DATE_AT_START = new RegExp(SOURCE, 'iuy');
const DIGIT = /\d/;

/** A start and an end offset (exclusive) of a date in a text. */
export interface DateInText {
  start: number;
  end: number;
}

/** The day a written date names, and how far it may move. */
interface WrittenDay {
  year: number;
  month: number;
  day: number;
  /** For numeric dates: the day is written before the month. */
  dayFirst: boolean;
  /** Both numbers ≤ 12: readers may take either for the month, so a moved day must be ≤ 12. */
  ambiguous: boolean;
  /** Month and year only: `day` is the middle of the month, a stand-in. */
  monthOnly: boolean;
  /** The years its year field can name: two digits name 1950 to 2049. */
  minYear: number;
  maxYear: number;
}

type Groups = Partial<Record<string, string>>;

/**
 * The non-overlapping spans, left to right, of dates in a text (ISO 8601 ones aside), each
 * naming a real day.
 * @example datesInText('Called on 3/14/2023, v2.10.2020.1') // [{ start: 10, end: 19 }]
 */
export function datesInText(text: string): DateInText[] {
  const found: DateInText[] = [];
  // Every layout holds a digit; most cells have none.
  if (!DIGIT.test(text)) return found;
  DATES.lastIndex = 0;
  let match: RegExpExecArray | null;
  while ((match = DATES.exec(text)) !== null) {
    if (writtenDayOf(match.groups ?? {})) {
      found.push({ start: match.index, end: match.index + match[0].length });
    } else {
      // '2/30/2021' names no day; no shorter date starts inside it, but look on after its start.
      DATES.lastIndex = match.index + 1;
    }
  }
  return found;
}

/**
 * Whether text is one date of these layouts, whole (a text column's value).
 * @example isDateText('14.02.2024') // true; isDateText('v2.10.2020.1') // false
 */
export function isDateText(text: string): boolean {
  if (text.length < 6 || text.length > 40) return false;
  const [date] = datesInText(text);
  return date !== undefined && date.start === 0 && date.end === text.length;
}

/**
 * Another real date in the same layout as `text` (one date, as datesInText finds it whole): the
 * day moved by a keyed 1 to 180 days either way, with the same separators, zero padding, year
 * width, month-name form and letter case, and a recomputed ordinal. The caller has reseeded
 * `random` for the value. Null for text that is no such date.
 * @example fakeDateText('March 3rd, 2019', random) // e.g. 'August 21st, 2019'
 */
export function fakeDateText(text: string, random: KeyedRandom): string | null {
  if (!DIGIT.test(text)) return null;
  DATE_AT_START.lastIndex = 0;
  const match = DATE_AT_START.exec(text);
  if (!match || match[0].length !== text.length) return null;
  const groups = match.groups ?? {};
  const written = writtenDayOf(groups);
  if (!written) return null;
  return writeDate(groups, written, movedDay(written, random));
}

/** The day a matched date names, or null when it names none ('2/30/2021', '13/13/2020'). */
function writtenDayOf(groups: Groups): WrittenDay | null {
  if (groups.nFirst !== undefined) {
    const first = +groups.nFirst;
    const second = +groups.nSecond!;
    // Dots and dashes are mostly European (day first), slashes mostly American (month first);
    // a number above 12 settles it, and for none the moved date stays a date read either way.
    const dayFirst = first > 12 || (second <= 12 && groups.nSep !== '/');
    const day = dayFirst ? first : second;
    const month = dayFirst ? second : first;
    return realDay(groups.nYear!, month, day, dayFirst, first <= 12 && second <= 12);
  }
  if (groups.yYear !== undefined) {
    return realDay(groups.yYear, +groups.yMonth!, +groups.yDay!, false, false);
  }
  if (groups.mdMonth !== undefined) {
    return realDay(groups.mdYear!, monthNumber(groups.mdMonth), +groups.mdDay!, false, false);
  }
  if (groups.dmMonth !== undefined) {
    return realDay(groups.dmYear!, monthNumber(groups.dmMonth), +groups.dmDay!, true, false);
  }
  if (groups.dashMonth !== undefined) {
    return realDay(groups.dashYear!, monthNumber(groups.dashMonth), +groups.dashDay!, true, false);
  }
  if (groups.myMonth === undefined) return null;
  const written = realDay(groups.myYear!, monthNumber(groups.myMonth), 15, false, false);
  return written && { ...written, monthOnly: true };
}

function realDay(
  yearText: string,
  month: number,
  day: number,
  dayFirst: boolean,
  ambiguous: boolean,
): WrittenDay | null {
  const twoDigits = yearText.length === 2;
  const minYear = twoDigits ? 1950 : 1000;
  const maxYear = twoDigits ? 2049 : 2999;
  const year = twoDigits ? (+yearText < 50 ? 2000 : 1900) + +yearText : +yearText;
  if (year < minYear || year > maxYear || month < 1 || month > 12) return null;
  if (day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day, dayFirst, ambiguous, monthOnly: false, minYear, maxYear };
}

function monthNumber(token: string): number {
  return MONTH_NUMBERS.get(token.replace('.', '').toLowerCase()) ?? 0;
}

/** The written day moved by a keyed offset, inside its year range (and ≤ 12 if ambiguous). */
function movedDay(written: WrittenDay, random: KeyedRandom): Date {
  const origin = Date.UTC(written.year, written.month - 1, written.day);
  const inRange = (ms: number) => {
    const year = new Date(ms).getUTCFullYear();
    return year >= written.minYear && year <= written.maxYear;
  };
  let moved = origin;
  for (let draw = 0; draw < AMBIGUOUS_DRAWS; draw++) {
    const offset = (1 + random.int(WINDOW_DAYS)) * (random.int(2) === 0 ? -1 : 1) * MS_PER_DAY;
    // The window is far narrower than a year range, so the other way is inside it.
    moved = inRange(origin + offset) ? origin + offset : origin - offset;
    if (written.monthOnly) return otherMonth(origin, moved, inRange);
    if (!written.ambiguous || new Date(moved).getUTCDate() <= 12) return new Date(moved);
  }
  return dayOfTwelveNear(origin, moved);
}

/** A month-only date names another month: one step further when the move stayed inside it. */
function otherMonth(origin: number, moved: number, inRange: (ms: number) => boolean): Date {
  const from = new Date(origin);
  const to = new Date(moved);
  if (to.getUTCMonth() !== from.getUTCMonth() || to.getUTCFullYear() !== from.getUTCFullYear()) {
    return to;
  }
  const step = moved > origin ? 1 : -1;
  const next = Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + step, 15);
  return new Date(
    inRange(next) ? next : Date.UTC(from.getUTCFullYear(), from.getUTCMonth() - step, 15),
  );
}

/**
 * After the draws, the first day ≤ 12 walking from `moved` back to the origin, so the move stays
 * in the window. Only an origin on the 12th (from later days) or the 1st (from earlier ones) has
 * none in between; then the day on its other side (the 11th or the 2nd) is one.
 */
function dayOfTwelveNear(origin: number, moved: number): Date {
  const step = moved > origin ? -MS_PER_DAY : MS_PER_DAY;
  for (let ms = moved; ms !== origin; ms += step) {
    if (new Date(ms).getUTCDate() <= 12) return new Date(ms);
  }
  return new Date(origin + step);
}

function writeDate(groups: Groups, written: WrittenDay, moved: Date): string {
  const year = moved.getUTCFullYear();
  const month = moved.getUTCMonth() + 1;
  const day = moved.getUTCDate();
  if (groups.nFirst !== undefined) {
    const [first, second] = written.dayFirst ? [day, month] : [month, day];
    const sep = groups.nSep!;
    // Day-first and dotted dates are mostly written padded ('30.11.2024', '30/11/2024'), US
    // ones mostly not ('11/30/2024' → '2/6/2025').
    const padded = written.dayFirst || sep === '.';
    return (
      numberLike(first, groups.nFirst, groups.nSecond!, padded) +
      sep +
      numberLike(second, groups.nSecond!, groups.nFirst, padded) +
      sep +
      yearLike(year, groups.nYear!)
    );
  }
  if (groups.yYear !== undefined) {
    const sep = groups.ySep!;
    return (
      String(year) +
      sep +
      numberLike(month, groups.yMonth!, groups.yDay!, true) +
      sep +
      numberLike(day, groups.yDay!, groups.yMonth!, true)
    );
  }
  if (groups.mdMonth !== undefined) {
    return (
      monthLike(month, groups.mdMonth) +
      groups.mdGap! +
      dayLike(day, groups.mdDay!, groups.mdOrdinal) +
      groups.mdGap2! +
      String(year)
    );
  }
  if (groups.dmMonth !== undefined) {
    return (
      dayLike(day, groups.dmDay!, groups.dmOrdinal) +
      groups.dmGap! +
      monthLike(month, groups.dmMonth) +
      groups.dmGap2! +
      String(year)
    );
  }
  if (groups.dashMonth !== undefined) {
    return `${dayLike(day, groups.dashDay!, undefined)}-${monthLike(month, groups.dashMonth)}-${yearLike(year, groups.dashYear!)}`;
  }
  return monthLike(month, groups.myMonth!) + groups.myGap! + String(year);
}

/**
 * A day or month written as `written` was: two digits if it had a leading zero, or if it had two
 * digits beside a field with one ('12/03/2020' pads both), or beside another of two digits in a
 * layout mostly written padded (`twoDigitsPadded`: '2024/11/30', '30.11.2024').
 */
function numberLike(
  value: number,
  written: string,
  beside: string,
  twoDigitsPadded: boolean,
): string {
  const padded =
    written[0] === '0' ||
    (written.length === 2 && (beside[0] === '0' || (beside.length === 2 && twoDigitsPadded)));
  return padded ? String(value).padStart(2, '0') : String(value);
}

function yearLike(year: number, written: string): string {
  return written.length === 2 ? String(year % 100).padStart(2, '0') : String(year);
}

function dayLike(day: number, written: string, ordinal: string | undefined): string {
  const digits = written[0] === '0' ? String(day).padStart(2, '0') : String(day);
  if (ordinal === undefined) return digits;
  const suffix = ordinalSuffix(day);
  return digits + (ordinal === ordinal.toUpperCase() ? suffix.toUpperCase() : suffix);
}

function ordinalSuffix(day: number): string {
  if (day >= 11 && day <= 13) return 'th';
  return ['th', 'st', 'nd', 'rd'][day % 10] ?? 'th';
}

/**
 * A month name in the form and case of `written`: full or three letters ('Sept' stays four
 * letters for September only), 'MAR' upper, 'mar' lower, anything else capitalized.
 */
function monthLike(month: number, written: string): string {
  const dot = written.endsWith('.') ? '.' : '';
  const word = dot ? written.slice(0, -1) : written;
  const lower = word.toLowerCase();
  const full = FULL_MONTH_NAMES[month - 1]!;
  let name: string;
  if (!dot && FULL_MONTH_NAMES.includes(lower)) name = full;
  else if (lower === 'sept' && month === 9) name = 'sept';
  else name = full.slice(0, 3);
  if (word.length > 1 && word === word.toUpperCase()) name = name.toUpperCase();
  else if (word !== lower) name = name[0]!.toUpperCase() + name.slice(1);
  return name + dot;
}
