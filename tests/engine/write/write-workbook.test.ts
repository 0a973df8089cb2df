import { CFB, read } from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import {
  readWorkbook,
  writeWorkbook,
  type Cell,
  type Sheet,
  type Workbook,
} from '../../../src/engine';
import { readXlsxParts, xlsQuotePrefixedCells } from '../../support/spreadsheet-parts';

const utf8 = (text: string) => new TextEncoder().encode(text);
const text = (bytes: Uint8Array) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);

function book(
  rows: Cell[][],
  columns = rows[0]?.map((_, i) => `c${i + 1}`) ?? [],
  extra: Partial<Sheet> = {},
): Workbook {
  return { format: 'xlsx', sheets: [{ name: 'Data', columns, rows, ...extra }] };
}

describe('formula-injection protection', () => {
  /** Texts a spreadsheet could run to call something, some behind invisible characters. */
  const formulas = [
    '=1+1',
    '=HYPERLINK("http://x","y")',
    '+cmd',
    "-2+3+cmd|' /C calc'!A0",
    '@SUM(A1)',
    '-1:2',
    ' =space first',
    '\t=1+1',
    '\r@SUM(A1)',
    '\0=1',
    "'=1+1",
  ];
  /** Numbers, phone numbers, arithmetic without names and plain text. */
  const untouched = [
    '-2.5',
    '+3',
    '-1e5',
    '+1.5E-3',
    '-.5',
    '-1,234.50',
    '-1.234,50',
    '-10%',
    '+44 20 7946 0958',
    '+1 (555) 123-4567',
    '+1-555-123-4567',
    '+1 555-123-4567',
    '-(555) 123.4567',
    '-2-3',
    '-1/0',
    '- 1',
    '-',
    '+',
    '\tx',
    '\rx',
    '\nx',
    '\0x',
    'plain',
    '',
    "'already",
    'a=b',
  ];
  const everything = [...formulas, ...untouched];

  const written = (
    format: 'csv' | 'tsv' | 'xlsx' | 'xls',
    cells: string[],
    neutralizeFormulas?: boolean,
  ) =>
    writeWorkbook(
      book(
        cells.map((cell) => [cell]),
        ['value'],
      ),
      format,
      { neutralizeFormulas },
    );
  const readBack = (format: 'csv' | 'tsv' | 'xlsx' | 'xls', bytes: Uint8Array) =>
    readWorkbook(bytes, `out.${format}`).sheets[0]?.rows.map((row) => row[0]);

  describe.each(['csv', 'tsv'] as const)('in %s output', (format) => {
    it('puts a single quote before text that could call something', () => {
      expect(readBack(format, written(format, formulas))).toEqual(
        formulas.map((cell) => `'${cell}`),
      );
    });

    it('leaves numbers, phone numbers, arithmetic and plain text alone', () => {
      expect(readBack(format, written(format, untouched))).toEqual(untouched);
    });

    it('writes text as is when protection is turned off', () => {
      expect(readBack(format, written(format, formulas, false))).toEqual(formulas);
    });
  });

  describe.each(['xlsx', 'xls'] as const)('in %s output', (format) => {
    it('writes every text as a text cell with no character added', () => {
      expect(readBack(format, written(format, everything))).toEqual(everything);
      expect(readBack(format, written(format, everything, false))).toEqual(everything);
    });
  });

  it('gives xlsx text that could call something the quote-prefix style, and no other cell', () => {
    const parts = readXlsxParts(written('xlsx', everything));
    // Every text once, in order of use, exactly as it is.
    expect(parts.sharedStrings).toEqual(['value', ...everything]);
    const column = parts.sheets[0]?.map((row) => row[0]);
    expect(column?.map((cell) => cell?.text)).toEqual(['value', ...everything]);
    expect(column?.map((cell) => cell?.quotePrefix)).toEqual([
      false,
      ...formulas.map(() => true),
      ...untouched.map(() => false),
    ]);
    expect(parts.xml.get('xl/worksheets/sheet1.xml')).not.toMatch(/<f[\s>]/);

    const unprotected = readXlsxParts(written('xlsx', everything, false));
    expect(unprotected.sharedStrings).toEqual(['value', ...everything]);
    expect(unprotected.xml.get('xl/styles.xml')).not.toContain('quotePrefix');
  });

  it('keeps number formats and the quote prefix apart in one xlsx', () => {
    const workbook = book([[1.5, '=1', 2.25, '+44 20 7946 0958']], ['a', 'b', 'c', 'd'], {
      numberFormats: ['0.00', null, '0.000', null],
    });
    const bytes = writeWorkbook(workbook, 'xlsx');
    const row = readXlsxParts(bytes).sheets[0]?.[1];
    expect(row?.map((cell) => cell?.quotePrefix)).toEqual([false, true, false, false]);
    const back = readWorkbook(bytes, 'out.xlsx').sheets[0];
    expect(back?.rows).toEqual([[1.5, '=1', 2.25, '+44 20 7946 0958']]);
    expect(back?.numberFormats).toEqual(['0.00', null, '0.000', null]);
  });

  it('gives xls text that could call something the quote-prefix flag, and no other cell', () => {
    expect(xlsQuotePrefixedCells(written('xls', everything))).toEqual(
      new Set(formulas.map((_, index) => `0:${index + 1}:0`)),
    );
    expect(xlsQuotePrefixedCells(written('xls', everything, false))).toEqual(new Set());
  });

  it('keeps real numbers as numbers in spreadsheets', () => {
    const bytes = writeWorkbook(book([[-2.5, '-2.5']], ['number', 'text']), 'xlsx');
    expect(readWorkbook(bytes, 'out.xlsx').sheets[0]?.rows).toEqual([[-2.5, '-2.5']]);
  });

  it('never writes formulas, links or comments into xlsx', () => {
    const bytes = writeWorkbook(book([['=SUM(A1:A2)', 'http://example.com', '@x']]), 'xlsx', {
      neutralizeFormulas: false,
    });
    const workbook = read(bytes, { type: 'array', dense: true, cellFormula: true });
    const cells = (workbook.Sheets.Data?.['!data'] ?? []).flat();
    expect(cells.length).toBe(6);
    for (const cell of cells) {
      expect(cell.f).toBeUndefined();
      expect(cell.l).toBeUndefined();
      expect(cell.c).toBeUndefined();
    }
    const paths = (CFB as { read: (d: Uint8Array, o: object) => { FullPaths: string[] } }).read(
      bytes,
      { type: 'array' },
    ).FullPaths;
    expect(
      paths.filter((path) => /comment|hyperlink|vml|externalLink|calcChain/i.test(path)),
    ).toEqual([]);
  });
});

describe('writeWorkbook to CSV and TSV', () => {
  it('writes the bytes of a CSV source back unchanged (layout, quoting, BOM, CR)', () => {
    const source = '\ufeffname;note\r"Doe; Jane";"said ""hi"""\r"x\ny";\r';
    const bytes = utf8(source);
    expect(text(writeWorkbook(readWorkbook(bytes, 'in.csv'), 'csv'))).toBe(source);
  });

  it('writes TSV from a CSV source with tabs, keeping line ending and BOM', () => {
    const workbook = readWorkbook(utf8('\ufeffa,b\n1,"x\ty"\n'), 'in.csv');
    expect(text(writeWorkbook(workbook, 'tsv'))).toBe('\ufeffa\tb\n1\t"x\ty"\n');
  });

  it('writes CRLF, commas and no BOM for a spreadsheet source', () => {
    expect(text(writeWorkbook(book([['1', '2']], ['a', 'b']), 'csv'))).toBe('a,b\r\n1,2\r\n');
  });

  it('quotes only what the delimiter, quotes and line breaks need, and reads back the same', () => {
    const workbook = book([['a;b', 'c|d', 'e\tf', 'g,h', 'q"x']]);
    const csv = writeWorkbook(workbook, 'csv');
    expect(text(csv)).toBe('c1,c2,c3,c4,c5\r\na;b,c|d,e\tf,"g,h","q""x"\r\n');
    expect(readWorkbook(csv, 'out.csv').sheets[0]?.rows).toEqual(workbook.sheets[0]?.rows);
    const tsv = writeWorkbook(workbook, 'tsv');
    expect(text(tsv)).toBe('c1\tc2\tc3\tc4\tc5\r\na;b\tc|d\t"e\tf"\tg,h\t"q""x"\r\n');
    expect(readWorkbook(tsv, 'out.tsv').sheets[0]?.rows).toEqual(workbook.sheets[0]?.rows);
  });

  it('leaves decimal commas of a semicolon file unquoted, as Excel writes them', () => {
    const source = 'Name;Betrag\r\nMüller;1,50\r\n"a;b";2\r\n';
    expect(text(writeWorkbook(readWorkbook(utf8(source), 'in.csv'), 'csv'))).toBe(source);
  });

  it('quotes other delimiters in the header and in a one-column table, where sniffing looks', () => {
    const header = book([['1', '2']], ['a;b', 'c']);
    expect(text(writeWorkbook(header, 'csv'))).toBe('"a;b",c\r\n1,2\r\n');
    const oneColumn = book([['x;y'], ['p|q'], ['']], ['note']);
    const bytes = writeWorkbook(oneColumn, 'csv');
    expect(text(bytes)).toBe('note\r\n"x;y"\r\n"p|q"\r\n""\r\n');
    expect(readWorkbook(bytes, 'out.csv').sheets[0]?.rows).toEqual([['x;y'], ['p|q'], ['']]);
  });

  it('writes back the "sep=" line of the source', () => {
    const source = 'sep=;\r\na;b\r\n1;2\r\n';
    const workbook = readWorkbook(utf8(source), 'in.csv');
    expect(text(writeWorkbook(workbook, 'csv'))).toBe(source);
    expect(text(writeWorkbook(workbook, 'tsv'))).toBe('a\tb\r\n1\t2\r\n');
  });

  it('writes Windows-1252 input as UTF-8 with a BOM, so Excel shows its accents', () => {
    // "José" in Windows-1252: é = 0xE9.
    const source = new Uint8Array([...utf8('a,b\nJos'), 0xe9, ...utf8(',1\n')]);
    const bytes = writeWorkbook(readWorkbook(source, 'in.csv'), 'csv');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toBe('a,b\nJosé,1\n');
  });

  it('writes numbers and dates as their displayed text, blanks as empty fields', () => {
    const workbook = book(
      [
        [
          1234.5,
          new Date(Date.UTC(2023, 2, 15)),
          new Date(Date.UTC(2023, 2, 15, 8, 5)),
          true,
          null,
          7,
        ],
      ],
      ['amount', 'day', 'at', 'ok', 'none', 'n'],
      { numberFormats: ['#,##0.00', 'm/d/yyyy', null, null, null, null] },
    );
    expect(text(writeWorkbook(workbook, 'csv'))).toBe(
      'amount,day,at,ok,none,n\r\n"1,234.50",3/15/2023,2023-03-15 08:05:00,true,,7\r\n',
    );
  });

  it('writes the chosen sheet of a workbook', () => {
    const workbook: Workbook = {
      format: 'xlsx',
      sheets: [
        { name: 'One', columns: ['a'], rows: [['1']] },
        { name: 'Two', columns: ['b'], rows: [['2']] },
      ],
    };
    expect(text(writeWorkbook(workbook, 'csv', { sheetName: 'Two' }))).toBe('b\r\n2\r\n');
    expect(text(writeWorkbook(workbook, 'csv'))).toBe('a\r\n1\r\n');
    expect(() => writeWorkbook(workbook, 'csv', { sheetName: 'Three' })).toThrow(
      /no sheet named "Three"/,
    );
  });
});

describe('writeWorkbook to JSON', () => {
  it('restores nesting from key paths and keeps key order, special keys, big numbers and arrays', () => {
    const source =
      '[{"id":12345678901234567890,"2024":1,"address":{"city":"Lyon","geo":{"lat":45.7}},"__proto__":{"x":1},"a.b":2,"tags":["a"]}]';
    const json = text(writeWorkbook(readWorkbook(utf8(source), 'in.json'), 'json'));
    expect(json.replace(/\s/g, '')).toBe(source);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('writes JSON source text back as it was: arrays, objects, long and huge numbers, NaN', () => {
    const source = [
      '{"tags":["a","b"],"empty":[],"obj":{},"id":16142028098527942586,"big":1e400,"nan":NaN,"inf":-Infinity,"n":1.5}',
      '{"tags":[{"k":"v"}],"empty":null,"obj":{},"id":2,"big":-1E+400,"nan":2.5,"inf":Infinity,"n":-3}',
    ];
    const json = text(
      writeWorkbook(readWorkbook(utf8(`[${source.join(',')}]`), 'in.json'), 'json'),
    );
    expect(json).toBe(`[\n${source.join(',\n')}\n]\n`);
  });

  it('writes JSON text as strings in a column that also holds ordinary strings', () => {
    const source = '[{"v":["a"]},{"v":"[1]"},{"v":"plain"}]';
    const json = text(writeWorkbook(readWorkbook(utf8(source), 'in.json'), 'json'));
    expect(JSON.parse(json)).toEqual([{ v: '["a"]' }, { v: '[1]' }, { v: 'plain' }]);
  });

  it('quotes a cell of a JSON-text column that is no longer JSON (a pseudonym)', () => {
    const workbook = readWorkbook(utf8('[{"tags":["a"]},{"tags":["b"]}]'), 'in.json');
    const sheet = workbook.sheets[0];
    if (sheet) sheet.rows[1] = ['x["b"'];
    expect(JSON.parse(text(writeWorkbook(workbook, 'json')))).toEqual([
      { tags: ['a'] },
      { tags: 'x["b"' },
    ]);
  });

  it('writes JSON source text as its text in CSV', () => {
    const workbook = readWorkbook(
      utf8('[{"tags":["a","b"],"id":16142028098527942586}]'),
      'in.json',
    );
    expect(text(writeWorkbook(workbook, 'csv'))).toBe(
      'tags,id\r\n"[""a"",""b""]",16142028098527942586\r\n',
    );
  });

  it('writes flat keys for a sheet without key paths, dates as ISO text', () => {
    const workbook = book(
      [
        [
          new Date(Date.UTC(2023, 2, 15)),
          new Date(Date.UTC(2023, 2, 15, 8, 5, 1)),
          Number.NaN,
          null,
        ],
      ],
      ['a.b', 'at', 'n', 'z'],
    );
    expect(JSON.parse(text(writeWorkbook(workbook, 'json')))).toEqual([
      { 'a.b': '2023-03-15', at: '2023-03-15T08:05:01', n: null, z: null },
    ]);
  });

  it('writes an empty array for a sheet without rows', () => {
    expect(JSON.parse(text(writeWorkbook(book([], ['a']), 'json')))).toEqual([]);
  });

  it('escapes text as JSON.stringify does, and only what it escapes', () => {
    const values = [
      'plain é€',
      'say "hi"',
      'back\\slash',
      'nul\u0000',
      'tab\t',
      '\u001f',
      '\u007f',
    ];
    values.push('\u2028', 'pair \ud83d\ude00', 'lone \ud800', 'lone \udc00 end');
    const json = text(
      writeWorkbook(
        book(
          values.map((value) => [value]),
          ['v'],
        ),
        'json',
      ),
    );
    expect(json).toBe(
      `[\n${values.map((value) => `{"v":${JSON.stringify(value)}}`).join(',\n')}\n]\n`,
    );
  });

  it('writes a long sheet whole, over many chunks', () => {
    const rows = Array.from({ length: 20_000 }, (_, row) => [`name ${row}`, String(row)]);
    const parsed = JSON.parse(text(writeWorkbook(book(rows, ['name', 'n']), 'json'))) as unknown[];
    expect(parsed).toHaveLength(20_000);
    expect(parsed[19_999]).toEqual({ name: 'name 19999', n: '19999' });
  });
});

describe('writeWorkbook to XLSX and XLS', () => {
  it.each(['xlsx', 'xls'] as const)(
    'keeps sheets, names, column order, dates with formats, numbers and booleans (%s)',
    (format) => {
      const workbook: Workbook = {
        format: 'xlsx',
        sheets: [
          {
            name: 'Customers',
            columns: ['z_last', 'a_first', 'joined', 'balance', 'vip'],
            rows: [['Doe', 'Jane', new Date(Date.UTC(2021, 0, 31)), 10.5, true]],
            numberFormats: [null, null, 'dd/mm/yyyy', '0.00', null],
          },
          { name: 'Orders', columns: ['id'], rows: [[1], [2]] },
        ],
      };
      const back = readWorkbook(writeWorkbook(workbook, format), `out.${format}`);
      expect(back.sheets.map((sheet) => sheet.name)).toEqual(['Customers', 'Orders']);
      expect(back.sheets[0]?.columns).toEqual(['z_last', 'a_first', 'joined', 'balance', 'vip']);
      expect(back.sheets[0]?.rows).toEqual(workbook.sheets[0]?.rows);
      expect(back.sheets[0]?.numberFormats?.slice(2, 4)).toEqual(['dd/mm/yyyy', '0.00']);
      const raw = read(writeWorkbook(workbook, format), {
        type: 'array',
        dense: true,
        cellNF: true,
      });
      const dateCell = raw.Sheets.Customers?.['!data']?.[1]?.[2];
      expect(dateCell?.t).toBe('n');
      expect(dateCell?.z).toBe('dd/mm/yyyy');
    },
  );

  it('writes xls text of any length and script across many cells (shared strings split over records)', () => {
    const long = 'é'.repeat(5000) + '中'.repeat(20000) + 'x'.repeat(7000);
    const rows = Array.from({ length: 3000 }, (_, i) => [
      `name ${i % 700}`,
      i < 40 ? long.slice(i) : 'y'.repeat(300),
      i,
      i % 2 === 0,
    ]);
    const workbook: Workbook = {
      format: 'xlsx',
      sheets: [
        { name: 'A', columns: ['name', 'text', 'n', 'flag'], rows },
        { name: 'B', columns: ['q'], rows: [[long]] },
      ],
    };
    const back = readWorkbook(writeWorkbook(workbook, 'xls'), 'out.xls');
    expect(back.sheets.map((sheet) => sheet.rows)).toEqual(
      workbook.sheets.map((sheet) => sheet.rows),
    );
  });

  it('writes xlsx text into a shared string table, a column’s repeated texts once', () => {
    const long = 'x'.repeat(30_000);
    const rows: Cell[][] = Array.from({ length: 1000 }, (_, i) => [long, `id-${i}`, 'Paris']);
    const bytes = writeWorkbook(book(rows, ['long', 'id', 'city']), 'xlsx');
    // 1000 copies of a 30,000-character text, stored once.
    expect(bytes.length).toBeLessThan(100_000);
    const parts = (
      CFB as {
        read: (
          d: Uint8Array,
          o: object,
        ) => { FullPaths: string[]; FileIndex: { content: Uint8Array }[] };
      }
    ).read(bytes, { type: 'array' });
    const sst = text(
      parts.FileIndex[parts.FullPaths.findIndex((path) => path.endsWith('sharedStrings.xml'))]!
        .content,
    );
    expect(sst).toContain('count="3003" uniqueCount="1005"');
    expect(readWorkbook(bytes, 'out.xlsx').sheets[0]?.rows).toEqual(rows);
  });

  it('writes the same xlsx bytes for the same workbook', () => {
    const workbook = book([
      ['Ada', 36.5, new Date(Date.UTC(2021, 4, 1)), true],
      ['Grace', -2, new Date(Date.UTC(2022, 0, 2, 10, 30)), false],
    ]);
    expect(
      Buffer.from(writeWorkbook(workbook, 'xlsx')).equals(
        Buffer.from(writeWorkbook(workbook, 'xlsx')),
      ),
    ).toBe(true);
  });

  it('carries XML specials, control characters and spaces at the ends through xlsx', () => {
    const texts = [
      'a & <b> "c" \'d\'',
      '  both ends  ',
      'ctl\u0001\u001fx\u000b',
      'tab\tand\nbreak',
      '_x0041_ stays',
      'emoji 😀 and 中文',
    ];
    const workbook: Workbook = {
      format: 'xlsx',
      sheets: [
        { name: 'S & <1>', columns: ['text'], rows: texts.map((value) => [value]) },
        { name: "O'Brien", columns: ['x'], rows: [['only']] },
      ],
    };
    const back = readWorkbook(
      writeWorkbook(workbook, 'xlsx', { neutralizeFormulas: false }),
      'out.xlsx',
    );
    expect(back.sheets.map((sheet) => sheet.name)).toEqual(['S & <1>', "O'Brien"]);
    expect(back.sheets[0]?.rows).toEqual(texts.map((value) => [value]));
  });

  it('makes sheet names Excel accepts', () => {
    const sheets = ['a/b', 'x'.repeat(40), 'Data', 'data', ''].map((name) => ({
      name,
      columns: ['c'],
      rows: [],
    }));
    const back = readWorkbook(writeWorkbook({ format: 'xlsx', sheets }, 'xlsx'), 'out.xlsx');
    expect(back.sheets.map((sheet) => sheet.name)).toEqual([
      'a_b',
      'x'.repeat(31),
      'Data',
      'data (2)',
      'Sheet5',
    ]);
  });

  it('refuses a table too wide for xls and a cell too long for Excel', () => {
    const wide = book([Array.from({ length: 300 }, () => 1)]);
    expect(() => writeWorkbook(wide, 'xls')).toThrow(
      expect.objectContaining({ code: 'TOO_LARGE' }) as Error,
    );
    expect(() => writeWorkbook(book([['x'.repeat(40_000)]], ['long']), 'xlsx')).toThrow(
      /Row 2 of column "long"/,
    );
  });

  it('writes an xls whose bytes do not depend on the number formats written before', () => {
    const amounts: Workbook = {
      format: 'xlsx',
      sheets: [{ name: 'S', columns: ['amount'], rows: [[1.5]], numberFormats: ['0.00'] }],
    };
    const first = writeWorkbook(amounts, 'xls');
    // SheetJS keeps the formats it writes for the process (a server's worker writes many files).
    writeWorkbook(
      {
        format: 'xlsx',
        sheets: [{ name: 'S', columns: ['weight'], rows: [[2]], numberFormats: ['0.000"kg"'] }],
      },
      'xls',
    );
    expect(writeWorkbook(amounts, 'xls')).toEqual(first);
  });
});
