/*
 * Counts of values known by their 64-bit hashes (two 32-bit words), exact up to a capacity of
 * distinct values and sampled past it: what a streamed report keeps of a column, or of the
 * combinations of the kept columns, over a file of any size (streamed-report.ts).
 *
 * Past the capacity the table keeps only the values whose high word is below a limit, which
 * halves each time the table fills again (adaptive distinct sampling, Gibbons 2001). A value is
 * in or out by its hash alone, so a value kept is counted in every cell it has, and two tables
 * sampled to one limit hold the same values' counts: the sample is a fair share of the distinct
 * values, and shares read on it (values met once, classes of each size) estimate the file's.
 * Memory: three words a slot, a quarter to half of the slots full: 24 to 48 bytes per value,
 * at most 24 × capacity bytes (rounded up to a power of two of slots).
 */

/** One past the largest high word: the limit of a table that keeps every value. */
export const EVERY_VALUE = 2 ** 32;

/** The entries of a table, in no particular order: a value's words and its count. */
export interface HashCounts {
  low: Uint32Array;
  high: Uint32Array;
  counts: Uint32Array;
}

export class SampledCounts {
  /** Values whose high word is below this are kept (EVERY_VALUE until the table first fills). */
  limit = EVERY_VALUE;
  size = 0;
  private low: Uint32Array;
  private high: Uint32Array;
  private counts: Uint32Array;
  private mask: number;

  /** `capacity`: the distinct values kept at most (Infinity: every value, never sampled). */
  constructor(readonly capacity = Number.POSITIVE_INFINITY) {
    this.low = new Uint32Array(1024);
    this.high = new Uint32Array(1024);
    this.counts = new Uint32Array(1024);
    this.mask = 1023;
  }

  /** Whether the table holds a sample of the values rather than every one. */
  get sampled(): boolean {
    return this.limit < EVERY_VALUE;
  }

  /** The share of the hash space kept: 1 until the table first fills. */
  get share(): number {
    return this.limit / EVERY_VALUE;
  }

  /** Adds `count` cells of the value (low, high); a value past the limit is left out. */
  add(low: number, high: number, count = 1): void {
    if (high >= this.limit) return;
    const mask = this.mask;
    // A value's count of 0 marks an empty slot: no value is added with none.
    for (let slot = (low ^ high) & mask; ; slot = (slot + 1) & mask) {
      if (this.counts[slot] === 0) {
        this.low[slot] = low;
        this.high[slot] = high;
        this.counts[slot] = count;
        this.size++;
        // Past the capacity, sampled; else at most half full, so the slots stop at the power of
        // two of twice the capacity.
        if (this.size > this.capacity) this.rebuild(true);
        else if (this.size * 2 > mask + 1) this.rebuild(false);
        return;
      }
      if (this.low[slot] === low && this.high[slot] === high) {
        this.counts[slot]! += count;
        return;
      }
    }
  }

  /** Empties the table for other values, keeping its slots. */
  clear(): void {
    this.counts.fill(0);
    this.size = 0;
    this.limit = EVERY_VALUE;
  }

  /** Adds every entry of a part's table (HashCounts). */
  addAll(entries: HashCounts): void {
    for (let at = 0; at < entries.counts.length; at++) {
      this.add(entries.low[at]!, entries.high[at]!, entries.counts[at]);
    }
  }

  /** The count of a value; 0 when it has none or is past the limit. */
  countOf(low: number, high: number): number {
    const mask = this.mask;
    for (let slot = (low ^ high) & mask; ; slot = (slot + 1) & mask) {
      const count = this.counts[slot]!;
      if (count === 0) return 0;
      if (this.low[slot] === low && this.high[slot] === high) return count;
    }
  }

  /** Each value kept below `limit` (this table's by default) with its count. */
  forEach(visit: (low: number, high: number, count: number) => void, limit = this.limit): void {
    for (let slot = 0; slot <= this.mask; slot++) {
      const count = this.counts[slot]!;
      if (count > 0 && this.high[slot]! < limit) visit(this.low[slot]!, this.high[slot]!, count);
    }
  }

  /** The entries, compact, to send to another thread. */
  entries(): HashCounts {
    const entries: HashCounts = {
      low: new Uint32Array(this.size),
      high: new Uint32Array(this.size),
      counts: new Uint32Array(this.size),
    };
    let at = 0;
    this.forEach((low, high, count) => {
      entries.low[at] = low;
      entries.high[at] = high;
      entries.counts[at++] = count;
    });
    return entries;
  }

  /**
   * Doubles the slots, or, with `sample`, halves the limit until the values below it fit the
   * capacity (the slots stay as they are).
   */
  private rebuild(sample: boolean): void {
    if (sample) {
      while (this.countBelow(this.limit) > this.capacity) this.limit /= 2;
    }
    const { low, high, counts } = this;
    const slots = sample ? counts.length : counts.length * 2;
    this.low = new Uint32Array(slots);
    this.high = new Uint32Array(slots);
    this.counts = new Uint32Array(slots);
    this.mask = slots - 1;
    this.size = 0;
    for (let slot = 0; slot < counts.length; slot++) {
      if (counts[slot]! > 0) this.add(low[slot]!, high[slot]!, counts[slot]);
    }
  }

  private countBelow(limit: number): number {
    let count = 0;
    for (let slot = 0; slot <= this.mask; slot++) {
      if (this.counts[slot]! > 0 && this.high[slot]! < limit) count++;
    }
    return count;
  }
}

/**
 * The counts of a sample (or of every value) summed up: how many values, how many cells, how
 * many values of one cell.
 */
export interface CountsSummary {
  values: number;
  cells: number;
  once: number;
}

/** Sums up the values of a table below `limit`. */
export function summaryOf(table: SampledCounts, limit = table.limit): CountsSummary {
  const summary: CountsSummary = { values: 0, cells: 0, once: 0 };
  table.forEach((_low, _high, count) => {
    summary.values++;
    summary.cells += count;
    if (count === 1) summary.once++;
  }, limit);
  return summary;
}
