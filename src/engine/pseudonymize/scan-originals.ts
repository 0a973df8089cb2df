import type { Cell, Workbook } from '../types';
import { KeyIndex } from './key-index';
import { cellKey, type Namespace, type PlannedColumn } from './namespace';

/**
 * Numbers every original of every namespace and notes, per row of each planned column, which
 * original it holds (-1 for a cell that stays as it is). Every original is known before any
 * pseudonym is chosen, so no pseudonym can equal another value's original. `onColumn` hears
 * how many columns are scanned.
 */
export function scanOriginals(
  workbook: Workbook,
  planned: readonly PlannedColumn[],
  onColumn: (scanned: number) => void = () => {},
): void {
  // Tables sized from detection's distinct counts, so they need not grow (and leave garbage).
  const expected = new Map<Namespace, number>();
  for (const column of planned) {
    const rows = workbook.sheets[column.sheetIndex]!.rows.length;
    const distinct = Math.min(rows, Math.max(0, column.schema.distinctCount));
    expected.set(column.namespace, (expected.get(column.namespace) ?? 0) + distinct);
  }
  for (const [namespace, count] of expected) {
    namespace.ids = new KeyIndex(count);
    namespace.originals = namespace.ids.keys;
  }
  // Column by column: one namespace's table is probed at a time, so it stays in the CPU's cache
  // (row by row, a probe per column went to a dozen large tables in turn).
  for (let index = 0; index < planned.length; index++) {
    const column = planned[index]!;
    const { rows } = workbook.sheets[column.sheetIndex]!;
    const { namespace, columnIndex, missingMarkers } = column;
    const { ids } = namespace;
    const rowIds = new Int32Array(rows.length);
    for (let row = 0; row < rows.length; row++) {
      const cell = rows[row]![columnIndex] ?? null;
      if (
        cell === null ||
        cell === '' ||
        (missingMarkers.size > 0 && typeof cell === 'string' && missingMarkers.has(cell))
      ) {
        rowIds[row] = -1;
        continue;
      }
      const id = ids.add(typeof cell === 'string' ? cell : cellKey(cell));
      if (namespace.originals !== ids.keys) {
        if (id === namespace.originals.length) namespace.originals.push(cell);
      } else if (typeof cell !== 'string') {
        // The first cell that is not text: from here on the originals are a list of their own
        // (its key is the first of its kind unless a text spelled the same tagged key first).
        const originals: Cell[] = ids.keys.slice();
        if (id === originals.length - 1) originals[id] = cell;
        namespace.originals = originals;
      }
      rowIds[row] = id;
    }
    column.rowIds = rowIds;
    onColumn(index + 1);
  }
}
