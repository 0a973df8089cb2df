import type { KeyIndexTable } from '../types';
import { StringHashSet } from './string-hash-set';

/**
 * The share of slots filled before the table doubles. Three quarters, not half: a column of
 * 287,000 distinct values takes 4 MB, not 8, and the scan of a file, which adds every cell, then
 * misses the CPU's cache less often; lookups of absent keys probe a little longer.
 */
const MAX_LOAD = 0.75;

/**
 * Slots in shared memory where the platform has it (Node; a page not isolated across origins has
 * none), for tables a generation thread reads: it then holds them without a copy, where a copy
 * of a 287,000-value namespace's slots is 4 MB in the message and 4 MB more in the thread.
 */
export function sharedSlots(length: number): Int32Array {
  return typeof SharedArrayBuffer === 'function'
    ? new Int32Array(new SharedArrayBuffer(length * Int32Array.BYTES_PER_ELEMENT))
    : new Int32Array(length);
}

/**
 * Numbers distinct keys in order of first appearance: an open-addressing table of (id, hash)
 * pairs side by side in one typed array, so a probe touches one cache line. Its hash is the one
 * `StringHashSet` uses, so one hash per candidate serves both.
 */
export class KeyIndex {
  /**
   * The keys by id; past `size`, room reserved for more (`forNamespace`) until `trim` is called.
   */
  readonly keys: string[];
  /** Slot i is entries[2i] (the id, -1 when empty) and entries[2i + 1] (the key's hash). */
  private entries: Int32Array;
  private mask: number;
  private count: number;
  /** Whether the slots are in shared memory (sharedSlots), and stay so when the table grows. */
  private readonly shared: boolean;

  /**
   * `expected`: about how many keys will come, so the table need not grow on the way; `table`:
   * the keys and slots of an index to hold again (fromTable); `namespace`: see `forNamespace`.
   */
  constructor(expected = 0, table?: KeyIndexTable, namespace = false) {
    this.shared = namespace;
    if (table) {
      this.keys = table.keys;
      this.entries = table.entries;
      this.mask = table.entries.length / 2 - 1;
      this.count = table.keys.length;
      return;
    }
    this.keys = namespace && expected > 0 ? new Array<string>(expected).fill('') : [];
    this.count = 0;
    let slots = 1024;
    while (slots * MAX_LOAD < expected + 1) slots *= 2;
    this.entries = this.slots(slots * 2);
    this.mask = slots - 1;
  }

  /**
   * The index of a run's namespace, for about `expected` keys.
   * - Its list of keys is made that long at once, not grown a push at a time: a list of 287,000
   *   grown so is copied into ever larger blocks that add up to three times its size, in memory
   *   touched for the first time. Its `keys` hold `size` keys and then room, until `trim`.
   * - Its slots are in shared memory (sharedSlots), for a generation thread (table()).
   * @example const index = KeyIndex.forNamespace(50_000); index.add('Ann'); index.trim(); index.keys // ['Ann']
   */
  static forNamespace(expected: number): KeyIndex {
    return new KeyIndex(expected, undefined, true);
  }

  /** Empty slots: -1 ids. */
  private slots(length: number): Int32Array {
    return (this.shared ? sharedSlots(length) : new Int32Array(length)).fill(-1);
  }

  /** Drops the room `forNamespace` left after the keys: `keys` is then exactly the keys. */
  trim(): void {
    if (this.keys.length > this.count) this.keys.length = this.count;
  }

  /**
   * An index holding `table`'s keys under the same numbers, its slots taken as they are.
   * @example KeyIndex.fromTable(structuredClone(index.table())).find('Ann') // index.find('Ann')
   */
  static fromTable(table: KeyIndexTable): KeyIndex {
    return new KeyIndex(0, table);
  }

  /** The index as data (its own arrays, not copies): see fromTable. */
  table(): KeyIndexTable {
    return { keys: this.keys, entries: this.entries };
  }

  get size(): number {
    return this.count;
  }

  /** The id of `key`, or -1. `hash` is `StringHashSet.hash(key)`. */
  find(key: string, hash = StringHashSet.hash(key)): number {
    const entries = this.entries;
    const mask = this.mask;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const id = entries[slot * 2]!;
      if (id < 0) return -1;
      if (entries[slot * 2 + 1] === hash && this.keys[id] === key) return id;
    }
  }

  /**
   * Whether a key of hash `hash` has a number for which `test` holds, read from the slots alone:
   * what a thread that holds an index's slots and not its keys can ask (SensitiveHashes).
   * @example index.someIdOfHash(StringHashSet.hash('Ann'), (id) => id === 0) // true when 'Ann' is key 0
   */
  someIdOfHash(hash: number, test: (id: number) => boolean): boolean {
    const entries = this.entries;
    const mask = this.mask;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const id = entries[slot * 2]!;
      if (id < 0) return false;
      if (entries[slot * 2 + 1] === hash && test(id)) return true;
    }
  }

  /** The id of `key`, numbering it when new. */
  add(key: string, hash = StringHashSet.hash(key)): number {
    const entries = this.entries;
    const mask = this.mask;
    let slot = hash & mask;
    for (; ; slot = (slot + 1) & mask) {
      const id = entries[slot * 2]!;
      if (id < 0) break;
      if (entries[slot * 2 + 1] === hash && this.keys[id] === key) return id;
    }
    const id = this.count++;
    if (id < this.keys.length) this.keys[id] = key;
    else this.keys.push(key);
    entries[slot * 2] = id;
    entries[slot * 2 + 1] = hash;
    if (this.count > (mask + 1) * MAX_LOAD) this.grow();
    return id;
  }

  /** Adds the hash of every key to `set`. */
  addHashesTo(set: StringHashSet): void {
    const entries = this.entries;
    for (let at = 0; at < entries.length; at += 2) {
      if (entries[at]! >= 0) set.addHash(entries[at + 1]!);
    }
  }

  private grow(): void {
    const old = this.entries;
    const size = (this.mask + 1) * 2;
    const entries = this.slots(size * 2);
    const mask = size - 1;
    for (let at = 0; at < old.length; at += 2) {
      const id = old[at]!;
      if (id < 0) continue;
      const hash = old[at + 1]!;
      let slot = hash & mask;
      while (entries[slot * 2]! >= 0) slot = (slot + 1) & mask;
      entries[slot * 2] = id;
      entries[slot * 2 + 1] = hash;
    }
    this.entries = entries;
    this.mask = mask;
  }
}
