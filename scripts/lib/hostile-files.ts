/**
 * A generated corpus of hostile uploads for the hardening tests and the load script: ZIP bombs
 * (honest and lying headers, many entries, overlapping entries), cell bombs (xlsx, xlsb, string
 * table, OpenDocument repeats), ZIP64, encryption flags, truncated and mislabelled files, formula
 * injection, prototype keys, deep and huge JSON.
 * Legit-looking workbooks come from the real SheetJS writer; crafted ZIPs from a tiny ZIP writer
 * below that can lie about anything. Everything is deterministic.
 */
import { constants, deflateRawSync, inflateRawSync } from 'node:zlib';
import * as XLSX from '@e965/xlsx';

const MiB = 1024 * 1024;

/** What the product must answer for a hostile file. */
export type HostileExpectation =
  | { kind: 'rejected'; code: 'TOO_LARGE' | 'INVALID_FILE' | 'UNSUPPORTED_FORMAT'; status: number }
  | { kind: 'readable' };

export interface HostileFile {
  /** What the file is, for test names and reports. */
  label: string;
  fileName: string;
  bytes: Uint8Array;
  expected: HostileExpectation;
  /** Data rows the file holds, where a test checks the whole table came through. */
  rowCount?: number;
}

const tooLarge: HostileExpectation = { kind: 'rejected', code: 'TOO_LARGE', status: 413 };
const invalid: HostileExpectation = { kind: 'rejected', code: 'INVALID_FILE', status: 400 };
const readable: HostileExpectation = { kind: 'readable' };

// --- A minimal ZIP writer that writes whatever headers it is told to -----------------------------

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

export interface CraftedZipEntry {
  name: string;
  /** The bytes stored in the archive (already deflated when method is 8). */
  data: Uint8Array;
  method: 0 | 8 | 12;
  /** The uncompressed size written in the headers (may lie). */
  declaredSize: number;
  crc?: number;
  flags?: number;
  /** Point this entry's central record at another entry's local header (overlap bombs). */
  sharesLocalHeaderOf?: number;
}

export interface CraftedZipOptions {
  /** Entry count written in the end record (defaults to the real count; 0xffff marks ZIP64). */
  declaredEntryCount?: number;
  /** Write a ZIP64 end-of-central-directory locator before the end record. */
  zip64Locator?: boolean;
}

/** Writes a ZIP archive with exactly the headers given, honest or not. */
export function craftZip(entries: CraftedZipEntry[], options: CraftedZipOptions = {}): Uint8Array {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  const localOffsets: number[] = [];
  let offset = 0;
  entries.forEach((entry, index) => {
    const name = Buffer.from(entry.name, 'utf8');
    const crc = entry.crc ?? 0;
    const shared = entry.sharesLocalHeaderOf;
    let localOffset: number;
    if (shared === undefined) {
      const local = Buffer.alloc(30);
      local.writeUInt32LE(0x04034b50, 0);
      local.writeUInt16LE(20, 4);
      local.writeUInt16LE(entry.flags ?? 0, 6);
      local.writeUInt16LE(entry.method, 8);
      local.writeUInt32LE(crc, 14);
      local.writeUInt32LE(entry.data.length, 18);
      local.writeUInt32LE(entry.declaredSize, 22);
      local.writeUInt16LE(name.length, 26);
      localOffset = offset;
      parts.push(local, name, Buffer.from(entry.data));
      offset += local.length + name.length + entry.data.length;
    } else {
      localOffset = localOffsets[shared] ?? 0;
    }
    localOffsets[index] = localOffset;
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(20, 4);
    record.writeUInt16LE(20, 6);
    record.writeUInt16LE(entry.flags ?? 0, 8);
    record.writeUInt16LE(entry.method, 10);
    record.writeUInt32LE(crc, 16);
    record.writeUInt32LE(entry.data.length, 20);
    record.writeUInt32LE(entry.declaredSize, 24);
    record.writeUInt16LE(name.length, 28);
    record.writeUInt32LE(localOffset, 42);
    central.push(record, name);
  });
  const directoryOffset = offset;
  const directorySize = central.reduce((sum, part) => sum + part.length, 0);
  const tail: Buffer[] = [];
  if (options.zip64Locator) {
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeUInt32LE(1, 16);
    tail.push(locator);
  }
  const end = Buffer.alloc(22);
  const count = options.declaredEntryCount ?? entries.length;
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(count, 0xffff), 8);
  end.writeUInt16LE(Math.min(count, 0xffff), 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(directoryOffset, 16);
  tail.push(end);
  return new Uint8Array(Buffer.concat([...parts, ...central, ...tail]));
}

/** An honest deflated entry. */
export function deflatedEntry(name: string, text: string | Uint8Array): CraftedZipEntry {
  const raw = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  return {
    name,
    data: new Uint8Array(deflateRawSync(raw)),
    method: 8,
    declaredSize: raw.length,
    crc: crc32(raw),
  };
}

/** Text or bytes repeated `times` times in a deflate stream (see deflateRepeats). */
export interface RepeatedPart {
  content: string | Uint8Array;
  times: number;
}

/**
 * A raw deflate stream of parts, each repeated without ever holding the expansion: each part is
 * compressed once, sync-flushed to a byte boundary and repeated, then the stream is closed with an
 * empty final block. 1 GiB of spaces costs about 1 MB. Also returns the expanded size.
 */
export function deflateRepeats(parts: RepeatedPart[]): { data: Uint8Array; size: number } {
  const segments: Buffer[] = [];
  // A part given again (the same string or array) is compressed once.
  const compressed = new Map<string | Uint8Array, { segment: Buffer; length: number }>();
  let size = 0;
  for (const { content, times } of parts) {
    let known = compressed.get(content);
    if (!known) {
      const raw = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
      const segment = deflateRawSync(raw, { finishFlush: constants.Z_SYNC_FLUSH, level: 9 });
      known = { segment, length: raw.length };
      compressed.set(content, known);
    }
    for (let i = 0; i < times; i++) segments.push(known.segment);
    size += known.length * times;
  }
  segments.push(deflateRawSync(Buffer.alloc(0)));
  return { data: new Uint8Array(Buffer.concat(segments)), size };
}

/** `chunk` repeated `times` times in a raw deflate stream (see deflateRepeats). */
export function repeatedDeflate(chunk: Uint8Array, times: number): Uint8Array {
  return deflateRepeats([{ content: chunk, times }]).data;
}

/** A ZIP entry holding parts repeated in one deflate stream, with its true size declared. */
export function repeatedEntry(name: string, parts: RepeatedPart[]): CraftedZipEntry {
  const { data, size } = deflateRepeats(parts);
  return { name, data, method: 8, declaredSize: size };
}

/** The parts every xlsx has, so a crafted bomb looks like a workbook to a format sniffer. */
function workbookSkeleton(): CraftedZipEntry[] {
  return [
    deflatedEntry(
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>',
    ),
    deflatedEntry(
      'xl/workbook.xml',
      '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets><sheet name="Sheet1" sheetId="1"/></sheets></workbook>',
    ),
  ];
}

/** The entries of an honest ZIP (such as a SheetJS xlsx), decompressed. */
export function unzipEntries(bytes: Uint8Array): { name: string; content: Uint8Array }[] {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = buffer.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = buffer.readUInt16LE(end + 10);
  let offset = buffer.readUInt32LE(end + 16);
  const entries: { name: string; content: Uint8Array }[] = [];
  for (let index = 0; index < count; index++) {
    const method = buffer.readUInt16LE(offset + 10);
    const compressedSize = buffer.readUInt32LE(offset + 20);
    const nameLength = buffer.readUInt16LE(offset + 28);
    const skip = nameLength + buffer.readUInt16LE(offset + 30) + buffer.readUInt16LE(offset + 32);
    const name = buffer.toString('utf8', offset + 46, offset + 46 + nameLength);
    const local = buffer.readUInt32LE(offset + 42);
    const start = local + 30 + buffer.readUInt16LE(local + 26) + buffer.readUInt16LE(local + 28);
    const data = buffer.subarray(start, start + compressedSize);
    entries.push({ name, content: new Uint8Array(method === 8 ? inflateRawSync(data) : data) });
    offset += 46 + skip;
  }
  return entries;
}

/** Rewrites one text entry of an honest ZIP and zips it again honestly. */
export function rewriteZipEntry(
  bytes: Uint8Array,
  name: string,
  rewrite: (text: string) => string,
): Uint8Array {
  return craftZip(
    unzipEntries(bytes).map((entry) =>
      deflatedEntry(
        entry.name,
        entry.name === name ? rewrite(Buffer.from(entry.content).toString('utf8')) : entry.content,
      ),
    ),
  );
}

const spaces = (bytes: number): Uint8Array => new Uint8Array(bytes).fill(0x20);

const SPREADSHEET_ML = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/**
 * A complete xlsx package around crafted parts: one worksheet entry per sheet (named
 * xl/worksheets/sheetN.xml) and optionally a shared string table, with the content types,
 * relationships and workbook SheetJS needs to read them.
 */
export function xlsxPackage(
  sheets: CraftedZipEntry[],
  sharedStrings?: CraftedZipEntry,
): Uint8Array {
  const sheetTargets = sheets.map((_, index) => `worksheets/sheet${index + 1}.xml`);
  const mainType = 'application/vnd.openxmlformats-officedocument.spreadsheetml';
  const overrides = [
    `<Override PartName="/xl/workbook.xml" ContentType="${mainType}.sheet.main+xml"/>`,
    ...sheetTargets.map(
      (target) => `<Override PartName="/xl/${target}" ContentType="${mainType}.worksheet+xml"/>`,
    ),
    sharedStrings
      ? `<Override PartName="/xl/sharedStrings.xml" ContentType="${mainType}.sharedStrings+xml"/>`
      : '',
  ].join('');
  const relationship = (id: number, type: string, target: string) =>
    `<Relationship Id="rId${id}" Type="${RELATIONSHIPS}/${type}" Target="${target}"/>`;
  const declaration = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
  return craftZip([
    deflatedEntry(
      '[Content_Types].xml',
      `${declaration}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        `<Default Extension="xml" ContentType="application/xml"/>${overrides}</Types>`,
    ),
    deflatedEntry(
      '_rels/.rels',
      `${declaration}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        `${relationship(1, 'officeDocument', 'xl/workbook.xml')}</Relationships>`,
    ),
    deflatedEntry(
      'xl/workbook.xml',
      `${declaration}<workbook xmlns="${SPREADSHEET_ML}" xmlns:r="${RELATIONSHIPS}"><sheets>` +
        sheetTargets
          .map(
            (_, index) =>
              `<sheet name="Sheet${index + 1}" sheetId="${index + 1}" r:id="rId${index + 1}"/>`,
          )
          .join('') +
        '</sheets></workbook>',
    ),
    deflatedEntry(
      'xl/_rels/workbook.xml.rels',
      `${declaration}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        sheetTargets.map((target, index) => relationship(index + 1, 'worksheet', target)).join('') +
        (sharedStrings
          ? relationship(sheets.length + 1, 'sharedStrings', 'sharedStrings.xml')
          : '') +
        '</Relationships>',
    ),
    ...sheets.map((sheet, index) => ({ ...sheet, name: `xl/${sheetTargets[index]}` })),
    ...(sharedStrings ? [{ ...sharedStrings, name: 'xl/sharedStrings.xml' }] : []),
  ]);
}

/**
 * A worksheet entry of `rows` rows, each `row` (the cells' markup), deflated without holding the
 * expansion. Rows are compressed 100 at a time: repeating a larger block compresses further.
 */
export function repeatedSheet(row: string, rows: number): CraftedZipEntry {
  const rowXml = `<row>${row}</row>`;
  return repeatedEntry('sheet.xml', [
    {
      content: `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${SPREADSHEET_ML}"><sheetData>`,
      times: 1,
    },
    { content: rowXml.repeat(100), times: Math.floor(rows / 100) },
    { content: rowXml, times: rows % 100 },
    { content: '</sheetData></worksheet>', times: 1 },
  ]);
}

// --- Real workbooks from SheetJS -----------------------------------------------------------------

/** A real xlsx or xls written by SheetJS from rows of values (first row = header). */
export function sheetJsWorkbook(
  rows: unknown[][],
  bookType: 'xlsx' | 'xls' | 'xlsb' | 'ods',
  tweak?: (sheet: XLSX.WorkSheet) => void,
): Uint8Array {
  const sheet = XLSX.utils.aoa_to_sheet(rows);
  tweak?.(sheet);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Sheet1');
  const written = XLSX.write(book, {
    type: 'buffer',
    bookType: bookType === 'xls' ? 'biff8' : bookType,
  }) as Buffer;
  return new Uint8Array(written);
}

const PEOPLE: unknown[][] = [
  ['name', 'email', 'age'],
  ['Ada Lovelace', 'ada@example.org', 36],
  ['Alan Turing', 'alan@example.org', 41],
];

// --- Crafted xls: SheetJS's own file with its BIFF records rewritten ----------------------------

/** The part of SheetJS's CFB library used here (the package types it as `any`). */
interface CompoundFileLibrary {
  read(data: Uint8Array, options: { type: 'array' }): object;
  find(file: object, path: string): { content: Uint8Array | number[]; size: number } | null;
  write(file: object, options: { type: 'buffer' }): Buffer;
}
const CFB = XLSX.CFB as CompoundFileLibrary;

const BIFF_EOF = 0x000a;
const BIFF_DIMENSIONS = 0x0200;
const BIFF_MULRK = 0x00bd;

/** Offsets of the BIFF records of a workbook stream with the given type. */
function biffRecordOffsets(stream: Buffer, type: number): number[] {
  const offsets: number[] = [];
  for (let offset = 0; offset + 4 <= stream.length; offset += 4 + stream.readUInt16LE(offset + 2)) {
    if (stream.readUInt16LE(offset) === type) offsets.push(offset);
  }
  return offsets;
}

/** A SheetJS xls whose Workbook stream is rewritten, inside a compound file written again. */
function rewriteXlsWorkbook(xls: Uint8Array, rewrite: (stream: Buffer) => Buffer): Uint8Array {
  const file = CFB.read(xls, { type: 'array' });
  const entry = CFB.find(file, 'Workbook');
  if (!entry) throw new Error('no Workbook stream in the SheetJS xls');
  const rewritten = rewrite(Buffer.from(entry.content));
  entry.content = rewritten;
  entry.size = rewritten.length;
  return new Uint8Array(CFB.write(file, { type: 'buffer' }));
}

/**
 * An xls whose one sheet is packed with MULRK records: 6 bytes per numeric cell, `columns` cells
 * per row, so a small file declares millions of cells for SheetJS to make objects of.
 */
export function mulrkXls(rows: number, columns: number): Uint8Array {
  return rewriteXlsWorkbook(sheetJsWorkbook(PEOPLE, 'xls'), (stream) => {
    const sheetEof = biffRecordOffsets(stream, BIFF_EOF).at(-1) ?? stream.length;
    const recordLength = 2 + 2 + columns * 6 + 2;
    const records = Buffer.alloc(rows * (4 + recordLength));
    for (let row = 0; row < rows; row++) {
      let at = row * (4 + recordLength);
      records.writeUInt16LE(BIFF_MULRK, at);
      records.writeUInt16LE(recordLength, at + 2);
      records.writeUInt16LE((row + PEOPLE.length) & 0xffff, at + 4);
      records.writeUInt16LE(0, at + 6);
      at += 8;
      for (let column = 0; column < columns; column++, at += 6) {
        records.writeUInt16LE(15, at); // the default cell format
        records.writeUInt32LE((((row * columns + column) & 0xfffffff) << 2) | 0x2, at + 2); // RK integer
      }
      records.writeUInt16LE(columns - 1, at);
    }
    return Buffer.concat([stream.subarray(0, sheetEof), records, stream.subarray(sheetEof)]);
  });
}

/** The people xls with its sheet's DIMENSIONS record declaring every row and column of BIFF8. */
function xlsDeclaringWholeSheet(): Uint8Array {
  return rewriteXlsWorkbook(sheetJsWorkbook(PEOPLE, 'xls'), (stream) => {
    const patched = Buffer.from(stream);
    for (const offset of biffRecordOffsets(patched, BIFF_DIMENSIONS)) {
      patched.writeUInt32LE(0, offset + 4);
      patched.writeUInt32LE(65_536, offset + 8);
      patched.writeUInt16LE(0, offset + 12);
      patched.writeUInt16LE(256, offset + 14);
    }
    return patched;
  });
}

// --- Crafted xlsb: SheetJS's own file with cell records added ----------------------------------

/** A BIFF12 record: its type and length as one to four 7-bit groups, then its body. */
function biff12Record(type: number, body: Uint8Array): Uint8Array {
  const head = type < 0x80 ? [type] : [(type & 0x7f) | 0x80, type >> 7];
  const length: number[] = [];
  let rest = body.length;
  do {
    length.push((rest & 0x7f) | (rest > 0x7f ? 0x80 : 0));
    rest >>= 7;
  } while (rest > 0);
  return new Uint8Array([...head, ...length, ...body]);
}

const BIFF12_ROW_HEADER = 0x0000;
const BIFF12_CELL_RK = 0x0002;
const BIFF12_SHORT_RK = 0x000d;
const BIFF12_END_SHEET_DATA = 0x0092;
/** The RK number 1 (an integer, shifted past the two flag bits). */
const RK_ONE = (1 << 2) | 0x2;

/**
 * An xlsb (SheetJS's, holding the people table) whose sheet gets `rows` more rows of `columns`
 * numbers: a BrtCellRk in column A, then BrtShortRk records (10 bytes a cell, each in the column
 * after the last), deflated row by row without holding the sheet.
 */
export function xlsbWithCells(rows: number, columns: number): Uint8Array {
  const entries = unzipEntries(sheetJsWorkbook(PEOPLE, 'xlsb'));
  const firstCell = Buffer.alloc(12);
  firstCell.writeUInt32LE(RK_ONE, 8);
  const shortCell = Buffer.alloc(8);
  shortCell.writeUInt32LE(RK_ONE, 4);
  const restOfRow = Buffer.concat(
    Array.from({ length: columns - 1 }, () => biff12Record(BIFF12_SHORT_RK, shortCell)),
  );
  const rowStart = (index: number) => {
    const header = Buffer.alloc(12);
    header.writeUInt32LE(PEOPLE.length + index, 0);
    return Buffer.concat([
      biff12Record(BIFF12_ROW_HEADER, header),
      biff12Record(BIFF12_CELL_RK, firstCell),
    ]);
  };
  return craftZip(
    entries.map((entry) => {
      if (entry.name !== 'xl/worksheets/sheet1.bin')
        return deflatedEntry(entry.name, entry.content);
      const sheet = Buffer.from(entry.content);
      const end = sheet.indexOf(Buffer.from(biff12Record(BIFF12_END_SHEET_DATA, new Uint8Array())));
      return repeatedEntry(entry.name, [
        { content: sheet.subarray(0, end), times: 1 },
        ...Array.from({ length: rows }, (_, index) => [
          { content: rowStart(index), times: 1 },
          { content: restOfRow, times: 1 },
        ]).flat(),
        { content: sheet.subarray(end), times: 1 },
      ]);
    }),
  );
}

/** A table row of OpenDocument markup: one cell repeated over `rows` × `columns`. */
function repeatedOpenDocumentRow(rows: number, columns: number): string {
  return (
    `<table:table-row table:number-rows-repeated="${rows}">` +
    `<table:table-cell table:number-columns-repeated="${columns}" office:value-type="float" ` +
    'office:value="1"><text:p>1</text:p></table:table-cell></table:table-row>'
  );
}

/** SheetJS's OpenDocument spreadsheet (ZIP) with its rows replaced by one cell repeated. */
export function openDocumentRepeats(rows: number, columns: number): Uint8Array {
  return rewriteZipEntry(sheetJsWorkbook(PEOPLE, 'ods'), 'content.xml', (xml) =>
    xml.replace(
      /<table:table-row[\s\S]*<\/table:table-row>/,
      repeatedOpenDocumentRow(rows, columns),
    ),
  );
}

/** SheetJS's flat OpenDocument spreadsheet (one XML file), its rows replaced the same way. */
export function flatOpenDocumentRepeats(rows: number, columns: number): Uint8Array {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(PEOPLE), 'Sheet1');
  const xml = XLSX.write(book, { type: 'string', bookType: 'fods' }) as string;
  return new TextEncoder().encode(
    xml.replace(
      /<table:table-row[\s\S]*<\/table:table-row>/,
      repeatedOpenDocumentRow(rows, columns),
    ),
  );
}

// --- The corpus ----------------------------------------------------------------------------------

/** ZIP-level bombs and malformed containers, each small on disk. */
export function zipHostileFiles(): HostileFile[] {
  const realXlsx = sheetJsWorkbook(PEOPLE, 'xlsx');
  const oneGiBOfSpaces = repeatedDeflate(spaces(MiB), 1024);
  return [
    {
      label: 'zip bomb: one sheet honestly declaring 1 GiB',
      fileName: 'bomb-honest.xlsx',
      bytes: craftZip([
        ...workbookSkeleton(),
        {
          name: 'xl/worksheets/sheet1.xml',
          data: oneGiBOfSpaces,
          method: 8,
          declaredSize: 1024 * MiB,
        },
      ]),
      expected: tooLarge,
    },
    {
      label: 'zip bomb: header declares 2 KB, entry inflates to 1 GiB',
      fileName: 'bomb-lying.xlsx',
      bytes: craftZip([
        ...workbookSkeleton(),
        { name: 'xl/worksheets/sheet1.xml', data: oneGiBOfSpaces, method: 8, declaredSize: 2048 },
      ]),
      expected: invalid,
    },
    {
      label: 'zip bomb: 40 entries of 100 MiB each (total over the cap)',
      fileName: 'bomb-total.xlsx',
      bytes: craftZip([
        ...workbookSkeleton(),
        ...Array.from({ length: 40 }, (_, index) => ({
          name: `xl/worksheets/sheet${index + 1}.xml`,
          data: repeatedDeflate(spaces(MiB), 100),
          method: 8 as const,
          declaredSize: 100 * MiB,
        })),
      ]),
      expected: tooLarge,
    },
    {
      label: 'zip bomb: 2,000 central records overlapping one 256 KiB entry (Fifield style)',
      fileName: 'bomb-overlap.xlsx',
      bytes: craftZip([
        ...workbookSkeleton(),
        {
          name: 'xl/worksheets/sheet1.xml',
          data: repeatedDeflate(spaces(256 * 1024), 1),
          method: 8,
          declaredSize: 256 * 1024,
        },
        ...Array.from({ length: 2000 }, (_, index) => ({
          name: `xl/media/copy${index}.xml`,
          data: repeatedDeflate(spaces(256 * 1024), 1),
          method: 8 as const,
          declaredSize: 256 * 1024,
          sharesLocalHeaderOf: 2,
        })),
      ]),
      expected: invalid,
    },
    {
      label: 'many entries: 20,000 tiny files',
      fileName: 'many-entries.xlsx',
      bytes: craftZip(
        Array.from({ length: 20_000 }, (_, index) => deflatedEntry(`xl/parts/p${index}.xml`, 'x')),
      ),
      expected: tooLarge,
    },
    {
      label: 'ZIP64: end record saturated to 0xffff entries with a ZIP64 locator',
      fileName: 'zip64.xlsx',
      bytes: craftZip(workbookSkeleton(), { declaredEntryCount: 0xffff, zip64Locator: true }),
      expected: invalid,
    },
    {
      label: 'ZIP64: entry sizes saturated to 0xffffffff',
      fileName: 'zip64-sizes.xlsx',
      bytes: craftZip([
        ...workbookSkeleton(),
        { ...deflatedEntry('xl/worksheets/sheet1.xml', '<x/>'), declaredSize: 0xffffffff },
      ]),
      expected: invalid,
    },
    {
      label: 'encrypted entry (general purpose flag bit 0)',
      fileName: 'encrypted.xlsx',
      bytes: craftZip([
        ...workbookSkeleton(),
        { ...deflatedEntry('xl/worksheets/sheet1.xml', '<worksheet/>'), flags: 1 },
      ]),
      expected: invalid,
    },
    {
      label: 'unsupported compression method (bzip2)',
      fileName: 'bzip2.xlsx',
      bytes: craftZip([
        ...workbookSkeleton(),
        { ...deflatedEntry('xl/worksheets/sheet1.xml', '<worksheet/>'), method: 12 },
      ]),
      expected: invalid,
    },
    {
      label: 'empty ZIP (no entries)',
      fileName: 'empty-zip.xlsx',
      bytes: craftZip([]),
      expected: invalid,
    },
    {
      label: 'corrupt deflate data inside a valid directory',
      fileName: 'corrupt-deflate.xlsx',
      bytes: craftZip([
        ...workbookSkeleton(),
        {
          name: 'xl/worksheets/sheet1.xml',
          data: new Uint8Array(64).fill(0xff),
          method: 8,
          declaredSize: 1000,
        },
      ]),
      expected: invalid,
    },
    {
      label: 'truncated xlsx (SheetJS workbook cut in half)',
      fileName: 'truncated.xlsx',
      bytes: realXlsx.slice(0, Math.floor(realXlsx.length / 2)),
      expected: invalid,
    },
    {
      label: 'xlsx cell bomb: 16,000,000 numeric cells in 8 sheets, 500 KB on disk',
      fileName: 'cell-bomb.xlsx',
      bytes: xlsxPackage(
        Array.from({ length: 8 }, () => repeatedSheet('<c><v>1</v></c>'.repeat(1000), 2000)),
      ),
      expected: tooLarge,
    },
    {
      label: 'xlsx whose string table holds 10,000,000 empty texts (`</si>` is 5 bytes)',
      fileName: 'string-table-bomb.xlsx',
      bytes: xlsxPackage(
        [repeatedSheet('<c t="s"><v>0</v></c>', 1)],
        repeatedEntry('sharedStrings.xml', [
          {
            content: `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${SPREADSHEET_ML}">`,
            times: 1,
          },
          { content: '<si><t>a</t></si>' + '</si>'.repeat(9999), times: 1000 },
          { content: '</sst>', times: 1 },
        ]),
      ),
      expected: tooLarge,
    },
    {
      label: 'xlsb cell bomb named .xlsx: 5,000,000 numeric cells in 340 KB (SheetJS reads xlsb)',
      fileName: 'xlsb-cell-bomb.xlsx',
      bytes: xlsbWithCells(5000, 1000),
      expected: tooLarge,
    },
    {
      label: 'OpenDocument spreadsheet named .xlsx repeating one cell 1,000,000 × 1,000 times',
      fileName: 'ods-repeat-bomb.xlsx',
      bytes: openDocumentRepeats(1_000_000, 1000),
      expected: invalid,
    },
    {
      label: 'xlsx with its last byte removed',
      fileName: 'short-by-one.xlsx',
      bytes: realXlsx.slice(0, realXlsx.length - 1),
      expected: invalid,
    },
  ];
}

/** Deterministic pseudo-random bytes (xorshift32). */
export function randomBytes(length: number, seed: number): Uint8Array {
  const out = new Uint8Array(length);
  let state = seed >>> 0 || 1;
  for (let i = 0; i < length; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    out[i] = state & 0xff;
  }
  return out;
}

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

/** Files whose content is hostile to parsers or to what is done with their values. */
export function contentHostileFiles(): HostileFile[] {
  const realXlsx = sheetJsWorkbook(PEOPLE, 'xlsx');
  const realXls = sheetJsWorkbook(PEOPLE, 'xls');
  const png = new Uint8Array([
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    ...randomBytes(2000, 7),
  ]);
  return [
    {
      label: 'xlsx declaring the range A1:XFD1048576 with three real rows',
      fileName: 'huge-range.xlsx',
      // SheetJS would write every cell of the range, so the dimension is patched in afterwards.
      bytes: rewriteZipEntry(realXlsx, 'xl/worksheets/sheet1.xml', (xml) =>
        xml.replace(/<dimension ref="[^"]*"\/>/, '<dimension ref="A1:XFD1048576"/>'),
      ),
      expected: readable,
    },
    {
      label: 'formula injection in CSV cells',
      fileName: 'injection.csv',
      bytes: utf8(
        'name,note\r\nAda,"=HYPERLINK(""http://evil.example"",""click"")"\r\nBob,+cmd|\' /C calc\'!A0\r\nCy,@SUM(1+1)\r\nDi,-2+3\r\n',
      ),
      expected: readable,
    },
    {
      label: 'xlsx with real formula cells',
      fileName: 'formulas.xlsx',
      bytes: sheetJsWorkbook(
        [
          ['name', 'total'],
          ['Ada', 1],
        ],
        'xlsx',
        (sheet) => {
          sheet.B2 = { t: 'n', v: 1, f: 'HYPERLINK("http://evil.example","x")' };
        },
      ),
      expected: readable,
    },
    {
      label: 'prototype keys as JSON keys and values',
      fileName: 'proto.json',
      bytes: utf8(
        '[{"__proto__":{"polluted":"yes"},"constructor":"prototype","prototype":"__proto__"},' +
          '{"__proto__":{"polluted":"again"},"constructor":{"prototype":{"polluted":"deep"}}}]',
      ),
      expected: readable,
    },
    {
      label: 'prototype keys as CSV headers and values',
      fileName: 'proto.csv',
      bytes: utf8('__proto__,constructor,prototype\n__proto__,constructor,prototype\nx,y,z\n'),
      expected: readable,
    },
    {
      label: 'duplicate JSON keys',
      fileName: 'duplicate-keys.json',
      bytes: utf8('[{"id":1,"id":2,"name":"a"},{"id":3,"name":"b","name":"c"}]'),
      expected: readable,
    },
    {
      label: 'JSON nested 100,000 levels deep',
      fileName: 'deep.json',
      bytes: utf8('['.repeat(100_000) + ']'.repeat(100_000)),
      expected: invalid,
    },
    {
      label: 'JSON object nested 10,000 levels deep inside a row',
      fileName: 'deep-object.json',
      bytes: utf8('[{"a":' + '{"b":'.repeat(10_000) + '1' + '}'.repeat(10_000) + '}]'),
      expected: invalid,
    },
    {
      label: 'truncated JSON',
      fileName: 'truncated.json',
      bytes: utf8('[{"name":"Ada","email":"ada@exa'),
      expected: invalid,
    },
    {
      label: 'PNG image named .xlsx',
      fileName: 'image.xlsx',
      bytes: png,
      expected: invalid,
    },
    {
      label: 'PNG image named .csv',
      fileName: 'image.csv',
      bytes: png,
      expected: invalid,
    },
    {
      label: 'random binary named .csv',
      fileName: 'random.csv',
      bytes: randomBytes(64 * 1024, 42),
      expected: invalid,
    },
    {
      label: 'random binary named .json',
      fileName: 'random.json',
      bytes: randomBytes(64 * 1024, 43),
      expected: invalid,
    },
    {
      label: 'random binary named .xls',
      fileName: 'random.xls',
      bytes: randomBytes(64 * 1024, 44),
      expected: invalid,
    },
    {
      label: 'truncated xls (SheetJS BIFF8 workbook cut in half)',
      fileName: 'truncated.xls',
      bytes: realXls.slice(0, Math.floor(realXls.length / 2)),
      expected: invalid,
    },
    {
      label: 'OLE2 header with a broken byte-order mark',
      fileName: 'bad-header.xls',
      bytes: (() => {
        const broken = realXls.slice();
        broken[28] = 0;
        broken[29] = 0;
        return broken;
      })(),
      expected: invalid,
    },
    {
      label: 'xls packed with MULRK records: 4,019,200 cells in 25 MB (SheetJS needs ~600 B each)',
      fileName: 'mulrk-bomb.xls',
      bytes: mulrkXls(15_700, 256),
      expected: tooLarge,
    },
    {
      label: 'flat OpenDocument XML named .xls repeating one cell 1,000,000 × 1,000 times',
      fileName: 'fods-repeat-bomb.xls',
      bytes: flatOpenDocumentRepeats(1_000_000, 1000),
      expected: invalid,
    },
    {
      label: 'xls whose DIMENSIONS record declares 65,536 rows × 256 columns over two real rows',
      fileName: 'huge-dimensions.xls',
      bytes: xlsDeclaringWholeSheet(),
      expected: readable,
      rowCount: 2,
    },
    {
      label: 'JSON content named .xlsx (content decides)',
      fileName: 'json-inside.xlsx',
      bytes: utf8('[{"name":"Ada"}]'),
      expected: readable,
    },
    {
      label: 'HTML page named .csv',
      fileName: 'page.csv',
      bytes: utf8('<!doctype html><html><body><script>alert(1)</script></body></html>'),
      expected: invalid,
    },
    {
      label: 'JSON object with 200,000 columnar keys',
      fileName: 'columnar-wide.json',
      bytes: utf8('{' + Array.from({ length: 200_000 }, (_, i) => `"k${i}":[1]`).join(',') + '}'),
      expected: tooLarge,
    },
    {
      label: 'CSV row with 100,000 fields',
      fileName: 'wide.csv',
      bytes: utf8(Array.from({ length: 100_000 }, (_, i) => `c${i}`).join(',') + '\n'),
      expected: tooLarge,
    },
    {
      label: 'CSV of two columns with one row of 100,000 fields',
      fileName: 'ragged-wide.csv',
      bytes: utf8('a,b\n1,2\n' + Array<string>(100_000).fill('x').join(',') + '\n'),
      expected: tooLarge,
    },
    {
      // Each row is padded to the longest: 4,001 rows × 16,000 columns from a 50 KB file.
      label: 'CSV of 4,000 two-field rows and one of 16,000 fields (64 million cells padded)',
      fileName: 'ragged-cells.csv',
      bytes: utf8(
        'a,b\n' + '1,2\n'.repeat(4_000) + Array<string>(16_000).fill('x').join(',') + '\n',
      ),
      expected: tooLarge,
    },
    {
      label: 'CSV with rows longer than its header (extra columns, as Excel shows them)',
      fileName: 'ragged.csv',
      bytes: utf8('name,email\nAda,ada@example.org\nBob,bob@example.org,"extra, quoted",4\n'),
      expected: readable,
      rowCount: 2,
    },
    {
      label: 'CSV header repeating one name 16,384 times',
      fileName: 'same-header.csv',
      bytes: utf8(
        Array<string>(16_384).fill('amount').join(',') +
          '\n' +
          Array<string>(16_384).fill('12.5').join(',') +
          '\n',
      ),
      expected: readable,
      rowCount: 1,
    },
    {
      label: 'a single scalar as JSON',
      fileName: 'scalar.json',
      bytes: utf8('"just a string"'),
      expected: invalid,
    },
    {
      label: 'an empty file',
      fileName: 'empty.csv',
      bytes: new Uint8Array(0),
      expected: invalid,
    },
    {
      label: 'an executable name (.exe)',
      fileName: 'people.exe',
      bytes: utf8('name\nAda\n'),
      expected: { kind: 'rejected', code: 'UNSUPPORTED_FORMAT', status: 415 },
    },
    {
      label: 'a real xlsx named .csv (content decides)',
      fileName: 'actually-xlsx.csv',
      bytes: realXlsx,
      expected: readable,
    },
  ];
}

/** Large JSON inputs: a flat 50 MB array of rows and one 50 MB string. Built on demand. */
export function largeJsonFiles(targetBytes = 50 * MiB - 1024): HostileFile[] {
  const row = '{"id":1234567,"name":"Ada Lovelace","email":"ada@example.org"},';
  const count = Math.floor((targetBytes - 2) / row.length);
  const flat = Buffer.alloc(count * row.length + 1);
  flat.write('[', 0);
  for (let i = 0; i < count; i++) flat.write(row, 1 + i * row.length);
  flat.write(']', flat.length - 1);
  const prefix = '[{"note":"';
  const suffix = '"}]';
  const oneString = Buffer.alloc(targetBytes, 0x61);
  oneString.write(prefix, 0);
  oneString.write(suffix, targetBytes - suffix.length);
  return [
    {
      label: `flat JSON array of ${count} rows (${Math.round(flat.length / MiB)} MB)`,
      fileName: 'flat.json',
      bytes: new Uint8Array(flat.buffer, flat.byteOffset, flat.length),
      expected: readable,
      rowCount: count,
    },
    {
      label: `one JSON string of ${Math.round(targetBytes / MiB)} MB`,
      fileName: 'one-string.json',
      bytes: new Uint8Array(oneString.buffer, oneString.byteOffset, oneString.length),
      expected: readable,
      rowCount: 1,
    },
  ];
}
