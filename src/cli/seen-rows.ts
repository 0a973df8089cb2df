import { firstHash, secondHash } from '../engine';

/**
 * The rows a streaming run's mapping has written, to write each once: a set of 64-bit hashes of
 * the rows (two 32-bit hashes of their text), 8 bytes per slot and at most half the slots full,
 * so at most 16 bytes per distinct row once it has grown, and never a value kept. Two rows whose
 * hashes agree in all 64 bits would count as one: among 10 million distinct rows, about one
 * chance in 400,000.
 */
export class SeenRows {
  #first = new Uint32Array(1 << 16);
  #second = new Uint32Array(1 << 16);
  #count = 0;

  /** Adds a row; false when it was there already. */
  add(row: readonly string[]): boolean {
    const text = row.join('\u0000');
    if (!this.#insert(firstHash(text), secondHash(text))) return false;
    if (++this.#count * 2 > this.#first.length) this.#grow();
    return true;
  }

  #insert(first: number, second: number): boolean {
    const mask = this.#first.length - 1;
    for (let slot = (first ^ second) & mask; ; slot = (slot + 1) & mask) {
      const held = this.#first[slot]!;
      if (held === 0) {
        this.#first[slot] = first;
        this.#second[slot] = second;
        return true;
      }
      if (held === first && this.#second[slot] === second) return false;
    }
  }

  #grow(): void {
    const first = this.#first;
    const second = this.#second;
    this.#first = new Uint32Array(first.length * 2);
    this.#second = new Uint32Array(second.length * 2);
    for (let slot = 0; slot < first.length; slot++) {
      if (first[slot] !== 0) this.#insert(first[slot]!, second[slot]!);
    }
  }
}
