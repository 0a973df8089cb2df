import { cellNumberFormat, isBlankCell } from '../cell';
import { displayText } from '../detect/value-text';
import { isTwoValued, pseudonymize, truthCounts } from '../pseudonymize';
import { PSEUDONYM_SCHEME_VERSION } from '../pseudonymize/scheme-version';
import type { Cell, ColumnSchema, FileFormat, Sheet } from '../types';

/*
 * A schema card's example pseudonym is the one the run writes for that value: the rows that
 * hold each column's first example, kept as read when the file is read, are pseudonymized on
 * their own under the run's key and the current rules (a date's shift and window included),
 * with each two-valued column drawn at its whole sheet's share of true, as a part of a file is.
 * Pseudonyms that depend only on the key, the rule, the value and its row are then the run's.
 */

/** Rows searched for a column's first example: it is the column's first usable value. */
const EXAMPLE_SEARCH_ROWS = 10_000;

/** The rows of a sheet that hold its columns' first examples, as read. */
export interface ExampleRows {
  /** Each column's example row, an index into `rows`; -1 where none was found. */
  rowOfColumn: number[];
  /** The rows that hold the examples, in sheet order, with their cells as read. */
  rows: Cell[][];
  /** The number format of each cell of those rows; null where it has none. */
  formats: (string | null)[][];
  /** Per column, the whole sheet's share of true where the column is two-valued as detected. */
  twoValuedShares: (number | undefined)[];
}

/**
 * Finds, for each column, the first row whose cell shows as the column's first example, and
 * keeps those rows (at most one per column) and the share of true of each two-valued column.
 * @example exampleRowsOf(sheet, detectSchema(sheet)).rowOfColumn // [0, 0, 2]
 */
export function exampleRowsOf(sheet: Sheet, schema: readonly ColumnSchema[]): ExampleRows {
  const found = schema.map((column, index) => {
    const example = column.examples[0];
    if (example === undefined) return -1;
    const format = sheet.numberFormats?.[index] ?? null;
    const last = Math.min(sheet.rows.length, EXAMPLE_SEARCH_ROWS);
    for (let row = 0; row < last; row++) {
      const cell = sheet.rows[row]?.[index] ?? null;
      if (!isBlankCell(cell) && displayText(cell, format) === example) return row;
    }
    return -1;
  });
  const sheetRows = [...new Set(found.filter((row) => row >= 0))].sort((a, b) => a - b);
  return {
    rowOfColumn: found.map((row) => sheetRows.indexOf(row)),
    rows: sheetRows.map((row) =>
      sheet.columns.map((_, column) => sheet.rows[row]?.[column] ?? null),
    ),
    formats: sheetRows.map((row) =>
      sheet.columns.map((_, column) => cellNumberFormat(sheet, row, column)),
    ),
    twoValuedShares: schema.map((column, index) => {
      if (!isTwoValued(column, PSEUDONYM_SCHEME_VERSION)) return undefined;
      const [trues, said] = truthCounts(sheet.rows, index);
      return said === 0 ? undefined : trues / said;
    }),
  };
}

export interface ExampleRunOptions {
  secret: string | Uint8Array;
  scheme: number;
}

/**
 * Each column's example pseudonym as the run writes it, as display text: its example row
 * pseudonymized on its own under `secret` and the schema's rules. Null for a column without an
 * example row or whose rule keeps or empties it (the card says so itself).
 * @example examplePseudonyms(format, sheet, examples, schema, { secret, scheme: 12 }) // ['Rosa', null, '2019-10-30']
 */
export function examplePseudonyms(
  format: FileFormat,
  sheet: { readonly name: string; readonly columns: readonly string[] },
  examples: ExampleRows,
  schema: readonly ColumnSchema[],
  options: ExampleRunOptions,
): (string | null)[] {
  if (examples.rows.length === 0) return schema.map(() => null);
  const cellFormats = sheet.columns.map((_, column) => {
    const formats = new Map<number, string>();
    examples.formats.forEach((row, index) => {
      const format = row[column];
      if (format) formats.set(index, format);
    });
    return formats;
  });
  const { workbook } = pseudonymize(
    {
      format,
      sheets: [
        {
          name: sheet.name,
          columns: [...sheet.columns],
          rows: examples.rows.map((row) => [...row]),
          cellFormats,
        },
      ],
    },
    [[...schema]],
    { secret: options.secret, scheme: options.scheme, twoValuedShares: [examples.twoValuedShares] },
  );
  const output = workbook.sheets[0];
  return schema.map((column, index) => {
    const row = examples.rowOfColumn[index] ?? -1;
    if (row < 0 || !output) return null;
    if (column.rule.action === 'keep' || column.rule.action === 'blank') return null;
    if (column.type === 'blank') return null;
    const cell = output.rows[row]?.[index] ?? null;
    return isBlankCell(cell) ? '' : displayText(cell, cellNumberFormat(output, row, index));
  });
}
