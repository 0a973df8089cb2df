import { firstHash, SampledCounts, secondHash } from '../engine';

/**
 * The rows a streaming run's mapping has written, to write each once: their 64-bit hashes (two
 * 32-bit hashes of their text) in the engine's hash table, every one kept (no capacity), 24 to
 * 48 bytes a row, and never a value. Two rows whose hashes agree in all 64 bits would count as
 * one: among 10 million distinct rows, about one chance in 400,000.
 */
export class SeenRows {
  readonly #hashes = new SampledCounts();

  /** Adds a row; false when it was there already. */
  add(row: readonly string[]): boolean {
    const text = row.join('\u0000');
    const first = firstHash(text);
    const second = secondHash(text);
    if (this.#hashes.countOf(first, second) > 0) return false;
    this.#hashes.add(first, second);
    return true;
  }
}
