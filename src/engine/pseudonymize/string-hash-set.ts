import type { StringHashSetTable } from '../types';

/**
 * A set of strings kept as 32-bit hashes in an open-addressing table: about 8 bytes per
 * member instead of a Set's entry plus the string itself. A hash collision reads as "present",
 * which only makes a caller draw another pseudonym, so exactness is not needed.
 */
export class StringHashSet {
  private hashes: Int32Array;
  private count = 0;
  private readonly slots: (length: number) => Int32Array;

  /**
   * `expected`: how many members will be added, so the table need not grow on the way; `slots`:
   * where its tables are made (sharedSlots, for one a generation thread reads).
   */
  constructor(
    expected = 0,
    slots: (length: number) => Int32Array = (length) => new Int32Array(length),
  ) {
    this.slots = slots;
    let size = 1024;
    while (size < expected * 2 + 2) size *= 2;
    this.hashes = slots(size);
  }

  /**
   * A set holding `table`'s hashes, its table taken as it is (not copied), as KeyIndex.fromTable.
   * @example StringHashSet.fromTable(set.table()).has('Ann') // set.has('Ann')
   */
  static fromTable({ hashes, count }: StringHashSetTable): StringHashSet {
    const set = new StringHashSet();
    set.hashes = hashes;
    set.count = count;
    return set;
  }

  /** The set as data (its own table, not a copy): see fromTable. */
  table(): StringHashSetTable {
    return { hashes: this.hashes, count: this.count };
  }

  /** FNV-1a over UTF-16 units; never 0, which marks an empty slot. */
  static hash(text: string): number {
    // As an int32 (| 0), so the empty string's hash equals itself once stored in an Int32Array.
    let hash = 0x811c9dc5 | 0;
    for (let i = 0; i < text.length; i++) {
      hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
    }
    return hash === 0 ? 1 : hash;
  }

  /** Whether `text` (or a string with the same hash) was added. */
  has(text: string): boolean {
    return this.hasHash(StringHashSet.hash(text));
  }

  /** `has` for a hash from `StringHashSet.hash`, so one hash serves several sets. */
  hasHash(hash: number): boolean {
    const mask = this.hashes.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const value = this.hashes[slot]!;
      if (value === 0) return false;
      if (value === hash) return true;
    }
  }

  add(text: string): void {
    this.addHash(StringHashSet.hash(text));
  }

  addHash(hash: number): void {
    if ((this.count + 1) * 2 > this.hashes.length) this.grow();
    if (this.insert(hash)) this.count++;
  }

  private insert(hash: number): boolean {
    const mask = this.hashes.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const value = this.hashes[slot]!;
      if (value === hash) return false;
      if (value === 0) {
        this.hashes[slot] = hash;
        return true;
      }
    }
  }

  private grow(): void {
    const old = this.hashes;
    this.hashes = this.slots(old.length * 2);
    for (const hash of old) if (hash !== 0) this.insert(hash);
  }
}
