import { CFB, read, utils, write, type CellObject, type WorkSheet } from '@e965/xlsx';
import { afterEach, describe, expect, it } from 'vitest';
import { cellText, EngineError, readWorkbook, writeWorkbook } from '../../../src/engine';

type BookType = 'xlsx' | 'biff8';

/** A workbook written by SheetJS, sheets given as rows of cell objects (null = no cell). */
function workbookBytes(
  sheets: Record<string, (CellObject | null)[][]>,
  bookType: BookType = 'xlsx',
): Uint8Array {
  const book = utils.book_new();
  for (const [name, rows] of Object.entries(sheets)) {
    const sheet: WorkSheet = {};
    let maxColumn = 0;
    rows.forEach((row, r) =>
      row.forEach((cell, c) => {
        if (cell) sheet[utils.encode_cell({ r, c })] = cell;
        maxColumn = Math.max(maxColumn, c);
      }),
    );
    sheet['!ref'] = utils.encode_range({
      s: { r: 0, c: 0 },
      e: { r: Math.max(rows.length - 1, 0), c: maxColumn },
    });
    utils.book_append_sheet(book, sheet, name);
  }
  return new Uint8Array(write(book, { type: 'array', bookType }) as ArrayBuffer);
}

interface ZipEntry {
  content: Uint8Array;
  size: number;
}
const zipTools = CFB as {
  read: (data: Uint8Array, options: object) => unknown;
  find: (zip: unknown, path: string) => ZipEntry | null;
  write: (zip: unknown, options: object) => ArrayBuffer;
};

/** An xlsx whose first sheet declares `ref` as its dimension, as hostile or sloppy writers do. */
function withDeclaredDimension(bytes: Uint8Array, ref: string): Uint8Array {
  const zip = zipTools.read(bytes, { type: 'array' });
  const entry = zipTools.find(zip, '/xl/worksheets/sheet1.xml');
  if (!entry) throw new Error('fixture has no sheet1.xml');
  const xml = new TextDecoder()
    .decode(entry.content)
    .replace(/<dimension ref="[^"]*"\/>/, `<dimension ref="${ref}"/>`);
  entry.content = new TextEncoder().encode(xml);
  entry.size = entry.content.length;
  return new Uint8Array(zipTools.write(zip, { fileType: 'zip', type: 'array' }));
}

/**
 * A legacy xls (BIFF5, as Excel 95 wrote) whose text is in Windows-1251: SheetJS writes BIFF5 in
 * Windows-1252, so its CODEPAGE record is set to 1251 and placeholders of the same length are
 * overwritten with the Cyrillic bytes.
 */
function cyrillicBiff5(): Uint8Array {
  const book = utils.book_new();
  utils.book_append_sheet(
    book,
    utils.aoa_to_sheet([
      ['name', 'city'],
      ['AAAA', 'BBBBBB'],
    ]),
    'S',
  );
  const bytes = new Uint8Array(write(book, { type: 'array', bookType: 'biff5' }) as ArrayBuffer);
  const at = (ascii: number[]): number => Buffer.from(bytes).indexOf(Buffer.from(ascii));
  const codePage = at([0x42, 0x00, 0x02, 0x00, 0xe4, 0x04]); // CODEPAGE, 2 bytes: 1252
  bytes.set([0xe3, 0x04], codePage + 4); // 1251
  bytes.set([0xc8, 0xe2, 0xe0, 0xed], at([...'AAAA'].map((c) => c.charCodeAt(0)))); // Иван
  bytes.set([0xcc, 0xee, 0xf1, 0xea, 0xe2, 0xe0], at([...'BBBBBB'].map((c) => c.charCodeAt(0)))); // Москва
  return bytes;
}

const s = (v: string): CellObject => ({ t: 's', v });
const n = (v: number, z?: string): CellObject => (z ? { t: 'n', v, z } : { t: 'n', v });
const b = (v: boolean): CellObject => ({ t: 'b', v });

const originalTimeZone = process.env.TZ;
afterEach(() => {
  process.env.TZ = originalTimeZone;
});

describe.each([
  ['xlsx', 'xlsx'],
  ['xls', 'biff8'],
] as const)('readWorkbook on %s written by SheetJS', (format, bookType) => {
  const fixture = () =>
    workbookBytes(
      {
        People: [
          [s('name'), s('born'), s('last_seen'), s('balance'), s('active'), s('ratio')],
          [
            s('Ada'),
            n(45000, 'm/d/yyyy'),
            n(45000.5, 'yyyy-mm-dd hh:mm:ss'),
            n(1234.5, '#,##0.00'),
            b(true),
            n(0.1 + 0.2),
          ],
          [s('Bob'), n(36526, 'm/d/yyyy'), null, n(-2.5, '#,##0.00'), b(false), n(0.25, '0%')],
        ],
        'Second sheet': [[s('code')], [s('A-1')]],
      },
      bookType,
    );

  it('reads every sheet by name, in order', () => {
    const workbook = readWorkbook(fixture(), `book.${format}`);
    expect(workbook.format).toBe(format);
    expect(workbook.sheets.map((sheet) => sheet.name)).toEqual(['People', 'Second sheet']);
    expect(workbook.sheets[1]?.rows).toEqual([['A-1']]);
  });

  it('reads text, numbers, booleans and empty cells', () => {
    const sheet = readWorkbook(fixture(), `book.${format}`).sheets[0];
    expect(sheet?.columns).toEqual(['name', 'born', 'last_seen', 'balance', 'active', 'ratio']);
    expect(sheet?.rows[0]?.[0]).toBe('Ada');
    expect(sheet?.rows[0]?.[3]).toBe(1234.5);
    expect(sheet?.rows[1]?.[3]).toBe(-2.5);
    expect(sheet?.rows[0]?.[4]).toBe(true);
    expect(sheet?.rows[1]?.[4]).toBe(false);
    expect(sheet?.rows[1]?.[2]).toBeNull();
  });

  it('drops binary noise past the 15 digits Excel shows', () => {
    expect(readWorkbook(fixture(), `book.${format}`).sheets[0]?.rows[0]?.[5]).toBe(0.3);
  });

  it('keeps each column number format for output', () => {
    const sheet = readWorkbook(fixture(), `book.${format}`).sheets[0];
    expect(sheet?.numberFormats?.[1]).toBe('m/d/yyyy');
    expect(sheet?.numberFormats?.[3]).toBe('#,##0.00');
    expect(cellText(sheet?.rows[0]?.[3] ?? null, sheet?.numberFormats?.[3])).toBe('1,234.50');
  });

  it.each(['UTC', 'America/Los_Angeles', 'Asia/Kolkata', 'Pacific/Kiritimati', 'America/St_Johns'])(
    'reads date cells as their wall-clock value whatever the time zone (%s)',
    (timeZone) => {
      process.env.TZ = timeZone;
      // The zone really applies to this process (so a local-time bug would show here).
      expect(new Date(2023, 2, 15).getTimezoneOffset() !== 0).toBe(timeZone !== 'UTC');
      const sheet = readWorkbook(fixture(), `book.${format}`).sheets[0];
      const born = sheet?.rows[0]?.[1];
      const lastSeen = sheet?.rows[0]?.[2];
      expect(born).toBeInstanceOf(Date);
      expect((born as Date).toISOString()).toBe('2023-03-15T00:00:00.000Z');
      expect((lastSeen as Date).toISOString()).toBe('2023-03-15T12:00:00.000Z');
      expect((sheet?.rows[1]?.[1] as Date).toISOString()).toBe('2000-01-01T00:00:00.000Z');
      expect(cellText(born ?? null, sheet?.numberFormats?.[1])).toBe('3/15/2023');
    },
  );
});

describe('readWorkbook on spreadsheets in the wild', () => {
  it('reads the text of a legacy xls in its code page (Windows-1251)', () => {
    expect(readWorkbook(cyrillicBiff5(), 'excel95.xls').sheets[0]?.rows).toEqual([
      ['Иван', 'Москва'],
    ]);
  });

  it('reads formula cells as their cached values and never as formulas', () => {
    const bytes = workbookBytes({ S: [[s('total')], [{ t: 'n', v: 3, f: 'SUM(1,2)' }]] });
    expect(readWorkbook(bytes, 'f.xlsx').sheets[0]?.rows).toEqual([[3]]);
  });

  it('reads error cells as the text Excel shows', () => {
    const bytes = workbookBytes({ S: [[s('x')], [{ t: 'e', v: 0x07 }], [{ t: 'e', v: 0x2a }]] });
    expect(readWorkbook(bytes, 'e.xlsx').sheets[0]?.rows).toEqual([['#DIV/0!'], ['#N/A']]);
  });

  it('starts the table at the first non-empty row and column', () => {
    const bytes = workbookBytes({
      S: [[], [null, s('a'), s('b')], [null, n(1), null], [], [null, n(2), n(3)]],
    });
    const sheet = readWorkbook(bytes, 'offset.xlsx').sheets[0];
    expect(sheet?.columns).toEqual(['a', 'b']);
    expect(sheet?.rows).toEqual([
      [1, null],
      [null, null],
      [2, 3],
    ]);
  });

  it('skips a title above the table (title in A3, header in row 5)', () => {
    const bytes = workbookBytes({
      S: [[], [], [s('Quarterly report')], [], [s('name'), s('amount')], [s('Ada'), n(1)]],
    });
    const sheet = readWorkbook(bytes, 'title.xlsx').sheets[0];
    expect(sheet?.columns).toEqual(['name', 'amount']);
    expect(sheet?.rows).toEqual([['Ada', 1]]);
    // Kept from the first non-empty row down, written back above the header.
    expect(sheet?.preamble).toEqual([['Quarterly report'], []]);
    const again = readWorkbook(
      writeWorkbook({ format: 'xlsx', sheets: [sheet!] }, 'xlsx'),
      'a.xlsx',
    );
    expect(again.sheets[0]).toMatchObject({
      columns: ['name', 'amount'],
      rows: [['Ada', 1]],
      preamble: [['Quarterly report'], []],
    });
  });

  it.each(['xlsx', 'biff8'] as const)(
    'keeps header cells that are numbers or dates as such (a pivot of months and a year, %s)',
    (bookType) => {
      const bytes = workbookBytes(
        {
          S: [
            [s('region'), n(45292, 'mmm-yy'), n(45323, 'mmm-yy'), n(2024)],
            [s('North'), n(10), n(20), n(5)],
          ],
        },
        bookType,
      );
      const format = bookType === 'xlsx' ? 'xlsx' : 'xls';
      const sheet = readWorkbook(bytes, `pivot.${format}`).sheets[0]!;
      expect(sheet.columns).toEqual(['region', 'Jan-24', 'Feb-24', '2024']);
      const written = writeWorkbook({ format, sheets: [sheet] }, format);
      const header = utils.sheet_to_json<unknown[]>(
        read(written, { type: 'array', cellNF: true }).Sheets.S!,
        { header: 1, raw: true },
      )[0];
      // Date and number cells, not text.
      expect(header?.map((cell) => typeof cell)).toEqual(['string', 'object', 'object', 'number']);
      const again = readWorkbook(written, `again.${format}`).sheets[0]!;
      expect(again.columns).toEqual(sheet.columns);
      expect(again.headerValues).toEqual(sheet.headerValues);
      // Text formats write the displayed text.
      expect(new TextDecoder().decode(writeWorkbook({ format, sheets: [sheet] }, 'csv'))).toMatch(
        /^region,Jan-24,Feb-24,2024\r\n/,
      );
    },
  );

  it('starts the table at its own first column when a title stands left of it', () => {
    const bytes = workbookBytes({
      S: [
        [s('Report 2023')],
        [s('Generated by ERP')],
        [],
        [null, null, s('a'), s('b')],
        [null, null, n(1), n(2)],
      ],
    });
    const sheet = readWorkbook(bytes, 'title.xlsx').sheets[0];
    expect(sheet?.columns).toEqual(['a', 'b']);
    expect(sheet?.rows).toEqual([[1, 2]]);
    // The lines above keep their cells from the title's column on.
    expect(sheet?.preamble).toEqual([['Report 2023'], ['Generated by ERP'], []]);
    expect(
      new TextDecoder().decode(writeWorkbook({ format: 'xlsx', sheets: [sheet!] }, 'csv')),
    ).toBe('Report 2023\r\nGenerated by ERP\r\n\r\na,b\r\n1,2\r\n');
  });

  it('keeps a single-cell first row as the header when no empty row sets it apart', () => {
    const bytes = workbookBytes({
      S: [[s('name')], [s('Ada'), s('Paris')], [s('Bob'), s('Lyon')]],
    });
    const sheet = readWorkbook(bytes, 'one.xlsx').sheets[0];
    expect(sheet?.columns).toEqual(['name', 'column_2']);
    expect(sheet?.rows).toEqual([
      ['Ada', 'Paris'],
      ['Bob', 'Lyon'],
    ]);
  });

  it('keeps the first row of a one-column sheet as its header', () => {
    const bytes = workbookBytes({ S: [[s('Customers')], [s('email')], [s('a@example.com')]] });
    const sheet = readWorkbook(bytes, 'one.xlsx').sheets[0];
    expect(sheet?.columns).toEqual(['Customers']);
    expect(sheet?.rows).toEqual([['email'], ['a@example.com']]);
  });

  it('keeps a header with one name above rows that are no header', () => {
    const bytes = workbookBytes({ S: [[s('id')], [n(1), n(2)], [n(3), n(4)]] });
    const sheet = readWorkbook(bytes, 'one.xlsx').sheets[0];
    expect(sheet?.columns).toEqual(['id', 'column_2']);
    expect(sheet?.rows).toEqual([
      [1, 2],
      [3, 4],
    ]);
  });

  it('names duplicate and empty headers', () => {
    const bytes = workbookBytes({
      S: [
        [s('id'), null, s('id'), n(2024)],
        [n(1), n(2), n(3), n(4)],
      ],
    });
    expect(readWorkbook(bytes, 'h.xlsx').sheets[0]?.columns).toEqual([
      'id',
      'column_2',
      'id_2',
      '2024',
    ]);
  });

  it('keeps an empty sheet as a sheet without columns', () => {
    const bytes = workbookBytes({ Data: [[s('a')], [n(1)]], Empty: [] });
    const sheets = readWorkbook(bytes, 'e.xlsx').sheets;
    expect(sheets.map((sheet) => [sheet.name, sheet.columns.length])).toEqual([
      ['Data', 1],
      ['Empty', 0],
    ]);
  });

  it('recomputes the range from real cells when the declared range is huge', () => {
    const bytes = withDeclaredDimension(workbookBytes({ S: [[s('a')], [n(1)]] }), 'A1:XFD1048576');
    const sheet = readWorkbook(bytes, 'huge.xlsx').sheets[0];
    expect(sheet?.columns).toEqual(['a']);
    expect(sheet?.rows).toEqual([[1]]);
  });

  it('refuses a sheet over the row limit with TOO_LARGE instead of cutting it short', () => {
    const rows = [[s('a')], ...Array.from({ length: 30 }, (_, i) => [n(i)])];
    const bytes = workbookBytes({ S: rows });
    expect(() => readWorkbook(bytes, 'big.xlsx', { maxRows: 20 })).toThrow(
      expect.objectContaining({ code: 'TOO_LARGE' }) as Error,
    );
    expect(readWorkbook(bytes, 'big.xlsx', { maxRows: 30 }).sheets[0]?.rows).toHaveLength(30);
  });

  it('refuses a workbook over the cell limit with TOO_LARGE', () => {
    const bytes = workbookBytes({
      A: [
        [s('a'), s('b')],
        [n(1), n(2)],
      ],
      B: [
        [s('a'), s('b')],
        [n(1), n(2)],
      ],
    });
    expect(() => readWorkbook(bytes, 'cells.xlsx', { maxCells: 3 })).toThrow(
      expect.objectContaining({ code: 'TOO_LARGE' }) as Error,
    );
  });

  it('reads an xls workbook named .xlsx by its content', () => {
    const bytes = workbookBytes({ S: [[s('a')], [n(1)]] }, 'biff8');
    expect(readWorkbook(bytes, 'mislabelled.xlsx').format).toBe('xls');
  });

  it('reads an xlsx workbook named .csv by its content', () => {
    const bytes = workbookBytes({ S: [[s('a')], [n(1)]] });
    const workbook = readWorkbook(bytes, 'mislabelled.csv');
    expect(workbook.format).toBe('xlsx');
    expect(workbook.sheets[0]?.rows).toEqual([[1]]);
  });

  it.each([
    [
      'a truncated xlsx',
      (bytes: Uint8Array) => bytes.subarray(0, 200),
      'broken.xlsx',
      /This file is not a valid XLSX workbook/,
    ],
    [
      'a ZIP that is not a workbook',
      () => new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6]),
      'x.xlsx',
      /This file is not a valid XLSX workbook/,
    ],
    [
      'a corrupt OLE2 file',
      () => new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0]),
      'x.xls',
      /This file is not a valid XLS workbook/,
    ],
    [
      'binary junk named .xlsx',
      () => new Uint8Array(64).fill(7),
      'x.xlsx',
      /This file is not a valid XLSX workbook/,
    ],
  ])('refuses %s with a clear error', (_, make, fileName, message) => {
    const bytes = make(workbookBytes({ S: [[s('a')], [n(1)]] }));
    expect(() => readWorkbook(bytes, fileName)).toThrow(message);
    expect(() => readWorkbook(bytes, fileName)).toThrow(EngineError);
  });
});
