import { describe, expect, it } from 'vitest';
import { EngineError, readWorkbook, type Workbook } from '../../../src/engine';
import { readWideUtf8Delimited } from '../../../src/engine/read/read-workbook';
import { decodeText } from '../../../src/engine/read/decode-text';
import { DEFAULT_READ_LIMITS } from '../../../src/engine/read/read-limits';
import { preferredDelimiter, readDelimited } from '../../../src/engine/read/read-delimited';
import { firstWideLead } from '../../../src/engine/read/split-records';

const utf8 = (text: string) => new TextEncoder().encode(text);

function utf16(text: string, endian: 'le' | 'be', bom = true): Uint8Array {
  const bytes = new Uint8Array((text.length + (bom ? 1 : 0)) * 2);
  const codes = [...(bom ? [0xfeff] : []), ...Array.from(text, (c) => c.charCodeAt(0))];
  codes.forEach((code, index) => {
    bytes[index * 2 + (endian === 'le' ? 0 : 1)] = code & 0xff;
    bytes[index * 2 + (endian === 'le' ? 1 : 0)] = code >> 8;
  });
  return bytes;
}

function read(bytes: Uint8Array | string, fileName = 'people.csv'): Workbook {
  return readWorkbook(typeof bytes === 'string' ? utf8(bytes) : bytes, fileName);
}

describe('readWorkbook on CSV and TSV', () => {
  const cases: {
    description: string;
    input: Uint8Array | string;
    fileName?: string;
    columns: string[];
    rows: string[][];
    format?: 'csv' | 'tsv';
    layout?: Partial<NonNullable<Workbook['csv']>>;
  }[] = [
    {
      description: 'keeps every value as the text written (no dynamic typing)',
      input: 'id,zip,flag,amount\n007,02134,TRUE,1e5\n',
      columns: ['id', 'zip', 'flag', 'amount'],
      rows: [['007', '02134', 'TRUE', '1e5']],
      layout: { delimiter: ',', newline: '\n', bom: false },
    },
    {
      description: 'reads CRLF line endings and keeps them for output',
      input: 'a,b\r\n1,2\r\n3,4\r\n',
      columns: ['a', 'b'],
      rows: [
        ['1', '2'],
        ['3', '4'],
      ],
      layout: { newline: '\r\n' },
    },
    {
      description: 'reads old Mac CR line endings',
      input: 'a,b\r1,2\r3,4',
      columns: ['a', 'b'],
      rows: [
        ['1', '2'],
        ['3', '4'],
      ],
      layout: { newline: '\r' },
    },
    {
      description: 'reads LF lines after a CRLF header (mixed line endings)',
      input: 'a,b\r\n1,x\n2,y\n',
      columns: ['a', 'b'],
      rows: [
        ['1', 'x'],
        ['2', 'y'],
      ],
      layout: { newline: '\r\n' },
    },
    {
      description: 'reads CRLF lines after an LF header without a stray CR in values',
      input: 'a,b\n1,2\r\n3,4\r\n',
      columns: ['a', 'b'],
      rows: [
        ['1', '2'],
        ['3', '4'],
      ],
      layout: { newline: '\n' },
    },
    {
      description: 'reads CR, LF and CRLF in one file, keeping quoted line breaks as written',
      input: 'a,b\r1,"x\r\ny"\n2,"p\nq"\r\n3,"r\rs"\r4,z',
      columns: ['a', 'b'],
      rows: [
        ['1', 'x\r\ny'],
        ['2', 'p\nq'],
        ['3', 'r\rs'],
        ['4', 'z'],
      ],
    },
    {
      description: 'keeps LF inside quoted fields of a CRLF file (Excel line breaks in cells)',
      input: 'a,b\r\n"line1\nline2",z\r\n3,4\r\n',
      columns: ['a', 'b'],
      rows: [
        ['line1\nline2', 'z'],
        ['3', '4'],
      ],
      layout: { newline: '\r\n' },
    },
    {
      description: 'sniffs semicolons in a file mixing line endings',
      input: 'a;b\r\n1,5;2\n3;4,25\n',
      columns: ['a', 'b'],
      rows: [
        ['1,5', '2'],
        ['3', '4,25'],
      ],
      layout: { delimiter: ';' },
    },
    {
      description: 'reads quoted fields with delimiters, doubled quotes and newlines',
      input: 'a,b\r\n"x, y","say ""hi"""\r\n"line1\r\nline2",z\r\n',
      columns: ['a', 'b'],
      rows: [
        ['x, y', 'say "hi"'],
        ['line1\r\nline2', 'z'],
      ],
    },
    {
      description: 'strips a UTF-8 BOM and remembers it',
      input: new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('naïve,b\n1,2\n')]),
      columns: ['naïve', 'b'],
      rows: [['1', '2']],
      layout: { bom: true },
    },
    {
      description: 'falls back to Windows-1252 when the bytes are not UTF-8',
      // "café,€5" in Windows-1252: é = 0xE9, € = 0x80.
      input: new Uint8Array([...utf8('name,price\ncaf'), 0xe9, 0x2c, 0x80, 0x35, 0x0a]),
      columns: ['name', 'price'],
      rows: [['café', '€5']],
    },
    {
      description: 'reads UTF-16LE with BOM (Excel "Unicode Text") as TSV',
      input: utf16('Name\tCity\r\nZoë\tKraków\r\n', 'le'),
      fileName: 'export.txt',
      columns: ['Name', 'City'],
      rows: [['Zoë', 'Kraków']],
      format: 'tsv',
      layout: { delimiter: '\t', bom: true },
    },
    {
      description: 'reads UTF-16BE with BOM',
      input: utf16('a,b\n1,ü\n', 'be'),
      columns: ['a', 'b'],
      rows: [['1', 'ü']],
    },
    {
      description: 'reads UTF-16LE without BOM',
      input: utf16('a,b\n1,2\n', 'le', false),
      columns: ['a', 'b'],
      rows: [['1', '2']],
    },
    {
      description: 'pads short rows with empty text',
      input: 'a,b,c\n1\n2,3\n',
      columns: ['a', 'b', 'c'],
      rows: [
        ['1', '', ''],
        ['2', '3', ''],
      ],
    },
    {
      description: 'drops extra fields that are all empty (trailing delimiters)',
      input: 'a,b\n1,2,,\n',
      columns: ['a', 'b'],
      rows: [['1', '2']],
    },
    {
      description: 'adds no column for a trailing delimiter on every data row',
      input: 'a,b\n1,2,\n3,4,\n',
      columns: ['a', 'b'],
      rows: [
        ['1', '2'],
        ['3', '4'],
      ],
    },
    {
      description: 'keeps the column a trailing delimiter on the header names, as before',
      input: 'a,b,\n1,2,\n',
      columns: ['a', 'b', 'column_3'],
      rows: [['1', '2', '']],
    },
    {
      description: 'widens the table for a ragged row in the middle, padding the other rows',
      input: 'id,name\n1,Ada\n2,Bob,extra,more\n3,Cy\n',
      columns: ['id', 'name', 'column_3', 'column_4'],
      rows: [
        ['1', 'Ada', '', ''],
        ['2', 'Bob', 'extra', 'more'],
        ['3', 'Cy', '', ''],
      ],
    },
    {
      description: 'widens the table for a ragged last row',
      input: 'a,b\n1,2\n3,4,5\n',
      columns: ['a', 'b', 'column_3'],
      rows: [
        ['1', '2', ''],
        ['3', '4', '5'],
      ],
    },
    {
      description: 'widens the table to one row much longer than the others',
      input: 'a,b\n1,2\n3,4,5,6,7,8,9,10,11,12\n13,14\n',
      columns: ['a', 'b', ...[3, 4, 5, 6, 7, 8, 9, 10].map((n) => `column_${n}`)],
      rows: [
        ['1', '2', '', '', '', '', '', '', '', ''],
        ['3', '4', '5', '6', '7', '8', '9', '10', '11', '12'],
        ['13', '14', '', '', '', '', '', '', '', ''],
      ],
    },
    {
      description: 'widens a TSV table the same way',
      input: 'a\tb\n1\t2\t3\n4\t5\n',
      fileName: 'data.tsv',
      columns: ['a', 'b', 'column_3'],
      rows: [
        ['1', '2', '3'],
        ['4', '5', ''],
      ],
      format: 'tsv',
    },
    {
      description: 'keeps delimiters and line breaks inside quoted extra fields',
      input: 'a,b\r\n1,2,"x, y","line1\r\nline2"\r\n3,4\r\n',
      columns: ['a', 'b', 'column_3', 'column_4'],
      rows: [
        ['1', '2', 'x, y', 'line1\r\nline2'],
        ['3', '4', '', ''],
      ],
    },
    {
      description: 'adds the blank columns before the last non-empty extra field, not after it',
      input: 'a,b\n1,2,,x,,\n3,4,,,,,,\n',
      columns: ['a', 'b', 'column_3', 'column_4'],
      rows: [
        ['1', '2', '', 'x'],
        ['3', '4', '', ''],
      ],
    },
    {
      description: 'keeps an extra field of spaces (a value as written)',
      input: 'a,b\n1,2, \n',
      columns: ['a', 'b', 'column_3'],
      rows: [['1', '2', ' ']],
    },
    {
      description: 'de-duplicates an extra column against a header already named column_5',
      input: 'a,column_5,,d\n1,2,3,4,5\n',
      columns: ['a', 'column_5', 'column_3', 'd', 'column_5_2'],
      rows: [['1', '2', '3', '4', '5']],
    },
    {
      description: 'reads a one-column file with unquoted commas as the columns they make',
      input: 'name\nSmith, John\nDoe, Jane\n',
      columns: ['name', 'column_2'],
      rows: [
        ['Smith', ' John'],
        ['Doe', ' Jane'],
      ],
    },
    {
      description: 'skips blank lines of a one-column file widened by a ragged row',
      input: 'note\nhello, world\n\nfoo\n',
      columns: ['note', 'column_2'],
      rows: [
        ['hello', ' world'],
        ['foo', ''],
      ],
    },
    {
      description: 'skips a preamble above a table with a ragged row (the title is no row)',
      input: 'Report generated 2023-04-01\n\nname,city\nAda,Paris\nBob,Lyon,x\n',
      columns: ['name', 'city', 'column_3'],
      rows: [
        ['Ada', 'Paris', ''],
        ['Bob', 'Lyon', 'x'],
      ],
    },
    {
      // As for spreadsheets: a header-like row whose next row reaches past it is not clearly a
      // header, so the first line stays the header and no value is left unpseudonymized.
      description: 'keeps the first line as header when the row below the header reaches past it',
      input: 'Report generated 2023-04-01\n\nname,city\nAda,Paris,x\n',
      columns: ['Report generated 2023-04-01', 'column_2', 'column_3'],
      rows: [
        ['name', 'city', ''],
        ['Ada', 'Paris', 'x'],
      ],
    },
    {
      description: 'names duplicate headers name, name_2, name_3',
      input: 'name,name,name\n1,2,3\n',
      columns: ['name', 'name_2', 'name_3'],
      rows: [['1', '2', '3']],
    },
    {
      description: 'names empty headers after their position',
      input: 'a,,c,  \n1,2,3,4\n',
      columns: ['a', 'column_2', 'c', 'column_4'],
      rows: [['1', '2', '3', '4']],
    },
    {
      description: 'reads a header-only file as a table with no rows',
      input: 'a,b,c\n',
      columns: ['a', 'b', 'c'],
      rows: [],
    },
    {
      description: 'skips blank lines between rows',
      input: 'a,b\n1,2\n\n3,4\n',
      columns: ['a', 'b'],
      rows: [
        ['1', '2'],
        ['3', '4'],
      ],
    },
    {
      description: 'keeps empty values of a one-column file',
      input: 'email\nx@example.com\n\ny@example.com\n',
      columns: ['email'],
      rows: [['x@example.com'], [''], ['y@example.com']],
    },
    {
      description: 'sniffs semicolons (European Excel) over decimal commas',
      input: 'name;amount\nAda;1,5\nBob;2,25\n',
      columns: ['name', 'amount'],
      rows: [
        ['Ada', '1,5'],
        ['Bob', '2,25'],
      ],
      format: 'csv',
      layout: { delimiter: ';' },
    },
    {
      description: 'sniffs pipes',
      input: 'a|b|c\n1|2|3\n',
      columns: ['a', 'b', 'c'],
      rows: [['1', '2', '3']],
      layout: { delimiter: '|' },
    },
    {
      description: 'sniffs tabs in a file named .csv and calls it TSV',
      input: 'a\tb\n1,5\t2\n',
      columns: ['a', 'b'],
      rows: [['1,5', '2']],
      format: 'tsv',
    },
    {
      description: 'reads a comma file named .tsv as CSV (content first)',
      input: 'a,b\n1,2\n',
      fileName: 'data.tsv',
      columns: ['a', 'b'],
      rows: [['1', '2']],
      format: 'csv',
    },
    {
      description: 'ignores delimiters inside quotes when sniffing',
      input: 'a;b\n"1,2,3";4\n"5,6";7\n',
      columns: ['a', 'b'],
      rows: [
        ['1,2,3', '4'],
        ['5,6', '7'],
      ],
      layout: { delimiter: ';' },
    },
    {
      description:
        'keeps a comma file whose quoted cells hold a lone pipe (no quote inside a field)',
      input: 'a,"|"\r\n"|",\r\n',
      columns: ['a', '|'],
      rows: [['|', '']],
      layout: { delimiter: ',' },
    },
    {
      description: 'follows and drops an Excel "sep=" first line',
      input: 'sep=;\r\na;b,c\r\n1;2,5\r\n',
      columns: ['a', 'b,c'],
      rows: [['1', '2,5']],
      layout: { delimiter: ';', newline: '\r\n' },
    },
    {
      description: 'treats a quote inside an unquoted header as text when finding line endings',
      input: 'height (5\'10"),name\n180,Ada\n175,"Bob, Jr."\n',
      columns: ['height (5\'10")', 'name'],
      rows: [
        ['180', 'Ada'],
        ['175', 'Bob, Jr.'],
      ],
      layout: { newline: '\n', delimiter: ',' },
    },
    {
      description: 'skips # comment lines above the table (Google Analytics export)',
      input:
        '# ----------------------------------------\n# All Web Site Data\n' +
        '# ----------------------------------------\n\nPage,Pageviews\n/home,100\n/about,20\n',
      columns: ['Page', 'Pageviews'],
      rows: [
        ['/home', '100'],
        ['/about', '20'],
      ],
    },
    {
      description: 'skips a "Report generated" line above the table',
      input: 'Report generated 2023-04-01\n\nDate,Amount,Desc\n2023-01-01,5,x\n2023-01-02,6,y\n',
      columns: ['Date', 'Amount', 'Desc'],
      rows: [
        ['2023-01-01', '5', 'x'],
        ['2023-01-02', '6', 'y'],
      ],
    },
    {
      description: 'skips a title and an empty row above the table and sniffs past them (Excel)',
      input: 'Umsätze 2023;;\r\n;;\r\nName;Betrag;Datum\r\nMüller;1,50;01.02.2023\r\n',
      columns: ['Name', 'Betrag', 'Datum'],
      rows: [['Müller', '1,50', '01.02.2023']],
      layout: { delimiter: ';' },
    },
    {
      description: 'keeps a header that starts with # (a column named "#")',
      input: '#,name\n1,Ada\n2,Bob\n',
      columns: ['#', 'name'],
      rows: [
        ['1', 'Ada'],
        ['2', 'Bob'],
      ],
    },
    {
      description: 'keeps a one-named header above data rows that are no header',
      input: 'id,,\n1,2,3\n4,5,6\n',
      columns: ['id', 'column_2', 'column_3'],
      rows: [
        ['1', '2', '3'],
        ['4', '5', '6'],
      ],
    },
    {
      description: 'keeps a one-column file whose first value looks like a title',
      input: 'Customer emails\nemail\na@example.com\n',
      columns: ['Customer emails'],
      rows: [['email'], ['a@example.com']],
    },
    {
      description:
        'keeps a one-column file whose values hold a delimiter (no blank line: no preamble)',
      input: 'comment\nhello; world\nfoo; bar\n',
      columns: ['comment'],
      rows: [['hello; world'], ['foo; bar']],
    },
    {
      description: 'adds no empty rows for blank lines at the end of a one-column file',
      input: 'name\nAl\n\n\n',
      columns: ['name'],
      rows: [['Al']],
    },
    {
      description: 'reads a CSV whose header starts with "<" but is no markup',
      input: '<5 years,≮ x\n1,2\n',
      columns: ['<5 years', '≮ x'],
      rows: [['1', '2']],
    },
    {
      description: 'reads a CSV whose header starts with a bracket',
      input: '[id],name\n1,Ada\n',
      columns: ['[id]', 'name'],
      rows: [['1', 'Ada']],
    },
    {
      description: 'reads comma-separated text named .xls (a common web export)',
      input: 'a,b\n1,2\n',
      fileName: 'report.xls',
      columns: ['a', 'b'],
      rows: [['1', '2']],
      format: 'csv',
    },
  ];

  it.each(cases)('$description', ({ input, fileName, columns, rows, format, layout }) => {
    const workbook = read(input, fileName);
    expect(workbook.sheets).toHaveLength(1);
    expect(workbook.sheets[0]?.columns).toEqual(columns);
    expect(workbook.sheets[0]?.rows).toEqual(rows);
    if (format) expect(workbook.format).toBe(format);
    if (layout) expect(workbook.csv).toMatchObject(layout);
  });

  it('names the sheet after the file', () => {
    expect(read('a\n1\n', 'uploads/customers 2024.csv').sheets[0]?.name).toBe('customers 2024');
  });

  const errors: {
    description: string;
    input: Uint8Array | string;
    fileName?: string;
    message: RegExp;
    code?: string;
  }[] = [
    { description: 'an empty file', input: '', message: /empty/ },
    { description: 'a file of blank lines', input: '\n\r\n  \n', message: /empty/ },
    {
      description: 'a BOM and nothing else',
      input: new Uint8Array([0xef, 0xbb, 0xbf]),
      message: /empty/,
    },
    {
      description: 'an unclosed quote, counting leading blank lines as lines',
      input: '\n\na,b\n1,2\n3,"open\n4,5\n',
      message: /Line 5, column 2 has a quoted field that is not closed properly/,
    },
    {
      description: 'an unclosed quote, counting the lines of a quoted field and sep=',
      input: 'sep=,\na,b\n"x\ny",2\n3,"open\n',
      message: /Line 5, column 2 has a quoted field that is not closed properly/,
    },
    {
      description: 'a quote that is never closed',
      input: 'a,b\n1,"open\n2,3\n',
      message: /Line 2, column 2 has a quoted field/,
    },
    {
      description: 'a closing quote followed by text, after a quoted field with a delimiter',
      input: 'a;b;c;d\n1;"2;x";3;4\n5;6;"seven"x;8\n',
      message: /^Line 3, column 3 has a quoted field that is not closed properly\.$/,
    },
    {
      description: 'binary content named .csv',
      input: new Uint8Array([0x00, 0x01, 0x02, 0x03, 0x89, 0x50, 0x4e, 0x47]),
      message: /not a valid CSV file/,
    },
    {
      description: 'text named .xlsx that is not a table',
      input: 'just some words\nmore words\n',
      fileName: 'book.xlsx',
      message: /This file is not a valid XLSX workbook/,
    },
  ];

  it.each(errors)('refuses $description with a clear error', ({ input, fileName, message }) => {
    let caught: unknown;
    try {
      read(input, fileName);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(EngineError);
    expect((caught as EngineError).code).toBe('INVALID_FILE');
    expect((caught as EngineError).message).toMatch(message);
  });

  it('never quotes a cell value in an error message', () => {
    expect(() => read('a,b\n1,2\nsecret-value,"secret-value\n')).toThrow(/^(?!.*secret-value)/);
  });

  it('refuses a table over the row limit with TOO_LARGE', () => {
    const text = 'a\n' + '1\n'.repeat(11);
    expect(() => readWorkbook(utf8(text), 'a.csv', { maxRows: 10 })).toThrow(
      expect.objectContaining({ code: 'TOO_LARGE' }) as Error,
    );
    expect(readWorkbook(utf8(text), 'a.csv', { maxRows: 11 }).sheets[0]?.rows).toHaveLength(11);
  });

  it('refuses a table over the column limit with TOO_LARGE', () => {
    expect(() => readWorkbook(utf8('a,b,c\n1,2,3\n'), 'a.csv', { maxColumns: 2 })).toThrow(
      expect.objectContaining({ code: 'TOO_LARGE' }) as Error,
    );
  });

  it('counts the columns a ragged row adds against the column limit', () => {
    const text = 'a,b\n1,2\n3,4,5\n';
    expect(() => readWorkbook(utf8(text), 'a.csv', { maxColumns: 2 })).toThrow(
      expect.objectContaining({ code: 'TOO_LARGE' }) as Error,
    );
    expect(readWorkbook(utf8(text), 'a.csv', { maxColumns: 3 }).sheets[0]?.columns).toHaveLength(3);
  });

  it('counts the padded cells of a ragged table against the cell limit', () => {
    // Six rows of two fields and one of four: 24 cells once padded, 12 as written.
    const text = 'a,b\n' + '1,2\n'.repeat(5) + '1,2,3,4\n';
    expect(() => readWorkbook(utf8(text), 'a.csv', { maxCells: 20 })).toThrow(
      expect.objectContaining({ code: 'TOO_LARGE' }) as Error,
    );
    expect(readWorkbook(utf8(text), 'a.csv', { maxCells: 24 }).sheets[0]?.rows).toHaveLength(6);
  });

  it('does not count trailing delimiters against the column limit', () => {
    const sheet = readWorkbook(utf8('a,b\n1,2,,,,\n'), 'a.csv', { maxColumns: 2 }).sheets[0];
    expect(sheet?.columns).toEqual(['a', 'b']);
  });
});

/** `text` in UTF-8 after a byte-order mark, and then `after`. */
const withUtf8Bom = (text: string, ...after: number[]) =>
  new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(text), ...after]);

describe('readWorkbook on text with characters above U+00FF (read from its bytes by blocks)', () => {
  it('reads past a byte-order mark and a "sep=" line', () => {
    const bytes = withUtf8Bom('sep=;\r\nname;city\r\nŁukasz;"Kraków\nśródmieście"\r\n');
    const workbook = read(bytes);
    expect(workbook.sheets[0]?.columns).toEqual(['name', 'city']);
    expect(workbook.sheets[0]?.rows).toEqual([['Łukasz', 'Kraków\nśródmieście']]);
    expect(workbook.csv).toEqual({ delimiter: ';', newline: '\r\n', bom: true, sepLine: true });
  });

  it('reads bytes that are not UTF-8 after a byte-order mark as replacement characters', () => {
    const bytes = withUtf8Bom('name,city\nŁukasz,Kraków\n', 0xff, 0x2c, 0x31);
    expect(read(bytes).sheets[0]?.rows).toEqual([
      ['Łukasz', 'Kraków'],
      ['\ufffd', '1'],
    ]);
  });

  it('reports a quoted field left open at its line, as for any text', () => {
    const text = `name,note\n${'Łukasz,ok\n'.repeat(40_000)}Zoë,"open\n`;
    expect(() => read(text)).toThrow(
      'Line 40002, column 2 has a quoted field that is not closed properly.',
    );
  });

  /** Many lines, so the blocks are cut in them (256 KB each), with quoted line breaks. */
  const long = (line: (row: number) => string) =>
    Array.from({ length: 30_000 }, (_, row) => line(row)).join('\r\n');

  // The text of each file as readWorkbook reads any text: decoded whole, then readDelimited.
  const cases: { description: string; bytes: Uint8Array; fileName?: string; whole?: true }[] = [
    { description: 'a short file', bytes: utf8('name,city\nŁukasz,Kraków\n') },
    {
      description: 'quoted line breaks across block cuts',
      bytes: utf8(
        `id,name,note\r\n${long((row) => `${row},Łukasz ${row},"a\n€ ""${row}""\r\nend"`)}\r\n`,
      ),
    },
    {
      description: 'a character above U+00FF only near the end',
      bytes: utf8(`id,name\n${long((row) => `${row},Zoë`)}\n9,“quoted”\n`),
    },
    {
      description: 'a preamble, a "sep=" line and a byte-order mark',
      bytes: withUtf8Bom(`sep=;\nReport – 2026\n\nname;amount\n${long((row) => `Ø${row};${row}`)}`),
    },
    {
      description: 'blank lines at the end, and lines that are only delimiters',
      bytes: utf8(`a;b\n€;1\n;;\n\r\n\n\n`),
    },
    {
      description: 'a tab-separated file named .tsv',
      bytes: utf8(`a\tb\n${long((row) => `${row}\t→`)}`),
      fileName: 'arrows.tsv',
    },
    {
      description:
        'a byte-order mark right after the first (both dropped, as TextDecoder drops them)',
      bytes: withUtf8Bom('\ufeffa,b\n€,1\n'),
    },
    {
      description: 'a byte-order mark starting a line further on (a character of the text)',
      bytes: utf8(`a,b\n${long((row) => `${row % 997 === 0 ? '\ufeff' : ''}€${row},1`)}\n`),
    },
    {
      description: 'CR line breaks only',
      bytes: utf8(`a,b\r${long((row) => `€,${row}`).replaceAll('\r\n', '\r')}`),
    },
    {
      description: 'bytes further on that are not UTF-8 (read whole, as Windows-1252)',
      whole: true,
      bytes: new Uint8Array([
        ...utf8(`a,b\n${long((row) => `€,${row}`)}\n`),
        0x5a,
        0xfc,
        0x2c,
        0x31,
      ]),
    },
  ];

  it.each(cases)(
    'gives what the whole text gives: $description',
    ({ bytes, fileName, whole: readWhole }) => {
      const name = fileName ?? 'people.csv';
      expect(readWideUtf8Delimited(bytes, name, DEFAULT_READ_LIMITS) === null).toBe(
        readWhole === true,
      );
      const { text, bom, encoding } = decodeText(bytes);
      const whole = readDelimited(
        text,
        preferredDelimiter(name),
        name.replace(/\.\w+$/, ''),
        DEFAULT_READ_LIMITS,
      );
      const workbook = readWorkbook(bytes, name);
      expect(workbook.sheets).toEqual([whole.sheet]);
      expect(workbook.format).toBe(whole.delimiter === '\t' ? 'tsv' : 'csv');
      expect(workbook.csv).toEqual({
        delimiter: whole.delimiter,
        newline: whole.newline,
        bom: bom || encoding === 'windows-1252',
        ...(whole.sepLine ? { sepLine: true } : {}),
      });
    },
  );
});

describe('readWideUtf8Delimited', () => {
  it.each([
    ['text without characters above U+00FF', utf8('name\nZoë\n'), 'a.csv'],
    ['JSON', utf8('[{"name":"Łukasz"}]'), 'a.txt'],
    ['text named as a workbook', utf8('name\nŁukasz\n'), 'a.xlsx'],
    ['text named as JSON Lines', utf8('name\nŁukasz\n'), 'a.jsonl'],
    ['UTF-16', utf16('name\nŁukasz\n', 'le'), 'a.csv'],
    ['a quoted field left open', utf8('name,note\nŁukasz,"open\n'), 'a.csv'],
    ['markup', utf8('<table><tr><td>Łukasz</td></tr></table>'), 'a.csv'],
  ])('leaves %s to the whole text', (_, bytes, fileName) => {
    expect(readWideUtf8Delimited(bytes, fileName, DEFAULT_READ_LIMITS)).toBeNull();
  });
});

describe('firstWideLead', () => {
  it.each([
    ['ASCII', 'id,name\n1,Ann\n', false],
    ['Latin-1 (é, ü, ÿ)', 'Zoë,Müller,ÿ', false],
    ['a curly apostrophe', 'O’Neil', true],
    ['a euro sign', '5 €', true],
    ['Ł (U+0141, the first lead byte above Latin-1)', 'Łukasz', true],
    ['CJK', '東京', true],
    ['an emoji', 'ok 👍', true],
  ])('%s: %s', (_, text, wide) => {
    // Every place of the text in a word of four bytes, and every alignment of the bytes.
    for (let before = 0; before < 8; before++) {
      const bytes = utf8(`${'x'.repeat(before)}${text}${'y'.repeat(9)}`);
      for (let offset = 0; offset < 4; offset++) {
        const padded = new Uint8Array(bytes.length + offset);
        padded.set(bytes, offset);
        expect(firstWideLead(padded.subarray(offset)) >= 0).toBe(wide);
        expect(firstWideLead(padded, offset) >= 0).toBe(wide);
      }
    }
  });

  it('reads bytes that start inside a word of their buffer, a few or none', () => {
    expect(firstWideLead(new Uint8Array([0xef, 0xbb, 0xbf]).subarray(3))).toBe(-1);
    expect(firstWideLead(new Uint8Array([0x41, 0xe2]).subarray(1))).toBe(0);
  });
});
