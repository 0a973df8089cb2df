import { inflateRawSync } from '../platform/zlib';
import { EngineError } from '../errors';
import { countBiff12Cells } from './count-biff12-cells';
import { countXmlCells, type CellCount } from './count-xml-cells';
import { formatMegabytes, type GuardLimits } from './limits';

// ZIP record signatures and fixed sizes (APPNOTE.TXT 4.3).
const LOCAL_HEADER_SIGNATURE = 0x04034b50;
const CENTRAL_HEADER_SIGNATURE = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY_SIGNATURE = 0x06054b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const LOCAL_HEADER_SIZE = 30;
const CENTRAL_HEADER_SIZE = 46;
const END_OF_CENTRAL_DIRECTORY_SIZE = 22;
const ZIP64_LOCATOR_SIZE = 20;
const MAX_COMMENT_LENGTH = 0xffff;
const ZIP64_MARKER_16 = 0xffff;
const ZIP64_MARKER_32 = 0xffffffff;

const FLAG_ENCRYPTED = 0x0001;
const FLAG_STRONG_ENCRYPTION = 0x0040;
const METHOD_STORED = 0;
const METHOD_DEFLATED = 8;
const METHOD_AES = 99;

/** One file of the archive as its central directory describes it. */
interface ZipEntry {
  index: number;
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

const NAME_DECODER = new TextDecoder();

/** The reader's wording for an unreadable xlsx, followed by what is wrong with it. */
function invalid(reason: string): EngineError {
  return new EngineError('INVALID_FILE', `This file is not a valid XLSX workbook: ${reason}.`);
}

function findEndOfCentralDirectory(view: DataView): number {
  const lowest = Math.max(0, view.byteLength - END_OF_CENTRAL_DIRECTORY_SIZE - MAX_COMMENT_LENGTH);
  for (let offset = view.byteLength - END_OF_CENTRAL_DIRECTORY_SIZE; offset >= lowest; offset--) {
    if (view.getUint32(offset, true) === END_OF_CENTRAL_DIRECTORY_SIGNATURE) return offset;
  }
  throw invalid('it is damaged or truncated (its ZIP directory is missing)');
}

function readCentralDirectory(
  view: DataView,
  limits: GuardLimits,
): { entries: ZipEntry[]; directoryStart: number } {
  const eocd = findEndOfCentralDirectory(view);
  const diskNumber = view.getUint16(eocd + 4, true);
  const directoryDisk = view.getUint16(eocd + 6, true);
  const entriesOnDisk = view.getUint16(eocd + 8, true);
  const entryCount = view.getUint16(eocd + 10, true);
  const directorySize = view.getUint32(eocd + 12, true);
  const directoryOffset = view.getUint32(eocd + 16, true);

  const hasZip64Locator =
    eocd >= ZIP64_LOCATOR_SIZE &&
    view.getUint32(eocd - ZIP64_LOCATOR_SIZE, true) === ZIP64_LOCATOR_SIGNATURE;
  if (
    hasZip64Locator ||
    entryCount === ZIP64_MARKER_16 ||
    directorySize === ZIP64_MARKER_32 ||
    directoryOffset === ZIP64_MARKER_32
  ) {
    throw invalid('it uses ZIP64 extensions, which Stand-in does not accept');
  }
  if (diskNumber !== 0 || directoryDisk !== 0 || entriesOnDisk !== entryCount) {
    throw invalid('it is split across several ZIP volumes');
  }
  if (entryCount > limits.maxZipEntries) {
    throw new EngineError(
      'TOO_LARGE',
      `This XLSX workbook holds ${entryCount} files; at most ${limits.maxZipEntries} are accepted.`,
    );
  }
  if (entryCount === 0) throw invalid('its ZIP holds no files');
  if (directoryOffset + directorySize > eocd) {
    throw invalid('it is damaged or truncated (its ZIP directory points outside the file)');
  }

  const entries: ZipEntry[] = [];
  let offset = directoryOffset;
  const directoryEnd = directoryOffset + directorySize;
  for (let index = 0; index < entryCount; index++) {
    if (
      offset + CENTRAL_HEADER_SIZE > directoryEnd ||
      view.getUint32(offset, true) !== CENTRAL_HEADER_SIGNATURE
    ) {
      throw invalid('its ZIP directory is malformed');
    }
    const flags = view.getUint16(offset + 8, true);
    const method = view.getUint16(offset + 10, true);
    const compressedSize = view.getUint32(offset + 20, true);
    const uncompressedSize = view.getUint32(offset + 24, true);
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    const localHeaderOffset = view.getUint32(offset + 42, true);

    if (flags & (FLAG_ENCRYPTED | FLAG_STRONG_ENCRYPTION) || method === METHOD_AES) {
      throw invalid('it is encrypted; remove the password and upload it again');
    }
    if (
      compressedSize === ZIP64_MARKER_32 ||
      uncompressedSize === ZIP64_MARKER_32 ||
      localHeaderOffset === ZIP64_MARKER_32
    ) {
      throw invalid('it uses ZIP64 extensions, which Stand-in does not accept');
    }
    const name = NAME_DECODER.decode(
      new Uint8Array(view.buffer, view.byteOffset + offset + CENTRAL_HEADER_SIZE, nameLength),
    );
    entries.push({ index, name, method, compressedSize, uncompressedSize, localHeaderOffset });
    offset += CENTRAL_HEADER_SIZE + nameLength + extraLength + commentLength;
  }
  if (offset > directoryEnd) throw invalid('its ZIP directory is malformed');
  return { entries, directoryStart: directoryOffset };
}

/** A part's name as SheetJS looks parts up: any case, either slash, no "Root Entry/". */
function partPath(name: string): string {
  return name
    .toLowerCase()
    .replace(/\\/g, '/')
    .replace(/^root entry\//, '');
}

/**
 * Refuses the ZIPs SheetJS would read as something other than an xlsx, which the cell count
 * does not cover: OpenDocument (a 3 KB file can repeat one cell a billion times), Apple Numbers,
 * or a ZIP without `[Content_Types].xml` (SheetJS then reads a nested Index.zip, unchecked).
 */
function checkPackageKind(entries: ZipEntry[]): void {
  const paths = new Set(entries.map((entry) => partPath(entry.name)));
  if (paths.has('meta-inf/manifest.xml') || paths.has('objectdata.xml')) {
    throw invalid(
      'it is an OpenDocument spreadsheet, which Stand-in does not read; save it as XLSX or CSV',
    );
  }
  if (paths.has('index/document.iwa')) {
    throw invalid('it is an Apple Numbers document; export it as XLSX or CSV');
  }
  if (!paths.has('[content_types].xml')) {
    throw invalid('its ZIP holds no [Content_Types].xml, the part every XLSX workbook starts with');
  }
}

function checkDeclaredSizes(entries: ZipEntry[], limits: GuardLimits): void {
  let total = 0;
  for (const entry of entries) {
    if (entry.uncompressedSize > limits.maxZipEntryBytes) {
      throw new EngineError(
        'TOO_LARGE',
        `This XLSX workbook holds a part that expands to ${formatMegabytes(entry.uncompressedSize)}; ` +
          `at most ${formatMegabytes(limits.maxZipEntryBytes)} per part is accepted. ` +
          'Split the sheet or save it as CSV.',
      );
    }
    total += entry.uncompressedSize;
  }
  if (total > limits.maxZipTotalBytes) {
    throw new EngineError(
      'TOO_LARGE',
      `This XLSX workbook expands to ${formatMegabytes(total)}; at most ` +
        `${formatMegabytes(limits.maxZipTotalBytes)} is accepted. Split it or save it as CSV.`,
    );
  }
}

/** Where an entry's compressed bytes are, checked against its local header. */
function locateData(view: DataView, entry: ZipEntry, directoryStart: number): number {
  const header = entry.localHeaderOffset;
  if (
    header + LOCAL_HEADER_SIZE > directoryStart ||
    view.getUint32(header, true) !== LOCAL_HEADER_SIGNATURE
  ) {
    throw invalid('it is damaged or truncated (a ZIP entry is missing)');
  }
  const flags = view.getUint16(header + 6, true);
  const method = view.getUint16(header + 8, true);
  if (flags & (FLAG_ENCRYPTED | FLAG_STRONG_ENCRYPTION)) {
    throw invalid('it is encrypted; remove the password and upload it again');
  }
  if (method !== entry.method) {
    throw invalid('a ZIP entry contradicts the ZIP directory');
  }
  const dataStart =
    header +
    LOCAL_HEADER_SIZE +
    view.getUint16(header + 26, true) +
    view.getUint16(header + 28, true);
  if (dataStart + entry.compressedSize > directoryStart) {
    throw invalid('it is damaged or truncated (a ZIP entry runs past its data)');
  }
  return dataStart;
}

/**
 * An entry's uncompressed bytes, inflated with the output capped at the declared size, so a lying
 * header costs nothing. (Node has no synchronous streaming inflate, so the entry is inflated
 * whole, at most `maxZipEntryBytes`, one entry at a time; it is scanned as bytes, never a string.)
 */
function inflateEntry(bytes: Uint8Array, entry: ZipEntry, dataStart: number): Uint8Array {
  const compressed = bytes.subarray(dataStart, dataStart + entry.compressedSize);
  if (entry.method === METHOD_STORED) {
    if (entry.compressedSize !== entry.uncompressedSize) {
      throw invalid('a stored ZIP entry has inconsistent sizes');
    }
    return compressed;
  }
  if (entry.method !== METHOD_DEFLATED) {
    throw invalid(`it uses ZIP compression method ${entry.method}, which Stand-in does not read`);
  }
  let content: Uint8Array;
  try {
    content = inflateRawSync(compressed, { maxOutputLength: entry.uncompressedSize + 1 });
  } catch (error) {
    if (error instanceof RangeError) {
      throw invalid(`part ${entry.index + 1} expands beyond the size its ZIP header declares`);
    }
    throw invalid('it is damaged (its compressed data cannot be read)');
  }
  if (content.length > entry.uncompressedSize) {
    throw invalid(`part ${entry.index + 1} expands beyond the size its ZIP header declares`);
  }
  return content;
}

/**
 * The cells and shared strings of one part: as XML, and for a part named `.bin` (which SheetJS
 * reads as xlsb records, as it may when a workbook names it) as records too, keeping the larger.
 */
function countCells(entry: ZipEntry, content: Uint8Array, budget: CellCount): CellCount {
  const asXml = countXmlCells(content, budget);
  if (!partPath(entry.name).endsWith('.bin')) return asXml;
  const asRecords = countBiff12Cells(content, budget);
  return {
    cells: Math.max(asXml.cells, asRecords.cells),
    sharedStrings: Math.max(asXml.sharedStrings, asRecords.sharedStrings),
  };
}

/** Refuses a workbook whose cells or shared strings, counted so far, pass their caps. */
function checkCellCount(count: CellCount, limits: GuardLimits): void {
  if (count.cells > limits.maxXlsxCells) {
    const cap = limits.maxXlsxCells.toLocaleString('en-US');
    throw new EngineError(
      'TOO_LARGE',
      `This XLSX workbook holds more than ${cap} cells; at most ${cap} are read from an XLSX ` +
        'file. Split it or save it as CSV.',
    );
  }
  if (count.sharedStrings > limits.maxXlsxSharedStrings) {
    const cap = limits.maxXlsxSharedStrings.toLocaleString('en-US');
    throw new EngineError(
      'TOO_LARGE',
      `This XLSX workbook holds more than ${cap} distinct texts; at most ${cap} are read from ` +
        'an XLSX file. Split it or save it as CSV.',
    );
  }
}

/**
 * Checks an xlsx ZIP container without trusting it: entry count, declared and real uncompressed
 * sizes (each entry is inflated with its output capped at the declared size), no ZIP64, no
 * encryption, no overlapping entries, an xlsx rather than an OpenDocument or Numbers package, and
 * the value cells and shared strings SheetJS would make objects of (counted in every entry, as a
 * worksheet may live at any path the workbook names; xlsb records too). Throws an EngineError
 * (TOO_LARGE or INVALID_FILE); returns the value cells counted.
 * @example inspectZip(bytes, DEFAULT_GUARD_LIMITS) // throws for a zip bomb or a cell bomb
 */
export function inspectZip(bytes: Uint8Array, limits: GuardLimits): number {
  if (bytes.byteLength < END_OF_CENTRAL_DIRECTORY_SIZE) {
    throw invalid('it is too short to be a ZIP');
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const { entries, directoryStart } = readCentralDirectory(view, limits);
  checkPackageKind(entries);
  checkDeclaredSizes(entries, limits);

  const byOffset = [...entries].sort((a, b) => a.localHeaderOffset - b.localHeaderOffset);
  const counted: CellCount = { cells: 0, sharedStrings: 0 };
  let previousEnd = 0;
  for (const entry of byOffset) {
    if (entry.localHeaderOffset < previousEnd) {
      throw invalid('its ZIP entries overlap');
    }
    const dataStart = locateData(view, entry, directoryStart);
    const content = inflateEntry(bytes, entry, dataStart);
    const inEntry = countCells(entry, content, {
      cells: limits.maxXlsxCells - counted.cells,
      sharedStrings: limits.maxXlsxSharedStrings - counted.sharedStrings,
    });
    counted.cells += inEntry.cells;
    counted.sharedStrings += inEntry.sharedStrings;
    checkCellCount(counted, limits);
    previousEnd = dataStart + entry.compressedSize;
  }
  return counted.cells;
}
