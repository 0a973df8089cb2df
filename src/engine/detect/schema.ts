import type { Cell, ColumnSchema, Sheet } from '../types';
import { detectColumn, type DetectOptions } from './column';

/**
 * Describes every column of a sheet: type, format, meaning, examples and counts.
 * @example detectSchema({ name: 'Sheet1', columns: ['email'], rows: [['a@example.com']] })[0]?.type // 'email'
 */
export function detectSchema(sheet: Sheet, options: DetectOptions = {}): ColumnSchema[] {
  const { rows } = sheet;
  return sheet.columns.map((name, column) => {
    const cells = new Array<Cell>(rows.length);
    for (let row = 0; row < rows.length; row++) cells[row] = rows[row]?.[column] ?? null;
    return detectColumn(name, cells, sheet.numberFormats?.[column] ?? null, options);
  });
}
