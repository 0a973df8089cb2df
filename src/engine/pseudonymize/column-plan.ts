import { formatDateText, parseDateTextLoosely, patternHasTime } from '../formats/dates';
import {
  analyzeNumberText,
  formatNumberText,
  fractionDigitsOf,
  readInLayout,
} from '../formats/numbers';
import type { Cell, ColumnSchema, NumberLayout } from '../types';
import { runFakerMethod, type FakerOutput } from './faker-catalogue';
import type { FakeSource } from './keyed-faker';
import { flipBoolean } from './generators/boolean';
import { DEFAULT_DATE_RANGE, fakeDate, wallClockMs, type DateDraw } from './generators/date';
import { fakeEmail } from './generators/email';
import { fakeNumber, type NumberRange } from './generators/number';
import { fakePhone } from './generators/phone';
import { SEMANTIC_GENERATORS } from './generators/semantic';
import { pseudonymizeText } from './generators/text';

/** How to pseudonymize one column's values. */
export interface ColumnPlan {
  /** What the keyed hash is keyed by (semantic ?? type, or the Faker method). */
  kind: string;
  /** Columns with the same namespace share one original → pseudonym table. */
  namespace: string;
  /** Names, emails and phones: no pseudonym may equal such an original anywhere in the file. */
  sensitive: boolean;
  /** Booleans: a keyed swap-or-keep of a two-value domain; retries cannot help. */
  tinyDomain: boolean;
  /** The pseudonym of one non-blank cell; the caller has reseeded the source for it. */
  generate(original: Cell, text: string, attempt: number): Cell;
  /** Integer and date columns: their values as points of a finite grid (see PlanGrid). */
  grid?: PlanGrid;
}

/**
 * A column whose values are points of a small grid (integers or days in a range). When its
 * distinct values fill much of the grid, random retries cannot keep pseudonyms unique, so the
 * engine walks the grid to the next free point instead.
 */
export interface PlanGrid {
  size: number;
  /** The grid index of an original, or -1 when it is off the grid (then `generate` is used). */
  indexOf(original: Cell, text: string): number;
  /** The pseudonym at a grid index, written like the original. */
  render(index: number, original: Cell, text: string): Cell;
}

export type ColumnAction =
  { action: 'keep' } | { action: 'blank' } | { action: 'generate'; plan: ColumnPlan };

/** Ranges that replace a column's own (merged over same-named columns, for joins). */
export interface RangeOverrides {
  range?: NumberRange;
  dateRange?: { min: number; max: number };
}

const SENSITIVE_KINDS = new Set([
  'firstName',
  'middleName',
  'lastName',
  'fullName',
  'email',
  'phone',
  'username',
]);

const DEFAULT_INTEGER_RANGE = { min: 1, max: 10_000 };
const DEFAULT_DECIMAL_RANGE = { min: 0.1, max: 10_000 };
const MS_PER_DAY = 86_400_000;

/** The default pattern for text dates when a column names none (spec §4). */
function defaultPattern(column: ColumnSchema): string {
  return column.type === 'datetime' ? 'M/D/YYYY h:mm:ss A' : 'YYYY-MM-DD';
}

/** The date range a column draws from: the override, the observed range, else the default. */
export function dateRangeOf(
  column: ColumnSchema,
  override?: { min: number; max: number },
): { min: number; max: number } {
  if (override) return override;
  const min = column.dateRange ? wallClockMs(column.dateRange.min) : null;
  const max = column.dateRange ? wallClockMs(column.dateRange.max) : null;
  return min !== null && max !== null && min <= max ? { min, max } : DEFAULT_DATE_RANGE;
}

/** The number range a column draws from: the override, the rule's/observed range, else the default. */
export function numberRangeOf(column: ColumnSchema, override?: NumberRange): NumberRange {
  if (override) return override;
  if (column.range && column.range.min <= column.range.max) return column.range;
  return column.number?.integer === false || (column.precision ?? 0) > 0
    ? DEFAULT_DECIMAL_RANGE
    : DEFAULT_INTEGER_RANGE;
}

/** Representable values a number range needs per distinct original to keep pseudonyms off them. */
const POINTS_PER_ORIGINAL = 4;

/**
 * A number range with room for pseudonyms: when the values the column's precision can write
 * inside the range are too few to keep every pseudonym off the originals (`-0.01..0.00` holds
 * two), the range is widened on the side away from zero, so signs stay where they were. A range
 * across zero gets room on each side (a value keeps its sign, so `-0.01` in `-0.01..0.13` draws
 * from the negatives alone).
 * @example roomyRange({ min: 0, max: 1 }, integerColumnWithTwoValues) // { min: 0, max: 11 }
 */
export function roomyRange(range: NumberRange, column: ColumnSchema): NumberRange {
  const decimals = Math.min(column.precision ?? column.number?.precision ?? 0, 10);
  const step = 10 ** -decimals;
  const distinct = Math.max(1, column.distinctCount);
  const pointsIn = (low: number, high: number): number =>
    Math.floor((high - low) / step + 1e-7) + 1;
  /** Points a stretch holding at most `points` originals needs (the whole column's at most). */
  const neededFor = (points: number): number =>
    POINTS_PER_ORIGINAL * (Math.min(points, distinct) + 1);
  if (!Number.isFinite(pointsIn(range.min, range.max))) return range;
  let { min, max } = range;
  if (min < 0 && max > 0) {
    const negatives = pointsIn(min, -step);
    if (negatives < neededFor(negatives)) min = -neededFor(negatives) * step;
    const positives = pointsIn(step, max);
    if (positives < neededFor(positives)) max = neededFor(positives) * step;
  }
  const points = pointsIn(min, max);
  const needed = neededFor(Infinity);
  if (points >= needed) return { min, max };
  const extra = (needed - points) * step;
  if (min >= 0) return { min, max: max + extra };
  if (max <= 0) return { min: min - extra, max };
  return { min: min - extra / 2, max: max + extra / 2 };
}

/**
 * The fewest fraction digits a value of the column is drawn with: 0 unless the range is too
 * narrow to hold pseudonyms off the originals with whole numbers alone (a `0` among cents
 * between -0.01 and 0.13), then the fewest, up to the column's precision, that leave room.
 * @example roomyDecimals({ min: 0, max: 0.5 }, columnOfTenCents) // 2
 */
export function roomyDecimals(range: NumberRange, column: ColumnSchema): number {
  const precision = Math.min(column.precision ?? column.number?.precision ?? 0, 10);
  const needed = POINTS_PER_ORIGINAL * (Math.max(1, column.distinctCount) + 1);
  for (let decimals = 0; decimals < precision; decimals++) {
    const scale = 10 ** decimals;
    const points = Math.floor(range.max * scale + 1e-7) - Math.ceil(range.min * scale - 1e-7) + 1;
    if (points >= needed) return decimals;
  }
  return precision;
}

/** Milliseconds between the instants a pattern can write. */
function stepOf(pattern: string, withTime: boolean): number {
  if (!withTime) return MS_PER_DAY;
  if (pattern === 'ISO 8601' || /S/.test(pattern.replace(/\[[^\]]*\]/g, ''))) return 1;
  return /ss/.test(pattern) ? 1000 : 60_000;
}

/** Milliseconds between the instants a date or date-time column's pattern can write. */
export function dateStepOf(column: ColumnSchema): number {
  const pattern = column.format ?? defaultPattern(column);
  return stepOf(pattern, column.type === 'datetime' || patternHasTime(pattern));
}

/**
 * A date range with room for pseudonyms: when it holds fewer instants than twice the distinct
 * originals (two days seen, a day apart), it is widened evenly on both sides, so pseudonyms can
 * stay off the originals instead of trading them among themselves.
 * @example roomyDateRange({ min: day(23), max: day(24) }, 2, MS_PER_DAY) // day(22)..day(26)
 */
export function roomyDateRange(
  range: { min: number; max: number },
  distinctCount: number,
  stepMs: number,
): { min: number; max: number } {
  const points = Math.floor((range.max - range.min) / stepMs) + 1;
  const needed = 2 * Math.max(1, distinctCount) + 1;
  if (!Number.isFinite(points) || points >= needed) return range;
  const before = Math.floor((needed - points) / 2);
  return { min: range.min - before * stepMs, max: range.max + (needed - points - before) * stepMs };
}

/** A date cell's draw: whole days for dates, seconds for date-times. */
function cellDraw(original: Date, range: { min: number; max: number }): DateDraw {
  const withTime = original.getTime() % MS_PER_DAY !== 0;
  return { ...range, stepMs: withTime ? 1000 : MS_PER_DAY };
}

function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 0xa0;
}

/**
 * A generator for values padded with spaces (database dumps write ' 123', 'a@b.com '), as
 * detection reads them: the core gets the pseudonym, the padding stays.
 */
function withPadding(generate: ColumnPlan['generate']): ColumnPlan['generate'] {
  return (original, text, attempt) => {
    if (typeof original !== 'string' || text.length === 0) return generate(original, text, attempt);
    const last = text.length - 1;
    if (!isSpace(text.charCodeAt(0)) && !isSpace(text.charCodeAt(last))) {
      return generate(original, text, attempt);
    }
    let start = 0;
    let end = text.length;
    while (start < end && isSpace(text.charCodeAt(start))) start++;
    while (end > start && isSpace(text.charCodeAt(end - 1))) end--;
    if (start === end) return generate(original, text, attempt);
    const core = text.slice(start, end);
    const fake = generate(core, core, attempt);
    return typeof fake === 'string' ? text.slice(0, start) + fake + text.slice(end) : fake;
  };
}

/** A layout's optional sign fields, left out when they are the default. */
function signStyle(style: {
  signPosition: NumberLayout['signPosition'];
  minusSign: NumberLayout['minusSign'];
}): Pick<NumberLayout, 'signPosition' | 'minusSign'> {
  return {
    ...(style.signPosition ? { signPosition: style.signPosition } : {}),
    ...(style.minusSign ? { minusSign: style.minusSign } : {}),
  };
}

/** The layout to write one number in: the column's, with this value's own decimals and style. */
function layoutForValue(
  layout: NumberLayout | null,
  analysis: NonNullable<ReturnType<typeof analyzeNumberText>>,
  decimals: number,
): NumberLayout {
  const grouped =
    analysis.thousandsSeparator !== null ||
    (analysis.ambiguousSeparator !== null &&
      analysis.ambiguousSeparator === layout?.thousandsSeparator) ||
    // A value under 1000 cannot show whether the column groups digits.
    analysis.integerDigits.length <= 3;
  return {
    precision: decimals,
    integer: decimals === 0,
    decimalSeparator: analysis.decimalSeparator ?? layout?.decimalSeparator ?? '.',
    thousandsSeparator: grouped
      ? (analysis.thousandsSeparator ?? layout?.thousandsSeparator ?? null)
      : null,
    prefix: analysis.prefix,
    suffix: analysis.suffix,
    negative: analysis.negative,
    negativeStyle: analysis.parentheses ? 'parentheses' : 'minus',
    explicitPlus: analysis.plus,
    // A value's own sign style when it has a sign; the column's for a value that turns negative.
    ...signStyle(
      analysis.negative
        ? {
            signPosition: analysis.signPosition ?? undefined,
            minusSign: analysis.unicodeMinus ? '\u2212' : undefined,
          }
        : { signPosition: layout?.signPosition, minusSign: layout?.minusSign },
    ),
    ...(analysis.bareFraction || layout?.bareFraction ? { bareFraction: true } : {}),
  };
}

/**
 * Turns a column's schema and rule into a plan: keep, blank, or how to make each pseudonym.
 * @example planColumn(emailColumn, source) // { action: 'generate', plan: { kind: 'email', … } }
 */
export function planColumn(
  column: ColumnSchema,
  source: FakeSource,
  overrides: RangeOverrides = {},
): ColumnAction {
  const { rule } = column;
  if (rule.action === 'keep') return { action: 'keep' };
  if (rule.action === 'blank') return { action: 'blank' };
  const { random } = source;
  random.reseed('boolean', '\u0000swap');
  const swapBooleans = random.next() < 0.5;
  const defaultRange = dateRangeOf(column, overrides.dateRange);

  /** Values that fit no better rule: string rules, keeping the cell's type. */
  const fallback = (original: Cell, text: string, attempt = 0): Cell => {
    if (typeof original === 'boolean') return swapBooleans ? !original : original;
    if (original instanceof Date) return fakeDate(cellDraw(original, defaultRange), random);
    const fake = pseudonymizeText(text, random, attempt);
    if (typeof original === 'number') {
      const value = Number(fake);
      return fake !== '' && Number.isFinite(value) ? value : fake;
    }
    return fake;
  };

  if (rule.action === 'faker') {
    const method = rule.fakerMethod ?? '';
    const range = column.type === 'number' ? numberRangeOf(column, overrides.range) : undefined;
    const hints = { ...(range ? { range } : {}), precision: column.precision ?? 0 };
    const pattern =
      column.type === 'date' || column.type === 'datetime'
        ? (column.format ?? defaultPattern(column))
        : null;
    const toCell = (original: Cell, output: FakerOutput): Cell => {
      if (output instanceof Date) {
        if (original instanceof Date) return output;
        return pattern ? formatDateText(output, pattern, column.timeZone) : output.toISOString();
      }
      if (typeof original === 'number') {
        const value = Number(output);
        if (Number.isFinite(value) && String(output) !== '') return value;
      }
      return String(output);
    };
    return {
      action: 'generate',
      plan: {
        kind: `faker:${method}`,
        namespace: `faker:${method}|${column.type}|${pattern ?? ''}|${JSON.stringify(range ?? null)}`,
        sensitive: false,
        tinyDomain: false,
        generate: (original) => toCell(original, runFakerMethod(source.faker, method, hints)),
      },
    };
  }

  const kind = column.semantic ?? column.type;
  const sensitive = SENSITIVE_KINDS.has(kind) || column.type === 'email' || column.type === 'phone';
  const plan = (
    namespace: string,
    generate: ColumnPlan['generate'],
    options: { tinyDomain?: boolean; grid?: PlanGrid } = {},
  ): ColumnAction => ({
    action: 'generate',
    plan: {
      kind,
      namespace,
      sensitive,
      tinyDomain: options.tinyDomain ?? false,
      generate: withPadding(generate),
      ...(options.grid ? { grid: options.grid } : {}),
    },
  });

  switch (column.type) {
    case 'blank':
      return { action: 'blank' };
    case 'number': {
      const layout = column.number ?? null;
      const range =
        overrides.range ??
        (column.rangeSetByUser ? numberRangeOf(column) : roomyRange(numberRangeOf(column), column));
      const valueOf = (original: Cell, text: string): number | null => {
        if (typeof original === 'number') return original;
        if (typeof original !== 'string') return null;
        const analysis = analyzeNumberText(text);
        if (!analysis) return null;
        return layout ? readInLayout(analysis, layout) : analysis.value;
      };
      const low = Math.ceil(range.min);
      const integerGrid: PlanGrid | undefined =
        layout?.integer !== false && Number.isSafeInteger(range.max - low)
          ? {
              size: Math.floor(range.max) - low + 1,
              indexOf: (original, text) => {
                const value = valueOf(original, text);
                return value !== null &&
                  Number.isInteger(value) &&
                  value >= low &&
                  value <= range.max
                  ? value - low
                  : -1;
              },
              render: (index, original, text) => {
                const value = low + index;
                if (typeof original === 'number') return value;
                const analysis = analyzeNumberText(text);
                return analysis
                  ? formatNumberText(value, layoutForValue(layout, analysis, 0))
                  : String(value);
              },
            }
          : undefined;
      const fewestDecimals = roomyDecimals(range, column);
      const generate: ColumnPlan['generate'] = (original, text) => {
        if (typeof original === 'number') {
          const decimals = Math.max(fractionDigitsOf(original), fewestDecimals);
          return fakeNumber(original, decimals, range, random);
        }
        if (typeof original !== 'string') return fallback(original, text);
        const analysis = analyzeNumberText(text);
        const value = analysis && (layout ? readInLayout(analysis, layout) : analysis.value);
        if (!analysis || value === null || value === undefined) return fallback(original, text);
        // '2,000' in a column that groups with ',' has no fraction digits.
        const grouped =
          analysis.ambiguousSeparator !== null &&
          analysis.ambiguousSeparator === layout?.thousandsSeparator;
        const written = analysis.exponent
          ? fractionDigitsOf(value)
          : grouped
            ? 0
            : analysis.fractionDigits.length;
        const decimals = Math.max(written, fewestDecimals);
        const fake = fakeNumber(value, decimals, range, random);
        return formatNumberText(fake, layoutForValue(layout, analysis, decimals));
      };
      return plan(`${kind}|${JSON.stringify([layout, range])}`, generate, { grid: integerGrid });
    }
    case 'date':
    case 'datetime': {
      const pattern = column.format ?? defaultPattern(column);
      const withTime = column.type === 'datetime' || patternHasTime(pattern);
      const stepMs = stepOf(pattern, withTime);
      // Merged ranges come already widened (mergedRanges); a range the user set never is.
      const range =
        overrides.dateRange ??
        (column.rangeSetByUser
          ? defaultRange
          : roomyDateRange(defaultRange, column.distinctCount, stepMs));
      const draw: DateDraw = { ...range, stepMs };
      // Loosely, as detection accepted the column: fractions of any width, or none.
      const fraction = { fractionDigits: 0 };
      const readDate = (text: string) => parseDateTextLoosely(text, pattern, fraction);
      const firstDay = Math.ceil(draw.min / MS_PER_DAY);
      const dayOf = (original: Cell, text: string): number => {
        const date =
          original instanceof Date
            ? original
            : typeof original === 'string'
              ? readDate(text)?.date
              : undefined;
        const time = date?.getTime() ?? NaN;
        return time % MS_PER_DAY === 0 ? time / MS_PER_DAY : NaN;
      };
      const dayGrid: PlanGrid | undefined = withTime
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
              return formatDateText(date, pattern, zone);
            },
          };
      const generate: ColumnPlan['generate'] = (original, text) => {
        if (original instanceof Date) {
          return fakeDate(withTime ? draw : cellDraw(original, range), random);
        }
        if (typeof original !== 'string') return fallback(original, text);
        const parsed = readDate(text);
        if (!parsed) return fallback(original, text);
        return formatDateText(fakeDate(draw, random), pattern, parsed.timeZone ?? column.timeZone);
      };
      return plan(`${kind}|${pattern}|${JSON.stringify(draw)}`, generate, { grid: dayGrid });
    }
    case 'boolean':
      return plan(
        'boolean',
        (original, text) => {
          if (typeof original === 'boolean') return swapBooleans ? !original : original;
          if (original === 0 || original === 1) return swapBooleans ? 1 - original : original;
          return flipBoolean(text, swapBooleans) ?? fallback(original, text);
        },
        { tinyDomain: true },
      );
    case 'email':
      return plan('email', (original, text, attempt) =>
        typeof original === 'string' && text.includes('@')
          ? fakeEmail(text, random, attempt)
          : fallback(original, text, attempt),
      );
    case 'phone':
      return plan('phone', (original, text) =>
        typeof original === 'string' && /\d/.test(text)
          ? fakePhone(text, random)
          : fallback(original, text),
      );
    case 'string': {
      const generator = column.semantic ? SEMANTIC_GENERATORS[column.semantic] : undefined;
      return plan(kind, (original, text, attempt) => {
        if (generator && typeof original === 'string') {
          const fake = generator(text, source, attempt);
          if (fake !== null) return fake;
        }
        return fallback(original, text, attempt);
      });
    }
  }
}
