import type { ColumnReport, PrivacyReport, SheetReport } from '../../engine/browser';
import { formatCount } from './format';

/** '1 warning', '2 warnings': a count with its noun. */
export function plural(count: number, noun: string, nouns = `${noun}s`): string {
  return `${formatCount(count)} ${count === 1 ? noun : nouns}`;
}

/**
 * Cells of a replaced column whose output equals their own original. Booleans are left out, as
 * the report's own warning leaves them out: with two values, a keyed keep-or-swap leaves half of
 * them equal by design.
 */
export function survivingCells(column: ColumnReport): number {
  if (!column.survivors || column.type === 'boolean') return 0;
  return column.survivors.sameCell;
}

/** The smallest k over the sheets that keep columns; null when no sheet keeps any. */
export function smallestK(sheets: readonly SheetReport[]): number | null {
  const measured = sheets.filter(
    (sheet) => sheet.risk.quasiIdentifiers.length > 0 && sheet.risk.rows > 0,
  );
  if (measured.length === 0) return null;
  return Math.min(...measured.map((sheet) => sheet.risk.k));
}

/**
 * The report's summary line in parts, measured: 'No original survives', '2 warnings',
 * 'k = 3 on kept columns'; originals found in other columns get a part of their own.
 */
export function reportSummaryParts(report: PrivacyReport): string[] {
  const survivors = report.sheets
    .flatMap((sheet) => sheet.columns)
    .reduce((sum, column) => sum + survivingCells(column), 0);
  const leakedCells = report.leaks.reduce((sum, leak) => sum + leak.cells, 0);
  const k = smallestK(report.sheets);
  return [
    survivors === 0
      ? 'No original survives'
      : `${plural(survivors, 'original survives', 'originals survive')} in place`,
    ...(leakedCells > 0
      ? [`${plural(leakedCells, 'cell')} elsewhere hold replaced originals`]
      : []),
    report.warnings.length === 0 ? 'No warnings' : plural(report.warnings.length, 'warning'),
    k === null ? 'No kept columns to link' : `k = ${formatCount(k)} on kept columns`,
  ];
}
