import type { ColumnValues } from './encode-column';
import type { RiskFigures } from './report-schema';

/*
 * Equivalence classes over the kept columns: rows with the same kept values fall in one class.
 * Columns are combined pairwise into dense class ids (an open-addressing table on typed arrays,
 * no object per row), so a combination costs one pass over the rows. Blank counts as a value.
 *
 * Which columns single people out, a cheap measure: for each kept column, the unique share with
 * it alone and how much the unique share of all kept columns drops when it is left out. The
 * leave-one-out combinations reuse prefix and suffix combinations, 3 passes per column in all.
 */

interface Classes {
  ids: Int32Array;
  count: number;
}

/** Dense class ids of one column (blank = its own value); the column must have codes. */
function classesOf(column: ColumnValues): Classes {
  const codes = column.codes;
  if (!codes) throw new Error('A kept column is encoded with codes.');
  const ids = new Int32Array(codes.length);
  for (let row = 0; row < ids.length; row++) ids[row] = codes[row]! + 1;
  return { ids, count: column.distinct + 1 };
}

/** The scratch tables combinations share, grown as needed (one risk allocates them once). */
interface Scratch {
  keysA: Int32Array;
  keysB: Int32Array;
  values: Int32Array;
}

function scratchOf(scratch: Scratch, size: number): Scratch {
  if (scratch.keysA.length < size) {
    scratch.keysA = new Int32Array(size);
    scratch.keysB = new Int32Array(size);
    scratch.values = new Int32Array(size);
  }
  return scratch;
}

/**
 * Dense class ids of the pairs (a, b) of each row: by direct index where the pairs are few
 * (a.count × b.count, at most a few times the rows), else through an open-addressing table.
 */
function combine(a: Classes, b: Classes, scratch: Scratch): Classes {
  const rows = a.ids.length;
  const ids = new Int32Array(rows);
  let count = 0;
  const pairs = a.count * b.count;
  if (pairs <= Math.max(1024, rows * 4)) {
    const values = scratchOf(scratch, pairs).values.fill(-1, 0, pairs);
    for (let row = 0; row < rows; row++) {
      const at = a.ids[row]! * b.count + b.ids[row]!;
      let id = values[at]!;
      if (id < 0) values[at] = id = count++;
      ids[row] = id;
    }
    return { ids, count };
  }
  let size = 16;
  while (size < rows * 2) size *= 2;
  const mask = size - 1;
  const { keysA, keysB, values } = scratchOf(scratch, size);
  keysA.fill(-1, 0, size);
  for (let row = 0; row < rows; row++) {
    const x = a.ids[row]!;
    const y = b.ids[row]!;
    let slot = (Math.imul(x, 0x9e3779b1) ^ Math.imul(y, 0x85ebca6b)) & mask;
    while (keysA[slot] !== -1 && (keysA[slot] !== x || keysB[slot] !== y)) slot = (slot + 1) & mask;
    if (keysA[slot] === -1) {
      keysA[slot] = x;
      keysB[slot] = y;
      values[slot] = count++;
    }
    ids[row] = values[slot]!;
  }
  return { ids, count };
}

function allOf(columns: readonly Classes[], rows: number, scratch: Scratch): Classes {
  let classes: Classes = { ids: new Int32Array(rows), count: rows > 0 ? 1 : 0 };
  for (const column of columns) classes = combine(classes, column, scratch);
  return classes;
}

function classSizes(classes: Classes): Int32Array {
  const sizes = new Int32Array(classes.count);
  for (const id of classes.ids) sizes[id]!++;
  return sizes;
}

function uniqueRows(classes: Classes): number {
  let unique = 0;
  for (const size of classSizes(classes)) if (size === 1) unique++;
  return unique;
}

const BUCKETS = [
  { label: '1', min: 1, max: 1 },
  { label: '2', min: 2, max: 2 },
  { label: '3-4', min: 3, max: 4 },
  { label: '5-9', min: 5, max: 9 },
  { label: '10+', min: 10, max: Infinity },
] as const;

/** The figures of a partition of rows into classes, from the classes' sizes. */
export interface ClassFigures {
  k: number;
  uniqueRows: number;
  classSizes: RiskFigures['classSizes'];
}

/**
 * Sums up class sizes: the smallest class, the rows alone in theirs, and the size buckets. Each
 * size stands for `scale` classes (1 when every class is there; more for a sample of them, whose
 * k is then the sample's).
 * @example classFigures([1, 2, 2], 1).uniqueRows // 1
 */
export function classFigures(sizes: Iterable<number>, scale = 1): ClassFigures {
  let k = 0;
  let unique = 0;
  const buckets = BUCKETS.map((bucket) => ({ label: bucket.label, classes: 0, rows: 0 }));
  for (const size of sizes) {
    if (size === 0) continue;
    k = k === 0 ? size : Math.min(k, size);
    if (size === 1) unique++;
    const at = BUCKETS.findIndex((bucket) => size >= bucket.min && size <= bucket.max);
    buckets[at]!.classes++;
    buckets[at]!.rows += size;
  }
  const scaled = (n: number) => Math.round(n * scale);
  return {
    k,
    uniqueRows: scaled(unique),
    classSizes: buckets.map((bucket) => ({
      label: bucket.label,
      classes: scaled(bucket.classes),
      rows: scaled(bucket.rows),
    })),
  };
}

/** Per kept column, its unique share alone and the drop without it, biggest drop first. */
export function contributionsOf(
  names: readonly string[],
  uniqueShare: number,
  aloneShares: readonly number[],
  leftOutShares: readonly number[],
): RiskFigures['contributions'] {
  const contributions = names.map((column, i) => ({
    column,
    uniqueShareAlone: aloneShares[i]!,
    dropWhenLeftOut: Math.max(0, uniqueShare - leftOutShares[i]!),
  }));
  return contributions.sort(
    (a, b) => b.dropWhenLeftOut - a.dropWhenLeftOut || b.uniqueShareAlone - a.uniqueShareAlone,
  );
}

/**
 * Re-identification risk of one sheet over its kept columns.
 * @example riskFigures([], [], 3).k // 3 (no kept column: one class of every row)
 */
export function riskFigures(
  names: readonly string[],
  kept: readonly ColumnValues[],
  rows: number,
): RiskFigures {
  const columns = kept.map(classesOf);
  const scratch: Scratch = {
    keysA: new Int32Array(0),
    keysB: new Int32Array(0),
    values: new Int32Array(0),
  };
  // prefixes[i] combines columns before i (the last one: all kept columns), suffixes[i]
  // columns from i on.
  const prefixes: Classes[] = [allOf([], rows, scratch)];
  for (const column of columns)
    prefixes.push(combine(prefixes[prefixes.length - 1]!, column, scratch));
  const all = classFigures(classSizes(prefixes[columns.length]!));
  const share = (n: number) => (rows === 0 ? 0 : n / rows);
  const uniqueShare = share(all.uniqueRows);
  const suffixes: Classes[] = new Array<Classes>(columns.length + 1);
  suffixes[columns.length] = allOf([], rows, scratch);
  // suffixes[0] would be all of them again: the leave-one-out combinations read from 1 on.
  for (let i = columns.length - 1; i >= 1; i--)
    suffixes[i] = combine(suffixes[i + 1]!, columns[i]!, scratch);
  const contributions = contributionsOf(
    names,
    uniqueShare,
    columns.map((column) => share(uniqueRows(column))),
    columns.map((_, i) => share(uniqueRows(combine(prefixes[i]!, suffixes[i + 1]!, scratch)))),
  );
  return {
    quasiIdentifiers: [...names],
    rows,
    uniqueRows: all.uniqueRows,
    uniqueShare,
    k: all.k,
    classSizes: all.classSizes,
    contributions,
  };
}
