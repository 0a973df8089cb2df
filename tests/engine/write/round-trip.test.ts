import { utils, write, type WorkBook } from '@e965/xlsx';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateRealisticCsv } from '../../../scripts/lib/realistic-csv';
import {
  detectSchema,
  FILE_FORMATS,
  pseudonymize,
  neutralizeFormula,
  restoreFormula,
  restoreFormulas,
  readWorkbook,
  writeWorkbook,
  type FileFormat,
  type Workbook,
} from '../../../src/engine';
import { decodeText } from '../../../src/engine/read/decode-text';

/** A workbook as SheetJS (a real, independent writer) builds it from rows of JS values. */
function sheetJsBook(): WorkBook {
  const book = utils.book_new();
  const people = utils.aoa_to_sheet([
    ['id', 'name', 'email', 'balance', 'active', 'note'],
    [1, 'Zoë Müller', 'zoe@example.com', 1234.56, true, 'says "hi", then leaves'],
    [2, "O'Brien", 'ob@example.org', -2.5, false, 'line one\nline two'],
    [3, '中文 名字', '', 0, true, '=not a formula'],
  ]);
  // Dates as Excel stores them: a serial number with a date format.
  utils.sheet_add_aoa(
    people,
    [
      ['signup'],
      [{ t: 'n', v: 44927, z: 'yyyy-mm-dd' }],
      [{ t: 'n', v: 45000.25, z: 'yyyy-mm-dd hh:mm' }],
      [null],
    ],
    {
      origin: 'G1',
    },
  );
  utils.book_append_sheet(book, people, 'People');
  utils.book_append_sheet(
    book,
    utils.aoa_to_sheet([
      ['code', 'qty'],
      ['A-1', 3],
      ['B-2', 4],
    ]),
    'Orders',
  );
  return book;
}

function fixture(format: FileFormat): Uint8Array {
  const book = sheetJsBook();
  const people = book.Sheets.People;
  if (!people) throw new Error('fixture has no People sheet');
  switch (format) {
    case 'xlsx':
      return new Uint8Array(write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
    case 'xls':
      return new Uint8Array(write(book, { type: 'array', bookType: 'biff8' }) as ArrayBuffer);
    case 'csv':
      return new TextEncoder().encode(utils.sheet_to_csv(people));
    case 'tsv':
      return new TextEncoder().encode(utils.sheet_to_csv(people, { FS: '\t' }));
    case 'json':
      return new TextEncoder().encode(
        JSON.stringify(utils.sheet_to_json(people, { defval: null })),
      );
  }
}

const comparable = (workbook: Workbook) =>
  workbook.sheets.map(({ name, columns, rows, numberFormats }) => ({
    name,
    columns,
    rows,
    numberFormats,
  }));

describe('round trip: read → write → read gives the same table', () => {
  it.each(FILE_FORMATS)('%s written by SheetJS', (format) => {
    const first = readWorkbook(fixture(format), `fixture.${format}`);
    expect(first.format).toBe(format);
    expect(first.sheets[0]?.rows).toHaveLength(3);
    const bytes = writeWorkbook(first, format, { neutralizeFormulas: false });
    const second = readWorkbook(bytes, `fixture.${format}`);
    expect(comparable(second)).toEqual(comparable(first));
  });

  it('keeps the bytes of a realistic CSV export exactly', () => {
    const text = generateRealisticCsv(200_000, 7);
    const source = new TextEncoder().encode(text);
    const workbook = readWorkbook(source, 'customers.csv');
    expect(workbook.sheets[0]?.columns).toHaveLength(12);
    expect(writeWorkbook(workbook, 'csv', { neutralizeFormulas: false })).toEqual(source);
    // Formula protection changes nothing either: its international phone numbers ("+44 20 …")
    // can call nothing, so they keep their format.
    expect(text).toContain(',+');
    expect(writeWorkbook(workbook, 'csv')).toEqual(source);
  });

  it("writes a header's blank and repeated cells back as they were (pandas' index column)", () => {
    const source = new TextEncoder().encode(',id,name,name\n0,7,Ann,Lee\n1,8,Bob,Ray\n');
    const workbook = readWorkbook(source, 'frame.csv');
    const sheet = workbook.sheets[0]!;
    expect(sheet.columns).toEqual(['column_1', 'id', 'name', 'name_2']);
    expect(sheet.headerCells).toEqual(['', 'id', 'name', 'name']);
    expect(writeWorkbook(workbook, 'csv')).toEqual(source);
    for (const format of ['xlsx', 'xls'] as const) {
      const again = readWorkbook(writeWorkbook(workbook, format), `frame.${format}`).sheets[0]!;
      expect(again.headerCells).toEqual(['', 'id', 'name', 'name']);
      expect(again.rows).toEqual([
        ['0', '7', 'Ann', 'Lee'],
        ['1', '8', 'Bob', 'Ray'],
      ]);
    }
  });

  it('writes back the trailing delimiter every row has and the header has not (a bank export)', () => {
    const text =
      'Details,Posting Date,Description,Amount,Check or Slip #\r\n' +
      'DEBIT,01/02/2024,AMAZON MKTPL,-23.45,,\r\n' +
      'CHECK,01/05/2024,CHECK 1023,-150.00,1023,\r\n';
    const source = new TextEncoder().encode(text);
    const workbook = readWorkbook(source, 'chase.csv');
    const sheet = workbook.sheets[0]!;
    expect(sheet.columns).toHaveLength(5);
    expect(sheet.trailingDelimiters).toBe(1);
    expect(writeWorkbook(workbook, 'csv')).toEqual(source);
    const tsv = new TextDecoder().decode(writeWorkbook(workbook, 'tsv'));
    expect(tsv.split('\r\n')[1]).toBe('DEBIT\t01/02/2024\tAMAZON MKTPL\t-23.45\t\t');
    // Pseudonymized, every row still ends so.
    const run = pseudonymize(workbook, [[...detectSchema(sheet)]], { secret: 'k' });
    const written = new TextDecoder().decode(writeWorkbook(run.workbook, 'csv'));
    expect(written.split('\r\n').slice(1, 3)).toEqual([
      expect.stringMatching(/,,$/),
      expect.stringMatching(/,\d{4},$/),
    ]);
    // Other formats have no such thing: the table alone.
    const json = JSON.parse(new TextDecoder().decode(writeWorkbook(workbook, 'json'))) as object[];
    expect(Object.keys(json[0]!)).toHaveLength(5);
  });

  it('writes no trailing delimiter when the rows end differently', () => {
    const source = new TextEncoder().encode('a,b\n1,2,\n3,4\n5,6,,\n');
    const workbook = readWorkbook(source, 'ragged.csv');
    expect(workbook.sheets[0]!.trailingDelimiters).toBeUndefined();
    expect(new TextDecoder().decode(writeWorkbook(workbook, 'csv'))).toBe('a,b\n1,2\n3,4\n5,6\n');
  });
});

describe('the lines above a table', () => {
  it.each([
    [
      'a report title, its date and a blank line',
      'Umsätze 2023;;\r\nStand: 01.02.2024;;\r\n;;\r\nName;Betrag\r\nMüller;1,50\r\n',
    ],
    ['comment lines', '# exported by pgAdmin\n# 2 rows\nid,name\n1,Ann\n2,Bob\n'],
  ])('are written back above the header: %s', (_, text) => {
    const workbook = readWorkbook(new TextEncoder().encode(text), 'report.csv');
    expect(workbook.sheets[0]!.preamble?.length).toBeGreaterThan(0);
    expect(new TextDecoder().decode(writeWorkbook(workbook, 'csv'))).toBe(text);
    const again = readWorkbook(writeWorkbook(workbook, 'xlsx'), 'report.xlsx').sheets[0]!;
    expect(again.columns).toEqual(workbook.sheets[0]!.columns);
    expect(again.rows).toEqual(workbook.sheets[0]!.rows);
  });
});

describe('csv quoted as its source quoted it', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);
  const exports: [string, string][] = [
    // R's write.csv: every text and the header quoted, numbers and NA bare.
    ['R write.csv', '"","name","age","city"\n"1","Ann Smith",30,NA\n"2","",NA,"Paris"\n'],
    // Python's csv.QUOTE_ALL and database tools: every field, empties included.
    [
      'QUOTE_ALL',
      '"id","name","note"\r\n"1","Ann Smith",""\r\n"2","Bob Jones","hi, there"\r\n"3","Cy","ok"\r\n',
    ],
    // pandas' to_csv(quoting=csv.QUOTE_NONNUMERIC): texts and header quoted, numbers bare.
    ['QUOTE_NONNUMERIC', '"","name","score"\n0,"Ann",1.5\n1,"Bob",2.0\n'],
    // PostgreSQL's COPY … CSV: an empty text is "", a NULL nothing.
    ['PostgreSQL', 'id,name,note\n1,Ann,\n2,Bob,""\n3,Cy,ok\n4,,""\n'],
    ['semicolons', '"id";"name"\n"1";"Ann; Bob"\n'],
  ];

  it.each(exports)('writes a %s export back byte for byte', (_, text) => {
    const workbook = readWorkbook(bytes(text), 'export.csv');
    expect(new TextDecoder().decode(writeWorkbook(workbook, 'csv'))).toBe(text);
  });

  it('keeps it in a text with characters above U+00FF, read a block at a time', () => {
    // Blocks are cut at line feeds, some inside a quoted field: such a block is split again.
    const rows = Array.from({ length: 40_000 }, (_, index) =>
      index % 1000 === 7
        ? `"${index}","Łukasz €",""`
        : index % 10 === 3
          ? `"${index}","Ann\nLee","ok"`
          : `"${index}","Ann",NA`,
    );
    const text = `"id","name","note"\n${rows.join('\n')}\n`;
    const workbook = readWorkbook(bytes(text), 'export.csv');
    expect(text.length).toBeGreaterThan(2 * 256 * 1024);
    expect(workbook.sheets[0]!.quoting?.[2]?.bare).toEqual(['NA']);
    expect(new TextDecoder().decode(writeWorkbook(workbook, 'csv'))).toBe(text);
  });

  it('quotes a column by what most of its fields were, not by one field that needed it', () => {
    const text = 'id,note\n1,plain\n2,"a, b"\n3,more\n';
    const workbook = readWorkbook(bytes(text), 'export.csv');
    expect(workbook.sheets[0]!.quoting).toBeUndefined();
    const all = '"id","note"\n"1","plain"\n"2","a, b"\n"3",more\n';
    // One bare text among quoted ones is written bare again; new texts are quoted.
    const sheet = readWorkbook(bytes(all), 'export.csv').sheets[0]!;
    expect(sheet.quoting?.[1]).toEqual({
      values: true,
      bare: ['more'],
      empties: 'bare',
      header: true,
    });
    const changed = {
      ...sheet,
      rows: [
        ['1', 'more'],
        ['2', 'new'],
      ],
    };
    expect(
      new TextDecoder().decode(writeWorkbook({ format: 'csv', sheets: [changed] }, 'csv')),
    ).toBe('"id","note"\r\n"1",more\r\n"2","new"\r\n');
  });

  it('tells a PostgreSQL NULL from an empty text row by row, blank lines and all', () => {
    const text = 'id,note\n1,\n\n2,""\n3,x\n\n';
    const sheet = readWorkbook(bytes(text), 'export.csv').sheets[0]!;
    expect(sheet.rows).toEqual([
      ['1', ''],
      ['2', ''],
      ['3', 'x'],
    ]);
    expect([...(sheet.quoting?.[1]?.empties as Uint8Array)]).toEqual([0, 1, 0]);
  });

  it('a csv written as another format, and a table from elsewhere, are quoted where needed', () => {
    const workbook = readWorkbook(bytes(exports[1]![1]), 'export.csv');
    expect(new TextDecoder().decode(writeWorkbook(workbook, 'tsv'))).toBe(
      '"id"\t"name"\t"note"\r\n"1"\t"Ann Smith"\t""\r\n"2"\t"Bob Jones"\t"hi, there"\r\n"3"\t"Cy"\t"ok"\r\n',
    );
    const json = readWorkbook(writeWorkbook(workbook, 'json'), 'export.json');
    expect(new TextDecoder().decode(writeWorkbook(json, 'csv'))).toBe(
      'id,name,note\r\n1,Ann Smith,\r\n2,Bob Jones,"hi, there"\r\n3,Cy,ok\r\n',
    );
  });
});

const special = fc.constantFrom(
  '"',
  ',',
  ';',
  '\t',
  '\n',
  '\r',
  '\r\n',
  '|',
  '=',
  '+',
  '-',
  '@',
  '#',
  '\0',
  "'",
  ' ',
  '.',
  'é',
  '😀',
  '中',
  '\u2028',
  '_x0041_',
);
const plain = fc.constantFrom('a', 'B', '1', 'z');
const cellText = fc.oneof(
  fc.string({ unit: fc.oneof(special, plain, plain), maxLength: 10 }),
  fc.string({ unit: 'grapheme', maxLength: 8 }),
);
const table = fc.integer({ min: 1, max: 4 }).chain((width) =>
  fc.record({
    columns: fc.uniqueArray(
      cellText.filter((name) => name.trim() !== ''),
      { minLength: width, maxLength: width },
    ),
    rows: fc.array(fc.array(cellText, { minLength: width, maxLength: width }), { maxLength: 6 }),
  }),
);

/** As readWorkbook judges valid UTF-8: NULs and control characters are over 30% of the text. */
function mostlyControl(text: string): boolean {
  const sample = text.slice(0, 4096);
  let control = 0;
  for (let index = 0; index < sample.length; index++) {
    const code = sample.charCodeAt(index);
    if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0c && code !== 0x0d) control++;
  }
  return control > sample.length * 0.3;
}

const asWorkbook = ({ columns, rows }: { columns: string[]; rows: string[][] }): Workbook => ({
  format: 'csv',
  sheets: [{ name: 'Data', columns, rows }],
});

describe('any table of strings round-trips', () => {
  it.each(['csv', 'tsv', 'json'] as const)('through %s', (format) => {
    fc.assert(
      fc.property(table, (data) => {
        const bytes = writeWorkbook(asWorkbook(data), format, { neutralizeFormulas: false });
        // A text that is mostly control characters is binary to the reader, by design (a
        // header of one NUL and no rows, say), and one whose every other byte is NUL is UTF-16
        // ("\0aaa\0" and no rows): no table of a real file.
        fc.pre(!mostlyControl(new TextDecoder().decode(bytes)));
        fc.pre(decodeText(bytes).encoding === 'utf-8');
        const sheet = readWorkbook(bytes, `table.${format}`).sheets[0];
        // A JSON array of no objects names no keys, so an empty table comes back without columns.
        const emptyJson = format === 'json' && data.rows.length === 0;
        expect(sheet?.columns).toEqual(emptyJson ? [] : data.columns);
        expect(sheet?.rows).toEqual(data.rows);
      }),
      { numRuns: 200 },
    );
  });

  it.each(['csv', 'tsv'] as const)(
    'through %s with formula protection, every cell neutralized once and restorable exactly',
    (format) => {
      fc.assert(
        fc.property(table, (data) => {
          const read = readWorkbook(writeWorkbook(asWorkbook(data), format), `table.${format}`);
          const sheet = read.sheets[0];
          expect(sheet?.columns).toEqual(data.columns.map(neutralizeFormula));
          expect(sheet?.rows).toEqual(data.rows.map((row) => row.map(neutralizeFormula)));
          const restored = restoreFormulas(read).sheets[0];
          expect(restored?.columns).toEqual(data.columns);
          expect(restored?.rows).toEqual(data.rows);
        }),
        { numRuns: 100 },
      );
    },
  );

  it('neutralizes quotes before a formula too, so that restoring is exact', () => {
    for (const [text, neutralized] of [
      ['=1+1', "'=1+1"],
      ["'=1+1", "''=1+1"],
      ["'hello", "'hello"],
      ['-2.5', '-2.5'],
      ["'-2.5", "'-2.5"],
      ['+44 20 7946 0958', '+44 20 7946 0958'],
      ["'+44 20 7946 0958", "'+44 20 7946 0958"],
      ["'+cmd|' /C calc'!A0", "''+cmd|' /C calc'!A0"],
    ] as const) {
      expect(neutralizeFormula(text)).toBe(neutralized);
      expect(restoreFormula(neutralized)).toBe(text);
    }
  });

  it('through xls', () => {
    fc.assert(
      fc.property(table, (data) => {
        const bytes = writeWorkbook(asWorkbook(data), 'xls', { neutralizeFormulas: false });
        const sheet = readWorkbook(bytes, 'table.xls').sheets[0];
        expect(sheet?.columns).toEqual(data.columns);
        expect(sheet?.rows).toEqual(data.rows);
      }),
      { numRuns: 60 },
    );
  });

  it('through xlsx (where, as in Excel, a CRLF inside a cell reads back as LF)', () => {
    const excelText = (text: string) => text.replaceAll('\r\n', '\n');
    fc.assert(
      fc.property(table, (data) => {
        const bytes = writeWorkbook(asWorkbook(data), 'xlsx', { neutralizeFormulas: false });
        const sheet = readWorkbook(bytes, 'table.xlsx').sheets[0];
        expect(sheet?.columns).toEqual(data.columns.map(excelText));
        expect(sheet?.rows).toEqual(data.rows.map((row) => row.map(excelText)));
      }),
      { numRuns: 60 },
    );
  });
});
