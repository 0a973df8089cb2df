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
 * - Numbers: any layout formats/numbers reads (grouping, decimal comma, currency, percent, sign,
 *   parentheses). Scientific notation ('1e5') counts as a number and is written back plainly.
 *   Digit strings with a leading zero ('00123') or more than 15 digits are codes: `string` with
 *   `code` set, so their digit pattern is kept. Under a header naming an identifier (zip, phone,
 *   ssn, account, card, iban) plain digit strings are codes too, or phones under a phone header,
 *   where they also count as phones next to written layouts ('+1 555 123 4567', '5551234567').
 * - Booleans: true/false, yes/no, y/n, t/f in one consistent case (single letters need both
 *   values, or a flag-like header); 1/0 only when the column holds nothing else and the header
 *   reads like a flag.
 * - Dates written as whole numbers under a header naming a date or an instant ('created_at',
 *   'order_date'): Unix time in seconds or milliseconds (patterns `X`, `x`) and compact dates
 *   (`YYYYMMDD`), as text or as number cells (number-dates.ts).
 * - Dates: the catalogue pattern most sampled values fit; day-first against month-first is then
 *   settled by the whole column (more values with a first field above 12 than with a second one
 *   above 12 means day first). The most common zone is recorded. Spreadsheet date cells take
 *   the pattern of their number format. Zero dates ('0000-00-00') are missing markers, and a
 *   column mostly of dates is never taken for phone numbers.
 * - Large columns: the first `sampleSize` values plus a spread decide; then one pass over every
 *   value counts, checks and measures ranges. Distinct counts past 20,000 values are estimates
 *   (`distinctApproximate`, shown with '~').
 */
import type { Cell, ColumnSchema } from '../types';
import type { DecimalEvidence } from './cell-checker';
import { semanticOf } from './column-semantic';
import { describeColumn } from './describe';
import { nativeChecker } from './native-checkers';
import { sampleCells, scanColumn } from './scan-column';
import { SEMANTIC_METHODS, semanticFromHeader } from './semantics';
import { textChecker } from './text-checker';
import { TYPE_SHARE } from './type-share';
import { textOf, withoutPadding } from './value-text';

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

export const DEFAULT_SAMPLE_SIZE = 5_000;

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
  schema.description = checker.describe?.(schema) ?? describeColumn(schema);
  const decimalEvidence = schema.type === 'number' ? (checker.decimalEvidence ?? null) : null;
  return { schema, decimalEvidence };
}
