import type { Cell, ColumnSchema, Sheet } from '../types';
import { detectColumn, type DetectOptions } from './column';

/**
 * Describes every column of a sheet: type, format, meaning, examples and counts.
 * @example detectSchema({ name: 'Sheet1', columns: ['email'], rows: [['a@example.com']] })[0]?.type // 'email'
 */
export function detectSchema(sheet: Sheet, options: DetectOptions = {}): ColumnSchema[] {
  const { rows, columns } = sheet;
  // Columns are copied out in one pass over the rows: each row is visited once, not once per
  // column, which matters for memory traffic on sheets of hundreds of thousands of rows.
  const cells = columns.map(() => new Array<Cell>(rows.length));
  for (let row = 0; row < rows.length; row++) {
    const source = rows[row];
    for (let column = 0; column < columns.length; column++) {
      (cells[column] as Cell[])[row] = source?.[column] ?? null;
    }
  }
  return columns.map((name, column) =>
    detectColumn(name, cells[column] as Cell[], sheet.numberFormats?.[column] ?? null, options),
  );
}
