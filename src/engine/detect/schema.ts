import type { ColumnSchema, Sheet } from '../types';
import { detectColumnOf, type DetectOptions } from './column';

/**
 * Describes every column of a sheet: type, format, meaning, examples and counts.
 * @example detectSchema({ name: 'Sheet1', columns: ['email'], rows: [['a@example.com']] })[0]?.type // 'email'
 */
export function detectSchema(sheet: Sheet, options: DetectOptions = {}): ColumnSchema[] {
  const { rows } = sheet;
  return sheet.columns.map((name, column) =>
    detectColumnOf(
      name,
      rows.length,
      (row) => rows[row]?.[column] ?? null,
      sheet.numberFormats?.[column] ?? null,
      options,
    ),
  );
}
