import type { ColumnReport, PrivacyReport, SheetReport } from './report-schema';

/*
 * The report's summary line, one home for the page and the printable report: what survives of
 * the originals and where (kept columns by name, originals left in place), cells elsewhere
 * holding replaced originals, how many warnings, and the smallest k over the kept columns.
 */

const count = (value: number): string => value.toLocaleString('en-US');

/** '1 warning', '2 warnings': a count with its noun. */
function plural(value: number, noun: string, nouns = `${noun}s`): string {
  return `${count(value)} ${value === 1 ? noun : nouns}`;
}

/**
 * Whether a replaced column's originals may equal their output by design, so that they count as
 * no survivors:
 * - columns of two values: a keyed keep-or-swap of booleans (schemes 1 to 9) leaves every one
 *   equal half the time, and a draw by row (scheme 10 on: booleans and measures of 0 and 1,
 *   row-booleans.ts) leaves each equal by chance. A measure of two values or fewer counts so: a
 *   measure's own pseudonym never equals its value, so its cells can only equal so by design;
 * - a country (a name or a code: 'United States', 'US') that named the US beside a US state
 *   stays the US (scheme 2, row-location.ts): one value every US row shares, following the
 *   row's pseudonymized state. A country's per-value pseudonym never equals its original, so
 *   this is the only way one stays.
 */
export function survivesByDesign(
  column: Pick<ColumnReport, 'type' | 'semantic' | 'measure' | 'distinctBefore'>,
): boolean {
  return hasTwoValues(column) || column.semantic === 'country' || column.semantic === 'countryCode';
}

/** A column of two values: booleans, and measures of two values or fewer (0 and 1). */
export function hasTwoValues(
  column: Pick<ColumnReport, 'type' | 'measure' | 'distinctBefore'>,
): boolean {
  return column.type === 'boolean' || (column.measure && column.distinctBefore <= 2);
}

/** Cells of a replaced column whose output equals their own original, by accident. */
export function survivingCells(column: ColumnReport): number {
  if (!column.survivors || survivesByDesign(column)) return 0;
  return column.survivors.sameCell;
}

/** The smallest k over the sheets that keep columns; null when no sheet keeps any. */
function smallestK(sheets: readonly SheetReport[]): number | null {
  const measured = sheets.filter(
    (sheet) => sheet.risk.quasiIdentifiers.length > 0 && sheet.risk.rows > 0,
  );
  if (measured.length === 0) return null;
  return Math.min(...measured.map((sheet) => sheet.risk.k));
}

/**
 * Names in a sentence: 'a', 'a and b', 'a, b, c and d'; past four, 'a, b, c and 4 more' (a
 * count of one more would take as much room as the name).
 */
export function nameList(names: readonly string[], shown = 3): string {
  if (names.length <= 1) return names[0] ?? '';
  if (names.length <= shown + 1) return `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`;
  return `${names.slice(0, shown).join(', ')} and ${count(names.length - shown)} more`;
}

/** A column's name, with its sheet's where the report has several. */
function columnNamesWhere(
  sheets: readonly SheetReport[],
  keep: (column: ColumnReport) => boolean,
): string[] {
  return sheets.flatMap((sheet) =>
    sheet.columns
      .filter(keep)
      .map((column) => (sheets.length > 1 ? `${column.name} (${sheet.name})` : column.name)),
  );
}

/**
 * What survives of the originals, and where: nothing replaced at all, originals kept in named
 * columns, text kept around the personal data replaced in it, and originals left in place by
 * accident in replaced columns. Never 'No original survives' while a kept column holds one.
 */
function survivalParts(report: PrivacyReport): string[] {
  const columns = report.sheets.flatMap((sheet) => sheet.columns);
  if (report.sheets.every((sheet) => sheet.rows === 0)) return ['No data rows: nothing replaced'];
  const kept = columnNamesWhere(
    report.sheets,
    (column) => column.rule === 'keep' && column.nonEmptyBefore > 0,
  );
  const redacted = columnNamesWhere(
    report.sheets,
    (column) => column.rule === 'redact' && column.nonEmptyBefore > 0,
  );
  const keptPart = kept.length > 0 ? [`Originals kept in ${nameList(kept)}`] : [];
  const redactedPart =
    redacted.length > 0
      ? [`Text kept around the personal data replaced in ${nameList(redacted)}`]
      : [];
  if (!columns.some((column) => column.replaced) && redacted.length === 0) {
    return ['Nothing replaced', ...(kept.length > 0 ? keptPart : ['No original kept'])];
  }
  const survivors = columns.reduce((sum, column) => sum + survivingCells(column), 0);
  const inReplaced = kept.length + redacted.length > 0 ? ' in replaced columns' : '';
  return [
    survivors === 0
      ? `No original survives${inReplaced}`
      : `${plural(survivors, 'original survives', 'originals survive')} in place${inReplaced}`,
    ...keptPart,
    ...redactedPart,
  ];
}

/** Whether the run replaced nothing: every column kept, emptied, or no data rows. */
export function replacedNothing(report: PrivacyReport): boolean {
  return !report.sheets.some(
    (sheet) =>
      sheet.rows > 0 && sheet.columns.some((column) => column.replaced || column.rule === 'redact'),
  );
}

/**
 * The summary line in parts, measured.
 * @example reportSummaryParts(report).join(' · ') // 'No original survives in replaced columns · Originals kept in zip · 2 warnings · k = 3 on kept columns'
 */
export function reportSummaryParts(report: PrivacyReport): string[] {
  const leakedCells = report.leaks.reduce((sum, leak) => sum + leak.cells, 0);
  const k = smallestK(report.sheets);
  return [
    ...survivalParts(report),
    ...(leakedCells > 0
      ? [`${plural(leakedCells, 'cell')} elsewhere hold replaced originals`]
      : []),
    report.warnings.length === 0 ? 'No warnings' : plural(report.warnings.length, 'warning'),
    k === null ? 'No kept columns to link' : `k = ${count(k)} on kept columns`,
  ];
}
