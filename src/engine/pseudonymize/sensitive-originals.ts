import type { SensitiveTables } from '../types';
import { KeyIndex, sharedSlots } from './key-index';
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
    this.#hashes = new StringHashSet(count, sharedSlots);
    for (const namespace of this.#namespaces) namespace.ids.addHashesTo(this.#hashes);
  }

  /**
   * What a generation thread checks its candidates by (SensitiveHashes), in shared memory: the
   * hashes of every original, and per namespace its index's slots and each original's textShape
   * by number, not the texts (a copy of them cost the run 140 ms and the thread 18 MB on the 50 MB
   * shared CSV). The shapes are left empty: fillShapes fills them, after the thread is handed
   * the tables.
   */
  tables(): SensitiveTables {
    return {
      hashes: this.#hashes.table(),
      namespaces: this.#namespaces.map(({ ids }) => ({
        entries: ids.table().entries,
        shapes: sharedSlots(ids.size),
      })),
    };
  }

  /** Fills the shapes of tables() (its namespaces are this one's, in the same order). */
  fillShapes({ namespaces }: SensitiveTables): void {
    // In the order the keys were numbered, which is their order in memory.
    this.#namespaces.forEach(({ ids }, index) => {
      const { shapes } = namespaces[index]!;
      for (let id = 0; id < ids.size; id++) shapes[id] = textShape(ids.keys[id]!);
    });
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
 * Thrown by SensitiveHashes for a candidate whose hash and shape it cannot tell from a sensitive
 * original's.
 */
export class SensitiveAmbiguity extends Error {
  constructor() {
    super("a candidate may be one of the file's names, emails or phones");
  }
}

/**
 * The file's names, emails and phones as a generation thread holds them
 * (SensitiveOriginals.tables): their hashes, and per namespace the slots of its index with each
 * original's textShape, not the texts. A candidate whose hash or shape is none of theirs is surely
 * none of them, as the texts would say. One whose hash and shape are an original's most likely is
 * that one, but they cannot tell: `has` throws SensitiveAmbiguity, and the thread leaves that
 * namespace to the run, which holds the texts. So every choice is the one the run makes alone.
 */
export class SensitiveHashes implements SensitiveCheck {
  readonly #hashes: StringHashSet;
  /** Each namespace's index over its slots alone (no keys), and its originals' shapes. */
  readonly #namespaces: { ids: KeyIndex; shapes: Int32Array }[];

  constructor({ hashes, namespaces }: SensitiveTables) {
    this.#hashes = StringHashSet.fromTable(hashes);
    this.#namespaces = namespaces.map(({ entries, shapes }) => ({
      ids: KeyIndex.fromTable({ keys: [], entries }),
      shapes,
    }));
  }

  has(key: string, hash: number): boolean {
    if (!this.#hashes.hasHash(hash)) return false;
    const shape = textShape(key);
    for (const { ids, shapes } of this.#namespaces) {
      if (ids.someIdOfHash(hash, (id) => shapes[id] === shape)) throw new SensitiveAmbiguity();
    }
    return false;
  }
}
