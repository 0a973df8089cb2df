import type { Cell, ColumnSchema, Sheet, TwoValuedShares } from '../types';
import { flipBoolean, truthOf } from './generators/boolean';
import type { KeyedRandom } from './keyed-random';
import { cellKey, type PlannedColumn } from './namespace';
import { isMeasureColumn } from './number-mode';
import { entityColumnIndex, entityText } from './row-date-shift';
import { StringHashSet } from './string-hash-set';

/*
 * From scheme 10 on, a column of two values (booleans in any spelling, and measures of 0 and 1
 * only: 'churned', 'Survived') is redrawn row by row, by keyed randomized response that keeps
 * the column's share of true (s): a true turns false with chance (1 − s) / 2 and a false turns
 * true with chance s / 2, so as many cells go each way on average and the share stays, up to
 * chance (about 1/√rows). Half of the column's link to the others stays (a survival rate still
 * differs by class, half as much), and no cell's output tells its original for sure.
 *
 * Per value, two values have two bijections only: every value kept (the originals written back)
 * or every value swapped (a 93/7 split written 7/93), which schemes 1 to 9 let the secret pick;
 * a measure of 0 and 1 moved by a unit was swapped under every key.
 *
 * The draw is keyed by the row's entity (the sheet's first identifier, email or UUID column, as
 * dates move by it: the same customer draws alike in every file under the key) and the column's
 * name, or in a sheet without an entity by the row's cells. The share is the column's own, or
 * the whole file's when the sheet is a part of one (TwoValuedShares), so a streamed file draws
 * as a whole run does.
 */

/** How much of the way to independence a cell's draw goes: half its link to its row stays. */
const HALF = 0.5;

/** Whether a column's two values are redrawn by row: a boolean, or a measure of 0 and 1. */
export function isTwoValued(schema: ColumnSchema, scheme: number): boolean {
  if (scheme < 10 || schema.rule.action !== 'auto') return false;
  if (schema.type === 'boolean') return true;
  return (
    schema.type === 'number' &&
    isMeasureColumn(schema) &&
    schema.number?.integer === true &&
    schema.range?.min === 0 &&
    schema.range.max === 1
  );
}

/**
 * What a cell says: true, false, or null for one that is neither ('maybe', 2).
 * @example truthOfCell('Yes') // true
 */
export function truthOfCell(cell: Cell): boolean | null {
  if (typeof cell === 'boolean') return cell;
  if (typeof cell === 'number') return cell === 1 ? true : cell === 0 ? false : null;
  return typeof cell === 'string' ? truthOf(cell.trim()) : null;
}

/** The cell saying the opposite in its own spelling ('Y' → 'N', 1 → 0); null when it cannot. */
function flipped(cell: Cell): Cell | null {
  if (typeof cell === 'boolean') return !cell;
  if (typeof cell === 'number') return 1 - cell;
  if (typeof cell !== 'string') return null;
  const core = cell.trim();
  const flip = flipBoolean(core, true);
  return flip === null ? null : cell.replace(core, flip);
}

/**
 * How many of a column's cells say true, and how many say true or false.
 * @example truthCounts(sheet.rows, 3) // [267, 287]
 */
export function truthCounts(
  rows: readonly (readonly Cell[])[],
  columnIndex: number,
): [trues: number, said: number] {
  let trues = 0;
  let said = 0;
  for (const row of rows) {
    const truth = truthOfCell(row[columnIndex] ?? null);
    if (truth === null) continue;
    said++;
    if (truth) trues++;
  }
  return [trues, said];
}

/** The share of true among a column's cells that say true or false; null when none does. */
function shareOfTrue(rows: readonly (readonly Cell[])[], columnIndex: number): number | null {
  const [trues, said] = truthCounts(rows, columnIndex);
  return said === 0 ? null : trues / said;
}

/** A row's cells as one text to key a draw by, for a sheet without an entity column. */
function rowKey(row: readonly Cell[]): string {
  let hash = 0x811c9dc5;
  for (const cell of row) {
    const text =
      cell === null || cell === undefined ? '' : typeof cell === 'string' ? cell : cellKey(cell);
    hash = Math.imul(hash ^ StringHashSet.hash(text), 0x01000193) >>> 0;
  }
  return String(hash);
}

/**
 * Redraws the two-valued columns of a sheet's rows into `output` (see above); `shares` are the
 * whole file's when the sheet is a part of one. Returns how many cells it drew.
 * @example redrawTwoValued(0, sheet, outputSheet, schema, planned, random, 10) // 287031
 */
export function redrawTwoValued(
  sheetIndex: number,
  input: Sheet,
  output: Sheet,
  schema: readonly ColumnSchema[],
  planned: readonly PlannedColumn[],
  random: KeyedRandom,
  scheme: number,
  shares?: TwoValuedShares,
): number {
  const columns = planned.filter(
    (column) => column.sheetIndex === sheetIndex && isTwoValued(column.schema, scheme),
  );
  if (columns.length === 0) return 0;
  const entity = entityColumnIndex(schema, scheme);
  const keys = input.rows.map((row) => {
    const text = entity >= 0 ? entityText(row[entity]) : '';
    return text !== '' ? text : rowKey(row);
  });
  let drawn = 0;
  for (const column of columns) {
    const { columnIndex, rowIds } = column;
    const share =
      shares?.[sheetIndex]?.[columnIndex] ?? shareOfTrue(input.rows, columnIndex) ?? 0.5;
    const turnsFalse = HALF * (1 - share);
    const turnsTrue = HALF * share;
    const kind = `twoValued|${column.schema.name}`;
    for (let row = 0; row < input.rows.length; row++) {
      if (rowIds[row]! < 0) continue;
      const original = input.rows[row]![columnIndex] ?? null;
      const truth = truthOfCell(original);
      if (truth === null) continue;
      random.reseed(kind, keys[row]!);
      const turns = random.next() < (truth ? turnsFalse : turnsTrue);
      const cell = turns ? flipped(original) : original;
      if (cell === null) continue;
      output.rows[row]![columnIndex] = cell;
      drawn++;
    }
    column.rowRewritten = true;
  }
  return drawn;
}
