import { utils, write, type WorkSheet } from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import {
  cellText,
  detectSchema,
  pseudonymize,
  readWorkbook,
  writeWorkbook,
} from '../../src/engine';

const march15 = new Date(Date.UTC(2023, 2, 15));

describe('cellText', () => {
  it.each([
    ['m/d/yyyy', '3/15/2023'],
    ['dd.mm.yyyy', '15.03.2023'],
    ['DD.MM.YYYY', '15.03.2023'],
    ['YYYY年M月D日', '2023年3月15日'],
    ['yyyy-mm-dd hh:mm:ss', '2023-03-15 00:00:00'],
  ])('writes a date cell formatted %s as the sheet shows it', (format, expected) => {
    expect(cellText(march15, format)).toBe(expected);
  });

  it('falls back to ISO text for a date format it cannot render', () => {
    expect(cellText(march15, 'NN')).toBe('2023-03-15');
    expect(cellText(new Date(Date.UTC(2023, 2, 15, 13, 5)), 'NN')).toBe('2023-03-15 13:05:00');
  });

  it('falls back to the plain number for a number format it cannot render', () => {
    expect(cellText(1234.5, '0.00 "unclosed')).toBe('1234.5');
    expect(cellText(1234.5, 'NN')).toBe('1234.5');
  });

  it('writes numbers through their number format', () => {
    expect(cellText(1234.5, '#,##0.00')).toBe('1,234.50');
    expect(cellText(0.125, '0.00%')).toBe('12.50%');
  });

  it('never shows a plain number as a date, nor a date as a plain number', () => {
    expect(cellText(42, 'm/d/yyyy')).toBe('42');
    expect(cellText(march15, '0.00')).toBe('2023-03-15');
  });
});

/** An xlsx with one date column formatted `format` and a name column, written by SheetJS. */
function datedWorkbook(format: string): Uint8Array {
  const sheet: WorkSheet = {
    A1: { t: 's', v: 'born' },
    B1: { t: 's', v: 'name' },
    A2: { t: 'n', v: 33000, z: format },
    B2: { t: 's', v: 'Hans' },
    A3: { t: 'n', v: 34000, z: format },
    B3: { t: 's', v: 'Eva' },
    '!ref': 'A1:B3',
  };
  const book = utils.book_new();
  utils.book_append_sheet(book, sheet, 'S');
  return new Uint8Array(write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
}

describe.each(['dd.mm.yyyy', 'DD.MM.YYYY', 'YYYY年M月D日', 'NN'])(
  'an xlsx date column formatted %s',
  (format) => {
    it('is written to CSV without an error', () => {
      const workbook = readWorkbook(datedWorkbook(format), 'in.xlsx');
      const csv = new TextDecoder().decode(writeWorkbook(workbook, 'csv'));
      expect(csv.split('\r\n')).toHaveLength(4);
      expect(csv).toContain('Hans');
    });

    it('is pseudonymized with its mapping built', () => {
      const workbook = readWorkbook(datedWorkbook(format), 'in.xlsx');
      const schemas = workbook.sheets.map((sheet) => detectSchema(sheet));
      const result = pseudonymize(workbook, schemas, { secret: 'k' });
      expect(result.mapping.rows.length).toBeGreaterThan(0);
      expect(() => writeWorkbook(result.workbook, 'csv')).not.toThrow();
    });
  },
);
