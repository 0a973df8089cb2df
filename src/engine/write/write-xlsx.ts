import { crc32, deflateRawSync, zlibConstants } from '../platform/zlib';
import type { CellRows, OutputCell } from './output-cells';
import { encodeChunks } from './utf8-pieces';

/**
 * XLSX output written directly: one XML part per sheet built in chunks of text, each part
 * deflated once, in a plain ZIP. SheetJS's writer keeps an object and strings per cell: 300,000
 * rows × 12 columns of distinct text took 43 s and 4.1 GB, more than a worker can spare; this
 * takes a few seconds and about the size of the XML. Text goes into a shared string table, as
 * Excel writes it, so a value repeated down a column is stored once.
 */

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
/** Custom number formats are numbered from here (lower ids are Excel's built-in ones). */
const FIRST_CUSTOM_FORMAT_ID = 164;
const CHUNK_CHARS = 1 << 16;

function escapeXml(text: string): string {
  return /[&<>"]/.test(text)
    ? text.replace(/[&<>"]/g, (char) =>
        char === '&' ? '&amp;' : char === '<' ? '&lt;' : char === '>' ? '&gt;' : '&quot;',
      )
    : text;
}

function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

/**
 * Cell styles in order of first use, each a number format or Excel's quote prefix (text that
 * stays text when the cell is edited), with the style index its cells refer to.
 */
class Styles {
  readonly cellStyles: { format: string | null; quotePrefix: boolean }[] = [];
  readonly #indexes = new Map<string, number>();

  indexOf(cell: OutputCell): number | undefined {
    const format = typeof cell.z === 'string' && cell.z !== 'General' ? cell.z : null;
    const quotePrefix = cell.quotePrefix === true;
    if (format === null && !quotePrefix) return undefined;
    const key = `${quotePrefix ? 'quoted' : 'plain'}:${format ?? ''}`;
    let index = this.#indexes.get(key);
    if (index === undefined) {
      this.cellStyles.push({ format, quotePrefix });
      index = this.cellStyles.length;
      this.#indexes.set(key, index);
    }
    return index;
  }
}

function stylesXml(styles: Styles): string {
  const formatIds = new Map<string, number>();
  for (const { format } of styles.cellStyles) {
    if (format !== null && !formatIds.has(format)) {
      formatIds.set(format, FIRST_CUSTOM_FORMAT_ID + formatIds.size);
    }
  }
  const numFmts = [...formatIds]
    .map(([code, id]) => `<numFmt numFmtId="${id}" formatCode="${escapeXml(code)}"/>`)
    .join('');
  const xfs = styles.cellStyles
    .map(({ format, quotePrefix }) => {
      const numFmtId = format === null ? 0 : (formatIds.get(format) ?? 0);
      let xf = `<xf numFmtId="${numFmtId}" fontId="0" fillId="0" borderId="0" xfId="0"`;
      if (format !== null) xf += ' applyNumberFormat="1"';
      if (quotePrefix) xf += ' quotePrefix="1"';
      return `${xf}/>`;
    })
    .join('');
  return (
    `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}">` +
    (formatIds.size > 0 ? `<numFmts count="${formatIds.size}">${numFmts}</numFmts>` : '') +
    '<fonts count="1"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
    '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    `<cellXfs count="${styles.cellStyles.length + 1}"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>${xfs}</cellXfs>` +
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
    '</styleSheet>'
  );
}

/** Distinct texts a column shares before it counts as a column of distinct texts. */
const MAX_SHARED_PER_COLUMN = 4096;

/**
 * The shared string table: texts in order of use, cells refer to them by number. A column's
 * repeated texts (cities, statuses, one long text copied down) are stored once; a column that
 * turns out to hold mostly distinct texts (names, notes) stops looking them up, so a large
 * sheet does not pay for a lookup table of millions of texts.
 */
class SharedStrings {
  readonly texts: string[] = [];
  readonly #byColumn: (Map<string, number> | null)[] = [];
  count = 0;
  chars = 0;

  indexOf(text: string, column: number): number {
    this.count++;
    let seen = this.#byColumn[column];
    if (seen === undefined) seen = this.#byColumn[column] = new Map();
    const known = seen?.get(text);
    if (known !== undefined) return known;
    const index = this.texts.length;
    this.texts.push(text);
    this.chars += text.length;
    if (seen) {
      if (seen.size < MAX_SHARED_PER_COLUMN) seen.set(text, index);
      else this.#byColumn[column] = null;
    }
    return index;
  }

  /** A new sheet: its columns are other columns. */
  nextSheet(): void {
    this.#byColumn.length = 0;
  }
}

function cellXml(
  cell: OutputCell,
  reference: string,
  column: number,
  styles: Styles,
  strings: SharedStrings,
): string {
  const style = styles.indexOf(cell);
  const s = style === undefined ? '' : ` s="${style}"`;
  switch (cell.t) {
    case 'n':
      return `<c r="${reference}"${s}><v>${String(cell.v)}</v></c>`;
    case 'b':
      return `<c r="${reference}" t="b"${s}><v>${cell.v ? 1 : 0}</v></c>`;
    default:
      return `<c r="${reference}" t="s"${s}><v>${strings.indexOf(String(cell.v ?? ''), column)}</v></c>`;
  }
}

/** The shared string table's XML part, in chunks. */
function* sharedStringsXml(strings: SharedStrings): Generator<string> {
  let chunk = `${XML_HEAD}<sst xmlns="${MAIN_NS}" count="${strings.count}" uniqueCount="${strings.texts.length}">`;
  for (const text of strings.texts) {
    // Spaces at the ends, tabs and line breaks are kept only when the text says so.
    const space = /^\s|\s$|[\t\n]/.test(text) ? ' xml:space="preserve"' : '';
    chunk += `<si><t${space}>${escapeXml(text)}</t></si>`;
    if (chunk.length >= CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
  }
  yield `${chunk}</sst>`;
}

/** A sheet's XML part, in chunks of about a megabyte of text. */
function* sheetXml(sheet: CellRows, styles: Styles, strings: SharedStrings): Generator<string> {
  const { rowCount, columns } = sheet;
  const letters = Array.from({ length: columns }, (_, i) => columnLetters(i));
  const dimension =
    rowCount === 0 || columns === 0 ? 'A1' : `A1:${letters[columns - 1] ?? 'A'}${rowCount}`;
  let chunk = `${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><dimension ref="${dimension}"/><sheetData>`;
  for (let r = 0; r < rowCount; r++) {
    // Each row's cell objects live only while their XML is written.
    const row = sheet.row(r);
    const number = r + 1;
    chunk += `<row r="${number}">`;
    for (let c = 0; c < row.length; c++) {
      const cell = row[c];
      if (cell) {
        chunk += cellXml(cell, `${letters[c] ?? columnLetters(c)}${number}`, c, styles, strings);
      }
    }
    chunk += '</row>';
    if (chunk.length >= CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
  }
  yield `${chunk}</sheetData></worksheet>`;
}

/** A ZIP entry's content, deflated, with what the ZIP records of the original. */
interface Deflated {
  crc: number;
  size: number;
  data: Uint8Array;
}

/** Deflates one part as soon as it is written, so its text can go. */
function deflated(content: Uint8Array): Deflated {
  return { crc: crc32(content), size: content.length, data: deflateRawSync(content, { level: 3 }) };
}

interface ZipEntry extends Deflated {
  name: Uint8Array;
  offset: number;
}

/**
 * A ZIP of deflated entries, with a fixed timestamp (1980-01-01) so the same workbook always
 * gives the same bytes.
 */
function zip(files: readonly { name: string; content: Deflated }[]): Uint8Array {
  const encoder = new TextEncoder();
  const entries: ZipEntry[] = [];
  let offset = 0;
  for (const file of files) {
    const name = encoder.encode(file.name);
    entries.push({ ...file.content, name, offset });
    offset += 30 + name.length + file.content.data.length;
  }
  const directorySize = entries.reduce((sum, entry) => sum + 46 + entry.name.length, 0);
  const out = new Uint8Array(offset + directorySize + 22);
  const view = new DataView(out.buffer);
  for (const entry of entries) {
    let p = entry.offset;
    view.setUint32(p, 0x04034b50, true);
    view.setUint16(p + 4, 20, true);
    view.setUint16(p + 6, 0x0800, true); // names in UTF-8
    view.setUint16(p + 8, 8, true); // deflate
    view.setUint16(p + 10, 0, true);
    view.setUint16(p + 12, DOS_DATE, true);
    view.setUint32(p + 14, entry.crc, true);
    view.setUint32(p + 18, entry.data.length, true);
    view.setUint32(p + 22, entry.size, true);
    view.setUint16(p + 26, entry.name.length, true);
    view.setUint16(p + 28, 0, true);
    out.set(entry.name, p + 30);
    p += 30 + entry.name.length;
    out.set(entry.data, p);
  }
  writeCentralDirectory(
    view,
    offset,
    entries.map((entry) => ({ ...entry, flags: 0x0800, compressed: entry.data.length })),
    offset,
  );
  return out;
}

/**
 * Sheets of SheetJS cell objects (t 's' with optional quotePrefix, 'n' with optional z, 'b'; names
 * already Excel-safe and text already escaped where the XML cannot carry it) as xlsx bytes.
 * @example writeXlsx([{ name: 'Sheet1', columns: 1, rowCount: 1, row: () => [{ t: 's', v: 'id' }], xmlSizeHint: 0 }])
 */
/** The parts whose content the sheets' names and number tell: package, workbook, relations. */
function packageParts(sheets: readonly CellRows[]): { name: string; xml: string }[] {
  const workbookXml =
    `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets>` +
    sheets
      .map(
        (sheet, i) =>
          `<sheet name="${escapeXml(sheet.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`,
      )
      .join('') +
    '</sheets></workbook>';
  const relationships =
    `${XML_HEAD}<Relationships xmlns="${PACKAGE_REL_NS}">` +
    sheets
      .map(
        (_, i) =>
          `<Relationship Id="rId${i + 1}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
      )
      .join('') +
    `<Relationship Id="rId${sheets.length + 1}" Type="${REL_NS}/styles" Target="styles.xml"/>` +
    `<Relationship Id="rId${sheets.length + 2}" Type="${REL_NS}/sharedStrings" Target="sharedStrings.xml"/>` +
    '</Relationships>';
  const contentTypes =
    `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    `<Override PartName="/xl/workbook.xml" ContentType="${CONTENT_TYPE}.sheet.main+xml"/>` +
    sheets
      .map(
        (_, i) =>
          `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="${CONTENT_TYPE}.worksheet+xml"/>`,
      )
      .join('') +
    `<Override PartName="/xl/styles.xml" ContentType="${CONTENT_TYPE}.styles+xml"/>` +
    `<Override PartName="/xl/sharedStrings.xml" ContentType="${CONTENT_TYPE}.sharedStrings+xml"/>` +
    '</Types>';
  const rootRelationships =
    `${XML_HEAD}<Relationships xmlns="${PACKAGE_REL_NS}">` +
    `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/>` +
    '</Relationships>';
  return [
    { name: '[Content_Types].xml', xml: contentTypes },
    { name: '_rels/.rels', xml: rootRelationships },
    { name: 'xl/workbook.xml', xml: workbookXml },
    { name: 'xl/_rels/workbook.xml.rels', xml: relationships },
  ];
}

/** Bytes of a part's UTF-8 gathered before they are deflated as one piece. */
const PIECE_BYTES = 1 << 20;
/** Deflate level: level 3 is about as small as the default on sheet XML, in half the time. */
const LEVEL = 3;

/**
 * A ZIP written as a stream: each entry's local header, then its data deflated a megabyte at a
 * time as its text comes, then a data descriptor with its CRC and sizes (known only then), and
 * the central directory at the end. Entries carry a fixed timestamp (1980-01-01), so the same
 * workbook always gives the same bytes. Each piece is deflated on its own and ended with a sync
 * flush, so pieces follow one another in one deflate stream; the last ends it.
 */
class ZipStream {
  readonly #entries: {
    name: Uint8Array;
    offset: number;
    crc: number;
    size: number;
    compressed: number;
  }[] = [];
  #offset = 0;
  readonly #encoder = new TextEncoder();

  /** One entry, from its text in chunks: the bytes to send, in order. */
  *entry(name: string, chunks: Iterable<string>): Generator<Uint8Array> {
    const nameBytes = this.#encoder.encode(name);
    const entry = { name: nameBytes, offset: this.#offset, crc: 0, size: 0, compressed: 0 };
    const header = new Uint8Array(30 + nameBytes.length);
    const view = new DataView(header.buffer);
    view.setUint32(0, 0x04034b50, true);
    view.setUint16(4, 20, true);
    view.setUint16(6, FLAGS, true);
    view.setUint16(8, 8, true); // deflate
    view.setUint16(12, DOS_DATE, true);
    // CRC and sizes (14–25) stay 0: the data descriptor after the data holds them.
    view.setUint16(26, nameBytes.length, true);
    header.set(nameBytes, 30);
    yield this.#sent(header);

    let piece = new Uint8Array(PIECE_BYTES);
    let length = 0;
    const deflatePiece = (last: boolean): Uint8Array => {
      const content = piece.subarray(0, length);
      entry.crc = crc32(content, entry.crc);
      entry.size += length;
      length = 0;
      const data = deflateRawSync(content, {
        level: LEVEL,
        finishFlush: last ? zlibConstants.Z_FINISH : zlibConstants.Z_SYNC_FLUSH,
      });
      entry.compressed += data.length;
      return data;
    };
    for (const chunk of chunks) {
      // Room for the worst case (3 bytes per UTF-16 unit), so encodeInto never stops short.
      if (length + chunk.length * 3 > piece.length) {
        if (length > 0) yield this.#sent(deflatePiece(false));
        if (chunk.length * 3 > piece.length) piece = new Uint8Array(chunk.length * 3);
      }
      length += this.#encoder.encodeInto(chunk, piece.subarray(length)).written;
    }
    yield this.#sent(deflatePiece(true));

    const descriptor = new Uint8Array(16);
    const end = new DataView(descriptor.buffer);
    end.setUint32(0, 0x08074b50, true);
    end.setUint32(4, entry.crc, true);
    end.setUint32(8, entry.compressed, true);
    end.setUint32(12, entry.size, true);
    yield this.#sent(descriptor);
    this.#entries.push(entry);
  }

  /** The central directory and its end record. */
  end(): Uint8Array {
    const entries = this.#entries;
    const directorySize = entries.reduce((sum, entry) => sum + 46 + entry.name.length, 0);
    const out = new Uint8Array(directorySize + 22);
    writeCentralDirectory(
      new DataView(out.buffer),
      0,
      entries.map((entry) => ({ ...entry, flags: FLAGS })),
      this.#offset,
    );
    return this.#sent(out);
  }

  #sent(bytes: Uint8Array): Uint8Array {
    this.#offset += bytes.length;
    return bytes;
  }
}

/** Names in UTF-8 (bit 11); CRC and sizes in a data descriptor after the data (bit 3). */
const FLAGS = 0x0808;
const DOS_DATE = (0 << 9) | (1 << 5) | 1; // 1980-01-01

/** What the central directory says of one entry. */
interface DirectoryEntry {
  name: Uint8Array;
  flags: number;
  crc: number;
  compressed: number;
  size: number;
  /** Where its local header starts. */
  offset: number;
}

/**
 * Writes a ZIP's central directory and its end record into `view` from `at`; `directoryOffset`
 * is where the directory starts in the whole ZIP (the whole-file writer and the stream both
 * end their ZIPs with this).
 */
function writeCentralDirectory(
  view: DataView,
  at: number,
  entries: readonly DirectoryEntry[],
  directoryOffset: number,
): void {
  const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  let p = at;
  for (const entry of entries) {
    view.setUint32(p, 0x02014b50, true);
    view.setUint16(p + 4, 20, true);
    view.setUint16(p + 6, 20, true);
    view.setUint16(p + 8, entry.flags, true);
    view.setUint16(p + 10, 8, true); // deflate
    view.setUint16(p + 12, 0, true);
    view.setUint16(p + 14, DOS_DATE, true);
    view.setUint32(p + 16, entry.crc, true);
    view.setUint32(p + 20, entry.compressed, true);
    view.setUint32(p + 24, entry.size, true);
    view.setUint16(p + 28, entry.name.length, true);
    // Extra and comment lengths, disk number, attributes: all zero.
    view.setUint32(p + 42, entry.offset, true);
    bytes.set(entry.name, p + 46);
    p += 46 + entry.name.length;
  }
  const directorySize = p - at;
  view.setUint32(p, 0x06054b50, true);
  view.setUint16(p + 8, entries.length, true);
  view.setUint16(p + 10, entries.length, true);
  view.setUint32(p + 12, directorySize, true);
  view.setUint32(p + 16, directoryOffset, true);
}

export function writeXlsx(sheets: readonly CellRows[]): Uint8Array {
  const styles = new Styles();
  const strings = new SharedStrings();
  const text = (xml: string): Uint8Array => new TextEncoder().encode(xml);
  // Sheets first: the styles and shared strings parts list what they used.
  const sheetParts = sheets.map((sheet, i) => {
    strings.nextSheet();
    return {
      name: `xl/worksheets/sheet${i + 1}.xml`,
      content: deflated(encodeChunks(sheetXml(sheet, styles, strings), false, sheet.xmlSizeHint)),
    };
  });
  const sharedStrings = deflated(
    encodeChunks(sharedStringsXml(strings), false, strings.chars + strings.texts.length * 20 + 200),
  );
  const [contentTypes, rootRelationships, workbookXml, relationships] = packageParts(sheets).map(
    ({ xml }) => deflated(text(xml)),
  );
  return zip([
    { name: '[Content_Types].xml', content: contentTypes! },
    { name: '_rels/.rels', content: rootRelationships! },
    { name: 'xl/workbook.xml', content: workbookXml! },
    { name: 'xl/_rels/workbook.xml.rels', content: relationships! },
    { name: 'xl/styles.xml', content: deflated(text(stylesXml(styles))) },
    { name: 'xl/sharedStrings.xml', content: sharedStrings },
    ...sheetParts,
  ]);
}

/**
 * The same workbook as writeXlsx, part for part the same content, in pieces as they are
 * written: a server sends each piece while the next is made, so neither the whole XML nor the
 * whole file is ever held. The ZIP differs in its container only: the parts known up front
 * come first, then the sheets, then the styles and the shared strings, which list what the
 * sheets used; each entry's CRC and sizes follow its data (a data descriptor), as streaming
 * ZIP writers do.
 * @example [...writeXlsxChunks([{ name: 'Sheet1', columns: 1, rowCount: 1, row: () => [{ t: 's', v: 'id' }], xmlSizeHint: 0 }])]
 */
export function* writeXlsxChunks(sheets: readonly CellRows[]): Generator<Uint8Array> {
  const styles = new Styles();
  const strings = new SharedStrings();
  const zip = new ZipStream();
  for (const part of packageParts(sheets)) yield* zip.entry(part.name, [part.xml]);
  for (const [i, sheet] of sheets.entries()) {
    strings.nextSheet();
    yield* zip.entry(`xl/worksheets/sheet${i + 1}.xml`, sheetXml(sheet, styles, strings));
  }
  yield* zip.entry('xl/styles.xml', [stylesXml(styles)]);
  yield* zip.entry('xl/sharedStrings.xml', sharedStringsXml(strings));
  yield zip.end();
}
