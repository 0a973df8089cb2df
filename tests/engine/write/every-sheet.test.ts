import * as XLSX from '@e965/xlsx';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  convertWritten,
  convertWrittenChunks,
  readWorkbook,
  rewriting,
  writeWorkbook,
  writtenConversion,
  type FileFormat,
  type Workbook,
} from '../../../src/engine';
import { sheetFileName } from '../../../src/engine/write/every-sheet';

/*
 * Downloads of every sheet (write/every-sheet.ts through convertWritten's sheetScope): a
 * workbook as csv or tsv is a ZIP of one file per sheet, as json one object keyed by sheet;
 * 'one' keeps the sheet named alone in any format. And JSON made from a csv types its numbers
 * and booleans (typed-json-columns.ts); a datetime column keeps its time (write-json.ts).
 */

const BOOK: Workbook = {
  format: 'xlsx',
  sheets: [
    {
      name: 'Orders',
      columns: ['order_id', 'total'],
      rows: [
        ['O-1', 12.5],
        ['O-2', 7],
      ],
    },
    { name: 'Customers', columns: ['id', 'name'], rows: [['C-1', 'Ann']] },
    { name: 'Q1 <draft>', columns: ['quarter'], rows: [['Q1'], ['Q2'], ['Q3']] },
  ],
};
const XLSX_BYTES = writeWorkbook(BOOK, 'xlsx');

function convert(to: FileFormat, sheetScope: 'every' | 'one', sheetName?: string): Uint8Array {
  return convertWritten(XLSX_BYTES, {
    ...rewriting('xlsx', to, true),
    fileName: 'shop.xlsx',
    sheetScope,
    ...(sheetName ? { sheetName } : {}),
  });
}

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('every sheet of a workbook', () => {
  it.each(['csv', 'tsv'] as const)(
    'writes %s as a ZIP with one file per sheet, each named by its sheet',
    (format) => {
      const files = unzipSync(convert(format, 'every'));
      expect(Object.keys(files)).toEqual([
        `Orders.${format}`,
        `Customers.${format}`,
        `Q1 _draft_.${format}`,
      ]);
      const delimiter = format === 'csv' ? ',' : '\t';
      expect(text(files[`Orders.${format}`]!)).toBe(
        ['order_id', 'total'].join(delimiter) +
          '\r\nO-1' +
          delimiter +
          '12.5\r\nO-2' +
          delimiter +
          '7\r\n',
      );
      expect(text(files[`Q1 _draft_.${format}`]!).split('\r\n')).toHaveLength(5);
      // The same bytes whether written whole or in pieces.
      const pieces = [
        ...convertWrittenChunks(XLSX_BYTES, {
          ...rewriting('xlsx', format, true),
          fileName: 'shop.xlsx',
          sheetScope: 'every',
        }),
      ];
      expect(Buffer.concat(pieces)).toEqual(Buffer.from(convert(format, 'every')));
    },
  );

  it('writes json as one object keyed by sheet name', () => {
    const document = JSON.parse(text(convert('json', 'every'))) as Record<string, unknown[]>;
    expect(Object.keys(document)).toEqual(['Orders', 'Customers', 'Q1 <draft>']);
    expect(document.Orders).toEqual([
      { order_id: 'O-1', total: 12.5 },
      { order_id: 'O-2', total: 7 },
    ]);
  });

  it('keeps one sheet alone in any format when asked', () => {
    expect(text(convert('csv', 'one', 'Customers'))).toBe('id,name\r\nC-1,Ann\r\n');
    expect(JSON.parse(text(convert('json', 'one', 'Customers')))).toEqual([
      { id: 'C-1', name: 'Ann' },
    ]);
    const xlsx = readWorkbook(convert('xlsx', 'one', 'Q1 <draft>'), 'out.xlsx');
    expect(xlsx.sheets.map((sheet) => [sheet.name, sheet.rows.length])).toEqual([
      ['Q1 <draft>', 3],
    ]);
    expect(readWorkbook(convert('xlsx', 'every'), 'out.xlsx').sheets).toHaveLength(3);
  });

  it('gives sheets whose safe names meet files of their own', () => {
    const taken = new Set<string>();
    expect(['a:b', 'a/b', 'A?B', ''].map((name) => sheetFileName(name, 'csv', taken))).toEqual([
      'a_b.csv',
      'a_b (2).csv',
      'A_B (3).csv',
      'sheet.csv',
    ]);
  });
});

describe('json made from a csv', () => {
  const csv = new TextEncoder().encode(
    'customer_id,active,zip,score,note,big\r\n' +
      '8711,false,02134,1.50,ok,12345678901234567\r\n' +
      '8712,TRUE,10115,-3,,1\r\n' +
      '8713,,90210,,true,2\r\n',
  );

  it('holds detected numbers and booleans as JSON values, and text as text', () => {
    const json = text(
      convertWritten(csv, { ...writtenConversion('csv', 'json', true)!, fileName: 'c.csv' }),
    );
    expect(json.split('\n')[1]).toBe(
      '{"customer_id":8711,"active":false,"zip":"02134","score":1.50,"note":"ok","big":"12345678901234567"},',
    );
    expect(JSON.parse(json)).toEqual([
      expect.objectContaining({ customer_id: 8711, active: false, score: 1.5 }),
      expect.objectContaining({ customer_id: 8712, active: true, zip: '10115', score: -3 }),
      // Blanks of a typed column are null; 'true' in a column of text stays text.
      expect.objectContaining({ active: null, score: null, note: 'true' }),
    ]);
  });
});

describe('json made from a workbook', () => {
  it("keeps a datetime column's time, at midnight too", () => {
    const sheet = XLSX.utils.aoa_to_sheet(
      [
        ['id', 'created', 'born'],
        [1, new Date(Date.UTC(2001, 5, 7)), new Date(Date.UTC(1980, 0, 2))],
        [2, new Date(Date.UTC(2001, 5, 8, 13, 5)), new Date(Date.UTC(1981, 3, 4))],
      ],
      { cellDates: true },
    );
    const cell = (address: string): XLSX.CellObject => sheet[address] as XLSX.CellObject;
    for (const address of ['B2', 'B3']) cell(address).z = 'yyyy-mm-dd hh:mm:ss';
    for (const address of ['C2', 'C3']) cell(address).z = 'yyyy-mm-dd';
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'People');
    const bytes = new Uint8Array(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
    const json = JSON.parse(
      text(
        convertWritten(bytes, { ...writtenConversion('xlsx', 'json', true)!, fileName: 'p.xlsx' }),
      ),
    ) as unknown;
    expect(json).toEqual([
      { id: 1, created: '2001-06-07T00:00:00', born: '1980-01-02' },
      { id: 2, created: '2001-06-08T13:05:00', born: '1981-04-04' },
    ]);
  });
});
