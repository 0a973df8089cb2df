import type { Cell } from '../types';

/**
 * One column dictionary-encoded: a code per row (-1 for blanks and missing-value markers) and
 * a count per distinct value. One Map lookup per cell and no object per cell, so every figure
 * that needs distinct values (counts, uniqueness, survivors, risk) reads the same pass.
 */
export interface EncodedColumn {
  codes: Int32Array;
  /** Distinct value text → code. */
  index: Map<string, number>;
  /** Rows per code. */
  counts: number[];
  nonEmpty: number;
}

/**
 * A cell's value as text for equality: strings as written, numbers and booleans as JavaScript
 * writes them, dates as ISO text; null for a blank cell.
 * @example cellKey(42) // '42'
 */
export function cellKey(cell: Cell | undefined): string | null {
  if (cell === null || cell === undefined || cell === '') return null;
  if (typeof cell === 'string') return cell;
  if (cell instanceof Date) return cell.toISOString();
  return String(cell);
}

/**
 * Encodes one column of rows; texts in `missing` count as blank.
 * @example encodeColumn([['a'], ['b'], ['a']], 0).counts // [2, 1]
 */
export function encodeColumn(
  rows: readonly Cell[][],
  column: number,
  missing: ReadonlySet<string> = new Set(),
): EncodedColumn {
  const codes = new Int32Array(rows.length);
  const index = new Map<string, number>();
  const counts: number[] = [];
  let nonEmpty = 0;
  for (let row = 0; row < rows.length; row++) {
    const key = cellKey(rows[row]![column]);
    if (key === null || missing.has(key)) {
      codes[row] = -1;
      continue;
    }
    nonEmpty++;
    let code = index.get(key);
    if (code === undefined) {
      code = counts.length;
      index.set(key, code);
      counts.push(0);
    }
    counts[code]!++;
    codes[row] = code;
  }
  return { codes, index, counts, nonEmpty };
}

/** Whether every non-empty value of the column is distinct (and there are at least two). */
export function isUnique(column: EncodedColumn): boolean {
  return column.nonEmpty > 1 && column.counts.length === column.nonEmpty;
}
