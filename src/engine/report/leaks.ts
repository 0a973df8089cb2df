import { hashText, type ColumnValues } from './encode-column';
import { HashSet } from './hash-set';
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
 * The originals of the replaced columns, read from each column's own distinct values (no
 * merged copy of the texts: that would be a second table of every original of the file). A
 * text is hashed once: a set of the originals' hashes answers most lookups (most words of a
 * note are no original), and only a hash found there asks each source column, a file has few.
 * Blank-ish noise is left out at lookup time: see LEAK_MINIMUM_LENGTH and LEAK_MINIMUM_DIGITS.
 */
export class OriginalsIndex {
  readonly sources: LeakColumn[] = [];
  private readonly indexes: ColumnValues[] = [];
  /** Hashes of every original: built on the first lookup (a run with nothing to scan needs none). */
  private hashSet: HashSet | null = null;
  /**
   * Hashes of the first words of the originals of several words (a run of words is looked up
   * only from one), per source: read in the encoding's pass (ColumnToEncode.firstWords), else
   * from the originals on the first search inside text.
   */
  private firstWords: HashSet[] | null = null;

  /** Adds the distinct originals of one replaced column. */
  add(source: LeakColumn, originals: ColumnValues): void {
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

function firstWordsOf(originals: ColumnValues): HashSet {
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
