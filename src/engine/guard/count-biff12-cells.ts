import type { CellCount } from './count-xml-cells';

/** BIFF12 records SheetJS makes a cell of (an xlsb worksheet; blanks only make stubs). */
const CELL_RECORDS = new Set([
  0x0002, // BrtCellRk
  0x0003, // BrtCellError
  0x0004, // BrtCellBool
  0x0005, // BrtCellReal
  0x0006, // BrtCellSt
  0x0007, // BrtCellIsst
  0x0008, // BrtFmlaString
  0x0009, // BrtFmlaNum
  0x000a, // BrtFmlaBool
  0x000b, // BrtFmlaError
  0x000d, // BrtShortRk
  0x000e, // BrtShortError
  0x000f, // BrtShortBool
  0x0010, // BrtShortReal
  0x0011, // BrtShortSt
  0x0012, // BrtShortIsst
  0x003e, // BrtCellRString
]);
const SHARED_STRING_RECORD = 0x0013; // BrtSSTItem

/**
 * Counts the cells and shared strings of one binary (xlsb) part, walking its record headers the
 * way SheetJS does (a type of one or two bytes, a length of up to four), stopping once either
 * count passes its budget. SheetJS reads any part named `.bin` this way, whatever the workbook.
 * @example countBiff12Cells(sheetBin, { cells: 4_000_000, sharedStrings: 4_000_000 }) // { cells: 3, sharedStrings: 0 }
 */
export function countBiff12Cells(part: Uint8Array, budget: CellCount): CellCount {
  let cells = 0;
  let sharedStrings = 0;
  let offset = 0;
  const byte = (): number => part[offset++] ?? 0;
  while (offset < part.length && cells <= budget.cells && sharedStrings <= budget.sharedStrings) {
    let type = byte();
    if (type & 0x80) type = (type & 0x7f) + ((byte() & 0x7f) << 7);
    let lengthByte = byte();
    let length = lengthByte & 0x7f;
    for (let shift = 7; shift < 28 && lengthByte & 0x80; shift += 7) {
      lengthByte = byte();
      length += (lengthByte & 0x7f) << shift;
    }
    if (CELL_RECORDS.has(type)) cells++;
    else if (type === SHARED_STRING_RECORD) sharedStrings++;
    offset += length;
  }
  return { cells, sharedStrings };
}
