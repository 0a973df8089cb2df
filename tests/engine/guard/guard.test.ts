import { read } from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { EngineError, inspectContainer, type FileFormat } from '../../../src/engine';
import { countXmlCells } from '../../../src/engine/guard/count-xml-cells';
import type { GuardLimits } from '../../../src/engine/guard/limits';
import {
  contentHostileFiles,
  craftZip,
  deflatedEntry,
  flatOpenDocumentRepeats,
  mulrkXls,
  openDocumentRepeats,
  repeatedEntry,
  repeatedSheet,
  sheetJsWorkbook,
  xlsbWithCells,
  xlsxPackage,
  zipHostileFiles,
} from '../../../scripts/lib/hostile-files';

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

function guardError(
  bytes: Uint8Array,
  format: FileFormat,
  limits: Partial<GuardLimits> = {},
): EngineError | undefined {
  try {
    inspectContainer(bytes, format, limits);
    return undefined;
  } catch (error) {
    if (error instanceof EngineError) return error;
    throw error;
  }
}

// Test cases carry only labels: vitest formats each case's arguments, and megabytes of bytes
// would make that slow.
const zipFiles = zipHostileFiles();
const contentFiles = contentHostileFiles();

describe('the container guard on hostile ZIPs', () => {
  it.each(zipFiles.map((file) => file.label))('refuses %s with a clear error', (label) => {
    const file = zipFiles.find((candidate) => candidate.label === label)!;
    const error = guardError(file.bytes, 'xlsx');
    expect(file.expected.kind).toBe('rejected');
    if (file.expected.kind !== 'rejected') return;
    expect(error?.code).toBe(file.expected.code);
    expect(error?.message).toMatch(
      file.expected.code === 'TOO_LARGE'
        ? /^This XLSX workbook (holds|expands)/
        : /^This file is not a valid XLSX workbook: .{10,}/,
    );
  });

  it('names the caps it enforces', () => {
    const bomb = zipFiles.find((file) => file.fileName === 'bomb-honest.xlsx');
    expect(guardError(bomb!.bytes, 'xlsx')?.message).toMatch(/1024 MB; at most 256 MB per part/);
    const many = zipFiles.find((file) => file.fileName === 'many-entries.xlsx');
    expect(guardError(many!.bytes, 'xlsx')?.message).toMatch(/20000 files; at most 10000/);
  });

  it('accepts real workbooks written by SheetJS', () => {
    const rows = [
      ['name', 'when'],
      ['Ada', new Date(Date.UTC(2020, 0, 2))],
    ];
    expect(guardError(sheetJsWorkbook(rows, 'xlsx'), 'xlsx')).toBeUndefined();
    expect(guardError(sheetJsWorkbook(rows, 'xls'), 'xls')).toBeUndefined();
  });

  it('accepts an honest ZIP up to the entry cap', () => {
    const zip = craftZip([
      deflatedEntry('[Content_Types].xml', '<Types/>'),
      ...Array.from({ length: 9_999 }, (_, index) => deflatedEntry(`p${index}.xml`, 'x')),
    ]);
    expect(guardError(zip, 'xlsx')).toBeUndefined();
  });

  it('honours caller limits', () => {
    const xlsx = sheetJsWorkbook([['a'], ['b']], 'xlsx');
    expect(() => inspectContainer(xlsx, 'xlsx', { maxZipEntries: 2 })).toThrow(/at most 2 are/);
    expect(() => inspectContainer(xlsx, 'xlsx', { maxZipTotalBytes: 100 })).toThrow(EngineError);
    const xls = sheetJsWorkbook([['a'], ['b']], 'xls');
    expect(guardError(xls.slice(), 'xls')).toBeUndefined();
    expect(() => inspectContainer(xls, 'xls', { maxXlsBytes: 1024 })).toThrow(/XLS workbook is/);
  });

  it('caps the size of spreadsheets that are neither ZIP nor OLE2 (HTML or XML saved as .xls)', () => {
    const html = utf8('<table><tr><td>a</td></tr></table>');
    expect(guardError(html, 'xls')).toBeUndefined();
    expect(() => inspectContainer(html, 'xlsx', { maxXlsBytes: 10 })).toThrow(/spreadsheet is/);
  });
});

describe('what SheetJS would read as another format', () => {
  it.each([
    ['an OpenDocument spreadsheet', openDocumentRepeats(2, 2), 'xlsx', /OpenDocument spreadsheet/],
    [
      'a flat OpenDocument spreadsheet named .xls',
      flatOpenDocumentRepeats(2, 2),
      'xls',
      /^This file is not a valid XLS workbook: it is an OpenDocument/,
    ],
    [
      'a flat OpenDocument spreadsheet in UTF-16',
      new Uint8Array(
        Buffer.concat([
          Buffer.from([0xff, 0xfe]),
          Buffer.from(new TextDecoder().decode(flatOpenDocumentRepeats(2, 2)), 'utf16le'),
        ]),
      ),
      'xlsx',
      /OpenDocument/,
    ],
    [
      'an Apple Numbers package',
      craftZip([
        deflatedEntry('[Content_Types].xml', '<Types/>'),
        deflatedEntry('Index/Document.iwa', 'x'),
      ]),
      'xlsx',
      /Apple Numbers/,
    ],
    [
      'a ZIP without [Content_Types].xml (SheetJS would read a nested Index.zip)',
      craftZip([deflatedEntry('Index.zip', sheetJsWorkbook([['a']], 'xlsx'))]),
      'xlsx',
      /holds no \[Content_Types\]\.xml/,
    ],
  ] as const)('refuses %s', (_label, bytes, format, message) => {
    const error = guardError(bytes, format);
    expect(error?.code).toBe('INVALID_FILE');
    expect(error?.message).toMatch(message);
  });

  it('leaves SpreadsheetML and HTML tables to the reader', () => {
    const spreadsheetMl =
      '<?xml version="1.0"?><Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet">' +
      '<DocumentProperties/><Worksheet><Table><Row><Cell><Data>a</Data></Cell></Row></Table>' +
      '</Worksheet></Workbook>';
    expect(guardError(utf8(spreadsheetMl), 'xls')).toBeUndefined();
    expect(
      guardError(utf8('<html><body><table><tr><td>document</td></tr></table>'), 'xls'),
    ).toBeUndefined();
  });
});

describe('the xlsb cell count', () => {
  it('counts the cells of an xlsb from its records, as SheetJS reads them', () => {
    const rows = [['name', 'age'], ...Array.from({ length: 200 }, (_, i) => [`Person ${i}`, i])];
    const xlsb = sheetJsWorkbook(rows, 'xlsb');
    expect(guardError(xlsb, 'xlsx', { maxXlsxCells: 402 })).toBeUndefined();
    expect(guardError(xlsb, 'xlsx', { maxXlsxCells: 401 })?.code).toBe('TOO_LARGE');
    // 50 cells in records added to the nine of the people table.
    expect(guardError(xlsbWithCells(10, 5), 'xlsx', { maxXlsxCells: 59 })).toBeUndefined();
    expect(guardError(xlsbWithCells(10, 5), 'xlsx', { maxXlsxCells: 58 })?.code).toBe('TOO_LARGE');
  });
});

describe('the container guard on hostile content', () => {
  const refusedByGuard = new Set([
    'deep.json',
    'deep-object.json',
    'bad-header.xls',
    'fods-repeat-bomb.xls',
  ]);
  it.each(
    contentFiles.filter((file) => refusedByGuard.has(file.fileName)).map((file) => file.label),
  )('refuses %s', (label) => {
    const file = contentFiles.find((candidate) => candidate.label === label)!;
    const format = file.fileName.endsWith('.json') ? 'json' : 'xls';
    expect(guardError(file.bytes, format)?.code).toBe('INVALID_FILE');
  });
});

describe('the xls cell count', () => {
  it('counts the value cells SheetJS would make objects of, blanks left out', () => {
    // A header of four, then 300 rows of text, number, boolean and a blank: 904 values. (Large
    // enough for its stream to leave the compound file's mini stream, which is never counted.)
    const rows = [
      ['name', 'age', 'member', 'note'],
      ...Array.from({ length: 300 }, (_, i) => [`Person ${i}`, i, i % 2 === 0, null]),
    ];
    const xls = sheetJsWorkbook(rows, 'xls');
    expect(guardError(xls, 'xls', { maxXlsCells: 904 })).toBeUndefined();
    expect(guardError(xls, 'xls', { maxXlsCells: 903 })?.message).toMatch(
      /^This XLS workbook holds more than 903 cells; at most 903 are read from an XLS file/,
    );
  });

  it('counts the cells of MULRK records, and refuses millions', () => {
    // 2,560 cells in MULRK records after the nine of the people table.
    expect(guardError(mulrkXls(10, 256), 'xls', { maxXlsCells: 2569 })).toBeUndefined();
    expect(guardError(mulrkXls(10, 256), 'xls', { maxXlsCells: 2568 })?.code).toBe('TOO_LARGE');
    const bomb = contentFiles.find((file) => file.fileName === 'mulrk-bomb.xls')!;
    expect(guardError(bomb.bytes, 'xls')?.message).toMatch(/more than 4,000,000 cells/);
  });

  it('counts a bare BIFF stream saved as .xls too', () => {
    const biff = new Uint8Array(20);
    const view = new DataView(biff.buffer);
    view.setUint16(0, 0x0809, true); // BOF, 4 bytes of body
    view.setUint16(2, 4, true);
    view.setUint16(8, 0x0203, true); // NUMBER, 4 bytes of body (truncated, still one cell)
    view.setUint16(10, 4, true);
    expect(guardError(biff, 'xls', { maxXlsCells: 0 })?.code).toBe('TOO_LARGE');
    expect(guardError(biff, 'xls', { maxXlsCells: 1 })).toBeUndefined();
  });
});

describe('the xlsx cell count', () => {
  const unlimited = { cells: Infinity, sharedStrings: Infinity };
  const sheetXml = (sheetData: string): string =>
    '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/' +
    `spreadsheetml/2006/main"><sheetData>${sheetData}</sheetData></worksheet>`;
  /** The part's text as SheetJS may find it: bytes, UTF-16LE after FF FE, or UTF-16BE. */
  const encodings = {
    latin1: (text: string) => new Uint8Array(Buffer.from(text, 'latin1')),
    'utf-16le': (text: string) =>
      new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])),
    // SheetJS decodes UTF-16BE from byte 2 when bytes 1 and 2 are FE FF.
    'utf-16be one byte in': (text: string) =>
      new Uint8Array(
        Buffer.concat([
          Buffer.from([0x20, 0xfe, 0xff, 0x20]),
          Buffer.from(text, 'utf16le').swap16(),
        ]),
      ),
  };
  const oneSharedString = deflatedEntry('sst.xml', '<sst><si><t>a</t></si></sst>');
  /** The cells SheetJS makes objects of, read with the reader's options. */
  function sheetJsCells(part: Uint8Array): number {
    const workbook = read(xlsxPackage([deflatedEntry('sheet.xml', part)], oneSharedString), {
      type: 'array',
      dense: true,
      cellFormula: false,
      sheetStubs: false,
    });
    const rows = (workbook.Sheets.Sheet1?.['!data'] ?? []) as unknown[][];
    return rows.reduce((sum, row) => sum + (row ?? []).filter(Boolean).length, 0);
  }

  it.each([
    ['a number', '<c r="A1"><v>1</v></c>', 1],
    ['a shared string', '<c r="A1" t="s"><v>0</v></c>', 1],
    ['an inline string', '<c r="A1" t="inlineStr"><is><t>Ada</t></is></c>', 1],
    ['a formula with its cached value', '<c r="A1"><f>1+1</f><v>2</v></c>', 1],
    ['a formula without one (formulas are not read)', '<c r="A1"><f>1+1</f></c>', 0],
    ['a styled blank (Excel)', '<c r="A1" s="1"/>', 0],
    ['a typed blank (LibreOffice)', '<c r="A1" s="1" t="n"/>', 0],
    ['an empty text', '<c r="A1" t="str"/>', 1],
    ['an empty boolean', '<c r="A1" t="b"/>', 1],
    ['a blank in column T', '<c r="T1"/>', 0],
    ['namespace prefixes', '<x:c r="A1"><x:v>1</x:v></x:c>', 1],
    ['a value after a self-closed cell', '<c r="A1"/><v>5</v>', 1],
    ['an upper-case type', '<c r="A1" T="str"/>', 1],
    ['a type with a suffix', '<c r="A1" t_x="str"/>', 1],
    ['a prefixed type', '<c r="A1" x:t="str"/>', 1],
    ['a type after the tag is closed', '<c>t="str"></c>', 1],
    ['text after a row tag', ' t="str"/>', 1],
  ])('counts %s as SheetJS does', (_label, cells, expected) => {
    const text = sheetXml(`<row r="1">${cells}</row>`);
    for (const encode of Object.values(encodings)) {
      expect(countXmlCells(encode(text), unlimited).cells).toBe(expected);
      expect(sheetJsCells(encode(text))).toBe(expected);
    }
  });

  it('never counts fewer cells than SheetJS makes, whatever the markup', () => {
    // Random markup from the pieces SheetJS's patterns react to (seeded: failures reproduce).
    const pieces = [
      '<c',
      '<x:c',
      '<c ',
      '<c/>',
      '<c s="1"/>',
      '<c t="n">',
      ' ',
      '\t',
      '/',
      '>',
      '/>',
      '<',
      '<v>1</v>',
      '<x:v>2</x:v>',
      '<v',
      '</v>',
      '<v/>',
      ' t="str"',
      ' t="n"',
      ' t="s"',
      " t='n'",
      ' T="str"',
      ' t_x="b"',
      ' t=',
      ' t = "n" ',
      '"',
      "'",
      '=',
      't',
      'T',
      '_',
      ':',
      'n',
      's',
      '\u00a0',
      '</c>',
      '</row>',
      '<row>',
      '<row/>',
      '<x:row>',
      '</x:row>',
      '<sheetData>',
      '<is><t>a</t></is>',
      '<f>1</f>',
      '?',
      'x',
    ];
    let state = 2024;
    const random = (below: number): number => {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      return (state >>> 0) % below;
    };
    for (let trial = 0; trial < 300; trial++) {
      let sheetData = '<row>';
      for (let piece = random(40); piece >= 0; piece--) sheetData += pieces[random(pieces.length)];
      const text = sheetXml(`${sheetData}</row>`);
      for (const [encoding, encode] of Object.entries(encodings)) {
        const part = encode(text);
        const counted = countXmlCells(part, unlimited).cells;
        expect(counted, `${encoding}: ${JSON.stringify(sheetData)}`).toBeGreaterThanOrEqual(
          sheetJsCells(part),
        );
      }
    }
  });

  it('counts the entries of the shared string table SheetJS splits at </si>', () => {
    const table = '<sst><si><t>a</t></si><x:si><t>b</t></x:si></si></si><sstItem>c</sstItem></sst>';
    expect(countXmlCells(encodings.latin1(table), unlimited)).toEqual({
      cells: 0,
      sharedStrings: 5,
    });
  });

  it('counts cells across sheets, wherever the workbook keeps them, against the cap', () => {
    const sheet = (rows: number) => repeatedSheet('<c><v>1</v></c>'.repeat(10), rows);
    const workbook = xlsxPackage([sheet(30), sheet(20)]);
    expect(guardError(workbook, 'xlsx', { maxXlsxCells: 500 })).toBeUndefined();
    expect(guardError(workbook, 'xlsx', { maxXlsxCells: 499 })?.message).toBe(
      'This XLSX workbook holds more than 499 cells; at most 499 are read from an XLSX file. ' +
        'Split it or save it as CSV.',
    );
    // A worksheet at a path of its own: SheetJS follows the workbook's relationships to it.
    const contentTypes = deflatedEntry('[Content_Types].xml', '<Types/>');
    const elsewhere = craftZip([contentTypes, { ...sheet(60), name: 'xl/data/numbers.xml' }]);
    expect(guardError(elsewhere, 'xlsx', { maxXlsxCells: 599 })?.code).toBe('TOO_LARGE');
    // A worksheet in UTF-16, which SheetJS decodes after its byte order mark.
    const utf16 = craftZip([
      contentTypes,
      deflatedEntry(
        'xl/worksheets/sheet1.xml',
        encodings['utf-16le'](sheetXml('<row><c><v>1</v></c><c><v>2</v></c></row>')),
      ),
    ]);
    expect(guardError(utf16, 'xlsx', { maxXlsxCells: 1 })?.code).toBe('TOO_LARGE');
  });

  it('refuses a string table over its cap', () => {
    const table = repeatedEntry('sst.xml', [
      { content: '<sst>' + '<si><t>a</t></si>'.repeat(50), times: 1 },
    ]);
    const workbook = xlsxPackage([repeatedSheet('<c t="s"><v>0</v></c>', 1)], table);
    expect(guardError(workbook, 'xlsx', { maxXlsxSharedStrings: 50 })).toBeUndefined();
    expect(guardError(workbook, 'xlsx', { maxXlsxSharedStrings: 49 })?.message).toMatch(
      /^This XLSX workbook holds more than 49 distinct texts; at most 49 are read/,
    );
  });

  it('accepts 300,000 rows of 12 values and 8 styled blanks (3,600,000 cells)', () => {
    // Excel's markup: cell references, styles, shared strings, dates and numbers; blanks that
    // only carry a style (as a formatted but empty range does) cost SheetJS nothing.
    const values = [
      '<c r="A2" t="s"><v>17</v></c>',
      '<c r="B2" t="s"><v>18</v></c>',
      '<c r="C2" s="1"><v>44197</v></c>',
      '<c r="D2"><v>1234.5</v></c>',
      '<c r="E2" t="inlineStr"><is><t>ada@example.org</t></is></c>',
      '<c r="F2" t="b"><v>1</v></c>',
      '<c r="G2"><f>D2*2</f><v>2469</v></c>',
      '<c r="H2" t="str"><f>A2&amp;B2</f><v>AdaLovelace</v></c>',
      '<c r="I2" s="2"><v>0.25</v></c>',
      '<c r="J2" t="e"><v>#N/A</v></c>',
      '<c r="K2" t="s"><v>19</v></c>',
      '<c r="L2"><v>42</v></c>',
    ].join('');
    const blanks = '<c r="M2" s="3"/><c r="N2" s="3" t="n"/>'.repeat(4);
    const workbook = xlsxPackage([repeatedSheet(values + blanks, 300_000)]);
    expect(guardError(workbook, 'xlsx')).toBeUndefined();
    expect(guardError(workbook, 'xlsx', { maxXlsxCells: 3_600_000 })).toBeUndefined();
    expect(guardError(workbook, 'xlsx', { maxXlsxCells: 3_599_999 })?.code).toBe('TOO_LARGE');
  }, 30_000);

  it('refuses the cell and string table bombs of the corpus', () => {
    for (const fileName of ['cell-bomb.xlsx', 'string-table-bomb.xlsx', 'xlsb-cell-bomb.xlsx']) {
      const bomb = zipFiles.find((file) => file.fileName === fileName)!;
      expect(guardError(bomb.bytes, 'xlsx')?.message).toMatch(
        /^This XLSX workbook holds more than 4,000,000 (cells|distinct texts)/,
      );
    }
  });
});

describe('the JSON depth check', () => {
  const nested = (depth: number): string => '['.repeat(depth) + ']'.repeat(depth);
  it.each([
    ['64 levels', nested(64), true],
    ['65 levels', nested(65), false],
    ['brackets inside strings', `[${JSON.stringify('['.repeat(500))}]`, true],
    ['escaped quotes before brackets', `["\\"${'{'.repeat(100)}"]`, true],
    ['a backslash ending a string', `["\\\\", ${nested(70)}]`, false],
    ['objects and arrays mixed', '{"a":'.repeat(40) + nested(30) + '}'.repeat(40), false],
    ['wide but shallow', `[${Array.from({ length: 10_000 }, () => '{"a":[1]}').join(',')}]`, true],
  ])('%s', (_label, json, accepted) => {
    const error = guardError(utf8(json), 'json');
    expect(error === undefined).toBe(accepted);
    if (!accepted) expect(error?.message).toMatch(/more than 64 levels deep/);
  });

  it('does not scan CSV for brackets', () => {
    expect(guardError(utf8('a\n' + '[\n'.repeat(100)), 'csv')).toBeUndefined();
  });
});
