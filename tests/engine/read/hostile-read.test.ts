import { describe, expect, it } from 'vitest';
import { EngineError, readWorkbook, writeWorkbook, type Workbook } from '../../../src/engine';
import {
  contentHostileFiles,
  deflatedEntry,
  largeJsonFiles,
  repeatedEntry,
  sheetJsWorkbook,
  unzipEntries,
  xlsxPackage,
  zipHostileFiles,
} from '../../../scripts/lib/hostile-files';

// Engine-level: every hostile file through the real reader. The server tests send the same
// corpus over HTTP. Cases carry only labels (vitest formats case arguments).
const corpus = [...zipHostileFiles(), ...contentHostileFiles()].filter(
  // The extension check is the server's (415); the engine reads by content.
  (file) => file.expected.kind === 'readable' || file.expected.code !== 'UNSUPPORTED_FORMAT',
);
const byLabel = (label: string) => corpus.find((file) => file.label === label)!;

function read(fileName: string): Workbook {
  const file = corpus.find((candidate) => candidate.fileName === fileName)!;
  return readWorkbook(file.bytes, file.fileName);
}

describe('the reader on the hostile corpus', () => {
  it.each(corpus.map((file) => file.label))('%s: a clear error or a correct table', (label) => {
    const file = byLabel(label);
    let outcome: Workbook | EngineError;
    try {
      outcome = readWorkbook(file.bytes, file.fileName);
    } catch (error) {
      // Anything but an EngineError (RangeError, TypeError...) would be a 500, not a 4xx.
      expect(error).toBeInstanceOf(EngineError);
      outcome = error as EngineError;
    }
    if (file.expected.kind === 'readable') {
      expect(outcome).not.toBeInstanceOf(EngineError);
      for (const sheet of (outcome as Workbook).sheets) {
        for (const row of sheet.rows) expect(row).toHaveLength(sheet.columns.length);
      }
    } else {
      expect(outcome).toBeInstanceOf(EngineError);
      expect((outcome as EngineError).code).toBe(file.expected.code);
      expect((outcome as EngineError).message.length).toBeGreaterThan(10);
    }
  });
});

describe('tables that claim more than they hold', () => {
  it('reads an xlsx declaring A1:XFD1048576 as the three rows it really has', () => {
    const sheet = read('huge-range.xlsx').sheets[0]!;
    expect(sheet.columns).toEqual(['name', 'email', 'age']);
    expect(sheet.rows).toEqual([
      ['Ada Lovelace', 'ada@example.org', 36],
      ['Alan Turing', 'alan@example.org', 41],
    ]);
  });

  it('refuses a sheet over the row cap instead of cutting it short', () => {
    const rows = [['n'], ...Array.from({ length: 1000 }, (_, i) => [i])];
    const xlsx = sheetJsWorkbook(rows, 'xlsx');
    expect(() => readWorkbook(xlsx, 'big.xlsx', { maxRows: 100 })).toThrow(/more than 100 rows/);
    expect(readWorkbook(xlsx, 'big.xlsx', { maxRows: 1000 }).sheets[0]!.rows).toHaveLength(1000);
  });

  it('reads a workbook of 300,000 rows × 12 columns whole (3,600,000 cells, under the guard cap)', () => {
    // Excel's markup (shared strings, numbers, booleans, cached formula values, styled blanks);
    // cells without references, so SheetJS places them in order.
    const header = Array.from(
      { length: 12 },
      (_, i) => `<c t="inlineStr"><is><t>c${i}</t></is></c>`,
    );
    const values = [
      '<c t="s"><v>0</v></c>',
      '<c t="s"><v>1</v></c>',
      '<c><v>44197</v></c>',
      '<c><v>1234.5</v></c>',
      '<c t="inlineStr"><is><t>ada@example.org</t></is></c>',
      '<c t="b"><v>1</v></c>',
      '<c><f>D2*2</f><v>2469</v></c>',
      '<c t="str"><v>AdaLovelace</v></c>',
      '<c><v>0.25</v></c>',
      '<c t="s"><v>2</v></c>',
      '<c t="s"><v>3</v></c>',
      '<c><v>42</v></c>',
      '<c s="3"/><c s="3" t="n"/>',
    ];
    const sheet = repeatedEntry('sheet.xml', [
      { content: `<worksheet><sheetData><row>${header.join('')}</row>`, times: 1 },
      { content: `<row>${values.join('')}</row>`.repeat(100), times: 3000 },
      { content: '</sheetData></worksheet>', times: 1 },
    ]);
    const sharedStrings = deflatedEntry(
      'sst.xml',
      `<sst>${['Ada', 'Lovelace', 'London', 'UK'].map((text) => `<si><t>${text}</t></si>`).join('')}</sst>`,
    );
    const table = readWorkbook(xlsxPackage([sheet], sharedStrings), 'big.xlsx').sheets[0]!;
    expect(table.columns).toHaveLength(12);
    expect(table.rows).toHaveLength(300_000);
    expect(table.rows.at(-1)).toEqual([
      'Ada',
      'Lovelace',
      44197,
      1234.5,
      'ada@example.org',
      true,
      2469,
      'AdaLovelace',
      0.25,
      'London',
      'UK',
      42,
    ]);
  }, 120_000);

  it('refuses a CSV over the cell cap', () => {
    const csv = new TextEncoder().encode('a,b,c\n' + '1,2,3\n'.repeat(500));
    expect(() => readWorkbook(csv, 'cells.csv', { maxCells: 1000 })).toThrow(EngineError);
  });
});

describe('formula injection', () => {
  it('reads formula-like CSV text as text and neutralizes every call in CSV output', () => {
    const workbook = read('injection.csv');
    const notes = [
      '=HYPERLINK("http://evil.example","click")',
      "+cmd|' /C calc'!A0",
      '@SUM(1+1)',
      '-2+3',
    ];
    expect(workbook.sheets[0]!.rows.map((row) => row[1])).toEqual(notes);
    for (const format of ['csv', 'tsv'] as const) {
      const back = readWorkbook(writeWorkbook(workbook, format), `out.${format}`).sheets[0]!;
      // Plain arithmetic calls nothing and stays as written; every call gets a quote.
      expect(back.rows.map((row) => row[1])).toEqual([
        `'${notes[0]}`,
        `'${notes[1]}`,
        `'${notes[2]}`,
        '-2+3',
      ]);
    }
  });

  it('writes no formulas into xlsx output, even from a workbook that had them, and adds no character', () => {
    const injected = read('injection.csv');
    const withFormulas = read('formulas.xlsx');
    expect(withFormulas.sheets[0]!.rows).toEqual([['Ada', 1]]);
    for (const workbook of [injected, withFormulas]) {
      const xlsx = writeWorkbook(workbook, 'xlsx');
      const sheetXml = unzipEntries(xlsx)
        .filter((entry) => entry.name.startsWith('xl/'))
        .map((entry) => new TextDecoder().decode(entry.content))
        .join('');
      expect(sheetXml).not.toMatch(/<f[ >]/);
      expect(readWorkbook(xlsx, 'out.xlsx').sheets[0]!.rows).toEqual(workbook.sheets[0]!.rows);
    }
  });
});

describe('prototype keys', () => {
  it('keeps __proto__, constructor and prototype as ordinary JSON columns', () => {
    const sheet = read('proto.json').sheets[0]!;
    expect(sheet.columns).toEqual([
      '__proto__.polluted',
      'constructor',
      'prototype',
      'constructor.prototype.polluted',
    ]);
    expect(sheet.rows).toEqual([
      ['yes', 'prototype', '__proto__', null],
      ['again', null, null, 'deep'],
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  it('writes them back to JSON as data', () => {
    const json = new TextDecoder().decode(writeWorkbook(read('proto.json'), 'json'));
    expect(json).toContain('"__proto__"');
    expect(readWorkbook(new TextEncoder().encode(json), 'again.json').sheets[0]!.rows).toEqual(
      read('proto.json').sheets[0]!.rows,
    );
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  it('keeps them as ordinary CSV headers and values', () => {
    const sheet = read('proto.csv').sheets[0]!;
    expect(sheet.columns).toEqual(['__proto__', 'constructor', 'prototype']);
    expect(sheet.rows).toEqual([
      ['__proto__', 'constructor', 'prototype'],
      ['x', 'y', 'z'],
    ]);
  });

  it('lets the last of duplicate JSON keys win, as JSON.parse does', () => {
    const sheet = read('duplicate-keys.json').sheets[0]!;
    expect(sheet.columns).toEqual(['id', 'name']);
    expect(sheet.rows).toEqual([
      [2, 'a'],
      [3, 'c'],
    ]);
  });
});

describe('large JSON', () => {
  // 50 MB inputs: the upload cap. Built once; each read must give the whole table.
  const [flat, oneString] = largeJsonFiles();

  it('reads a 50 MB flat array into every row', () => {
    const sheet = readWorkbook(flat!.bytes, flat!.fileName).sheets[0]!;
    expect(sheet.columns).toEqual(['id', 'name', 'email']);
    expect(sheet.rows).toHaveLength(flat!.rowCount!);
    expect(sheet.rows.at(-1)).toEqual([1234567, 'Ada Lovelace', 'ada@example.org']);
  }, 120_000);

  it('reads one 50 MB string into one cell', () => {
    const sheet = readWorkbook(oneString!.bytes, oneString!.fileName).sheets[0]!;
    expect(sheet.columns).toEqual(['note']);
    expect((sheet.rows[0]![0] as string).length).toBe(oneString!.bytes.length - 13);
  }, 60_000);
});
