/** BOF record types, one per BIFF version: the first record of a workbook stream. */
const BOF_BIFF2 = 0x0009;

/** Records holding one value cell, BIFF3 to BIFF8 (blanks are left out: SheetJS skips them). */
const ONE_CELL_RECORDS = new Set([
  0x0006, // FORMULA (BIFF5/8)
  0x0206, // FORMULA (BIFF3)
  0x0406, // FORMULA (BIFF4)
  0x0203, // NUMBER
  0x0204, // LABEL
  0x0205, // BOOLERR
  0x027e, // RK
  0x00d6, // RSTRING
  0x00fd, // LABELSST
]);

/** The same for BIFF2, whose cell records have their own types. */
const ONE_CELL_RECORDS_BIFF2 = new Set([0x0002, 0x0003, 0x0004, 0x0005, 0x0006]);

const MULRK = 0x00bd;
/** MULRK: row, first column and last column around 6 bytes per cell. */
const MULRK_FIXED_BYTES = 6;
const MULRK_CELL_BYTES = 6;

/**
 * Counts the value cells (numbers, text, booleans, errors, formulas) a BIFF workbook stream holds,
 * in one pass over its record headers, stopping once the count passes `stopAfter`: what SheetJS
 * would turn into cell objects, known before it allocates any.
 * @example countBiffCells(workbookStream, 4_000_000) // 120 for a small sheet
 */
export function countBiffCells(stream: Uint8Array, stopAfter: number): number {
  const view = new DataView(stream.buffer, stream.byteOffset, stream.byteLength);
  if (stream.byteLength < 4) return 0;
  const cellRecords =
    view.getUint16(0, true) === BOF_BIFF2 ? ONE_CELL_RECORDS_BIFF2 : ONE_CELL_RECORDS;
  let cells = 0;
  let offset = 0;
  while (offset + 4 <= stream.byteLength && cells <= stopAfter) {
    const type = view.getUint16(offset, true);
    const length = view.getUint16(offset + 2, true);
    if (type === MULRK) {
      cells += Math.max(0, Math.floor((length - MULRK_FIXED_BYTES) / MULRK_CELL_BYTES));
    } else if (cellRecords.has(type)) {
      cells++;
    }
    offset += 4 + length;
  }
  return cells;
}
