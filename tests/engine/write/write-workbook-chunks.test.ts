import { describe, expect, it } from 'vitest';
import {
  readWorkbook,
  writeWorkbook,
  writeWorkbookChunks,
  type Cell,
  type FileFormat,
  type Sheet,
  type Workbook,
} from '../../../src/engine';
import { readXlsxParts } from '../../support/spreadsheet-parts';

/** Every kind of cell the xlsx writer treats apart, and text a spreadsheet could run. */
function mixedWorkbook(rows: number): Workbook {
  const data: Cell[][] = [];
  for (let index = 0; index < rows; index++) {
    data.push([
      `name ${index} ${'é'.repeat(index % 5)}`,
      index * 1.25,
      index % 2 === 0,
      new Date(Date.UTC(2024, index % 12, (index % 28) + 1)),
      index % 7 === 0 ? '=HYPERLINK("x")' : `  spaced ${index % 3} `,
      'repeated city',
    ]);
  }
  const sheet: Sheet = {
    name: 'People',
    columns: ['name', 'amount', 'active', 'joined', 'note', 'city'],
    rows: data,
    numberFormats: [null, '#,##0.00', null, 'yyyy-mm-dd', null, null],
  };
  return { format: 'xlsx', sheets: [sheet, { ...sheet, name: 'Second', rows: data.slice(0, 3) }] };
}

function joined(pieces: Iterable<Uint8Array>): { bytes: Uint8Array; count: number } {
  const all = [...pieces];
  return { bytes: new Uint8Array(Buffer.concat(all)), count: all.length };
}

/** The names of a ZIP's entries in order, read through its central directory. */
function entryNames(bytes: Uint8Array): string[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = bytes.length - 22;
  while (view.getUint32(end, true) !== 0x06054b50) end--;
  const names: string[] = [];
  let at = view.getUint32(end + 16, true);
  for (let entry = 0; entry < view.getUint16(end + 10, true); entry++) {
    const length = view.getUint16(at + 28, true);
    names.push(new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + length)));
    at += 46 + length;
  }
  return names;
}

describe('writeWorkbookChunks', () => {
  it('writes the same xlsx parts as writeWorkbook, in a ZIP streamed entry by entry', () => {
    const workbook = mixedWorkbook(500);
    const whole = writeWorkbook(workbook, 'xlsx');
    const { bytes } = joined(writeWorkbookChunks(workbook, 'xlsx'));
    expect(readXlsxParts(bytes)).toEqual(readXlsxParts(whole));
    const read = (file: Uint8Array) => readWorkbook(file, 'out.xlsx');
    expect(read(bytes)).toEqual(read(whole));
    // Parts known up front first, the sheets, then what lists what the sheets used.
    expect(entryNames(bytes)).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/workbook.xml',
      'xl/_rels/workbook.xml.rels',
      'xl/worksheets/sheet1.xml',
      'xl/worksheets/sheet2.xml',
      'xl/styles.xml',
      'xl/sharedStrings.xml',
    ]);
    // Each local header leaves its CRC and sizes to the data descriptor after the data.
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    expect(view.getUint16(6, true) & 0x0008).toBe(8);
    expect(view.getUint32(18, true)).toBe(0);
  });

  it('sends a large sheet in many pieces that read back as the whole', () => {
    const workbook = mixedWorkbook(60_000);
    const { bytes, count } = joined(writeWorkbookChunks(workbook, 'xlsx'));
    // 60,000 rows of XML are several megabytes: several deflated pieces, not one.
    expect(count).toBeGreaterThan(8 * 3 + 4);
    const sheet = readXlsxParts(bytes).sheets[0]!;
    expect(sheet).toHaveLength(60_001);
    expect(readXlsxParts(bytes)).toEqual(readXlsxParts(writeWorkbook(workbook, 'xlsx')));
  });

  it('continues a long sheet on further sheets when asked, as writeWorkbook does', () => {
    const long: Workbook = {
      format: 'csv',
      sheets: [
        {
          name: 'mapping',
          columns: ['original'],
          rows: Array.from({ length: 1_048_580 }, (_, index) => [`v${index % 10}`]),
        },
      ],
    };
    const { bytes } = joined(writeWorkbookChunks(long, 'xlsx', { splitLongSheets: true }));
    expect(readXlsxParts(bytes).sheets.map((sheet) => sheet.length)).toEqual([1_048_576, 6]);
    expect(() => [...writeWorkbookChunks(long, 'xlsx')]).toThrow(/too large for/);
  });

  it.each<FileFormat>(['csv', 'tsv', 'json', 'xls'])(
    'writes %s in one piece, the bytes of writeWorkbook',
    (format) => {
      const workbook = mixedWorkbook(50);
      const { bytes, count } = joined(writeWorkbookChunks(workbook, format));
      expect(count).toBe(1);
      expect(Buffer.from(bytes).equals(Buffer.from(writeWorkbook(workbook, format)))).toBe(true);
    },
  );
});
