import { describe, expect, it } from 'vitest';
import {
  detectSchema,
  pseudonymize,
  readWorkbook,
  type Cell,
  type ColumnSchema,
} from '../../../src/engine';
import { parseDateTextLoosely } from '../../../src/engine/formats/dates';
import { defaultDatePattern } from '../../../src/engine/pseudonymize/date-ranges';
import { customerExportCsv } from '../../support/customer-export';
import { plain } from '../../support/name-letters';

function instantOf(cell: Cell, column: ColumnSchema): number {
  const pattern = column.format ?? defaultDatePattern(column);
  return parseDateTextLoosely(String(cell), pattern, { fractionDigits: 0 })!.date.getTime();
}

describe('row relations on a 5 MB customer export', () => {
  it('keeps signup_date ≤ last_login on every row, and emails made of the row’s names', () => {
    const text = customerExportCsv(5_000_000, 20240417);
    const workbook = readWorkbook(new TextEncoder().encode(text), 'export.csv');
    const sheet = workbook.sheets[0]!;
    const schema = detectSchema(sheet);
    const at = (name: string): number => sheet.columns.indexOf(name);
    const [signup, login, first, last, email] = [
      at('signup_date'),
      at('last_login'),
      at('first_name'),
      at('last_name'),
      at('email'),
    ];
    expect(schema[login]!.format).toBe('M/D/YYYY h:mm:ss A');
    const out = pseudonymize(workbook, [schema], { secret: 'bench' });
    let pairs = 0;
    let ordered = 0;
    let namedBefore = 0;
    let namedAfter = 0;
    out.workbook.sheets[0]!.rows.forEach((cells, r) => {
      const original = sheet.rows[r]!;
      if (original[signup] !== '' && original[login] !== '') {
        pairs++;
        if (
          instantOf(cells[signup]!, schema[signup]!) <= instantOf(cells[login]!, schema[login]!)
        ) {
          ordered++;
        }
      }
      const local = (cell: Cell): string => String(cell).split('@')[0]!.replace(/\d+$/, '');
      const named = (row: Cell[]): boolean =>
        local(row[email]!) === `${plain(String(row[first]))}.${plain(String(row[last]))}`;
      if (original[email] !== '' && named(original)) {
        namedBefore++;
        if (named(cells)) namedAfter++;
      }
    });
    expect(pairs).toBeGreaterThan(20_000);
    expect(ordered).toBe(pairs);
    expect(namedBefore).toBeGreaterThan(10_000);
    expect(namedAfter / namedBefore).toBeGreaterThan(0.99);
  }, 120_000);
});
