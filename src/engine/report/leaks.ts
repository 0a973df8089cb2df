import type { ColumnSchema } from '../types';
import { isKept, isReplaced, isTextWrittenAsRead } from './column-figures';
import { hashText, type ColumnValues } from './encode-column';
import { HashSet } from './hash-set';
import type { ReportLeak } from './report-schema';
import { firstWordEnd, forEachToken } from './word-tokens';

/** Originals shorter than this are not searched for: short words match everywhere. */
export const LEAK_MINIMUM_LENGTH = 4;
/** Pure numbers with fewer digits are not searched for: small numbers match everywhere. */
export const LEAK_MINIMUM_DIGITS = 5;
/** Longest run of words matched inside text (multi-word names, short addresses, phones). */
export const LEAK_WINDOW_TOKENS = 4;

/** A column of the run, by its place in the workbook. */
export interface LeakColumn {
  sheet: number;
  column: number;
}

/**
 * The distinct originals of one replaced column as the search reads them: a column's own
 * (ColumnValues), or a list of them (TextSet).
 */
export interface SourceValues {
  /** Whether `text` (`hash`: its hashText) is one of them. */
  has(text: string, hash: number): boolean;
  forEachHash(visit: (hash: number) => void): void;
  forEachText(visit: (text: string) => void): void;
  /** The hashes of the first words of its values of several words, when already read. */
  readonly firstWords: HashSet | null;
}

/** Distinct originals given as a list of texts (a streaming run's file values of a column). */
export class TextSet implements SourceValues {
  readonly firstWords = null;
  private readonly texts: ReadonlySet<string>;

  constructor(texts: Iterable<string>) {
    this.texts = new Set(texts);
  }

  has(text: string): boolean {
    return this.texts.has(text);
  }

  forEachHash(visit: (hash: number) => void): void {
    for (const text of this.texts) visit(hashText(text));
  }

  forEachText(visit: (text: string) => void): void {
    for (const text of this.texts) visit(text);
  }
}

/**
 * The originals of the replaced columns, read from each column's own distinct values (no
 * merged copy of the texts: that would be a second table of every original of the file). A
 * text is hashed once: a set of the originals' hashes answers most lookups (most words of a
 * note are no original), and only a hash found there asks each source column, a file has few.
 * Blank-ish noise is left out at lookup time: see LEAK_MINIMUM_LENGTH and LEAK_MINIMUM_DIGITS.
 */
export class OriginalsIndex {
  readonly sources: LeakColumn[] = [];
  private readonly indexes: SourceValues[] = [];
  /** Hashes of every original: built on the first lookup (a run with nothing to scan needs none). */
  private hashSet: HashSet | null = null;
  /**
   * Hashes of the first words of the originals of several words (a run of words is looked up
   * only from one), per source: read in the encoding's pass (ColumnToEncode.firstWords), else
   * from the originals on the first search inside text.
   */
  private firstWords: HashSet[] | null = null;

  /** Adds the distinct originals of one replaced column. */
  add(source: LeakColumn, originals: SourceValues): void {
    this.sources.push(source);
    this.indexes.push(originals);
  }

  private get hashes(): HashSet {
    if (!this.hashSet) {
      const hashes = new HashSet();
      for (const index of this.indexes) index.forEachHash((hash) => hashes.add(hash));
      this.hashSet = hashes;
    }
    return this.hashSet;
  }

  get size(): number {
    return this.sources.length;
  }

  /**
   * Ids of the source columns that have `text.slice(start, end)` as an original, into `into`.
   * The piece is sliced only when its hash is an original's.
   */
  owners(text: string, into: Set<number>, start = 0, end = text.length): void {
    if (end - start < LEAK_MINIMUM_LENGTH) return;
    const hash = hashText(text, start, end);
    if (!this.hashes.has(hash)) return;
    const piece = start === 0 && end === text.length ? text : text.slice(start, end);
    if (!worthSearching(piece)) return;
    for (let id = 0; id < this.indexes.length; id++) {
      if (this.indexes[id]!.has(piece, hash)) into.add(id);
    }
  }

  /**
   * Whether a run of words starting with the word `text.slice(start, end)` may be an original
   * (hashes only: a run that passes is looked up exactly by owners).
   */
  mayStart(text: string, start: number, end: number): boolean {
    this.firstWords ??= this.indexes.map((index) => index.firstWords ?? firstWordsOf(index));
    const hash = hashText(text, start, end);
    return this.firstWords.some((words) => words.has(hash)) || this.hashes.has(hash);
  }
}

function firstWordsOf(originals: SourceValues): HashSet {
  const words = new HashSet();
  originals.forEachText((text) => {
    const end = firstWordEnd(text);
    if (end > 0) words.add(hashText(text, 0, end));
  });
  return words;
}

function worthSearching(text: string): boolean {
  if (text.length < LEAK_MINIMUM_LENGTH) return false;
  if (text.length >= LEAK_MINIMUM_DIGITS + 1) return text.trim().length >= LEAK_MINIMUM_LENGTH;
  // Short enough to be a small number: only then is the digit test worth running.
  const trimmed = text.trim();
  if (trimmed.length < LEAK_MINIMUM_LENGTH) return false;
  return !(/^[+-]?\d+$/.test(trimmed) && trimmed.replace(/^[+-]/, '').length < LEAK_MINIMUM_DIGITS);
}

/** Leak counts keyed by source column id and found column, counted once per cell. */
export type LeakCounts = Map<string, number>;

/**
 * Scans one output column for originals of other columns. It reads the column's distinct
 * values (each weighted by its cell count), not its cells, so a value is looked at once: as a
 * whole and, where `insideText` (kept free text), every run of 1 to LEAK_WINDOW_TOKENS words
 * as written in the cell (so 'Smith, John' matches with its comma). Matches are
 * case-sensitive: names in notes are written as in their own column, and case folding would
 * match common words.
 */
export function scanColumn(
  found: LeakColumn,
  distinct: ColumnValues,
  originals: OriginalsIndex,
  insideText: boolean,
  counts: LeakCounts,
): void {
  const starts: number[] = [];
  const ends: number[] = [];
  const addToken = (start: number, end: number) => {
    starts.push(start);
    ends.push(end);
  };
  const hits = new Set<number>();
  distinct.forEachCount((text, cells) => {
    if (text.length < LEAK_MINIMUM_LENGTH) return;
    hits.clear();
    originals.owners(text, hits);
    if (insideText) {
      starts.length = 0;
      ends.length = 0;
      forEachToken(text, addToken);
      for (let first = 0; first < starts.length; first++) {
        if (!originals.mayStart(text, starts[first]!, ends[first]!)) continue;
        const last = Math.min(starts.length, first + LEAK_WINDOW_TOKENS);
        for (let end = first; end < last; end++) {
          originals.owners(text, hits, starts[first], ends[end]);
        }
      }
    }
    if (hits.size === 0) return;
    for (const id of hits) {
      const source = originals.sources[id]!;
      if (source.sheet === found.sheet && source.column === found.column) continue;
      const key = `${id}|${found.sheet}|${found.column}`;
      counts.set(key, (counts.get(key) ?? 0) + cells);
    }
  });
}

/**
 * Whether a replaced column's originals are searched for elsewhere: text, emails, phones and
 * whole numbers (ids, account numbers). Booleans, decimals and dates are left out: they name
 * nobody, and the same amount or day in another column is a coincidence, not a leak.
 */
export function isLeakSource(schema: ColumnSchema): boolean {
  if (!isReplaced(schema)) return false;
  if (schema.type === 'number') return schema.number?.integer ?? false;
  return schema.type === 'string' || schema.type === 'email' || schema.type === 'phone';
}

/**
 * Whether the column's output is searched for other columns' originals: columns written as
 * read. A replaced column's pseudonyms are kept off the file's originals by the run itself, or
 * may equal another original by design (a bijection).
 */
export function isLeakScanned(schema: ColumnSchema): boolean {
  return !isReplaced(schema) && schema.rule.action !== 'blank' && schema.type !== 'blank';
}

/**
 * Which columns' values the leak search reads (the rest keep counts only): the originals of
 * the sources, and the output of scanned columns, when the workbook has both.
 */
export function leakReads(
  schemas: readonly (readonly ColumnSchema[])[],
): (schema: ColumnSchema) => boolean {
  const all = schemas.flat();
  const reads = all.some(isLeakSource) && all.some(isLeakScanned);
  return (schema) => reads && (isLeakSource(schema) || isLeakScanned(schema));
}

/**
 * How a column the leak search reads is encoded (EncodeOptions): sources and kept columns on
 * their original side, other scanned columns (redacted text) on both; a source's first words
 * collected in the encoding's pass.
 */
export function leakEncoding(schema: ColumnSchema): {
  values: 'original' | 'both';
  firstWords: boolean;
} {
  const replaced = isReplaced(schema);
  return {
    values: replaced || isKept(schema) ? 'original' : 'both',
    firstWords: replaced,
  };
}

/** One column of the search: its originals (a source's) and its output's values (a target's). */
export interface LeakSearchColumn {
  at: LeakColumn;
  schema: ColumnSchema;
  originals: SourceValues;
  output: ColumnValues;
}

/**
 * The cells of each scanned column holding originals of each source column (a column's own
 * originals in its own output are not counted), keyed as LeakCounts with the sources numbered
 * in the order given. Text written as read is searched inside as well; other cells as a whole.
 */
export function countLeaks(columns: readonly LeakSearchColumn[]): LeakCounts {
  const counts: LeakCounts = new Map();
  const originals = new OriginalsIndex();
  for (const column of columns) {
    if (isLeakSource(column.schema)) originals.add(column.at, column.originals);
  }
  if (originals.size === 0) return counts;
  for (const column of columns) {
    if (!isLeakScanned(column.schema)) continue;
    const insideText = isTextWrittenAsRead(column.schema);
    scanColumn(column.at, column.output, originals, insideText, counts);
  }
  return counts;
}

/**
 * The leak counts as the report lists them, named: `sources` in the order countLeaks had them,
 * `nameOf` a column's sheet and column names.
 */
export function leakList(
  counts: LeakCounts,
  sources: readonly LeakColumn[],
  nameOf: (at: LeakColumn) => { sheet: string; column: string },
): ReportLeak[] {
  return [...counts].map(([key, cells]) => {
    const [id, foundSheet, foundColumn] = key.split('|').map(Number) as [number, number, number];
    const source = nameOf(sources[id]!);
    const found = nameOf({ sheet: foundSheet, column: foundColumn });
    return {
      sourceSheet: source.sheet,
      sourceColumn: source.column,
      foundSheet: found.sheet,
      foundColumn: found.column,
      cells,
    };
  });
}
