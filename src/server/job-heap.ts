/**
 * Which jobs need more heap than the pool's workers have (engine-pool.ts runs those on its heavy
 * lane). A job's heap grows with the table it reads: a text file's (csv, tsv, json), within the
 * upload's 50 MB, stays within 1 GB (measured, pseudonymize with report and mapping: the shared
 * 50 MB CSV, a 48 MB CSV of 24 million one-digit cells and a 49 MB JSON array peak at 0.6 GB of
 * heap or less). A workbook's grows with its value cells, of which SheetJS makes an object each,
 * and a workbook of a few MB may hold millions: the guard counts them before any parse.
 */
import { inspectContainer, spreadsheetFormatOf, type WorkbookCells } from '../engine';

/**
 * Heap a job takes per value cell of a workbook, with margin over what was measured (a
 * 10-column sheet of ids, names, emails, cities, amounts, dates, notes, codes and booleans,
 * pseudonymized with its report and mapping): an xls of 655,000 cells 785 MB (1.2 KB a cell),
 * an xlsx of 700,000 cells 218 MB (310 B a cell).
 */
const HEAP_BYTES_PER_CELL: Record<WorkbookCells['container'], number> = {
  xls: 1_300,
  xlsx: 400,
};

/** The share of a worker's heap a job is planned to fill: the rest is the collector's room. */
const PLANNED_HEAP_SHARE = 0.6;

/** Spreadsheet markup (an HTML or XML table saved as .xls) larger than this is read on the heavy lane. */
const MARKUP_WORKBOOK_BYTES = 8 * 1024 * 1024;

/**
 * Whether a job on these bytes needs more than `heapBytes` of heap: a workbook whose value cells
 * would fill more than the planned share of it, or spreadsheet markup over 8 MB (SheetJS reads
 * it as a document, which we have not measured). Throws the guard's EngineError for a file the
 * guard refuses, as the read itself would.
 * @example needsMoreHeap(xlsBytes, 'orders.xls', 1024 * 2 ** 20) // true for 600,000 cells
 */
export function needsMoreHeap(bytes: Uint8Array, fileName: string, heapBytes: number): boolean {
  const format = spreadsheetFormatOf(bytes, fileName);
  if (format === null) return false;
  const counted = inspectContainer(bytes, format);
  if (counted) {
    return counted.cells * HEAP_BYTES_PER_CELL[counted.container] > heapBytes * PLANNED_HEAP_SHARE;
  }
  return bytes.byteLength > MARKUP_WORKBOOK_BYTES;
}
