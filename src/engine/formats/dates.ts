/**
 * Date and date-time patterns: parsing and writing text exactly as a column writes it.
 *
 * A pattern is made of tokens, everything else is literal text (wrap letters in `[...]` to make
 * them literal):
 * - `YYYY` 4-digit year, `YY` 2-digit year (00-68 → 20xx, 69-99 → 19xx, as strptime does);
 * - `MM`/`M` month with/without zero padding, `MMM` 'Jan', `MMMM` 'January';
 * - `DD`/`D` day, `HH`/`H` hour 0-23, `hh`/`h` hour 1-12, `mm` minute, `ss` second;
 * - `S`…`SSSSSSSSS` fraction of a second with exactly that many digits (digits past
 *   milliseconds are read as zero, since a Date holds milliseconds);
 * - `ddd` 'Mon', `dddd` 'Monday' (must match the date);
 * - `A` AM/PM, `a` am/pm;
 * - `Z` a time zone written as `Z`, `+02:00`, `+0200` or `+02` (kept as text, never applied).
 * Padded tokens need exactly two digits and unpadded ones refuse a leading zero, so that
 * `formatDateText(parseDateText(text, p).date, p, timeZone) === text`.
 *
 * Dates are wall-clock values: their UTC fields hold what the text says, whatever the zone.
 */

/** The spec's name for the ISO 8601 layout most tools write (`Date.prototype.toISOString`). */
export const ISO_8601 = 'ISO 8601';
const ISO_8601_PATTERN = 'YYYY-MM-DDTHH:mm:ss.SSSZ';

type NumberField = 'year' | 'year2' | 'month' | 'day' | 'hour' | 'hour12' | 'minute' | 'second';

type Segment =
  | { kind: 'literal'; text: string; firstCode: number }
  | { kind: 'number'; field: NumberField; code: number; width: number; padded: boolean }
  | { kind: 'fraction'; digits: number }
  | { kind: 'monthName'; long: boolean }
  | { kind: 'meridiem'; upper: boolean }
  | { kind: 'weekday'; long: boolean }
  | { kind: 'zone' };

/** Parser opcodes: the segments flattened into arrays of small integers for the hot loop. */
const OP_LITERAL = 0;
const OP_NUMBER = 1;
const OP_FRACTION = 2;
const OP_MONTH_NAME = 3;
const OP_MERIDIEM = 4;
const OP_WEEKDAY = 6;
const OP_ZONE = 5;

interface CompiledPattern {
  segments: Segment[];
  /** Per segment: its opcode. */
  ops: number[];
  /** Per segment: field code (number), digits (fraction), 1 for long names/upper case, or a literal's first character code. */
  args: number[];
  /** Per segment: 1 when a number is zero-padded; a literal's length. */
  flags: number[];
  /** Per segment: a literal's text ('' otherwise). */
  texts: string[];
  hasDate: boolean;
  hasTime: boolean;
  hasZone: boolean;
}

const MONTHS_LONG = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const MONTHS_SHORT = MONTHS_LONG.map((month) => month.slice(0, 3));
const WEEKDAYS_LONG = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
];
const WEEKDAYS_SHORT = WEEKDAYS_LONG.map((weekday) => weekday.slice(0, 3));

// Longest first, so 'YYYY' wins over 'YY' and 'MMMM' over 'MM'.
const TOKENS: [string, (pattern: CompiledPattern) => Segment][] = [
  ['YYYY', () => ({ kind: 'number', field: 'year', code: 0, width: 4, padded: true })],
  ['YY', () => ({ kind: 'number', field: 'year2', code: 1, width: 2, padded: true })],
  ['MMMM', () => ({ kind: 'monthName', long: true })],
  ['MMM', () => ({ kind: 'monthName', long: false })],
  ['MM', () => ({ kind: 'number', field: 'month', code: 2, width: 2, padded: true })],
  ['M', () => ({ kind: 'number', field: 'month', code: 2, width: 2, padded: false })],
  ['DD', () => ({ kind: 'number', field: 'day', code: 3, width: 2, padded: true })],
  ['D', () => ({ kind: 'number', field: 'day', code: 3, width: 2, padded: false })],
  ['HH', () => ({ kind: 'number', field: 'hour', code: 4, width: 2, padded: true })],
  ['H', () => ({ kind: 'number', field: 'hour', code: 4, width: 2, padded: false })],
  ['hh', () => ({ kind: 'number', field: 'hour12', code: 5, width: 2, padded: true })],
  ['h', () => ({ kind: 'number', field: 'hour12', code: 5, width: 2, padded: false })],
  ['mm', () => ({ kind: 'number', field: 'minute', code: 6, width: 2, padded: true })],
  ['ss', () => ({ kind: 'number', field: 'second', code: 7, width: 2, padded: true })],
  ['dddd', () => ({ kind: 'weekday', long: true })],
  ['ddd', () => ({ kind: 'weekday', long: false })],
  ['A', () => ({ kind: 'meridiem', upper: true })],
  ['a', () => ({ kind: 'meridiem', upper: false })],
  ['Z', () => ({ kind: 'zone' })],
];

const compiled = new Map<string, CompiledPattern | null>();
const MAX_CACHED_PATTERNS = 1_000;
/** Longer than any real date layout; Excel caps number formats at 255 characters too. */
const MAX_PATTERN_LENGTH = 255;

function compile(pattern: string): CompiledPattern | null {
  const cached = compiled.get(pattern);
  if (cached !== undefined) return cached;
  const result =
    pattern.length > MAX_PATTERN_LENGTH
      ? null
      : compileUncached(pattern === ISO_8601 ? ISO_8601_PATTERN : pattern);
  // Patterns can come from users (a schema's format): keep the cache bounded.
  if (compiled.size >= MAX_CACHED_PATTERNS) compiled.clear();
  compiled.set(pattern, result);
  return result;
}

function compileUncached(pattern: string): CompiledPattern | null {
  const out: CompiledPattern = {
    segments: [],
    ops: [],
    args: [],
    flags: [],
    texts: [],
    hasDate: false,
    hasTime: false,
    hasZone: false,
  };
  const pushLiteral = (text: string): void => {
    const last = out.segments[out.segments.length - 1];
    if (last?.kind === 'literal') last.text += text;
    else out.segments.push({ kind: 'literal', text, firstCode: text.charCodeAt(0) });
  };
  let i = 0;
  outer: while (i < pattern.length) {
    const char = pattern[i] as string;
    if (char === '[') {
      const end = pattern.indexOf(']', i + 1);
      if (end < 0) return null;
      pushLiteral(pattern.slice(i + 1, end));
      i = end + 1;
      continue;
    }
    if (char === 'S') {
      let digits = 0;
      while (pattern[i + digits] === 'S') digits++;
      if (digits > 9) return null;
      out.segments.push({ kind: 'fraction', digits });
      out.hasTime = true;
      i += digits;
      continue;
    }
    for (const [token, make] of TOKENS) {
      if (pattern.startsWith(token, i)) {
        const segment = make(out);
        out.segments.push(segment);
        if (segment.kind === 'zone') out.hasZone = true;
        else if (segment.kind === 'monthName' || segment.kind === 'weekday') out.hasDate = true;
        else if (segment.kind === 'number') {
          if (segment.field === 'year' || segment.field === 'year2') out.hasDate = true;
          else if (segment.field === 'month' || segment.field === 'day') out.hasDate = true;
          else out.hasTime = true;
        } else out.hasTime = true;
        i += token.length;
        continue outer;
      }
    }
    pushLiteral(char);
    i++;
  }
  if (!out.hasDate && !out.hasTime) return null;
  for (const segment of out.segments) {
    let op = OP_ZONE;
    let arg = 0;
    let flag = 0;
    let text = '';
    switch (segment.kind) {
      case 'literal':
        op = OP_LITERAL;
        arg = segment.text.charCodeAt(0);
        flag = segment.text.length;
        text = segment.text;
        break;
      case 'number':
        op = OP_NUMBER;
        arg = segment.code;
        flag = segment.padded ? 1 : 0;
        break;
      case 'fraction':
        op = OP_FRACTION;
        arg = segment.digits;
        break;
      case 'monthName':
        op = OP_MONTH_NAME;
        arg = segment.long ? 1 : 0;
        break;
      case 'weekday':
        op = OP_WEEKDAY;
        arg = segment.long ? 1 : 0;
        break;
      case 'meridiem':
        op = OP_MERIDIEM;
        arg = segment.upper ? 1 : 0;
        break;
      case 'zone':
        break;
    }
    out.ops.push(op);
    out.args.push(arg);
    out.flags.push(flag);
    out.texts.push(text);
  }
  return out;
}

/** Whether a pattern writes a time of day (a datetime rather than a date). */
export function patternHasTime(pattern: string): boolean {
  return compile(pattern)?.hasTime ?? false;
}

/** Whether a pattern writes a calendar date (time-of-day patterns read as 1970-01-01). */
export function patternHasDate(pattern: string): boolean {
  return compile(pattern)?.hasDate ?? false;
}

/** Whether a pattern writes a time zone. */
export function patternHasZone(pattern: string): boolean {
  return compile(pattern)?.hasZone ?? false;
}

/** Whether text is a pattern this module can read and write. */
export function isDatePattern(pattern: string): boolean {
  return compile(pattern) !== null;
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

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
        while (i < maxEnd && i < length && (code = text.charCodeAt(i)) >= 48 && code <= 57) {
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
        while (i < length && i - start < 9 && isDigit(text.charCodeAt(i))) {
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

/** Length of a zone written at `start`: 'Z', '+HH:MM', '+HHMM' or '+HH'; 0 when none. */
function zoneTextLength(text: string, start: number): number {
  const sign = text[start];
  if (sign === 'Z') return 1;
  if (sign !== '+' && sign !== '-') return 0;
  if (!isDigit(text.charCodeAt(start + 1)) || !isDigit(text.charCodeAt(start + 2))) return 0;
  if (text[start + 3] === ':') {
    return isDigit(text.charCodeAt(start + 4)) && isDigit(text.charCodeAt(start + 5)) ? 6 : 0;
  }
  if (isDigit(text.charCodeAt(start + 3))) return isDigit(text.charCodeAt(start + 4)) ? 5 : 0;
  return 3;
}

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
    }
  }
  return out;
}

/**
 * The pattern that writes what an Excel date number format shows (as SheetJS renders it), or
 * null for formats that are not plain dates/times (durations, weekday names, A/P markers).
 * @example excelFormatToPattern('m/d/yyyy h:mm AM/PM') // 'M/D/YYYY h:mm A'
 */
export function excelFormatToPattern(numberFormat: string): string | null {
  if (numberFormat.length > MAX_PATTERN_LENGTH) return null;
  const section = splitFirstSection(numberFormat);
  interface Part {
    token: string;
    literal: boolean;
  }
  const parts: Part[] = [];
  let meridiem = false;
  let i = 0;
  while (i < section.length) {
    const char = section[i] as string;
    const lower = char.toLowerCase();
    if (char === '"') {
      const end = section.indexOf('"', i + 1);
      if (end < 0) return null;
      parts.push({ token: section.slice(i + 1, end), literal: true });
      i = end + 1;
    } else if (char === '\\') {
      parts.push({ token: section[i + 1] ?? '', literal: true });
      i += 2;
    } else if (char === '[') {
      const end = section.indexOf(']', i + 1);
      if (end < 0) return null;
      const inner = section.slice(i + 1, end);
      // Elapsed-time formats ([h]:mm) are durations, not dates.
      if (/^[hms]+$/i.test(inner)) return null;
      i = end + 1;
    } else if (char === '_' || char === '*') {
      i += 2;
    } else if (char === '@' || char === ';') {
      i++;
    } else if (section.slice(i, i + 5).toUpperCase() === 'AM/PM') {
      parts.push({ token: 'A', literal: false });
      meridiem = true;
      i += 5;
    } else if (section.slice(i, i + 3).toUpperCase() === 'A/P') {
      return null;
    } else if ('ymdhs'.includes(lower)) {
      let run = 1;
      while (section[i + run]?.toLowerCase() === lower) run++;
      parts.push({ token: lower.repeat(run), literal: false });
      i += run;
    } else if (char === '.' && section[i + 1] === '0') {
      let run = 0;
      while (section[i + 1 + run] === '0') run++;
      parts.push({ token: '.', literal: true });
      parts.push({ token: 'S'.repeat(Math.min(run, 9)), literal: false });
      i += 1 + run;
    } else if ('0#?eEbBgGn'.includes(char)) {
      return null;
    } else {
      parts.push({ token: char, literal: true });
      i++;
    }
  }
  const tokenIndexes = parts.flatMap((part, index) => (part.literal ? [] : [index]));
  let pattern = '';
  let hasDate = false;
  for (let p = 0; p < parts.length; p++) {
    const part = parts[p] as Part;
    if (part.literal) {
      pattern += /[YMDHhmsSAaZd[\]]/.test(part.token) ? `[${part.token}]` : part.token;
      continue;
    }
    const at = tokenIndexes.indexOf(p);
    const previous = at > 0 ? parts[tokenIndexes[at - 1] as number] : undefined;
    const next = parts[tokenIndexes[at + 1] ?? -1];
    const { token } = part;
    switch (token[0]) {
      case 'y':
        pattern += token.length <= 2 ? 'YY' : 'YYYY';
        hasDate = true;
        break;
      case 'd':
        if (token.length > 4) return null;
        pattern += ['D', 'DD', 'ddd', 'dddd'][token.length - 1] as string;
        hasDate = true;
        break;
      case 'h':
        pattern += meridiem ? (token.length === 1 ? 'h' : 'hh') : token.length === 1 ? 'H' : 'HH';
        break;
      case 's':
        pattern += 'ss';
        break;
      case 'm': {
        const minute = token.length <= 2 && (previous?.token[0] === 'h' || next?.token[0] === 's');
        if (minute) pattern += 'mm';
        else if (token.length > 4) return null;
        else {
          pattern += ['M', 'MM', 'MMM', 'MMMM'][token.length - 1] as string;
          hasDate = true;
        }
        break;
      }
      default:
        pattern += token;
    }
  }
  if (!hasDate && !/[Hh]/.test(pattern)) return null;
  return pattern;
}

/**
 * Whether an Excel number format shows a duration rather than a date or a time of day: elapsed
 * hours, minutes or seconds ('[h]:mm:ss', '[mm]:ss'), or minutes and seconds without hours
 * ('mm:ss', 'mm:ss.0', as stopwatch times are written).
 * @example isDurationFormat('[h]:mm:ss') // true
 */
export function isDurationFormat(numberFormat: string): boolean {
  if (numberFormat.length > MAX_PATTERN_LENGTH) return false;
  const section = splitFirstSection(numberFormat).replace(/"[^"]*"|\\./g, '');
  if (/\[(?:h+|m+|s+)\]/i.test(section)) return true;
  const tokens = section.replace(/\[[^\]]*\]/g, '').toLowerCase();
  return /s/.test(tokens) && !/[ydh]/.test(tokens.replace(/am\/pm|a\/p/g, ''));
}

/** The first section of a number format (the one for positive values), minus locale tags. */
function splitFirstSection(numberFormat: string): string {
  let inQuote = false;
  for (let i = 0; i < numberFormat.length; i++) {
    const char = numberFormat[i];
    if (char === '"') inQuote = !inQuote;
    else if (char === ';' && !inQuote) return numberFormat.slice(0, i);
  }
  return numberFormat;
}

/** A date pattern the detector tries, in order of preference when several fit equally. */
export interface DatePatternEntry {
  pattern: string;
  /** Whether the first numeric field is the day (decided per column, see detection). */
  dayFirst: boolean;
}

const DATE_PARTS: { pattern: string; dayFirst: boolean; isoLike: boolean }[] = [
  { pattern: 'YYYY-MM-DD', dayFirst: false, isoLike: true },
  { pattern: 'MM/DD/YYYY', dayFirst: false, isoLike: false },
  { pattern: 'M/D/YYYY', dayFirst: false, isoLike: false },
  { pattern: 'DD-MM-YYYY', dayFirst: true, isoLike: false },
  { pattern: 'DD/MM/YYYY', dayFirst: true, isoLike: false },
  { pattern: 'D/M/YYYY', dayFirst: true, isoLike: false },
  { pattern: 'DD.MM.YYYY', dayFirst: true, isoLike: false },
  { pattern: 'D.M.YYYY', dayFirst: true, isoLike: false },
  { pattern: 'YYYY/MM/DD', dayFirst: false, isoLike: false },
  { pattern: 'YYYY.MM.DD', dayFirst: false, isoLike: false },
  { pattern: 'YYYY/M/D', dayFirst: false, isoLike: false },
  { pattern: 'MM-DD-YYYY', dayFirst: false, isoLike: false },
  { pattern: 'M-D-YYYY', dayFirst: false, isoLike: false },
  { pattern: 'D-M-YYYY', dayFirst: true, isoLike: false },
  { pattern: 'MM/DD/YY', dayFirst: false, isoLike: false },
  { pattern: 'M/D/YY', dayFirst: false, isoLike: false },
  { pattern: 'DD/MM/YY', dayFirst: true, isoLike: false },
  { pattern: 'D/M/YY', dayFirst: true, isoLike: false },
  { pattern: 'DD.MM.YY', dayFirst: true, isoLike: false },
  { pattern: 'D MMM YYYY', dayFirst: true, isoLike: false },
  { pattern: 'DD MMM YYYY', dayFirst: true, isoLike: false },
  { pattern: 'DD-MMM-YYYY', dayFirst: true, isoLike: false },
  { pattern: 'D-MMM-YYYY', dayFirst: true, isoLike: false },
  { pattern: 'DD-MMM-YY', dayFirst: true, isoLike: false },
  { pattern: 'D-MMM-YY', dayFirst: true, isoLike: false },
  { pattern: 'D MMMM YYYY', dayFirst: true, isoLike: false },
  { pattern: 'MMM D, YYYY', dayFirst: false, isoLike: false },
  { pattern: 'MMMM D, YYYY', dayFirst: false, isoLike: false },
  { pattern: 'dddd, MMMM D, YYYY', dayFirst: false, isoLike: false },
  { pattern: 'ddd, D MMM YYYY', dayFirst: true, isoLike: false },
  { pattern: 'ddd, DD MMM YYYY', dayFirst: true, isoLike: false },
];

const TIME_PARTS_24H = ['HH:mm:ss', 'HH:mm', 'HH:mm:ss.SSS', 'H:mm:ss', 'H:mm'];
const TIME_PARTS_12H = [
  'h:mm:ss A',
  'h:mm A',
  'hh:mm:ss A',
  'hh:mm A',
  'h:mm:ss a',
  'h:mm a',
  'h:mm:ss.SSS A',
];

function buildCatalogue(): DatePatternEntry[] {
  const entries: DatePatternEntry[] = [];
  for (const { pattern, dayFirst, isoLike } of DATE_PARTS) {
    entries.push({ pattern, dayFirst });
    for (const time of TIME_PARTS_24H) {
      entries.push({ pattern: `${pattern} ${time}`, dayFirst });
      if (isoLike) {
        entries.push({ pattern: `${pattern}T${time}`, dayFirst });
        entries.push({ pattern: `${pattern}T${time}Z`, dayFirst });
        entries.push({ pattern: `${pattern} ${time}Z`, dayFirst });
        entries.push({ pattern: `${pattern} ${time} Z`, dayFirst });
        // BigQuery, Rails and many logs write '2023-04-17 10:00:00 UTC'.
        entries.push({ pattern: `${pattern} ${time} [UTC]`, dayFirst });
      }
    }
    for (const time of TIME_PARTS_12H) entries.push({ pattern: `${pattern} ${time}`, dayFirst });
  }
  // RFC 2822 (mail, HTTP) date-times.
  for (const pattern of [
    'ddd, D MMM YYYY HH:mm:ss Z',
    'ddd, DD MMM YYYY HH:mm:ss Z',
    'ddd, DD MMM YYYY HH:mm:ss [GMT]',
  ]) {
    entries.push({ pattern, dayFirst: true });
  }
  // Times of day alone ('14:05', '2:05 PM') read as datetimes on 1970-01-01.
  for (const time of [...TIME_PARTS_24H, ...TIME_PARTS_12H]) {
    entries.push({ pattern: time, dayFirst: false });
  }
  return entries;
}

/** Every pattern detection tries, most preferred first (the spec's names lead). */
export const DATE_PATTERN_CATALOGUE: readonly DatePatternEntry[] = buildCatalogue();

/**
 * The shape of a text: each run of digits becomes 'd', each run of letters 'a', other
 * characters stay. Only patterns of the same shape can read a text, which keeps detection from
 * trying every pattern on every value.
 */
export function textShape(text: string): string {
  let shape = '';
  let previous = '';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    let kind: string;
    if (code >= 48 && code <= 57) kind = 'd';
    else if ((code >= 65 && code <= 90) || (code >= 97 && code <= 122)) kind = 'a';
    else kind = text[i] as string;
    if ((kind === 'd' || kind === 'a') && kind === previous) continue;
    shape += kind;
    previous = kind;
  }
  return shape;
}

let shapeIndex: Map<string, DatePatternEntry[]> | null = null;
/** Every way a zone can be written, for the shape index. */
const ZONE_SAMPLES = ['Z', '+02:00', '-05:00', '+0200', '-0500', '+02', '-05'];

/** Catalogue patterns that can read a text of this shape, most preferred first. */
export function datePatternsForShape(shape: string): readonly DatePatternEntry[] {
  if (!shapeIndex) {
    shapeIndex = new Map();
    const sample = new Date(Date.UTC(2023, 10, 27, 13, 45, 56, 789));
    for (const entry of DATE_PATTERN_CATALOGUE) {
      const zones = patternHasZone(entry.pattern) ? ZONE_SAMPLES : [undefined];
      const shapes = new Set(
        zones.map((zone) => textShape(formatDateText(sample, entry.pattern, zone))),
      );
      for (const entryShape of shapes) {
        const list = shapeIndex.get(entryShape) ?? [];
        list.push(entry);
        shapeIndex.set(entryShape, list);
      }
    }
  }
  return shapeIndex.get(shape) ?? [];
}

const DAY_MONTH_HEAD = /^(?:(MM?)([-/.])(DD?)|(DD?)([-/.])(MM?))(?=[-/.])/;

/**
 * The pattern with its leading numeric day and month fields swapped ('MM/DD/YYYY HH:mm' ↔
 * 'DD/MM/YYYY HH:mm', 'M/D/YYYY' ↔ 'D/M/YYYY'), or null when it does not start with them.
 * @example swapDayAndMonth('MM/DD/YYYY') // 'DD/MM/YYYY'
 */
export function swapDayAndMonth(pattern: string): string | null {
  const match = DAY_MONTH_HEAD.exec(pattern);
  if (!match) return null;
  const head = match[1]
    ? `${match[3] as string}${match[2] as string}${match[1]}`
    : `${match[6] as string}${match[5] as string}${match[4] as string}`;
  return head + pattern.slice(match[0].length);
}

/** The spec's name for a pattern when it has one ('ISO 8601'), else the pattern itself. */
export function datePatternName(pattern: string): string {
  return pattern === ISO_8601_PATTERN ? ISO_8601 : pattern;
}

/** A friendly name for a pattern ('ISO 8601' for the `T`-separated ISO layouts). */
export function describeDatePattern(pattern: string): string {
  if (pattern === ISO_8601) return pattern;
  if (pattern.startsWith('YYYY-MM-DDT')) return `${pattern}, ISO 8601`;
  return pattern;
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
