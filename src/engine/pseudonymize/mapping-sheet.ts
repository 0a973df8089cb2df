import { cellNumberFormat, cellText } from '../cell';
import type { Cell, Sheet } from '../types';
import { cellKey, type Namespace, type PlannedColumn } from './namespace';

/**
 * The mapping sheet, its rows built on first read: a large file's mapping has millions of
 * rows, and a run that never downloads it should not hold them. Reading `rows` (directly,
 * through JSON or structured cloning) builds them once; `rowCount` counts them without
 * building them while they are not built.
 */
export function lazyMapping(
  sheets: Sheet[],
  planned: PlannedColumn[],
): { sheet: Sheet; rowCount: () => number } {
  let rows: Cell[][] | null = null;
  let count: number | null = null;
  const sheet = { name: 'mapping', columns: ['sheet', 'column', 'original', 'pseudonym'] };
  Object.defineProperty(sheet, 'rows', {
    enumerable: true,
    get: () => (rows ??= buildMappingRows(sheets, planned)),
  });
  return {
    sheet: sheet as Sheet,
    rowCount: () => rows?.length ?? (count ??= countMappingRows(sheets, planned)),
  };
}

function mappingText(cell: Cell, sheet: Sheet, row: number, column: number): string {
  return cellText(cell, cellNumberFormat(sheet, row, column));
}

/**
 * Visits each distinct (sheet, column, original, pseudonym) pair written, in order of first
 * appearance: the planned column, the row where the pair first stands, the original's number
 * and the pseudonym as written. One walk for the mapping's rows and for their count.
 */
function forEachMappingPair(
  sheets: Sheet[],
  planned: PlannedColumn[],
  visit: (column: PlannedColumn, row: number, id: number, pseudonym: Cell) => void,
): void {
  const stamps = new Map<Namespace, Int32Array>();
  planned.forEach((column, plannedIndex) => {
    const sheet = sheets[column.sheetIndex]!;
    const { originals, pseudonyms } = column.namespace;
    let stamp = stamps.get(column.namespace);
    if (!stamp) {
      stamp = new Int32Array(originals.length).fill(-1);
      stamps.set(column.namespace, stamp);
    }
    const { rowIds, columnIndex } = column;
    // A column a row rule rewrote: an original may have become several pseudonyms (a date, one
    // per entity), so the distinct pairs written are listed, read from the output rows.
    // Each original's first pair is kept by number (no string per row: most originals of such
    // a column, an email or a date-time, get one pseudonym); only further pairs are keyed.
    const firstWritten: (string | undefined)[] | null = column.rowRewritten
      ? new Array<string | undefined>(originals.length).fill(undefined)
      : null;
    const written = column.rowRewritten ? new Set<string>() : null;
    for (let row = 0; row < rowIds.length; row++) {
      const id = rowIds[row]!;
      if (id < 0) continue;
      let pseudonym: Cell = pseudonyms[id]!;
      if (firstWritten && written) {
        pseudonym = sheet.rows[row]![columnIndex] ?? null;
        const key = cellKey(pseudonym);
        const first = firstWritten[id];
        if (first === undefined) {
          firstWritten[id] = key;
        } else {
          if (first === key) continue;
          const pair = `${id}\u0000${key}`;
          if (written.has(pair)) continue;
          written.add(pair);
        }
      } else {
        if (stamp[id] === plannedIndex) continue;
        stamp[id] = plannedIndex;
      }
      visit(column, row, id, pseudonym);
    }
  });
}

/**
 * One row per distinct (sheet, column, original, pseudonym), in order of first appearance.
 * @example buildMappingRows(sheets, planned)[0] // ['Sheet1', 'email', 'a@b.org', 'rosa@example.org']
 */
export function buildMappingRows(sheets: Sheet[], planned: PlannedColumn[]): Cell[][] {
  const rows: Cell[][] = [];
  forEachMappingPair(sheets, planned, (column, row, id, pseudonym) => {
    const sheet = sheets[column.sheetIndex]!;
    const { columnIndex } = column;
    const original = column.namespace.originals[id]!;
    // Shown as the cell shows it: its own number format where it has one.
    rows.push([
      sheet.name,
      sheet.columns[columnIndex]!,
      typeof original === 'string' ? original : mappingText(original, sheet, row, columnIndex),
      typeof pseudonym === 'string' ? pseudonym : mappingText(pseudonym, sheet, row, columnIndex),
    ]);
  });
  return rows;
}

/** How many rows buildMappingRows gives, without building them. */
export function countMappingRows(sheets: Sheet[], planned: PlannedColumn[]): number {
  let count = 0;
  forEachMappingPair(sheets, planned, () => count++);
  return count;
}
