import type { KeyIndexTable } from '../types';
import type { Namespace } from './namespace';
import { StringHashSet } from './string-hash-set';

/**
 * The names, emails and phones of a file (the originals of sensitive namespaces), which no
 * pseudonym may be, in whatever column. A hash set answers most questions; a hash it holds is
 * checked against the namespaces' own indexes while they are kept, so a pseudonym whose hash
 * merely collides with one is not refused (refusing it would make the pseudonym depend on the
 * file). Once an index is let go, a colliding hash counts as a match: a redraw, never a leak.
 */
export class SensitiveOriginals {
  readonly #hashes: StringHashSet;
  readonly #namespaces: readonly Namespace[];

  constructor(namespaces: Iterable<Namespace>) {
    this.#namespaces = [...namespaces].filter((namespace) => namespace.plan.sensitive);
    const count = this.#namespaces.reduce((sum, namespace) => sum + namespace.originals.length, 0);
    this.#hashes = new StringHashSet(count);
    for (const namespace of this.#namespaces) namespace.ids.addHashesTo(this.#hashes);
  }

  /** Each sensitive namespace's index as data: what a helper thread holds them by. */
  tables(): KeyIndexTable[] {
    return this.#namespaces.map(({ ids }) => ids.table());
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
