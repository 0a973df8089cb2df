/**
 * Column detection: what type a column's values have, how they are written and what they mean.
 *
 * Rules (see tests/engine/detect/detect-column.test.ts for each one pinned down):
 * - A type is chosen when at least 98% (TYPE_SHARE) of the non-empty values fit it; the rest are
 *   `invalidCount`. Otherwise the column is `string`. Types are tried in this order: boolean,
 *   digit code, number, date/datetime, email, phone.
 * - Missing markers ('NaN', 'NULL', 'N/A', '-', ...), padded or not, and values of white space
 *   alone are non-empty but left out of the type decision and listed in `missingMarkers`; a
 *   column of nothing else is `string`.
 * - Values are read without the spaces around them (' 123', 'a@b.com '), as database dumps and
 *   fixed-width exports pad them; examples and cells keep their text.
 * - Numbers: any layout numbers.ts reads (grouping, decimal comma, currency, percent, sign,
 *   parentheses). Scientific notation ('1e5') counts as a number and is written back plainly.
 *   Digit strings with a leading zero ('00123') or more than 15 digits are codes: `string` with
 *   `code` set, so their digit pattern is kept. Under a header naming an identifier (zip, phone,
 *   ssn, account, card, iban) plain digit strings are codes too, or phones under a phone header,
 *   where they also count as phones next to written layouts ('+1 555 123 4567', '5551234567').
 * - Booleans: true/false, yes/no, y/n, t/f in one consistent case (single letters need both
 *   values, or a flag-like header); 1/0 only when the column holds nothing else and the header
 *   reads like a flag.
 * - Dates: the catalogue pattern most sampled values fit; day-first against month-first is then
 *   settled by the whole column (more values with a first field above 12 than with a second one
 *   above 12 means day first). The most common zone is recorded. Spreadsheet date cells take
 *   the pattern of their number format. Zero dates ('0000-00-00') are missing markers, and a
 *   column mostly of dates is never taken for phone numbers.
 * - Large columns: the first `sampleSize` values plus a spread decide; then one pass over every
 *   value counts, checks and measures ranges. Distinct counts past 20,000 values are estimates
 *   (`distinctApproximate`, shown with '~').
 */
import { cellText, isBlankCell } from '../cell';
import {
  DATE_PATTERN_CATALOGUE,
  datePatternName,
  datePatternsForShape,
  excelFormatToPattern,
  formatDateText,
  isDurationFormat,
  isoWallClock,
  parseDateTime,
  parseDateTextLoosely,
  patternHasTime,
  swapDayAndMonth,
  textShape,
  type ParseDetails,
  type ZoneOut,
} from '../formats/dates';
import {
  analyzeNumberText,
  excelFormatToNumberLayout,
  fractionDigitsOf,
  layoutFromAnalyses,
  plainNumberLayout,
  readInLayout,
  settledDecimalSeparator,
  type NumberTextAnalysis,
} from '../formats/numbers';
import type { Cell, ColumnSchema, ColumnType, NumberLayout, Semantic } from '../types';
import { booleanVocabulary } from './booleans';
import { isEmailText, isPhoneText } from './contact';
import { describeColumn, describeDurations } from './describe';
import { isMissingMarker } from './missing-markers';
import {
  isCardDigits,
  isCardNumber,
  isFlagHeader,
  SEMANTIC_METHODS,
  semanticFromHeader,
  semanticFromValues,
} from './semantics';

export interface DetectOptions {
  /**
   * How many non-empty values decide a column's type and format (the first ones, plus a spread
   * over the rest). Counts, ranges and invalid values always cover the whole column.
   */
  sampleSize?: number;
  /**
   * The decimal separator the sheet's other columns use (see detectSchema). It decides text
   * numbers whose values read either way ('1.000', '12.500'); values that settle their
   * separator themselves ('1.5', '2,25') always win.
   */
  decimalSeparatorHint?: '.' | ',';
}

/**
 * What a text number column's values showed of their decimal separator: '.' or ',' when some
 * value settles it, 'ambiguous' when values such as '1.000' read either way and none settles
 * it, null for any other column.
 */
export type DecimalEvidence = '.' | ',' | 'ambiguous' | null;

export const DEFAULT_SAMPLE_SIZE = 5_000;
/** Share of non-empty values that must fit a type for the column to get it. */
export const TYPE_SHARE = 0.98;
/** Values whose distinct count is exact; past them it is estimated (see scanColumn). */
const EXACT_DISTINCT_CELLS = 20_000;
const DISTINCT_STRIDE = 8;
const MAX_DISTINCT_TRACKED = 150_000;
const EXAMPLE_COUNT = 5;
/** Values tried against the date catalogue when choosing a column's pattern. */
const DATE_TRIAL_SIZE = 2_000;
const MS_PER_DAY = 86_400_000;
/** Zones counted to find a datetime column's usual zone. */
const ZONE_SAMPLE = 10_000;

/** Header meanings under which digit strings are codes, kept digit by digit. */
const CODE_SEMANTICS: ReadonlySet<Semantic> = new Set([
  'zipCode',
  'phone',
  'ssn',
  'creditCard',
  'accountNumber',
  'iban',
]);

const CATALOGUE_ORDER = new Map(
  DATE_PATTERN_CATALOGUE.map((entry, index) => [entry.pattern, index] as const),
);

/** Counts from the one pass over a column. */
interface ColumnScan {
  nonEmpty: number;
  /** Non-empty cells that are not missing markers. */
  usable: number;
  /** Usable cells the column's checker refused. */
  misfits: number;
  markers: Set<string>;
  distinctCount: number;
  distinctApproximate: boolean;
  examples: string[];
}

/**
 * Checks one usable cell against the type the sample suggested, gathering the type's details
 * (range, precision, date range, zone) as it goes, and writes them into the schema at the end.
 */
interface CellChecker {
  /** Text number columns: see DecimalEvidence. */
  decimalEvidence?: DecimalEvidence;
  accept(cell: Cell): boolean;
  finish(schema: ColumnSchema): void;
  /** The card line, when the column needs its own (see describeColumn otherwise). */
  describe?(schema: ColumnSchema): string;
  /**
   * After the pass: a checker the whole column fits better (a date column whose later values
   * show the day comes first), to run a second pass with; null when this one stands.
   */
  retry?(): (CellChecker & { native: false }) | null;
}

/** What a column's texts were found to be, before the whole column is checked. */
type TextDecision =
  | { kind: 'boolean'; trueText: string; falseText: string }
  | { kind: 'code' }
  | { kind: 'number'; layout: NumberLayout; decimalEvidence: DecimalEvidence }
  | { kind: 'date'; pattern: string }
  | { kind: 'email' }
  | { kind: 'phone'; digitsOnly: boolean }
  | { kind: 'string' };

/**
 * Describes one column: type, format, meaning, examples and counts.
 * @example detectColumn('signup', ['2023-04-17', '2023-05-02']).format // 'YYYY-MM-DD'
 */
export function detectColumn(
  name: string,
  cells: readonly Cell[],
  numberFormat?: string | null,
  options: DetectOptions = {},
): ColumnSchema {
  return detectColumnWithEvidence(name, cells, numberFormat, options).schema;
}

/**
 * detectColumn, plus what a text number column showed of its decimal separator, so that a
 * sheet's columns can settle the ones their own values leave open (detectSchema).
 */
export function detectColumnWithEvidence(
  name: string,
  cells: readonly Cell[],
  numberFormat?: string | null,
  options: DetectOptions = {},
): { schema: ColumnSchema; decimalEvidence: DecimalEvidence } {
  const format = numberFormat && numberFormat !== 'General' ? numberFormat : null;
  const sampleSize = Math.max(1, Math.floor(options.sampleSize ?? DEFAULT_SAMPLE_SIZE));
  const sample = sampleCells(cells, sampleSize);
  const headerSemantic = semanticFromHeader(name);
  let texts: string[] | null = null;
  const textsOfSample = (): string[] =>
    (texts ??= sample.map((cell) => withoutPadding(textOf(cell, format))));

  // The sample decides the type; one pass over the whole column then counts and checks.
  const hint = options.decimalSeparatorHint;
  let checker =
    nativeChecker(name, sample, format) ??
    textChecker(name, headerSemantic, textsOfSample(), format, hint);
  let scan = scanColumn(cells, format, checker);
  if (checker.native && scan.usable - scan.misfits < scan.usable * TYPE_SHARE) {
    // Spreadsheet cells of one kind in the sample, mixed further down: read them as text.
    checker = textChecker(name, headerSemantic, textsOfSample(), format, hint);
    scan = scanColumn(cells, format, checker);
  }
  const better = checker.retry?.();
  if (better) {
    checker = better;
    scan = scanColumn(cells, format, checker);
  }
  const schema: ColumnSchema = {
    name,
    type: 'string',
    examples: scan.examples,
    description: '',
    semantic: null,
    suggestedMethod: null,
    rule: { action: 'auto' },
    invalidCount: 0,
    nonEmptyCount: scan.nonEmpty,
    distinctCount: scan.distinctCount,
  };
  if (scan.distinctApproximate) schema.distinctApproximate = true;
  if (scan.markers.size > 0) schema.missingMarkers = [...scan.markers];

  if (scan.nonEmpty === 0) {
    schema.type = 'blank';
  } else if (scan.usable > 0 && scan.usable - scan.misfits >= scan.usable * TYPE_SHARE) {
    schema.invalidCount = scan.misfits;
    checker.finish(schema);
  }
  if (!checker.native && scan.usable > 0) {
    schema.semantic = semanticOf(schema.type, headerSemantic, textsOfSample(), name);
  }
  schema.suggestedMethod = schema.semantic ? SEMANTIC_METHODS[schema.semantic] : null;
  // Percent-formatted cells hold fractions: the card shows them as the sheet does (12.50%).
  const percentCells =
    checker.native && schema.type === 'number' && format !== null && isPercentFormat(format);
  schema.description = checker.describe?.(schema) ?? describeColumn(schema, percentCells ? 100 : 1);
  const decimalEvidence = schema.type === 'number' ? (checker.decimalEvidence ?? null) : null;
  return { schema, decimalEvidence };
}

/** The first `sampleSize` usable cells, plus about a quarter as many spread over the rest. */
function sampleCells(cells: readonly Cell[], sampleSize: number): Cell[] {
  const sample: Cell[] = [];
  let row = 0;
  for (; row < cells.length && sample.length < sampleSize; row++) {
    const cell = cells[row] ?? null;
    if (isUsable(cell)) sample.push(cell);
  }
  const rest = cells.length - row;
  if (rest <= 0) return sample;
  const stride = Math.max(1, Math.ceil(rest / Math.max(1, Math.floor(sampleSize / 4))));
  for (let spread = row + stride - 1; spread < cells.length; spread += stride) {
    const cell = cells[spread] ?? null;
    if (isUsable(cell)) sample.push(cell);
  }
  return sample;
}

function isUsable(cell: Cell): boolean {
  return !isBlankCell(cell) && !(typeof cell === 'string' && isMissingText(cell));
}

/** Whether text starts or ends with white space (checked by code: this runs on every value). */
function isPadded(text: string): boolean {
  return isSpaceCode(text.charCodeAt(0)) || isSpaceCode(text.charCodeAt(text.length - 1));
}

/** ASCII white space and control characters, and the Unicode spaces String.trim removes. */
function isSpaceCode(code: number): boolean {
  if (code <= 32) return true;
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/**
 * Text as detection reads it: without the spaces database dumps and fixed-width exports pad
 * values with (' 123', 'a@b.com '). Only detection trims; cells keep their text.
 */
function withoutPadding(text: string): string {
  return text.length > 0 && isPadded(text) ? text.trim() : text;
}

/** A missing marker, padded or not (' NULL '), or white space alone: no value. */
function isMissingText(text: string): boolean {
  if (isMissingMarker(text)) return true;
  if (!isPadded(text)) return false;
  const trimmed = text.trim();
  return trimmed === '' || isMissingMarker(trimmed);
}

function textOf(cell: Cell, format: string | null): string {
  return typeof cell === 'string' ? cell : displayText(cell, format);
}

/**
 * The text a cell shows. Date cells go through the pattern of their number format when there
 * is one (SheetJS's formatter throws on some real formats, such as LibreOffice's 'DD.MM.YYYY');
 * any other format it cannot render falls back to the plain value.
 */
function displayText(cell: Cell, format: string | null): string {
  if (cell instanceof Date && format && !Number.isNaN(cell.getTime())) {
    const pattern = excelFormatToPattern(format);
    if (pattern) return formatDateText(cell, pattern);
  }
  try {
    return cellText(cell, format);
  } catch {
    return cellText(cell, null);
  }
}

/** The one pass over a column: counts, distinct values, examples, and the checker's verdicts. */
function scanColumn(
  cells: readonly Cell[],
  format: string | null,
  checker: CellChecker,
): ColumnScan {
  const scan: ColumnScan = {
    nonEmpty: 0,
    usable: 0,
    misfits: 0,
    markers: new Set(),
    distinctCount: 0,
    distinctApproximate: false,
    examples: [],
  };
  const distinct = new Set<string | number>();
  // Distinct values are counted exactly over the first EXACT_DISTINCT_CELLS values, then over
  // every DISTINCT_STRIDE-th value, each new one found standing for DISTINCT_STRIDE (a cheap,
  // honest estimate, shown with '~'); past MAX_DISTINCT_TRACKED the rate so far carries on.
  let newWhileSampling = 0;
  let usableAtCap = 0;
  for (let row = 0; row < cells.length; row++) {
    const cell = cells[row] ?? null;
    if (isBlankCell(cell)) continue;
    scan.nonEmpty++;
    let key: string | number;
    if (typeof cell === 'string') {
      if (isMissingText(cell)) {
        scan.markers.add(cell);
        continue;
      }
      key = cell;
    } else if (typeof cell === 'number') {
      key = cell;
    } else if (typeof cell === 'boolean') {
      key = cell ? 'true' : 'false';
    } else {
      key = cell.getTime();
    }
    scan.usable++;
    if (!checker.accept(cell)) scan.misfits++;
    if (scan.usable <= EXACT_DISTINCT_CELLS) {
      const before = distinct.size;
      distinct.add(key);
      if (distinct.size !== before && scan.examples.length < EXAMPLE_COUNT) {
        scan.examples.push(displayText(cell, format));
      }
    } else if (usableAtCap === 0 && scan.usable % DISTINCT_STRIDE === 0 && !distinct.has(key)) {
      distinct.add(key);
      newWhileSampling++;
      if (distinct.size >= MAX_DISTINCT_TRACKED) usableAtCap = scan.usable;
    }
  }
  const exact = distinct.size - newWhileSampling;
  scan.distinctCount = exact + newWhileSampling * DISTINCT_STRIDE;
  if (usableAtCap > 0) {
    // Carry the rate of new values seen so far over the rest of the column.
    scan.distinctCount += Math.round(
      (scan.distinctCount / usableAtCap) * (scan.usable - usableAtCap),
    );
  }
  scan.distinctCount = Math.min(scan.distinctCount, scan.usable) + scan.markers.size;
  scan.distinctApproximate = scan.usable > EXACT_DISTINCT_CELLS;
  return scan;
}

/**
 * A checker for spreadsheet/JSON cells of one kind (dates, numbers, booleans) when nearly all
 * of the sample is of that kind; null when the column is to be read as text.
 */
function nativeChecker(
  name: string,
  sample: readonly Cell[],
  format: string | null,
): (CellChecker & { native: true }) | null {
  if (sample.length === 0) return null;
  let dates = 0;
  let numbers = 0;
  let booleans = 0;
  for (const cell of sample) {
    if (cell instanceof Date) dates++;
    else if (typeof cell === 'number') numbers++;
    else if (typeof cell === 'boolean') booleans++;
  }
  const needed = sample.length * TYPE_SHARE;
  if (dates >= needed) {
    return format && isDurationFormat(format)
      ? durationCellChecker(format)
      : dateCellChecker(format);
  }
  if (numbers >= needed) return numberCellChecker(name, format);
  if (booleans >= needed) {
    return {
      native: true,
      accept: (cell) => typeof cell === 'boolean',
      finish(schema) {
        schema.type = 'boolean';
        schema.boolean = { trueText: 'true', falseText: 'false' };
      },
    };
  }
  return null;
}

/** The checker for a column read as text, of the type its sampled texts fit. */
function textChecker(
  name: string,
  headerSemantic: Semantic | null,
  texts: readonly string[],
  format: string | null,
  decimalHint: '.' | ',' | undefined,
): CellChecker & { native: false } {
  const decision = decideTextType(name, headerSemantic, texts, decimalHint);
  if (decision.kind === 'string') {
    return { native: false, accept: () => true, finish: () => undefined };
  }
  const checker = fitterChecker(makeFitter(decision), format);
  if (decision.kind === 'number') checker.decimalEvidence = decision.decimalEvidence;
  return checker;
}

function fitterChecker(fitter: Fitter, format: string | null): CellChecker & { native: false } {
  return {
    native: false,
    accept: (cell) => fitter.accept(withoutPadding(textOf(cell, format))),
    finish: (schema) => fitter.finish(schema),
    retry() {
      const better = fitter.retry?.();
      return better ? fitterChecker(better, format) : null;
    },
  };
}

/** Spreadsheet date cells: the pattern comes from the cells' number format. */
/** The span of the valid date cells a column accepts, and whether any has a time of day. */
function dateCellSpan() {
  const span = {
    min: Infinity,
    max: -Infinity,
    withTime: false,
    accept(cell: Cell): boolean {
      if (!(cell instanceof Date)) return false;
      const time = cell.getTime();
      if (Number.isNaN(time)) return false;
      if (time < span.min) span.min = time;
      if (time > span.max) span.max = time;
      if (time % MS_PER_DAY !== 0) span.withTime = true;
      return true;
    },
    /** The span as ISO wall-clock text, when any cell was accepted. */
    range(withTime: boolean): { min: string; max: string } | undefined {
      if (span.min > span.max) return undefined;
      return {
        min: isoWallClock(new Date(span.min), withTime),
        max: isoWallClock(new Date(span.max), withTime),
      };
    },
  };
  return span;
}

function dateCellChecker(format: string | null): CellChecker & { native: true } {
  const span = dateCellSpan();
  return {
    native: true,
    accept: (cell) => span.accept(cell),
    finish(schema) {
      const pattern =
        (format ? excelFormatToPattern(format) : null) ??
        (span.withTime ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD');
      const hasTime = patternHasTime(pattern);
      schema.type = hasTime ? 'datetime' : 'date';
      schema.format = datePatternName(pattern);
      const range = span.range(hasTime);
      if (range) schema.dateRange = range;
      schema.semantic = semanticFromHeader(schema.name) === 'birthDate' ? 'birthDate' : null;
    },
  };
}

function isPercentFormat(format: string): boolean {
  return excelFormatToNumberLayout(format)?.percent ?? false;
}

/**
 * Spreadsheet duration cells ('[h]:mm:ss', 'mm:ss.0'): read as dates, but no date or time of
 * day, so they are text shown through their format. Their observed span is kept as the date
 * range, so that generated durations stay as long as the real ones.
 */
function durationCellChecker(format: string): CellChecker & { native: true } {
  const span = dateCellSpan();
  return {
    native: true,
    accept: (cell) => span.accept(cell),
    finish(schema) {
      schema.type = 'string';
      const range = span.range(true);
      if (range) schema.dateRange = range;
    },
    describe: (schema) =>
      schema.type === 'string' ? describeDurations(schema, format) : describeColumn(schema),
  };
}

/** Fraction digits an Excel number format fixes ('0.00' → 2, '0.0%' → 3), or null. */
function precisionFromFormat(format: string | null): number | null {
  if (!format) return null;
  const section = format.split(';')[0] ?? '';
  const plain = section.replace(/"[^"]*"|\[[^\]]*\]|\\./g, '');
  if (/[ymdhs]/i.test(plain) || !/[0#?]/.test(plain)) return null;
  const percent = plain.includes('%') ? 2 : 0;
  const point = plain.indexOf('.');
  if (point < 0) return percent;
  const fraction = /^[0#?]*/.exec(plain.slice(point + 1))?.[0] ?? '';
  // '0.0#' shows 1 to 2 digits: not fixed.
  if (fraction.includes('#') || fraction.includes('?')) return null;
  return Math.min(fraction.length + percent, 10);
}

/** Spreadsheet/JSON numeric cells: numbers, or 1/0 flags under a flag-like header. */
function numberCellChecker(name: string, format: string | null): CellChecker & { native: true } {
  let min = Infinity;
  let max = -Infinity;
  let observedPrecision = 0;
  let onlyZeroOne = true;
  let misfit = false;
  return {
    native: true,
    accept(cell) {
      if (typeof cell !== 'number' || !Number.isFinite(cell)) {
        misfit = true;
        return false;
      }
      if (cell < min) min = cell;
      if (cell > max) max = cell;
      if (cell !== 0 && cell !== 1) onlyZeroOne = false;
      if (!Number.isInteger(cell)) {
        const digits = fractionDigitsOf(cell);
        if (digits > observedPrecision) observedPrecision = digits;
      }
      return true;
    },
    finish(schema) {
      if (onlyZeroOne && !misfit && isFlagHeader(name)) {
        schema.type = 'boolean';
        schema.boolean = { trueText: '1', falseText: '0' };
        return;
      }
      schema.type = 'number';
      const precision = precisionFromFormat(format) ?? observedPrecision;
      schema.number = plainNumberLayout(precision, min < 0);
      schema.number.integer = observedPrecision === 0;
      // What the format writes around the digits ('"$"#,##0.00', '0.00%'); the values, range
      // and precision stay those of the cells (0.125 under '0.00%').
      const shown = format ? excelFormatToNumberLayout(format) : null;
      if (shown) {
        const { percent: _percent, ...written } = shown;
        Object.assign(schema.number, written);
      }
      schema.precision = schema.number.precision;
      if (min <= max) schema.range = { min, max };
      const semantic = semanticFromHeader(name);
      schema.semantic = semantic === 'latitude' || semantic === 'longitude' ? semantic : null;
    },
  };
}

/** Whether a number text is a digit code: '00123' or more than 15 digits. */
function isDigitCode(analysis: NumberTextAnalysis): boolean {
  const digits = analysis.integerDigits;
  return (
    isPlainDigits(analysis) && ((digits.length > 1 && digits[0] === '0') || digits.length > 15)
  );
}

function isPlainDigits(analysis: NumberTextAnalysis): boolean {
  return (
    !analysis.negative &&
    !analysis.plus &&
    analysis.prefix === '' &&
    analysis.suffix === '' &&
    !analysis.exponent &&
    analysis.fractionDigits === '' &&
    analysis.thousandsSeparator === null &&
    analysis.ambiguousSeparator === null
  );
}

/**
 * The type a column's sampled texts fit, tried in order: boolean, digit code, number, date,
 * email, phone; string when none fits TYPE_SHARE of them.
 */
function decideTextType(
  name: string,
  headerSemantic: Semantic | null,
  texts: readonly string[],
  decimalHint: '.' | ',' | undefined,
): TextDecision {
  const needed = Math.ceil(texts.length * TYPE_SHARE);
  const flagHeader = isFlagHeader(name);

  const vocabulary = booleanVocabulary(texts, flagHeader);
  if (vocabulary && vocabulary.fits >= needed) {
    return { kind: 'boolean', trueText: vocabulary.trueText, falseText: vocabulary.falseText };
  }
  if (flagHeader && texts.every((text) => text === '1' || text === '0')) {
    return { kind: 'boolean', trueText: '1', falseText: '0' };
  }

  const analyses: NumberTextAnalysis[] = [];
  let plainDigits = 0;
  let codes = 0;
  let cardDigits = 0;
  for (const text of texts) {
    const analysis = analyzeNumberText(text);
    if (!analysis) continue;
    if (isPlainDigits(analysis)) {
      plainDigits++;
      if (isDigitCode(analysis)) codes++;
      // Longer ones are codes already.
      else if (text.length >= 13 && isCardDigits(text)) cardDigits++;
    }
    // '+15551234567' is a phone number in E.164, not a signed integer.
    if (analysis.plus && isPlainDigits({ ...analysis, plus: false })) continue;
    analyses.push(analysis);
  }
  const codeHeader = headerSemantic !== null && CODE_SEMANTICS.has(headerSemantic);
  // Card numbers of 13 to 15 digits ('378282246310005') are codes when (nearly) all of them
  // pass the Luhn check with a card prefix, as integer ids do not.
  if (plainDigits >= needed && (codes > 0 || codeHeader || cardDigits >= needed)) {
    return headerSemantic === 'phone' ? { kind: 'phone', digitsOnly: true } : { kind: 'code' };
  }
  if (analyses.length >= needed) {
    const layout = layoutFromAnalyses(analyses, decimalHint);
    if (layout) {
      let fits = 0;
      for (const analysis of analyses) if (readInLayout(analysis, layout) !== null) fits++;
      if (fits >= needed) {
        return { kind: 'number', layout, decimalEvidence: settledDecimalSeparator(analyses) };
      }
    }
  }

  const dates = decideDatePattern(texts);
  if (dates.pattern) return { kind: 'date', pattern: dates.pattern };

  let emails = 0;
  for (const text of texts) if (isEmailText(text)) emails++;
  if (emails >= needed) return { kind: 'email' };

  // A column most of whose values are dates ('2023-04-17' next to '17/04/2023', or dates
  // with a few impossible ones) is never a phone column, whatever its punctuation.
  if (
    !dates.mostlyDates &&
    (headerSemantic === null || headerSemantic === 'phone' || !CODE_SEMANTICS.has(headerSemantic))
  ) {
    // Under a phone header, bare digits ('5551234567') are phones next to written layouts.
    const phoneHeader = headerSemantic === 'phone';
    let phones = 0;
    let cards = 0;
    for (const text of texts) {
      if (isPhoneText(text) || (phoneHeader && isPhoneDigits(text))) phones++;
      if (isCardNumber(text)) cards++;
    }
    // Grouped card numbers look like phones, but one phone in ten passes the Luhn check:
    // a column where (nearly) all do holds cards.
    if (phones >= needed && cards < needed) return { kind: 'phone', digitsOnly: phoneHeader };
  }
  return { kind: 'string' };
}

/** What the date trial found: the pattern (null when none fits enough values), and whether one
 * pattern fits at least half of them. */
interface DateTrial {
  pattern: string | null;
  mostlyDates: boolean;
}

/**
 * The catalogue pattern most of the texts fit, or null. Day-first against month-first is
 * decided by the trial here (a value whose first field is above 12 fits only the day-first
 * pattern, so that pattern fits more values; when every value fits both, month-first wins) and
 * then by the whole column (see dateFitter).
 */
function decideDatePattern(texts: readonly string[]): DateTrial {
  const trial = texts.length > DATE_TRIAL_SIZE ? texts.slice(0, DATE_TRIAL_SIZE) : texts;
  const trialNeeded = Math.ceil(trial.length * TYPE_SHARE);
  const tallies = new Map<string, { fits: number; fractions: Map<number, number> }>();
  const details: ParseDetails = { fractionDigits: 0 };
  const none: DateTrial = { pattern: null, mostlyDates: false };
  let misses = 0;
  for (const text of trial) {
    const candidates = datePatternsForShape(textShape(text));
    // Past half the trial without a date shape, no pattern can fit most values.
    if (candidates.length === 0 && ++misses > trial.length / 2) return none;
    for (const { pattern } of candidates) {
      details.fractionDigits = 0;
      if (!parseDateTextLoosely(text, pattern, details)) continue;
      let tally = tallies.get(pattern);
      if (!tally) {
        tally = { fits: 0, fractions: new Map() };
        tallies.set(pattern, tally);
      }
      tally.fits++;
      if (details.fractionDigits > 0) {
        tally.fractions.set(
          details.fractionDigits,
          (tally.fractions.get(details.fractionDigits) ?? 0) + 1,
        );
      }
    }
  }
  // Texts without a fraction also fit, loosely, the same pattern with one: a column mixing
  // '10:00:05' and '10:00:05.25' (as PostgreSQL writes) is one column of that pattern.
  for (const [pattern, tally] of tallies) {
    const withoutFraction = pattern.replace(/[.,]S+/, '');
    if (withoutFraction === pattern) continue;
    tally.fits += tallies.get(withoutFraction)?.fits ?? 0;
  }
  let best: string | null = null;
  let bestFits = 0;
  let bestRank = Infinity;
  for (const [pattern, tally] of tallies) {
    const rank = CATALOGUE_ORDER.get(pattern) ?? Infinity;
    if (tally.fits > bestFits || (tally.fits === bestFits && rank < bestRank)) {
      best = pattern;
      bestFits = tally.fits;
      bestRank = rank;
    }
  }
  const mostlyDates = bestFits >= trial.length / 2;
  if (!best || bestFits < trialNeeded) return { pattern: null, mostlyDates };
  const fractions = tallies.get(best)?.fractions;
  if (fractions && fractions.size > 0) {
    let digits = 3;
    let most = 0;
    for (const [count, seen] of fractions) {
      if (seen > most) {
        digits = count;
        most = seen;
      }
    }
    best = best.replace(/S+/, 'S'.repeat(digits));
  }
  // The whole column is checked against the pattern afterwards (dateFitter).
  return { pattern: best, mostlyDates };
}

/** Whole-column statistics of a number column read in its layout. */
interface NumberStats {
  min: number;
  max: number;
  precision: number;
  integer: boolean;
  negative: boolean;
}

interface Fitter {
  accept(text: string): boolean;
  finish(schema: ColumnSchema): void;
  /** See CellChecker.retry. */
  retry?(): Fitter | null;
}

function makeFitter(decision: Exclude<TextDecision, { kind: 'string' }>): Fitter {
  switch (decision.kind) {
    case 'boolean': {
      const { trueText, falseText } = decision;
      return {
        accept: (text) => text === trueText || text === falseText,
        finish(schema) {
          schema.type = 'boolean';
          schema.boolean = { trueText, falseText };
        },
      };
    }
    case 'code':
      return codeFitter();
    case 'number':
      return numberFitter(decision.layout);
    case 'date':
      return dateFitter(decision.pattern);
    case 'email':
      return simpleFitter('email', isEmailText);
    case 'phone':
      // Under a phone header, bare national numbers ('0612345678') are phones too.
      return simpleFitter(
        'phone',
        decision.digitsOnly ? (text) => isPhoneText(text) || isPhoneDigits(text) : isPhoneText,
      );
  }
}

function isPhoneDigits(text: string): boolean {
  if (text.length < 7 || text.length > 15) return false;
  for (let i = 0; i < text.length; i++) if (!isDigit(text.charCodeAt(i))) return false;
  return true;
}

function simpleFitter(type: ColumnType, test: (text: string) => boolean): Fitter {
  return {
    accept: test,
    finish(schema) {
      schema.type = type;
    },
  };
}

function codeFitter(): Fitter {
  let minLength = Infinity;
  let maxLength = 0;
  let leadingZeros = false;
  return {
    accept(text) {
      for (let i = 0; i < text.length; i++) {
        const code = text.charCodeAt(i);
        if (code < 48 || code > 57) return false;
      }
      if (text.length < minLength) minLength = text.length;
      if (text.length > maxLength) maxLength = text.length;
      if (text.charCodeAt(0) === 48 && text.length > 1) leadingZeros = true;
      return true;
    },
    finish(schema) {
      schema.type = 'string';
      schema.code = { minLength, maxLength, leadingZeros };
    },
  };
}

/** What readPlainNumber found: the value and its fraction digits. */
interface PlainNumber {
  value: number;
  fraction: number;
}

/**
 * Reads a plain number text ('-12', '3.25') into `out` and returns true, or returns false when
 * the text is not one. The fast path for the common layout: one pass over the characters, no
 * allocation. Digits are accumulated as an integer and divided by a power of ten, which IEEE
 * division rounds exactly as Number(text) does while both stay below 2^53.
 */
function readPlainNumber(text: string, out: PlainNumber): boolean {
  const negative = text.charCodeAt(0) === 45;
  let i = negative ? 1 : 0;
  const start = i;
  let mantissa = 0;
  let code = 0;
  while (i < text.length && isDigit((code = text.charCodeAt(i)))) {
    mantissa = mantissa * 10 + code - 48;
    i++;
  }
  if (i === start) return false;
  let fraction = 0;
  if (i < text.length) {
    if (code !== 46) return false;
    const point = ++i;
    while (i < text.length && isDigit((code = text.charCodeAt(i)))) {
      mantissa = mantissa * 10 + code - 48;
      i++;
    }
    if (i !== text.length || i === point) return false;
    fraction = i - point;
  }
  let value = mantissa;
  if (mantissa > Number.MAX_SAFE_INTEGER || fraction > 22) value = Math.abs(Number(text));
  else if (fraction > 0) value = mantissa / 10 ** fraction;
  out.value = negative ? -value : value;
  out.fraction = fraction;
  return true;
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

function numberFitter(layout: NumberLayout): Fitter {
  const plainLayout =
    layout.prefix === '' &&
    layout.suffix === '' &&
    layout.decimalSeparator === '.' &&
    layout.thousandsSeparator === null &&
    !layout.explicitPlus &&
    layout.negativeStyle !== 'parentheses';
  const plain: PlainNumber = { value: 0, fraction: 0 };
  const stats: NumberStats = {
    min: Infinity,
    max: -Infinity,
    precision: 0,
    integer: true,
    negative: false,
  };
  return {
    accept(text) {
      if (plainLayout && readPlainNumber(text, plain)) {
        const { value, fraction } = plain;
        if (value < stats.min) stats.min = value;
        if (value > stats.max) stats.max = value;
        if (value < 0) stats.negative = true;
        if (fraction > 0) stats.integer = false;
        if (fraction > stats.precision) stats.precision = fraction;
        return true;
      }
      const analysis = analyzeNumberText(text);
      if (!analysis) return false;
      const value = readInLayout(analysis, layout);
      if (value === null) return false;
      if (value < stats.min) stats.min = value;
      if (value > stats.max) stats.max = value;
      if (value < 0) stats.negative = true;
      let fraction = analysis.fractionDigits.length;
      if (analysis.ambiguousSeparator && analysis.ambiguousSeparator !== layout.decimalSeparator) {
        fraction = 0;
      }
      if (analysis.exponent) fraction = fractionDigitsOf(Math.abs(value));
      if (fraction > 0) stats.integer = false;
      if (fraction > stats.precision) stats.precision = fraction;
      return true;
    },
    finish(schema) {
      const number: NumberLayout = {
        ...layout,
        precision: Math.min(stats.precision, 10),
        integer: stats.integer,
        negative: stats.negative,
      };
      schema.type = 'number';
      schema.number = number;
      schema.precision = number.precision;
      if (stats.min <= stats.max) schema.range = { min: stats.min, max: stats.max };
    },
  };
}

/**
 * Checks dates in a pattern. When the pattern starts with numeric month and day fields, it also
 * counts, over the whole column, the values only the swapped pattern reads (a first field above
 * 12 under month-first) against those only this one reads: the trial saw only the first values,
 * and the whole column decides which comes first.
 */
function dateFitter(pattern: string, swapAllowed = true): Fitter {
  let min = Infinity;
  let max = -Infinity;
  const zones = new Map<string, number>();
  const zone: ZoneOut = { timeZone: undefined };
  // Loosely: fractions of any width, or none, as the pattern was chosen (decideDatePattern).
  const details: ParseDetails = { fractionDigits: 0, day: 0 };
  let zoneCount = 0;
  const swapped = swapAllowed ? swapDayAndMonth(pattern) : null;
  const swappable = swapped !== null && CATALOGUE_ORDER.has(swapped.replace(/S+/, 'SSS'));
  let onlyThis = 0;
  let onlySwapped = 0;
  return {
    accept(text) {
      const time = parseDateTime(text, pattern, zone, details);
      if (Number.isNaN(time)) {
        // Read swapped, the month is this reading's day: a day above 12 fits only this way.
        if (swappable && !Number.isNaN(parseDateTime(text, swapped, zone, details))) {
          onlySwapped++;
        }
        return false;
      }
      if (swappable && (details.day ?? 0) > 12) onlyThis++;
      if (time < min) min = time;
      if (time > max) max = time;
      // The most common zone of the first values is the column's zone; counting every
      // value would cost a map update each.
      if (zone.timeZone !== undefined && zoneCount < ZONE_SAMPLE) {
        zoneCount++;
        zones.set(zone.timeZone, (zones.get(zone.timeZone) ?? 0) + 1);
      }
      return true;
    },
    finish(schema) {
      const hasTime = patternHasTime(pattern);
      schema.type = hasTime ? 'datetime' : 'date';
      schema.format = datePatternName(pattern);
      if (min <= max) {
        schema.dateRange = {
          min: isoWallClock(new Date(min), hasTime),
          max: isoWallClock(new Date(max), hasTime),
        };
      }
      let zone: string | undefined;
      let most = 0;
      for (const [text, count] of zones) {
        if (count > most) {
          zone = text;
          most = count;
        }
      }
      if (zone !== undefined) schema.timeZone = zone;
    },
    retry: () => (swappable && onlySwapped > onlyThis ? dateFitter(swapped, false) : null),
  };
}

/**
 * What a text column means. Strong value evidence (UUIDs, IPs, IBANs, card numbers, URLs,
 * peptides) wins over the header; a header meaning applies only where it fits the type
 * ('phone' means nothing on a column of free text).
 */
function semanticOf(
  type: ColumnType,
  headerSemantic: Semantic | null,
  texts: readonly string[],
  name: string,
): Semantic | null {
  switch (type) {
    case 'email':
      return 'email';
    case 'phone':
      return 'phone';
    case 'date':
    case 'datetime':
      return headerSemantic === 'birthDate' ? 'birthDate' : null;
    case 'number':
      return headerSemantic === 'latitude' || headerSemantic === 'longitude'
        ? headerSemantic
        : null;
    case 'string': {
      // The texts are the sample's usable values: markers are already left out.
      const values = texts;
      const fromValues = semanticFromValues(values, name);
      if (fromValues) return fromValues;
      if (
        headerSemantic === null ||
        headerSemantic === 'email' ||
        headerSemantic === 'phone' ||
        headerSemantic === 'birthDate' ||
        headerSemantic === 'peptide'
      ) {
        return null;
      }
      return headerSemantic;
    }
    default:
      return null;
  }
}
