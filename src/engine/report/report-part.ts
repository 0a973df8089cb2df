import { firstHash, secondHash } from '../text/text-hash';
import type { Cell, ColumnSchema, Sheet } from '../types';
import { hasSamples, isKept, isReplaced } from './column-figures';
import { cellKey, encodeColumns } from './encode-column';
import { countLeaks, isLeakSource, leakEncoding, leakReads, TextSet } from './leaks';
import { SampledCounts, type HashCounts } from './sampled-counts';
import { replacementFigures, type ReplacementFigures } from './replacement-figures';

/*
 * What one part of a streaming run adds to the run's report (streamed-report.ts merges the
 * parts): counts that sum, and the part's distinct values and kept-column combinations as
 * 64-bit hashes with their cells, which the run merges into tables of bounded size. Computed on
 * the worker that ran the part, from the part as read and as written, so no value leaves it:
 * hashes, counts and a sample of rows for the number and date figures.
 */

/** One column of a part: its non-empty cells, cells left in place, and distinct values. */
export interface PartColumn {
  nonEmptyBefore: number;
  nonEmptyAfter: number;
  sameCell: number;
  before: HashCounts;
  /** Null for a kept column: its output is its original. */
  after: HashCounts | null;
}

export interface ReportPart {
  rows: number;
  columns: PartColumn[];
  /**
   * The combinations of the kept columns' values: of all of them, then of all but each in turn
   * (the risk's contributions).
   */
  classes: HashCounts[];
  /** Leak counts (LeakCounts' entries): originals found in the output of this part. */
  leaks: [string, number][];
  /** Every `stride`th row of the part, as read and as written: the number and date figures. */
  sample: { original: Cell[][]; output: Cell[][]; stride: number };
  /** Whether the part's run has a mapping to offer. */
  mappingAvailable: boolean;
  /** What the part's run replaced (replacementFigures), summed over the parts. */
  replacement: ReplacementFigures;
}

export interface PartReportInput {
  original: Sheet;
  output: Sheet;
  schemas: readonly ColumnSchema[];
  /** Every how many rows of the part go into its sample (StreamedReport.sampleStride). */
  sampleStride: number;
  /**
   * Per column, the whole file's distinct values, where a first pass read them: the leak search
   * looks for those originals, which other parts hold too, rather than the part's own.
   */
  fileValues?: readonly (readonly Cell[] | undefined)[];
  mappingAvailable: boolean;
}

/**
 * A part's contribution to a streamed report.
 * @example reportPart({ original, output, schemas, sampleStride: 1, mappingAvailable: true }).rows
 */
export function reportPart(input: PartReportInput): ReportPart {
  const { original, output, schemas } = input;
  const rows = original.rows.length;
  const keptLow: Uint32Array[] = [];
  const keptHigh: Uint32Array[] = [];
  const columns = schemas.map((schema, column) => {
    const counted = countColumn(original.rows, output.rows, column, schema);
    if (counted.low && counted.high) {
      keptLow.push(counted.low);
      keptHigh.push(counted.high);
    }
    return counted.column;
  });
  // The sample holds the cells its figures read, null elsewhere: numbers and dates on both sides,
  // and the output of replaced columns (their type-and-format check).
  const sampledBefore = schemas.map(hasSamples);
  const sampledAfter = schemas.map((schema) => hasSamples(schema) || isReplaced(schema));
  const sample = { original: [] as Cell[][], output: [] as Cell[][], stride: input.sampleStride };
  for (let row = 0; row < rows; row += input.sampleStride) {
    sample.original.push(cellsOf(original.rows[row]!, sampledBefore));
    sample.output.push(cellsOf(output.rows[row] ?? [], sampledAfter));
  }
  return {
    rows,
    columns,
    classes: combinations(keptLow, keptHigh, rows),
    leaks: [...partLeaks(input)],
    sample,
    mappingAvailable: input.mappingAvailable,
    replacement: replacementFigures(
      { format: 'csv', sheets: [original] },
      { format: 'csv', sheets: [output] },
      [schemas],
    ),
  };
}

function cellsOf(row: readonly Cell[], wanted: readonly boolean[]): Cell[] {
  return wanted.map((want, column) => (want ? (row[column] ?? null) : null));
}

/**
 * The tables a column is counted in, then read out of (entries): one pair for every column and
 * part a thread counts, so a part leaves no tables of its columns behind as garbage (tens of MB
 * a part, which a worker's heap kept growing by).
 */
const scratch = { before: new SampledCounts(), after: new SampledCounts() };

/**
 * One column's counts and distinct values on both sides, and for a kept column its originals'
 * hash words per row (0 and 0 for a blank cell or a missing-value marker: no text hashes to 0,
 * see text-hash.ts).
 */
function countColumn(
  originalRows: readonly Cell[][],
  outputRows: readonly Cell[][],
  column: number,
  schema: ColumnSchema,
): { column: PartColumn; low: Uint32Array | null; high: Uint32Array | null } {
  const missing = new Set(schema.missingMarkers ?? []);
  const textOf = (cell: Cell | undefined) => {
    const text = cellKey(cell);
    return text === null || missing.has(text) ? null : text;
  };
  const readOutput = !isKept(schema);
  const before = scratch.before;
  const after = readOutput ? scratch.after : null;
  before.clear();
  after?.clear();
  // Per row only for a kept column (the risk's combinations).
  const low = readOutput ? null : new Uint32Array(originalRows.length);
  const high = readOutput ? null : new Uint32Array(originalRows.length);
  let nonEmptyBefore = 0;
  let nonEmptyAfter = 0;
  let sameCell = 0;
  for (let row = 0; row < originalRows.length; row++) {
    const text = textOf(originalRows[row]![column]);
    if (text !== null) {
      nonEmptyBefore++;
      const first = firstHash(text);
      const second = secondHash(text);
      before.add(first, second);
      if (low && high) {
        low[row] = first;
        high[row] = second;
      }
    }
    if (!after) continue;
    const written = textOf(outputRows[row]?.[column]);
    if (written === null) continue;
    nonEmptyAfter++;
    if (written === text) sameCell++;
    after.add(firstHash(written), secondHash(written));
  }
  return {
    column: {
      nonEmptyBefore,
      nonEmptyAfter: after ? nonEmptyAfter : nonEmptyBefore,
      sameCell,
      before: before.entries(),
      after: after?.entries() ?? null,
    },
    low,
    high,
  };
}

/** Mixes one value's hash words into a combination's (two lanes, each reading both words). */
function mixLow(state: number, low: number, high: number): number {
  let hash = Math.imul(state ^ low, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash ^ high, 0xc2b2ae35);
  return (hash ^ (hash >>> 16)) >>> 0;
}

function mixHigh(state: number, low: number, high: number): number {
  let hash = Math.imul(state ^ high, 0x9e3779b1);
  hash ^= hash >>> 15;
  hash = Math.imul(hash ^ low, 0x27d4eb2f);
  return (hash ^ (hash >>> 13)) >>> 0;
}

/**
 * Counts the combinations of the kept columns per row: of all of them, and of all but each in
 * turn, from prefix and suffix combinations (a leave-one-out key is its prefix's and suffix's
 * words mixed, which stand for the values before and after the column left out).
 */
function combinations(low: Uint32Array[], high: Uint32Array[], rows: number): HashCounts[] {
  const kept = low.length;
  const tables = Array.from({ length: kept + 1 }, () => new SampledCounts());
  const prefixLow = new Uint32Array(kept + 1);
  const prefixHigh = new Uint32Array(kept + 1);
  const suffixLow = new Uint32Array(kept + 1);
  const suffixHigh = new Uint32Array(kept + 1);
  for (let row = 0; row < rows; row++) {
    prefixLow[0] = 0x811c9dc5;
    prefixHigh[0] = 0x9e3779b9;
    for (let i = 0; i < kept; i++) {
      const a = low[i]![row]!;
      const b = high[i]![row]!;
      prefixLow[i + 1] = mixLow(prefixLow[i]!, a, b);
      prefixHigh[i + 1] = mixHigh(prefixHigh[i]!, a, b);
    }
    suffixLow[kept] = 0x27d4eb2f;
    suffixHigh[kept] = 0x165667b1;
    for (let i = kept - 1; i >= 0; i--) {
      const a = low[i]![row]!;
      const b = high[i]![row]!;
      suffixLow[i] = mixLow(suffixLow[i + 1]!, a, b);
      suffixHigh[i] = mixHigh(suffixHigh[i + 1]!, a, b);
    }
    tables[0]!.add(prefixLow[kept]!, prefixHigh[kept]!);
    for (let i = 0; i < kept; i++) {
      tables[i + 1]!.add(
        mixLow(prefixLow[i]!, suffixLow[i + 1]!, suffixHigh[i + 1]!),
        mixHigh(prefixHigh[i]!, suffixLow[i + 1]!, suffixHigh[i + 1]!),
      );
    }
  }
  return tables.map((table) => table.entries());
}

/** Each worker's TextSet of a column's file values, built once for all its parts. */
const fileSets = new WeakMap<readonly Cell[], TextSet>();

function fileSetOf(values: readonly Cell[], schema: ColumnSchema): TextSet {
  let set = fileSets.get(values);
  if (!set) {
    const missing = new Set(schema.missingMarkers ?? []);
    const texts = values.flatMap((value) => {
      const text = cellKey(value);
      return text === null || missing.has(text) ? [] : [text];
    });
    set = new TextSet(texts);
    fileSets.set(values, set);
  }
  return set;
}

/** The leak search of one part: the file's originals where known, else the part's own. */
function partLeaks(input: PartReportInput): Map<string, number> {
  const { original, output, schemas } = input;
  const reads = leakReads([schemas]);
  const read = schemas.flatMap((schema, column) => (reads(schema) ? [column] : []));
  if (read.length === 0) return new Map();
  const encoded = encodeColumns(
    original.rows,
    output.rows,
    read.map((column) => {
      const schema = schemas[column]!;
      return {
        column,
        readOutput: !isKept(schema),
        ...leakEncoding(schema),
        counts: false,
        missing: new Set(schema.missingMarkers ?? []),
        expectedDistinct: schema.distinctCount,
      };
    }),
  );
  // Sources are numbered in column order, as StreamedReport names them.
  return countLeaks(
    read.map((column, at) => {
      const schema = schemas[column]!;
      const fileValues = input.fileValues?.[column];
      const { before, after } = encoded[at]!;
      return {
        at: { sheet: 0, column },
        schema,
        originals: fileValues && isLeakSource(schema) ? fileSetOf(fileValues, schema) : before,
        output: after,
      };
    }),
  );
}
