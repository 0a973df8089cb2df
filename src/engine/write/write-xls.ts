import { CFB, SSF, write, type CellObject, type WorkBook } from '@e965/xlsx';
import type { OutputCell } from './output-cells';

/**
 * XLS (BIFF8) output. SheetJS's BIFF8 writer allocates a 16 KB buffer for every cell record it
 * writes (and keeps them until the end): 20,000 rows × 12 columns took 110 s and 5 GB. So SheetJS
 * writes only a small skeleton (workbook globals: fonts, number formats, XF styles, sheet names;
 * one probe cell per number format), and this module writes the cell records and the shared
 * string table itself, into buffers sized up front, then splices them into the skeleton.
 */

/**
 * A sheet as SheetJS cell objects (t 's' with optional quotePrefix, 'n' with optional z, 'b'),
 * header row included.
 */
export interface XlsSheet {
  name: string;
  columns: number;
  rows: readonly (readonly (OutputCell | undefined)[])[];
}

const RECORD = {
  EOF: 0x000a,
  CONTINUE: 0x003c,
  BOUNDSHEET: 0x0085,
  XF: 0x00e0,
  SST: 0x00fc,
  EXTSST: 0x00ff,
  LABELSST: 0x00fd,
  DIMENSIONS: 0x0200,
  NUMBER: 0x0203,
  BOOLERR: 0x0205,
  BOF: 0x0809,
} as const;
/** Records SheetJS writes for cells and rows; the skeleton's are dropped. */
const CELL_RECORDS = new Set([
  0x00fd, 0x0203, 0x0205, 0x0201, 0x0204, 0x027e, 0x0208, 0x00d7, 0x0006,
]);
const MAX_RECORD_PAYLOAD = 8224;
/**
 * The XF flag f123Prefix ([MS-XLS] 2.4.353; Apache POI's "123 prefix", set by its
 * setQuotePrefixed): BIFF8's form of xlsx's quotePrefix, so Excel keeps an edited cell's text
 * as text. It sits in the flags word after the font and format indexes.
 */
const XF_QUOTE_PREFIX = 0x0008;
/** The flags word of an XF record: after the record header, the font and the format index. */
const XF_FLAGS_OFFSET = 4 + 2 + 2;

interface ZipTools {
  read: (data: Uint8Array, options: object) => unknown;
  find: (container: unknown, path: string) => { content: Uint8Array; size: number } | null;
  write: (container: unknown, options: object) => ArrayBuffer | Uint8Array;
}
const containerTools = CFB as ZipTools;

interface RecordView {
  type: number;
  start: number;
  end: number;
}

function records(stream: Uint8Array): RecordView[] {
  const view = new DataView(stream.buffer, stream.byteOffset, stream.byteLength);
  const list: RecordView[] = [];
  for (let position = 0; position + 4 <= stream.length;) {
    const type = view.getUint16(position, true);
    const length = view.getUint16(position + 2, true);
    list.push({ type, start: position, end: position + 4 + length });
    position += 4 + length;
  }
  return list;
}

/** A growable little-endian byte writer for record streams. */
class ByteWriter {
  private bytes: Uint8Array;
  private view: DataView;
  length = 0;

  constructor(capacity: number) {
    this.bytes = new Uint8Array(Math.max(capacity, 64));
    this.view = new DataView(this.bytes.buffer);
  }

  private ensure(extra: number): void {
    if (this.length + extra <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.length + extra));
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
    this.view = new DataView(grown.buffer);
  }

  u8(value: number): void {
    this.ensure(1);
    this.view.setUint8(this.length, value);
    this.length += 1;
  }
  u16(value: number): void {
    this.ensure(2);
    this.view.setUint16(this.length, value, true);
    this.length += 2;
  }
  u32(value: number): void {
    this.ensure(4);
    this.view.setUint32(this.length, value, true);
    this.length += 4;
  }
  f64(value: number): void {
    this.ensure(8);
    this.view.setFloat64(this.length, value, true);
    this.length += 8;
  }
  raw(bytes: Uint8Array): void {
    this.ensure(bytes.length);
    this.bytes.set(bytes, this.length);
    this.length += bytes.length;
  }
  patchU16(offset: number, value: number): void {
    this.view.setUint16(offset, value, true);
  }
  patchU32(offset: number, value: number): void {
    this.view.setUint32(offset, value, true);
  }
  result(): Uint8Array {
    return this.bytes.subarray(0, this.length);
  }
}

/** Whether every character fits one byte (BIFF8's "compressed" Latin-1 string form). */
function isLatin1(text: string): boolean {
  for (let index = 0; index < text.length; index++) if (text.charCodeAt(index) > 0xff) return false;
  return true;
}

/**
 * The SST record and its CONTINUE records. A string's 3-byte header never splits; its characters
 * may, and each CONTINUE that resumes a string starts with the string's encoding flag again.
 */
function writeSst(out: ByteWriter, strings: readonly string[], total: number): void {
  let recordStart = out.length;
  let payload = 0;
  const begin = (type: number) => {
    recordStart = out.length;
    out.u16(type);
    out.u16(0);
    payload = 0;
  };
  const finish = () => out.patchU16(recordStart + 2, payload);
  begin(RECORD.SST);
  out.u32(total);
  out.u32(strings.length);
  payload = 8;
  for (const text of strings) {
    const wide = !isLatin1(text);
    if (payload + 3 + (wide ? 2 : 1) > MAX_RECORD_PAYLOAD) {
      finish();
      begin(RECORD.CONTINUE);
    }
    out.u16(text.length);
    out.u8(wide ? 1 : 0);
    payload += 3;
    const charBytes = wide ? 2 : 1;
    for (let index = 0; index < text.length; index++) {
      if (payload + charBytes > MAX_RECORD_PAYLOAD) {
        finish();
        begin(RECORD.CONTINUE);
        out.u8(wide ? 1 : 0);
        payload = 1;
      }
      if (wide) out.u16(text.charCodeAt(index));
      else out.u8(text.charCodeAt(index));
      payload += charBytes;
    }
  }
  finish();
}

function cellRecords(
  sheet: XlsSheet,
  out: ByteWriter,
  stringIndex: Map<string, number>,
  strings: string[],
  styles: XlsStyles,
): number {
  let count = 0;
  sheet.rows.forEach((row, r) => {
    row.forEach((cell, c) => {
      if (!cell) return;
      if (cell.t === 's') {
        const text = String(cell.v ?? '');
        let index = stringIndex.get(text);
        if (index === undefined) {
          index = strings.length;
          strings.push(text);
          stringIndex.set(text, index);
        }
        count++;
        out.u16(RECORD.LABELSST);
        out.u16(10);
        out.u16(r);
        out.u16(c);
        out.u16(cell.quotePrefix ? styles.quotedText : styles.text);
        out.u32(index);
      } else if (cell.t === 'n') {
        out.u16(RECORD.NUMBER);
        out.u16(14);
        out.u16(r);
        out.u16(c);
        out.u16((typeof cell.z === 'string' && styles.formats.get(cell.z)) || styles.text);
        out.f64(cell.v as number);
      } else if (cell.t === 'b') {
        out.u16(RECORD.BOOLERR);
        out.u16(8);
        out.u16(r);
        out.u16(c);
        out.u16(styles.text);
        out.u8(cell.v ? 1 : 0);
        out.u8(0);
      }
    });
  });
  return count;
}

/** SheetJS's table of number formats by index, which its types leave untyped. */
interface FormatTable {
  get_table(): Record<number, string>;
  load_table(table: Readonly<Record<number, string>>): void;
}
const formatTable = SSF as FormatTable;

/**
 * SheetJS's number formats as it starts. It keeps every format it reads or writes in one table
 * for the process, and writes the whole table into each xls: without going back to this, an
 * xls's bytes would depend on the files read and written before it (a server's worker) and
 * differ from a fresh process's (the command line).
 */
const BUILT_IN_FORMATS: Readonly<Record<number, string>> = { ...formatTable.get_table() };

function forgetFormatsSeen(): void {
  const table = formatTable.get_table();
  for (const index of Object.keys(table).map(Number)) {
    if (!(index in BUILT_IN_FORMATS)) delete table[index];
  }
  formatTable.load_table(BUILT_IN_FORMATS);
}

/** The skeleton: every sheet with one text cell; the first also one probe cell per format. */
function skeleton(sheets: readonly XlsSheet[], formats: readonly string[]): Uint8Array {
  forgetFormatsSeen();
  const book: WorkBook = { SheetNames: [], Sheets: {} };
  sheets.forEach((sheet, index) => {
    const data: CellObject[][] = [[{ t: 's', v: 'x' }]];
    if (index === 0) for (const format of formats) data.push([{ t: 'n', v: 0, z: format }]);
    book.SheetNames.push(sheet.name);
    book.Sheets[sheet.name] = { '!data': data, '!ref': `A1:A${data.length}` };
  });
  return new Uint8Array(
    write(book, { type: 'array', bookType: 'biff8', bookSST: true }) as ArrayBuffer,
  );
}

/** XF indexes of cell styles: plain text, quote-prefixed text, and each number format. */
interface XlsStyles {
  text: number;
  quotedText: number;
  formats: Map<string, number>;
}

/** The workbook globals' XF records, in order: a cell refers to its style by that order. */
function xfRecords(list: readonly RecordView[]): RecordView[] {
  const xfs: RecordView[] = [];
  for (const record of list) {
    if (record.type === RECORD.BOF && record.start > 0) break;
    if (record.type === RECORD.XF) xfs.push(record);
  }
  return xfs;
}

/**
 * XF indexes SheetJS gave the skeleton's text cell and format probes; the quote-prefixed text
 * style is the one added after the skeleton's last XF (see writeXls).
 */
function readStyles(
  stream: Uint8Array,
  list: RecordView[],
  formats: readonly string[],
  xfCount: number,
): XlsStyles {
  const view = new DataView(stream.buffer, stream.byteOffset, stream.byteLength);
  const firstSheet = list.findIndex((record, index) => index > 0 && record.type === RECORD.BOF);
  const styles = { text: 0x10, quotedText: xfCount, formats: new Map<string, number>() };
  for (let index = firstSheet; index < list.length; index++) {
    const record = list[index] as RecordView;
    if (record.type === RECORD.EOF) break;
    if (record.type !== RECORD.LABELSST && record.type !== RECORD.NUMBER) continue;
    const row = view.getUint16(record.start + 4, true);
    const xf = view.getUint16(record.start + 8, true);
    if (record.type === RECORD.LABELSST && row === 0) styles.text = xf;
    if (record.type === RECORD.NUMBER && row > 0)
      styles.formats.set(formats[row - 1] as string, xf);
  }
  return styles;
}

/**
 * An xls (BIFF8) workbook of the given sheets.
 * @example writeXls([{ name: 'S', columns: 1, rows: [[{ t: 's', v: 'a' }]] }])
 */
export function writeXls(sheets: readonly XlsSheet[]): Uint8Array {
  const formats = [
    ...new Set(
      sheets.flatMap((sheet) =>
        sheet.rows.flatMap((row) => row.map((cell) => (typeof cell?.z === 'string' ? cell.z : ''))),
      ),
    ),
  ].filter((format) => format !== '');
  const container = containerTools.read(skeleton(sheets, formats), { type: 'array' });
  const entry = containerTools.find(container, '/Workbook');
  if (!entry) throw new Error('SheetJS wrote no Workbook stream');
  const source = entry.content;
  const list = records(source);
  const xfs = xfRecords(list);
  const styles = readStyles(source, list, formats, xfs.length);
  // The text style again with the quote prefix, added whether or not a cell uses it (24 bytes):
  // XF records must stay together, so it follows the skeleton's last one.
  const lastXf = xfs.at(-1);
  const textXf = xfs[styles.text];
  if (!lastXf || !textXf) throw new Error('SheetJS wrote no XF for text cells');
  // A copy: the container may hand a Node Buffer, whose slice would write into the skeleton.
  const quotedTextXf = new Uint8Array(source.subarray(textXf.start, textXf.end));
  const quotedFlags = new DataView(quotedTextXf.buffer);
  quotedFlags.setUint16(
    XF_FLAGS_OFFSET,
    quotedFlags.getUint16(XF_FLAGS_OFFSET, true) | XF_QUOTE_PREFIX,
    true,
  );

  // Cell records first: they fill the shared string table.
  const stringIndex = new Map<string, number>();
  const strings: string[] = [];
  let totalStrings = 0;
  const sheetCells = sheets.map((sheet) => {
    const cells = new ByteWriter(sheet.rows.length * sheet.columns * 14);
    totalStrings += cellRecords(sheet, cells, stringIndex, strings, styles);
    return cells.result();
  });

  const out = new ByteWriter(
    source.length + sheetCells.reduce((sum, cells) => sum + cells.length, 0) + 1024,
  );
  const boundSheetOffsets: number[] = [];
  let sheetIndex = -1;
  for (const record of list) {
    const bytes = source.subarray(record.start, record.end);
    if (record.type === RECORD.BOF && record.start > 0) {
      sheetIndex++;
      out.patchU32(boundSheetOffsets[sheetIndex] as number, out.length);
    }
    if (sheetIndex < 0) {
      // Workbook globals: keep all but the skeleton's string table, which is rebuilt.
      if (
        record.type === RECORD.SST ||
        record.type === RECORD.EXTSST ||
        record.type === RECORD.CONTINUE
      )
        continue;
      if (record.type === RECORD.EOF) writeSst(out, strings, totalStrings);
      if (record.type === RECORD.BOUNDSHEET) boundSheetOffsets.push(out.length + 4);
      out.raw(bytes);
      if (record === lastXf) out.raw(quotedTextXf);
      continue;
    }
    if (CELL_RECORDS.has(record.type)) continue;
    if (record.type === RECORD.DIMENSIONS) {
      const sheet = sheets[sheetIndex] as XlsSheet;
      out.u16(RECORD.DIMENSIONS);
      out.u16(14);
      out.u32(0);
      out.u32(sheet.rows.length);
      out.u16(0);
      out.u16(sheet.columns);
      out.u16(0);
      out.raw(sheetCells[sheetIndex] as Uint8Array);
      continue;
    }
    out.raw(bytes);
  }
  entry.content = out.result();
  entry.size = entry.content.length;
  return new Uint8Array(containerTools.write(container, { fileType: 'cfb', type: 'array' }));
}
