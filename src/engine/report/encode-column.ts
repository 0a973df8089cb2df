import type { Cell } from '../types';
import { HashSet } from './hash-set';
import { firstWordEnd } from './word-tokens';

/*
 * A sheet's columns, their distinct values before and after the run: most of the report's
 * cost (see build-report.ts), so each cell is hashed once and probed once, and little memory
 * is allocated (allocating tens of MB after a run of a large file costs a full collection of
 * its heap, which took longer than the counting itself on the 50 MB bench file).
 * - Cells are hashed row by row, all columns of a row together: cells read from a file are
 *   slices of its text, and a row's slices share cache lines (hashing column by column took
 *   about three times as long).
 * - Then column by column, both sides of a column go through one open-addressing table
 *   ((id, hash) pairs side by side in an Int32Array, so a probe touches one cache line; a
 *   text is compared only when its hash matches), so an
 *   output value that is an original is found by the probe that counts it, and survivors
 *   cost nothing more. The table remembers where a text is (its row and side), not the text.
 * - A column's table is reused by the next one unless a figure reads both sides' values later
 *   (leaks read the output of redacted text); a column whose originals are read later (leak
 *   sources, kept columns) has them copied out into a table sized for them. Other columns keep
 *   only their counts.
 */

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
 * FNV-1a over the UTF-16 units (of `text.slice(start, end)`, without slicing it), with a final
 * mix so the low bits (the slot) use every unit; never 0, which marks a blank cell among the
 * hashes.
 * @example hashText('Ann Lee', 0, 3) === hashText('Ann') // true
 */
export function hashText(text: string, start = 0, end = text.length): number {
  let hash = 0x811c9dc5 | 0;
  for (let i = start; i < end; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  return hash === 0 ? 1 : hash;
}

function grown(array: Int32Array, size: number): Int32Array {
  if (size <= array.length) return array;
  const larger = new Int32Array(Math.max(size, array.length * 2));
  larger.set(array);
  return larger;
}

/**
 * The distinct texts of one column, both sides, numbered in order of first appearance. An id
 * records where its text was first seen (row × 2 + side) and its cells on each side.
 */
class TextTable {
  size = 0;
  /** Slot i is slots[2i] (the id, -1 when empty) and slots[2i + 1] (its text's hash). */
  private slots: Int32Array;
  private mask: number;
  private places: Int32Array;
  cellsBefore: Int32Array;
  cellsAfter: Int32Array;
  private sides: readonly (readonly Cell[][])[] = [];
  private column = 0;

  constructor(expected: number) {
    const slots = TextTable.slotsFor(expected, 1024);
    this.slots = new Int32Array(slots * 2).fill(-1);
    this.mask = slots - 1;
    const ids = Math.max(512, expected);
    this.places = new Int32Array(ids);
    this.cellsBefore = new Int32Array(ids);
    this.cellsAfter = new Int32Array(ids);
  }

  /** Slots for `expected` texts at most half full, at least `least`. */
  private static slotsFor(expected: number, least: number): number {
    let slots = least;
    while (slots < expected * 2 + 2) slots *= 2;
    return slots;
  }

  /** Empties the table for another column, keeping its arrays where they are large enough. */
  reset(original: readonly Cell[][], output: readonly Cell[][], column: number, expected: number) {
    this.sides = [original, output];
    this.column = column;
    const slots = TextTable.slotsFor(expected, this.mask + 1);
    if (slots > this.mask + 1) {
      this.slots = new Int32Array(slots * 2);
      this.mask = slots - 1;
    }
    this.slots.fill(-1);
    this.cellsBefore.fill(0, 0, this.size);
    this.cellsAfter.fill(0, 0, this.size);
    this.size = 0;
  }

  /** The text of an id, or of a place (row × 2 + side). */
  textOf(id: number, isPlace = false): string {
    const place = isPlace ? id : this.places[id]!;
    return cellKey(this.sides[place & 1]![place >>> 1]![this.column])!;
  }

  /** The id of `text`, or -1. */
  find(text: string, hash = hashText(text)): number {
    const slots = this.slots;
    const mask = this.mask;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const id = slots[slot * 2]!;
      if (id < 0) return -1;
      if (slots[slot * 2 + 1] === hash && this.textOf(id) === text) return id;
    }
  }

  /**
   * The id of the text at `place` (row × 2 + side), numbering it when new. The cell is read
   * only when a slot's hash matches: a new value costs no read of its text.
   */
  add(hash: number, place: number): number {
    const slots = this.slots;
    const mask = this.mask;
    let text: string | null = null;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const id = slots[slot * 2]!;
      if (id < 0) {
        const next = this.size++;
        if (next === this.places.length) this.growIds();
        this.places[next] = place;
        slots[slot * 2] = next;
        slots[slot * 2 + 1] = hash;
        // At most half full, so probe runs stay short.
        if (next * 2 >= mask) this.growSlots();
        return next;
      }
      if (slots[slot * 2 + 1] === hash && this.textOf(id) === (text ??= this.textOf(place, true)))
        return id;
    }
  }

  /** A table of the first `count` ids only (the originals), sized for them. */
  originalsOnly(count: number): TextTable {
    const table = new TextTable(count);
    table.sides = this.sides;
    table.column = this.column;
    table.size = count;
    table.places.set(this.places.subarray(0, count));
    table.cellsBefore.set(this.cellsBefore.subarray(0, count));
    const slots = table.slots;
    const mask = table.mask;
    for (let at = 0; at < this.slots.length; at += 2) {
      const id = this.slots[at]!;
      if (id < 0 || id >= count) continue;
      const hash = this.slots[at + 1]!;
      let slot = hash & mask;
      while (slots[slot * 2]! >= 0) slot = (slot + 1) & mask;
      slots[slot * 2] = id;
      slots[slot * 2 + 1] = hash;
    }
    return table;
  }

  /** Each id with its text's hash, in slot order. */
  forEachHash(visit: (id: number, hash: number) => void): void {
    const slots = this.slots;
    for (let at = 0; at < slots.length; at += 2) {
      const id = slots[at]!;
      if (id >= 0) visit(id, slots[at + 1]!);
    }
  }

  private growIds(): void {
    const size = this.places.length * 2;
    this.places = grown(this.places, size);
    this.cellsBefore = grown(this.cellsBefore, size);
    this.cellsAfter = grown(this.cellsAfter, size);
  }

  private growSlots(): void {
    const old = this.slots;
    const slots = new Int32Array(old.length * 2).fill(-1);
    const mask = slots.length / 2 - 1;
    for (let at = 0; at < old.length; at += 2) {
      const id = old[at]!;
      if (id < 0) continue;
      const hash = old[at + 1]!;
      let slot = hash & mask;
      while (slots[slot * 2]! >= 0) slot = (slot + 1) & mask;
      slots[slot * 2] = id;
      slots[slot * 2 + 1] = hash;
    }
    this.slots = slots;
    this.mask = mask;
  }
}

/** One side (as read, or as written) of a column: its distinct values and cells per value. */
export class ColumnValues {
  constructor(
    /** Non-empty cells (blanks and missing-value markers left out). */
    readonly nonEmpty: number,
    /** Distinct non-empty values. */
    readonly distinct: number,
    /** Null when the counts were not asked for (EncodeOptions.counts). */
    private readonly countsByValue: Int32Array | null,
    /** Per row, the value's code (0 … distinct − 1), -1 for blanks; originals, when asked. */
    readonly codes: Int32Array | null,
    /** The table and this side's cells per id, when the values are read later (leaks). */
    private readonly values: { table: TextTable; cells: Int32Array } | null,
    /** Hashes of the first words of its values of several words, when asked (see leaks.ts). */
    readonly firstWords: HashSet | null = null,
  ) {}

  private table(): { table: TextTable; cells: Int32Array } {
    if (!this.values) throw new Error('The column was encoded without its values.');
    return this.values;
  }

  /** Whether this side holds this text (`hash`: its hashText); the column must keep its values. */
  has(text: string, hash = hashText(text)): boolean {
    const { table, cells } = this.table();
    const id = table.find(text, hash);
    return id >= 0 && cells[id]! > 0;
  }

  /** The distinct values; the column must keep its values. */
  texts(): string[] {
    const texts: string[] = [];
    this.forEachText((text) => texts.push(text));
    return texts;
  }

  /** Each distinct value; the column must keep its values. */
  forEachText(visit: (text: string) => void): void {
    const { table, cells } = this.table();
    for (let id = 0; id < table.size; id++) if (cells[id]! > 0) visit(table.textOf(id));
  }

  /** The hashText of each distinct value, without reading the values; the column must keep them. */
  forEachHash(visit: (hash: number) => void): void {
    const { table, cells } = this.table();
    table.forEachHash((id, hash) => {
      if (cells[id]! > 0) visit(hash);
    });
  }

  /** Each distinct value with its number of cells; the column must keep its values. */
  forEachCount(visit: (text: string, cells: number) => void): void {
    const { table, cells } = this.table();
    for (let id = 0; id < table.size; id++) if (cells[id]! > 0) visit(table.textOf(id), cells[id]!);
  }

  /** Cells per distinct value, in no particular order; the column must keep its counts. */
  counts(): Int32Array {
    if (!this.countsByValue) throw new Error('The column was encoded without its counts.');
    return this.countsByValue;
  }
}

/** Originals of a replaced column found in its own output. */
export interface Survivors {
  /** Cells whose output equals their own original. */
  sameCell: number;
  /** Distinct originals found anywhere in the column's output. */
  sharedValues: number;
}

/** One column before and after the run; `after` is `before` when only the original was read. */
export interface EncodedColumn {
  before: ColumnValues;
  after: ColumnValues;
  /** When the output was read: its cells left in place and originals found in it. */
  survivors: Survivors | null;
}

export interface EncodeOptions {
  /** Keep a code per row of the original (risk over kept columns). */
  codes?: boolean;
  /**
   * Keep the values for has, texts and forEachCount (leaks): of the original only (kept in a
   * table of its own, sized for them), or of both sides; otherwise counts only.
   */
  values?: 'original' | 'both';
  /** Texts that count as blank (missing-value markers). */
  missing?: ReadonlySet<string>;
  /** About how many distinct values the original holds (detection's estimate), to size the table. */
  expectedDistinct?: number;
  /** Keep the cells per value (frequencies); true unless false. */
  counts?: boolean;
  /**
   * Collect the hashes of the first words of the originals of several words (the leak search
   * starts runs of words from them), in the hash pass where each cell is read anyway.
   */
  firstWords?: boolean;
}

/** One column to encode: where it is, whether its output is read too, and the options. */
export interface ColumnToEncode extends EncodeOptions {
  column: number;
  /** False for a kept column: its output is its original, read once. */
  readOutput: boolean;
}

/**
 * Columns hashed in one pass over the rows: enough for a row's cells to share cache lines,
 * few enough that the hashes stay a few MB (a column of 250,000 rows: 1 MB).
 */
const COLUMNS_PER_PASS = 4;

/**
 * The hashes of the given columns' cells, column after column, computed row by row; 0 for a
 * blank cell or a missing-value marker.
 */
function hashColumns(
  rows: readonly Cell[][],
  specs: readonly ColumnToEncode[],
  into: Int32Array,
  firstWords: readonly (HashSet | null)[] = [],
) {
  const count = rows.length;
  const columns = specs.map((spec) => spec.column);
  const missing = specs.map((spec) =>
    spec.missing && spec.missing.size > 0 ? spec.missing : null,
  );
  for (let row = 0; row < count; row++) {
    const cells = rows[row]!;
    for (let at = 0; at < columns.length; at++) {
      const key = cellKey(cells[columns[at]!]);
      if (key === null || missing[at]?.has(key) === true) {
        into[at * count + row] = 0;
        continue;
      }
      into[at * count + row] = hashText(key);
      const words = firstWords[at];
      if (words) {
        const end = firstWordEnd(key);
        if (end > 0) words.add(hashText(key, 0, end));
      }
    }
  }
}

function compactCounts(cells: Int32Array, size: number, distinct: number): Int32Array {
  const counts = new Int32Array(distinct);
  let at = 0;
  for (let id = 0; id < size; id++) if (cells[id]! > 0) counts[at++] = cells[id]!;
  return counts;
}

/** Reads one column's original and output cells into `table`. */
/*
 * The two counting loops, each a function of its own: small enough for the compiler to inline
 * TextTable.add into them (inside encodeInto it did not always, at about a third more time).
 */

/** Counts the original's cells; their ids per row into `rowIds` (-1 for blanks). */
function countOriginals(table: TextTable, hashes: Int32Array, rowIds: Int32Array): number {
  let nonEmpty = 0;
  for (let row = 0; row < hashes.length; row++) {
    const hash = hashes[row]!;
    if (hash === 0) {
      rowIds[row] = -1;
      continue;
    }
    nonEmpty++;
    const id = table.add(hash, row * 2);
    table.cellsBefore[id]!++;
    rowIds[row] = id;
  }
  return nonEmpty;
}

/** Counts the output's cells, and those equal to their row's original (`rowIds`). */
function countOutputs(
  table: TextTable,
  hashes: Int32Array,
  rowIds: Int32Array,
): { nonEmpty: number; sameCell: number } {
  let nonEmpty = 0;
  let sameCell = 0;
  for (let row = 0; row < hashes.length; row++) {
    const hash = hashes[row]!;
    if (hash === 0) continue;
    nonEmpty++;
    const id = table.add(hash, row * 2 + 1);
    table.cellsAfter[id]!++;
    if (rowIds[row] === id) sameCell++;
  }
  return { nonEmpty, sameCell };
}

function encodeInto(
  table: TextTable,
  spec: ColumnToEncode,
  originalRows: readonly Cell[][],
  outputRows: readonly Cell[][],
  hashesBefore: Int32Array,
  hashesAfter: Int32Array | null,
  rowIds: Int32Array,
  firstWords: HashSet | null,
): EncodedColumn {
  const codes = spec.codes ? new Int32Array(originalRows.length) : null;
  const nonEmptyBefore = countOriginals(table, hashesBefore, rowIds);
  if (codes) codes.set(rowIds.subarray(0, originalRows.length));
  const distinctBefore = table.size;
  const { nonEmpty: nonEmptyAfter, sameCell } = hashesAfter
    ? countOutputs(table, hashesAfter, rowIds)
    : { nonEmpty: 0, sameCell: 0 };
  const keep = spec.values === 'both';
  let originals: { table: TextTable; cells: Int32Array } | null = null;
  if (keep) originals = { table, cells: table.cellsBefore };
  else if (spec.values === 'original') {
    const own = table.originalsOnly(distinctBefore);
    originals = { table: own, cells: own.cellsBefore };
  }
  const before = new ColumnValues(
    nonEmptyBefore,
    distinctBefore,
    spec.counts === false ? null : compactCounts(table.cellsBefore, distinctBefore, distinctBefore),
    codes,
    originals,
    firstWords,
  );
  if (!hashesAfter) return { before, after: before, survivors: null };
  let distinctAfter = 0;
  let sharedValues = 0;
  for (let id = 0; id < table.size; id++) {
    if (table.cellsAfter[id] === 0) continue;
    distinctAfter++;
    if (id < distinctBefore) sharedValues++;
  }
  const after = new ColumnValues(
    nonEmptyAfter,
    distinctAfter,
    spec.counts === false ? null : compactCounts(table.cellsAfter, table.size, distinctAfter),
    null,
    keep ? { table, cells: table.cellsAfter } : null,
  );
  return { before, after, survivors: { sameCell, sharedValues } };
}

/**
 * Encodes columns as read and, where `readOutput`, as written: distinct values, cells per
 * value, and the originals that survive in the output. A kept column (no `readOutput`) has
 * the same values on both sides. Output rows line up with original rows.
 * @example encodeColumns([['a'], ['b']], [['b'], ['x']], [{ column: 0, readOutput: true }])[0].survivors // { sameCell: 0, sharedValues: 1 }
 */
export function encodeColumns(
  originalRows: readonly Cell[][],
  outputRows: readonly Cell[][],
  columns: readonly ColumnToEncode[],
): EncodedColumn[] {
  const count = originalRows.length;
  const outputCount = outputRows.length;
  const group = Math.min(columns.length, COLUMNS_PER_PASS);
  const hashesBefore = new Int32Array(count * group);
  const hashesAfter = new Int32Array(outputCount * group);
  const rowIds = new Int32Array(count);
  let shared: TextTable | null = null;
  const encoded: EncodedColumn[] = [];
  for (let first = 0; first < columns.length; first += group) {
    const specs = columns.slice(first, first + group);
    const firstWords = specs.map((spec) => (spec.firstWords ? new HashSet() : null));
    hashColumns(originalRows, specs, hashesBefore, firstWords);
    const readOutput = specs.flatMap((spec, at) => (spec.readOutput ? [at] : []));
    hashColumns(
      outputRows,
      readOutput.map((at) => specs[at]!),
      hashesAfter,
    );
    specs.forEach((spec, at) => {
      const sides = spec.readOutput ? 2 : 1;
      const expected = Math.min(count, spec.expectedDistinct ?? 0) * sides;
      // A table whose values of both sides are read later is the column's own; others share
      // one (the originals read later are copied out of it).
      let table: TextTable;
      if (spec.values === 'both') table = new TextTable(expected);
      else table = shared ??= new TextTable(expected);
      table.reset(originalRows, outputRows, spec.column, expected);
      const output = readOutput.indexOf(at);
      encoded.push(
        encodeInto(
          table,
          spec,
          originalRows,
          outputRows,
          hashesBefore.subarray(at * count, (at + 1) * count),
          output < 0
            ? null
            : hashesAfter.subarray(output * outputCount, (output + 1) * outputCount),
          rowIds,
          firstWords[at]!,
        ),
      );
    });
  }
  return encoded;
}

/** Whether every non-empty value of the column is distinct (and there are at least two). */
export function isUnique(column: ColumnValues): boolean {
  return column.nonEmpty > 1 && column.distinct === column.nonEmpty;
}
