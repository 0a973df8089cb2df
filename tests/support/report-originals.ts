/**
 * The original cell values a report page must not show: every value of at least four
 * characters of each column the run replaced whose figures are counts only (text, emails,
 * phones, ids, categories). Number and date columns are left out: the report states their
 * quantiles, mean and range by design, figures that land on some row's value (a median day is
 * some customer's signup day). Values the column's output holds as well are left out (the
 * shared file shows them anyway), and so are shorter values (`F`, `M`, `12`), which occur in any
 * text.
 */
import type { PrivacyReport } from '../../src/engine';
import type { Table } from './report-files';

/** Distinct originals of the replaced columns of a one-sheet table, as its report names them. */
export function replacedOriginalsIn(table: Table, output: Table, report: PrivacyReport): string[] {
  const sheet = report.sheets[0];
  if (!sheet) throw new Error('the report has no sheet');
  const values = new Set<string>();
  for (const column of sheet.columns) {
    if (!column.replaced || column.numbers || column.dates) continue;
    const index = table.columns.indexOf(column.name);
    const outputIndex = output.columns.indexOf(column.name);
    if (index < 0 || outputIndex < 0) throw new Error(`no column ${column.name}`);
    const written = new Set(output.rows.map((row) => row[outputIndex]));
    for (const row of table.rows) {
      const value = row[index]!;
      if (value.length >= 4 && !written.has(value)) values.add(value);
    }
  }
  return [...values];
}
