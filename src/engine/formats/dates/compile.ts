/**
 * Date and date-time patterns, compiled once into segments for the parser and the writer.
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
 * - `Z` a time zone written as `Z`, `+02:00`, `+0200` or `+02` (kept as text, never applied);
 * - `X` Unix time in seconds, `x` in milliseconds (as moment and Day.js write them): the whole
 *   instant in one number, so no other field may stand beside it (`X.SSS` adds a fraction).
 * Padded tokens need exactly two digits and unpadded ones refuse a leading zero, so that
 * `formatDateText(parseDateText(text, p).date, p, timeZone) === text`.
 *
 * Dates are wall-clock values: their UTC fields hold what the text says, whatever the zone.
 */
import { ISO_8601, ISO_8601_PATTERN } from './pattern-names';

type NumberField = 'year' | 'year2' | 'month' | 'day' | 'hour' | 'hour12' | 'minute' | 'second';

export type Segment =
  | { kind: 'literal'; text: string; firstCode: number }
  | { kind: 'number'; field: NumberField; code: number; width: number; padded: boolean }
  | { kind: 'fraction'; digits: number }
  | { kind: 'monthName'; long: boolean }
  | { kind: 'meridiem'; upper: boolean }
  | { kind: 'weekday'; long: boolean }
  | { kind: 'zone' }
  | { kind: 'unixTime'; unitMs: number };

/** Parser opcodes: the segments flattened into arrays of small integers for the hot loop. */
export const OP_LITERAL = 0;
export const OP_NUMBER = 1;
export const OP_FRACTION = 2;
export const OP_MONTH_NAME = 3;
export const OP_MERIDIEM = 4;
export const OP_WEEKDAY = 6;
export const OP_ZONE = 5;
export const OP_UNIX_TIME = 7;

export interface CompiledPattern {
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
  ['X', () => ({ kind: 'unixTime', unitMs: 1000 })],
  ['x', () => ({ kind: 'unixTime', unitMs: 1 })],
];

const compiled = new Map<string, CompiledPattern | null>();
const MAX_CACHED_PATTERNS = 1_000;
/** Longer than any real date layout; Excel caps number formats at 255 characters too. */
const MAX_PATTERN_LENGTH = 255;

export function compile(pattern: string): CompiledPattern | null {
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
        else if (segment.kind === 'unixTime') out.hasDate = out.hasTime = true;
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
  if (!unixTimeStandsAlone(out.segments)) return null;
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
      case 'unixTime':
        op = OP_UNIX_TIME;
        arg = segment.unitMs;
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

/**
 * Unix time holds the whole instant: beside it, a calendar field or a zone would say it twice
 * (and could contradict it). Literals may wrap it, and seconds may take a fraction.
 */
function unixTimeStandsAlone(segments: readonly Segment[]): boolean {
  const unixTime = segments.find((segment) => segment.kind === 'unixTime');
  if (!unixTime) return true;
  return segments.every(
    (segment) =>
      segment === unixTime ||
      segment.kind === 'literal' ||
      (segment.kind === 'fraction' && unixTime.unitMs === 1000),
  );
}

/**
 * The milliseconds a Unix time pattern counts in (1000 for `X`, 1 for `x`); null for a pattern
 * of calendar fields.
 * @example unixTimeUnitMs('x') // 1
 */
export function unixTimeUnitMs(pattern: string): number | null {
  const segment = compile(pattern)?.segments.find((each) => each.kind === 'unixTime');
  return segment?.kind === 'unixTime' ? segment.unitMs : null;
}

/**
 * Whether a pattern writes digits alone, as a whole number holds them: Unix time, or padded
 * fields without separators ('YYYYMMDD').
 * @example patternReadsWholeNumbers('YYYYMMDD') // true
 */
export function patternReadsWholeNumbers(pattern: string): boolean {
  const segments = compile(pattern)?.segments ?? [];
  return (
    segments.length > 0 &&
    (segments.every((segment) => segment.kind === 'unixTime') ||
      segments.every((segment) => segment.kind === 'number' && segment.padded))
  );
}

/** Whether a pattern writes a time of day (a datetime rather than a date). */
export function patternHasTime(pattern: string): boolean {
  return compile(pattern)?.hasTime ?? false;
}

/** Whether a pattern writes a calendar date (time-of-day patterns read as 1970-01-01). */
export function patternHasDate(pattern: string): boolean {
  return compile(pattern)?.hasDate ?? false;
}

/**
 * Whether a pattern writes a calendar date without its day ('YYYY-MM', 'MMM YYYY'): a month,
 * which moves by whole months.
 * @example patternIsMonth('MM/YYYY') // true
 */
export function patternIsMonth(pattern: string): boolean {
  const compiled = compile(pattern);
  return (
    compiled !== null &&
    compiled.hasDate &&
    !compiled.hasTime &&
    !compiled.segments.some(
      (segment) =>
        segment.kind === 'weekday' || (segment.kind === 'number' && segment.field === 'day'),
    )
  );
}

/** Whether a pattern writes a fraction of a second. */
export function patternHasFraction(pattern: string): boolean {
  return compile(pattern)?.segments.some((segment) => segment.kind === 'fraction') ?? false;
}

/** Whether a pattern writes a time zone. */
export function patternHasZone(pattern: string): boolean {
  return compile(pattern)?.hasZone ?? false;
}

/** Whether text is a pattern this module can read and write. */
export function isDatePattern(pattern: string): boolean {
  return compile(pattern) !== null;
}
