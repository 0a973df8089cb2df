import { sharedSlots } from './key-index';
import type { Namespace } from './namespace';
import { StringHashSet } from './string-hash-set';

/** What no pseudonym may be: the file's names, emails and phones, in whatever column. */
export interface SensitiveCheck {
  /** Whether `key` is one of them; `hash` is `StringHashSet.hash(key)`. */
  has(key: string, hash: number): boolean;
}

/**
 * The names, emails and phones of a file (the originals of sensitive namespaces), which no
 * pseudonym may be, in whatever column. A hash set answers most questions; a hash it holds is
 * checked against the namespaces' own indexes while they are kept, so a pseudonym whose hash
 * merely collides with one is not refused (refusing it would make the pseudonym depend on the
 * file). Once an index is let go, a colliding hash counts as a match: a redraw, never a leak.
 */
export class SensitiveOriginals implements SensitiveCheck {
  readonly #hashes: StringHashSet;
  readonly #namespaces: readonly Namespace[];

  constructor(namespaces: Iterable<Namespace>) {
    this.#namespaces = [...namespaces].filter((namespace) => namespace.plan.sensitive);
    const count = this.#namespaces.reduce((sum, namespace) => sum + namespace.originals.length, 0);
    this.#hashes = new StringHashSet(count);
    for (const namespace of this.#namespaces) namespace.ids.addHashesTo(this.#hashes);
  }

  /**
   * An empty table for every original as a pair (its StringHashSet hash, its textShape), open
   * addressing, in shared memory: what a generation thread holds them by (SensitiveHashes), where
   * a copy of the texts cost the run 140 ms and the thread 18 MB on the 50 MB shared CSV. Sized
   * for the file's originals; fillPairs fills it, after the thread is handed it.
   */
  pairTable(): Int32Array {
    let count = 0;
    for (const { ids } of this.#namespaces) count += ids.size;
    let bits = 10;
    while (2 ** bits < count * 2) bits++;
    return sharedSlots(2 ** (bits + 1));
  }

  /** Fills a pairTable() table with every original's pair. */
  fillPairs(pairs: Int32Array): void {
    const bits = Math.log2(pairs.length / 2);
    const mask = 2 ** bits - 1;
    // In the order the keys were numbered, which is their order in memory: in the order of
    // their index's slots, each key read is a miss of the CPU's cache (twice the time).
    for (const { ids } of this.#namespaces) {
      for (const key of ids.keys) {
        const hash = StringHashSet.hash(key);
        let slot = pairSlot(hash, bits);
        while (pairs[slot * 2] !== 0) slot = (slot + 1) & mask;
        pairs[slot * 2] = hash;
        pairs[slot * 2 + 1] = textShape(key);
      }
    }
  }

  /**
   * Whether `key` is a sensitive original of the file. `hash` is `StringHashSet.hash(key)`.
   * @example sensitive.has('Ann', StringHashSet.hash('Ann')) // true when a name column holds Ann
   */
  has(key: string, hash: number): boolean {
    if (!this.#hashes.hasHash(hash)) return false;
    for (const namespace of this.#namespaces) {
      // Let go of (see pseudonymize): the hash cannot be told from a match.
      if (namespace.ids.size < namespace.originals.length) return true;
      if (namespace.ids.find(key, hash) >= 0) return true;
    }
    return false;
  }
}

/**
 * A text's length and three of its characters (first, middle, last), eight bits each: what tells
 * texts of one StringHashSet hash apart in SensitiveHashes, read without walking the text (a
 * hash of every character of the file's 500,000 names, emails and phones cost the run 300 ms).
 * Texts that differ only elsewhere share it, which costs the thread a namespace, never a wrong
 * answer.
 */
export function textShape(text: string): number {
  const length = text.length;
  if (length === 0) return 0;
  return (
    ((length & 0xff) << 24) |
    ((text.charCodeAt(0) & 0xff) << 16) |
    ((text.charCodeAt(length >> 1) & 0xff) << 8) |
    (text.charCodeAt(length - 1) & 0xff)
  );
}

/**
 * A hash's first slot in a table of 2^bits pairs: the top bits of the hash times 2^32 / φ,
 * which spreads hashes that share their low bits (the slots of an index of the same size).
 */
function pairSlot(hash: number, bits: number): number {
  return Math.imul(hash, 0x9e3779b1) >>> (32 - bits);
}

/** Thrown by SensitiveHashes for a candidate its pairs cannot tell from a sensitive original. */
export class SensitiveAmbiguity extends Error {
  constructor() {
    super("a candidate may be one of the file's names, emails or phones");
  }
}

/**
 * The file's names, emails and phones as a generation thread holds them: a hash and a shape each
 * (SensitiveOriginals.pairTable), not the texts. A candidate whose pair is not there is surely
 * none of them, as the texts would say. One whose pair is there most likely is one, but the pair
 * cannot tell: `has` throws SensitiveAmbiguity, and the thread leaves that namespace to the run,
 * which holds the texts. So every choice is the one the run makes alone.
 */
export class SensitiveHashes implements SensitiveCheck {
  readonly #pairs: Int32Array;
  readonly #bits: number;
  readonly #mask: number;

  constructor(pairs: Int32Array) {
    this.#pairs = pairs;
    this.#mask = pairs.length / 2 - 1;
    this.#bits = Math.log2(pairs.length / 2);
  }

  has(key: string, hash: number): boolean {
    const pairs = this.#pairs;
    const mask = this.#mask;
    for (let slot = pairSlot(hash, this.#bits); pairs[slot * 2] !== 0; slot = (slot + 1) & mask) {
      if (pairs[slot * 2] === hash && pairs[slot * 2 + 1] === textShape(key)) {
        throw new SensitiveAmbiguity();
      }
    }
    return false;
  }
}
