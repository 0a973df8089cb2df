import { read, utils, write, type CellObject, type WorkSheet } from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { detectSchema, pseudonymize, readWorkbook, writeWorkbook } from '../../../src/engine';

const s = (v: string): CellObject => ({ t: 's', v });
const n = (v: number, z?: string): CellObject => (z ? { t: 'n', v, z } : { t: 'n', v });

/**
 * Columns whose cells do not all share one number format: a plain number in a date column, a
 * '0' cell in a percent column, a '0.000' cell among '#,##0.00' amounts (written by SheetJS).
 */
function mixedFormatsBook(): Uint8Array {
  const rows: CellObject[][] = [
    [s('when'), s('rate'), s('amount')],
    [n(45000, 'm/d/yyyy'), n(0.1, '0.00%'), n(1234.5, '#,##0.00')],
    [n(45001, 'm/d/yyyy'), n(0.2, '0.00%'), n(2.25, '#,##0.00')],
    [n(42), n(7, '0'), n(0.125, '0.000')],
    [n(45002, 'm/d/yyyy'), n(0.3, '0.00%'), n(3.5, '#,##0.00')],
  ];
  const sheet: WorkSheet = {};
  rows.forEach((row, r) => row.forEach((cell, c) => (sheet[utils.encode_cell({ r, c })] = cell)));
  sheet['!ref'] = `A1:C${rows.length}`;
  const book = utils.book_new();
  utils.book_append_sheet(book, sheet, 'S');
  return new Uint8Array(write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
}

/** What each cell of the first sheet shows, and its number format, as SheetJS reads them. */
function displayed(bytes: Uint8Array): { text: string[][]; formats: (string | undefined)[][] } {
  const book = read(bytes, { type: 'array', dense: true, cellNF: true });
  const data = book.Sheets[book.SheetNames[0] ?? '']?.['!data'] ?? [];
  const rows = data.slice(1).map((row) => row as (CellObject | undefined)[]);
  return {
    text: rows.map((row) => row.map((cell) => cell?.w ?? '')),
    formats: rows.map((row) =>
      row.map((cell) => (typeof cell?.z === 'string' ? cell.z : undefined)),
    ),
  };
}

describe('per-cell number formats', () => {
  it('keeps a cell whose format differs from its column', () => {
    const sheet = readWorkbook(mixedFormatsBook(), 'in.xlsx').sheets[0];
    expect(sheet?.rows[2]).toEqual([42, 7, 0.125]);
    expect(sheet?.numberFormats).toEqual(['m/d/yyyy', '0.00%', '#,##0.00']);
    expect(sheet?.cellFormats?.map((formats) => [...(formats ?? [])])).toEqual([
      [[2, 'General']],
      [[2, '0']],
      [[2, '0.000']],
    ]);
  });

  it.each(['xlsx', 'xls'] as const)('writes each cell with its own format to %s', (format) => {
    const workbook = readWorkbook(mixedFormatsBook(), 'in.xlsx');
    const out = displayed(writeWorkbook(workbook, format));
    expect(out.text[0]).toEqual(['3/15/2023', '10.00%', '1,234.50']);
    expect(out.text[2]).toEqual(['42', '7', '0.125']);
  });

  it('writes each cell as it shows to CSV', () => {
    const workbook = readWorkbook(mixedFormatsBook(), 'in.xlsx');
    const csv = new TextDecoder().decode(writeWorkbook(workbook, 'csv'));
    expect(csv.split('\r\n')).toEqual([
      'when,rate,amount',
      '3/15/2023,10.00%,"1,234.50"',
      '3/16/2023,20.00%,2.25',
      '42,7,0.125',
      '3/17/2023,30.00%,3.50',
      '',
    ]);
  });

  it('never puts a date format on a plain number', () => {
    const workbook = {
      format: 'xlsx' as const,
      sheets: [
        {
          name: 'S',
          columns: ['when'],
          rows: [[new Date(Date.UTC(2023, 2, 15))], [42]],
          numberFormats: ['m/d/yyyy'],
        },
      ],
    };
    const out = displayed(writeWorkbook(workbook, 'xlsx'));
    expect(out.text).toEqual([['3/15/2023'], ['42']]);
    const csv = new TextDecoder().decode(writeWorkbook(workbook, 'csv'));
    expect(csv).toBe('when\r\n3/15/2023\r\n42\r\n');
  });

  it('keeps each cell format on the pseudonym at its position', () => {
    const workbook = readWorkbook(mixedFormatsBook(), 'in.xlsx');
    const schemas = workbook.sheets.map((sheet) => detectSchema(sheet));
    const result = pseudonymize(workbook, schemas, { secret: 'k' });
    const amounts = result.workbook.sheets[0]?.rows.map((row) => row[2]);
    expect(amounts).not.toEqual([1234.5, 2.25, 0.125, 3.5]);
    const out = displayed(writeWorkbook(result.workbook, 'xlsx'));
    expect(out.formats.map((row) => row[1])).toEqual(['0.00%', '0.00%', '0', '0.00%']);
    expect(out.formats.map((row) => row[2])).toEqual(['#,##0.00', '#,##0.00', '0.000', '#,##0.00']);
  });
});
