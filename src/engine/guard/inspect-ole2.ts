import { EngineError } from '../errors';
import { countBiffCells } from './count-biff-cells';
import { formatMegabytes, type GuardLimits } from './limits';

/** OLE2 compound files (xls) start with these 8 bytes. */
export const OLE2_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] as const;
const HEADER_SIZE = 512;

// Compound file layout (MS-CFB 2.2, 2.6).
const HEADER_DIFAT_ENTRIES = 109;
const HEADER_DIFAT_OFFSET = 0x4c;
const DIRECTORY_ENTRY_SIZE = 128;
const STREAM_ENTRY = 2;
const END_OF_CHAIN = 0xfffffffe;
/** Streams shorter than this live in the mini stream: too small to hold many cells. */
const MINI_STREAM_CUTOFF = 4096;
const WORKBOOK_STREAM_NAMES = new Set(['workbook', 'book']);

/**
 * Checks an xls (OLE2 compound file) before SheetJS parses it: its size against the cap, a sane
 * header (byte order mark, 512- or 4096-byte sectors), and the value cells its workbook stream
 * holds (counted from record headers), since SheetJS makes an object of each. Throws an
 * EngineError; returns the value cells counted.
 * @example inspectOle2(bytes, DEFAULT_GUARD_LIMITS) // throws TOO_LARGE for a 60 MB xls
 */
export function inspectOle2(bytes: Uint8Array, limits: GuardLimits): number {
  if (bytes.byteLength > limits.maxXlsBytes) {
    throw new EngineError(
      'TOO_LARGE',
      `This XLS workbook is ${formatMegabytes(bytes.byteLength)}; at most ` +
        `${formatMegabytes(limits.maxXlsBytes)} is accepted. Save it as XLSX or CSV.`,
    );
  }
  const isOle2 = OLE2_SIGNATURE.every((byte, index) => bytes[index] === byte);
  if (!isOle2 || bytes.byteLength < HEADER_SIZE) {
    throw new EngineError('INVALID_FILE', 'This file is not a valid XLS workbook.');
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const byteOrder = view.getUint16(28, true);
  const sectorShift = view.getUint16(30, true);
  if (byteOrder !== 0xfffe || (sectorShift !== 9 && sectorShift !== 12)) {
    throw new EngineError(
      'INVALID_FILE',
      'This file is not a valid XLS workbook: its compound file header is malformed.',
    );
  }
  let cells = 0;
  for (const stream of workbookStreams(bytes, view, sectorShift)) {
    cells = Math.max(cells, countBiffCells(stream, limits.maxXlsCells));
  }
  checkXlsCells(cells, limits);
  return cells;
}

/** Refuses an xls holding more value cells than the cap. */
export function checkXlsCells(cells: number, limits: GuardLimits): void {
  if (cells > limits.maxXlsCells) {
    const cap = limits.maxXlsCells.toLocaleString('en-US');
    throw new EngineError(
      'TOO_LARGE',
      `This XLS workbook holds more than ${cap} cells; at most ${cap} are read from an XLS ` +
        'file. Save it as XLSX or CSV.',
    );
  }
}

/**
 * The streams named Workbook or Book (where BIFF5/8 keep their records), each read along its
 * sector chain. A malformed container yields what can be read, or nothing: SheetJS then refuses
 * it. Every loop is bounded by the file's sector count, so a cyclic chain costs nothing.
 */
function workbookStreams(bytes: Uint8Array, view: DataView, sectorShift: number): Uint8Array[] {
  const sectorSize = 2 ** sectorShift;
  const sectorCount = Math.floor(bytes.byteLength / sectorSize);
  const sectorOffset = (sector: number) => (sector + 1) * sectorSize;
  const readable = (sector: number) =>
    sector < sectorCount && sectorOffset(sector) + sectorSize <= bytes.byteLength;

  const fat = readFat(view, sectorSize, sectorOffset, readable);
  const chain = (start: number): number[] => {
    const sectors: number[] = [];
    for (let sector = start; readable(sector) && sectors.length < sectorCount;) {
      sectors.push(sector);
      const next = fat[sector];
      if (next === undefined || next === END_OF_CHAIN) break;
      sector = next;
    }
    return sectors;
  };

  const streams: Uint8Array[] = [];
  for (const sector of chain(view.getUint32(0x30, true))) {
    for (let entry = 0; entry < sectorSize / DIRECTORY_ENTRY_SIZE; entry++) {
      const at = sectorOffset(sector) + entry * DIRECTORY_ENTRY_SIZE;
      if (view.getUint8(at + 66) !== STREAM_ENTRY) continue;
      const nameBytes = Math.min(view.getUint16(at + 64, true), 64);
      const name = new TextDecoder('utf-16le').decode(bytes.subarray(at, at + nameBytes));
      if (!WORKBOOK_STREAM_NAMES.has(name.replace(/\0+$/, '').toLowerCase())) continue;
      const size = view.getUint32(at + 120, true);
      if (size < MINI_STREAM_CUTOFF) continue;
      const sectors = chain(view.getUint32(at + 116, true));
      const stream = new Uint8Array(Math.min(size, sectors.length * sectorSize));
      sectors.forEach((each, index) => {
        const start = index * sectorSize;
        if (start >= stream.byteLength) return;
        const from = sectorOffset(each);
        stream.set(
          bytes.subarray(from, from + Math.min(sectorSize, stream.byteLength - start)),
          start,
        );
      });
      streams.push(stream);
    }
  }
  return streams;
}

/** The file allocation table, from the header's DIFAT entries and the DIFAT sector chain. */
function readFat(
  view: DataView,
  sectorSize: number,
  sectorOffset: (sector: number) => number,
  readable: (sector: number) => boolean,
): Uint32Array {
  const fatSectors: number[] = [];
  for (let index = 0; index < HEADER_DIFAT_ENTRIES; index++) {
    const sector = view.getUint32(HEADER_DIFAT_OFFSET + index * 4, true);
    if (readable(sector)) fatSectors.push(sector);
  }
  const perDifatSector = sectorSize / 4 - 1;
  let difat = view.getUint32(0x44, true);
  for (let seen = 0; readable(difat) && seen < view.getUint32(0x48, true); seen++) {
    for (let index = 0; index < perDifatSector; index++) {
      const sector = view.getUint32(sectorOffset(difat) + index * 4, true);
      if (readable(sector)) fatSectors.push(sector);
    }
    difat = view.getUint32(sectorOffset(difat) + perDifatSector * 4, true);
  }
  const entriesPerSector = sectorSize / 4;
  const fat = new Uint32Array(fatSectors.length * entriesPerSector);
  fatSectors.forEach((sector, index) => {
    for (let entry = 0; entry < entriesPerSector; entry++) {
      fat[index * entriesPerSector + entry] = view.getUint32(
        sectorOffset(sector) + entry * 4,
        true,
      );
    }
  });
  return fat;
}
