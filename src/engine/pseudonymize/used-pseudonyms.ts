import type { Cell } from '../types';
import { cellKey } from './namespace';

/**
 * The table of the last namespace done (see release), which the next takes and clears instead of
 * a new one: a 287,000-value namespace's table is 8 MB, and memory touched for the first time
 * costs far more than clearing memory touched already (~140 ms for 50 MB on these machines).
 */
let spare: Int32Array | null = null;

/**
 * The pseudonyms a namespace has handed out, to tell a new candidate from them exactly: an
 * open-addressing table of (value id, key hash) pairs over the namespace's pseudonym list. A
 * set of hashes alone would refuse a candidate whose 32-bit hash merely collides with one
 * (about one in a file of 50,000 UUIDs), and a refusal makes that pseudonym depend on the file.
 */
export class UsedPseudonyms {
  readonly #pseudonyms: readonly Cell[];
  /** Slot i is entries[2i] (the value id, -1 when empty) and entries[2i + 1] (the key's hash). */
  readonly #entries: Int32Array;
  readonly #mask: number;

  /**
   * @param pseudonyms the namespace's pseudonyms by value id, filled in as they are chosen
   * @param count how many values the namespace has (at most that many pseudonyms are added)
   */
  constructor(pseudonyms: readonly Cell[], count: number) {
    this.#pseudonyms = pseudonyms;
    let slots = 1024;
    while (slots < count * 2 + 2) slots *= 2;
    const table = spare !== null && spare.length >= slots * 2 ? spare : null;
    spare = null;
    this.#entries = (table ? table.subarray(0, slots * 2) : new Int32Array(slots * 2)).fill(-1);
    this.#mask = slots - 1;
  }

  /** Hands the table on to the next namespace's: this one is done (no more add or has). */
  release(): void {
    const table = new Int32Array(this.#entries.buffer);
    if (spare === null || spare.length < table.length) spare = table;
  }

  /**
   * Notes that value `id`'s pseudonym (already in the list) is taken; `hash` is the
   * StringHashSet hash of its key.
   * @example used.add(id, StringHashSet.hash('Rosa'))
   */
  add(id: number, hash: number): void {
    const entries = this.#entries;
    let slot = hash & this.#mask;
    while (entries[slot * 2]! >= 0) slot = (slot + 1) & this.#mask;
    entries[slot * 2] = id;
    entries[slot * 2 + 1] = hash;
  }

  /**
   * Whether a pseudonym with this key (and hash) was handed out.
   * @example used.has('Rosa', StringHashSet.hash('Rosa')) // true once a value got 'Rosa'
   */
  has(key: string, hash: number): boolean {
    const entries = this.#entries;
    for (let slot = hash & this.#mask; ; slot = (slot + 1) & this.#mask) {
      const id = entries[slot * 2]!;
      if (id < 0) return false;
      if (entries[slot * 2 + 1] !== hash) continue;
      const pseudonym = this.#pseudonyms[id]!;
      if ((typeof pseudonym === 'string' ? pseudonym : cellKey(pseudonym)) === key) return true;
    }
  }
}
