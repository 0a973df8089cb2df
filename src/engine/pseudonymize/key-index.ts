import { StringHashSet } from './string-hash-set';

/**
 * Numbers distinct keys in order of first appearance: an open-addressing table of (hash, id)
 * in typed arrays. For millions of keys it is faster and several times smaller than a Map,
 * and its hash is the one `StringHashSet` uses, so one hash per candidate serves both.
 */
export class KeyIndex {
  /** The keys by id. */
  readonly keys: string[] = [];
  private slots = new Int32Array(1024).fill(-1);
  private hashes = new Int32Array(1024);

  get size(): number {
    return this.keys.length;
  }

  /** The id of `key`, or -1. `hash` is `StringHashSet.hash(key)`. */
  find(key: string, hash = StringHashSet.hash(key)): number {
    const mask = this.slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const id = this.slots[slot]!;
      if (id < 0) return -1;
      if (this.hashes[slot] === hash && this.keys[id] === key) return id;
    }
  }

  /** The id of `key`, numbering it when new. */
  add(key: string, hash = StringHashSet.hash(key)): number {
    const mask = this.slots.length - 1;
    let slot = hash & mask;
    for (; ; slot = (slot + 1) & mask) {
      const id = this.slots[slot]!;
      if (id < 0) break;
      if (this.hashes[slot] === hash && this.keys[id] === key) return id;
    }
    const id = this.keys.length;
    this.keys.push(key);
    this.slots[slot] = id;
    this.hashes[slot] = hash;
    if (this.keys.length * 2 > this.slots.length) this.grow();
    return id;
  }

  /** Adds the hash of every key to `set`. */
  addHashesTo(set: StringHashSet): void {
    for (let slot = 0; slot < this.slots.length; slot++) {
      if (this.slots[slot]! >= 0) set.addHash(this.hashes[slot]!);
    }
  }

  private grow(): void {
    const oldSlots = this.slots;
    const oldHashes = this.hashes;
    this.slots = new Int32Array(oldSlots.length * 2).fill(-1);
    this.hashes = new Int32Array(oldSlots.length * 2);
    const mask = this.slots.length - 1;
    for (let i = 0; i < oldSlots.length; i++) {
      const id = oldSlots[i]!;
      if (id < 0) continue;
      const hash = oldHashes[i]!;
      let slot = hash & mask;
      while (this.slots[slot]! >= 0) slot = (slot + 1) & mask;
      this.slots[slot] = id;
      this.hashes[slot] = hash;
    }
  }
}
