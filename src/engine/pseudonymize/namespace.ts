import type { Cell, ColumnSchema } from '../types';
import type { ColumnPlan } from './column-plan';
import type { KeyIndex } from './key-index';

/**
 * Columns that share pseudonyms: the same kind and format, across columns and sheets. Its
 * distinct originals are numbered in order of first appearance; parallel arrays hold each
 * one's original cell and pseudonym (no object per value: a 50 MB file has millions).
 */
export interface Namespace {
  plan: ColumnPlan;
  /**
   * Values that found no unique pseudonym, and that did. When the target space is used up
   * (10,000 distinct originals under `person.firstName`), retries are cut short.
   */
  exhausted: number;
  placed: number;
  /** Every original of the namespace, by key, to its number. */
  ids: KeyIndex;
  /**
   * The original cells by number. While every original is text this is `ids.keys` itself (a
   * text's key is the text), so a CSV's millions of values are not listed twice.
   */
  originals: Cell[];
  pseudonyms: Cell[];
}

/** One column to pseudonymize and what the scan learned about it. */
export interface PlannedColumn {
  sheetIndex: number;
  columnIndex: number;
  schema: ColumnSchema;
  namespace: Namespace;
  missingMarkers: ReadonlySet<string>;
  /** The namespace number of each row's original, -1 where the cell stays as it is. */
  rowIds: Int32Array;
  /**
   * Whether a row rule (row-relations.ts) rewrote some of the column's cells: the written cell,
   * not the namespace's pseudonym, is then what a row's original became.
   */
  rowRewritten?: boolean;
}

/** A map key for a cell: its text for strings; tagged for numbers, booleans and dates. */
export function cellKey(cell: Cell): string {
  if (typeof cell === 'string') return cell;
  if (cell instanceof Date) return `\u0001d${cell.getTime()}`;
  return `\u0001${typeof cell === 'number' ? 'n' : 'b'}${String(cell)}`;
}

/** A cell's key in a namespace's index (KeyIndex): cellKey, with no call for text. */
export function keyOf(cell: Cell): string {
  return typeof cell === 'string' ? cell : cellKey(cell);
}

/** The text a generator reads for a cell (dates use the cell itself). */
export function generatorText(cell: Cell): string {
  return typeof cell === 'string' ? cell : cell instanceof Date ? '' : String(cell);
}

/** Missing-value markers kept as they are; in a column of codes, 'NA' is Namibia, not "n/a". */
export function keptMarkers(schema: ColumnSchema): ReadonlySet<string> {
  const markers = new Set(schema.missingMarkers ?? []);
  if (schema.semantic === 'countryCode' || schema.semantic === 'state') markers.delete('NA');
  return markers;
}
