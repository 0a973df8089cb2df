import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MixedRadixPermutation } from '../../../src/engine/pseudonymize/mixed-radix-permutation';

const key = (seed: number) => Uint8Array.from({ length: 16 }, (_, i) => (seed * 29 + i * 11) & 255);

/** Every tuple of a pattern, the last position counting fastest. */
function allTuples(radices: readonly number[]): Uint8Array[] {
  let tuples: number[][] = [[]];
  for (const radix of radices) {
    tuples = tuples.flatMap((tuple) => Array.from({ length: radix }, (_, v) => [...tuple, v]));
  }
  return tuples.map((tuple) => Uint8Array.from(tuple));
}

const text = (tuple: Uint8Array): string => tuple.join(',');

describe('MixedRadixPermutation', () => {
  // Shuffled patterns (one position, or at most 100 tuples) and Feistel ones, mixed radices.
  const patterns: number[][] = [
    [26],
    [10],
    [2],
    [9, 10],
    [26, 10],
    [10, 26],
    [26, 26],
    [3, 5, 7],
    [2, 2, 2, 2, 2, 2, 2],
    [9, 10, 10, 10],
  ];
  for (const radices of patterns) {
    it(`is a bijection without fixed points on [${radices.join(', ')}] (exhaustive)`, () => {
      const permutation = new MixedRadixPermutation(key(radices.length));
      const radixArray = Uint8Array.from(radices);
      const tuples = allTuples(radices);
      const images = tuples.map((tuple) =>
        text(
          permutation.pseudonym(
            tuple,
            radixArray,
            radices.length,
            7,
            new Uint8Array(radices.length),
          ),
        ),
      );
      expect(new Set(images)).toEqual(new Set(tuples.map(text)));
      images.forEach((image, index) => expect(image).not.toBe(text(tuples[index]!)));
      for (const tuple of tuples) {
        const out = new Uint8Array(radices.length);
        permutation.encrypt(tuple, radixArray, radices.length, 7, out);
        permutation.decrypt(out, radixArray, radices.length, 7, out);
        expect(text(out)).toBe(text(tuple));
      }
    });
  }

  it('undoes P with P⁻¹ and stays in the pattern for any length, with or without memos', () => {
    const pattern = fc
      .array(fc.integer({ min: 2, max: 128 }), { minLength: 2, maxLength: 60 })
      .chain((radices) =>
        fc
          .tuple(...radices.map((radix) => fc.integer({ min: 0, max: radix - 1 })))
          .map((values) => ({ radices, values })),
      );
    fc.assert(
      fc.property(pattern, fc.integer({ min: 0, max: 2 ** 31 }), ({ radices, values }, tweak) => {
        const permutation = new MixedRadixPermutation(key(3));
        const radixArray = Uint8Array.from(radices);
        const tuple = Uint8Array.from(values);
        const length = radices.length;
        const image = permutation.pseudonym(
          tuple,
          radixArray,
          length,
          tweak,
          new Uint8Array(length),
        );
        image.forEach((value, i) => expect(value).toBeLessThan(radices[i]!));
        expect(text(image)).not.toBe(text(tuple));
        const memoized = permutation.pseudonym(
          tuple,
          radixArray,
          length,
          tweak,
          new Uint8Array(length),
          true,
        );
        expect(text(memoized)).toBe(text(image));
        const round = permutation.encrypt(tuple, radixArray, length, tweak, new Uint8Array(length));
        expect(text(permutation.decrypt(round, radixArray, length, tweak, round))).toBe(
          text(tuple),
        );
      }),
      { numRuns: 200 },
    );
  });

  it('gives each tweak and each key a permutation of its own', () => {
    const radices = Uint8Array.from([10, 10, 10, 10, 10, 10]);
    const tuples = Array.from({ length: 300 }, (_, i) =>
      Uint8Array.from(String(100_000 + i * 2_917).slice(0, 6), Number),
    );
    const images = (permutation: MixedRadixPermutation, tweak: number) =>
      tuples.map((tuple) =>
        text(permutation.pseudonym(tuple, radices, 6, tweak, new Uint8Array(6))),
      );
    const one = new MixedRadixPermutation(key(1));
    const base = images(one, 5);
    expect(images(new MixedRadixPermutation(key(1)), 5)).toEqual(base);
    for (const other of [images(one, 6), images(new MixedRadixPermutation(key(2)), 5)]) {
      expect(other.filter((image, i) => image === base[i]).length).toBeLessThan(3);
    }
  });
});
