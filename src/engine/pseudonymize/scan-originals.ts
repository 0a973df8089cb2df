import type { Cell, FileValues, Workbook } from '../types';
import { KeyIndex } from './key-index';
import { keyOf, type Namespace, type PlannedColumn } from './namespace';

/**
 * Numbers every original of every namespace and notes, per row of each planned column, which
 * original it holds (-1 for a cell that stays as it is). Every original is known before any
 * pseudonym is chosen, so no pseudonym can equal another value's original. `onColumn` hears
 * how many columns are scanned. `fileValues` (PseudonymizeOptions.fileValues) numbers first,
 * for each namespace whose every column has them, the values of the whole file the workbook is a
 * part of, column by column as a scan of that file would: its pseudonyms are then the file's.
 * Returns the namespaces so numbered.
 */
export function scanOriginals(
  workbook: Workbook,
  planned: readonly PlannedColumn[],
  onColumn: (scanned: number) => void = () => {},
  fileValues?: FileValues,
): ReadonlySet<Namespace> {
  const known = namespacesWithFileValues(planned, fileValues);
  // Tables sized from detection's distinct counts, so they need not grow (and leave garbage).
  const expected = new Map<Namespace, number>();
  for (const column of planned) {
    const rows = workbook.sheets[column.sheetIndex]!.rows.length;
    const distinct = known.has(column.namespace)
      ? fileValues![column.sheetIndex]![column.columnIndex]!.length
      : Math.min(rows, Math.max(0, column.schema.distinctCount));
    expected.set(column.namespace, (expected.get(column.namespace) ?? 0) + distinct);
  }
  for (const [namespace, count] of expected) {
    namespace.ids = KeyIndex.forNamespace(count);
    namespace.originals = namespace.ids.keys;
  }
  for (const column of planned) {
    if (!known.has(column.namespace)) continue;
    for (const cell of fileValues![column.sheetIndex]![column.columnIndex]!) {
      if (!staysAsItIs(cell, column)) addOriginal(column.namespace, cell);
    }
  }
  // Column by column: one namespace's table is probed at a time, so it stays in the CPU's cache
  // (row by row, a probe per column went to a dozen large tables in turn).
  for (let index = 0; index < planned.length; index++) {
    const column = planned[index]!;
    const { rows } = workbook.sheets[column.sheetIndex]!;
    const { namespace, columnIndex } = column;
    const rowIds = new Int32Array(rows.length);
    for (let row = 0; row < rows.length; row++) {
      const cell = rows[row]![columnIndex] ?? null;
      rowIds[row] = staysAsItIs(cell, column) ? -1 : addOriginal(namespace, cell);
    }
    column.rowIds = rowIds;
    onColumn(index + 1);
  }
  for (const namespace of expected.keys()) namespace.ids.trim();
  return known;
}

/** Blank cells and the column's missing-value markers are no originals: they stay as they are. */
function staysAsItIs(cell: Cell, { missingMarkers }: PlannedColumn): boolean {
  return (
    cell === null ||
    cell === '' ||
    (missingMarkers.size > 0 && typeof cell === 'string' && missingMarkers.has(cell))
  );
}

/** Numbers an original of the namespace (a known one keeps its number) and returns its number. */
function addOriginal(namespace: Namespace, cell: Cell): number {
  const { ids } = namespace;
  const id = ids.add(keyOf(cell));
  if (namespace.originals !== ids.keys) {
    if (id === namespace.originals.length) namespace.originals.push(cell);
  } else if (typeof cell !== 'string') {
    // The first cell that is not text: from here on the originals are a list of their own
    // (its key is the first of its kind unless a text spelled the same tagged key first).
    const originals: Cell[] = ids.keys.slice(0, ids.size);
    if (id === originals.length - 1) originals[id] = cell;
    namespace.originals = originals;
  }
  return id;
}

/** The namespaces whose every planned column has the file's values. */
function namespacesWithFileValues(
  planned: readonly PlannedColumn[],
  fileValues: FileValues | undefined,
): Set<Namespace> {
  const known = new Set<Namespace>();
  if (!fileValues) return known;
  for (const column of planned) known.add(column.namespace);
  for (const column of planned) {
    if (!fileValues[column.sheetIndex]?.[column.columnIndex]) known.delete(column.namespace);
  }
  return known;
}
