import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DigitPermutation,
  digitCodeDomain,
  type DigitDomain,
} from '../../../src/engine/pseudonymize/digit-permutation';

const key = (seed: number) => Uint8Array.from({ length: 16 }, (_, i) => (seed * 31 + i * 7) & 255);

function allOfLength(length: number, domain: DigitDomain): string[] {
  const start = domain === 'noLeadingZero' && length > 1 ? 10 ** (length - 1) : 0;
  const end = domain === 'leadingZero' ? 10 ** (length - 1) : 10 ** length;
  return Array.from({ length: end - start }, (_, i) => String(start + i).padStart(length, '0'));
}

describe('DigitPermutation', () => {
  for (const domain of ['digits', 'noLeadingZero'] as const) {
    for (const length of [1, 2, 3, 4]) {
      it(`is a bijection without fixed points on ${domain} of length ${length} (exhaustive)`, () => {
        const permutation = new DigitPermutation(key(length));
        const values = allOfLength(length, domain);
        const pseudonyms = values.map((value) => permutation.pseudonym(value, domain));
        expect(new Set(pseudonyms).size).toBe(values.length);
        expect(new Set(pseudonyms)).toEqual(new Set(values));
        pseudonyms.forEach((pseudonym, index) => expect(pseudonym).not.toBe(values[index]));
        for (const value of values) {
          expect(permutation.decrypt(permutation.encrypt(value, domain), domain)).toBe(value);
        }
      });
    }
  }

  for (const length of [2, 3, 4]) {
    it(`is a bijection without fixed points on leadingZero of length ${length} (exhaustive)`, () => {
      const permutation = new DigitPermutation(key(length + 10));
      const values = allOfLength(length, 'leadingZero');
      const pseudonyms = values.map((value) => permutation.pseudonym(value, 'leadingZero'));
      expect(new Set(pseudonyms)).toEqual(new Set(values));
      pseudonyms.forEach((pseudonym, index) => expect(pseudonym).not.toBe(values[index]));
    });
  }

  it.each([
    ['7', 'digits'],
    ['0', 'digits'],
    ['00417', 'leadingZero'],
    ['90210', 'noLeadingZero'],
  ] as const)('maps the digit code %s within %s', (code, domain) => {
    expect(digitCodeDomain(code)).toBe(domain);
  });

  it('keeps length and leading zeros, and never maps a long code to itself', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{5,45}$/),
        fc.integer({ min: 0, max: 1000 }),
        (digits, seed) => {
          const permutation = new DigitPermutation(key(seed));
          const pseudonym = permutation.pseudonym(digits, 'digits');
          expect(pseudonym).toMatch(/^\d+$/);
          expect(pseudonym).toHaveLength(digits.length);
          expect(pseudonym).not.toBe(digits);
          expect(permutation.decrypt(permutation.encrypt(digits, 'digits'), 'digits')).toBe(digits);
        },
      ),
    );
  });

  it('gives integers without a leading zero pseudonyms without one', () => {
    const permutation = new DigitPermutation(key(3));
    for (let id = 10_000; id < 10_500; id++) {
      expect(permutation.pseudonym(String(id), 'noLeadingZero')).toMatch(/^[1-9]\d{4}$/);
    }
  });

  it('depends only on the key and the value', () => {
    const one = new DigitPermutation(key(1));
    const again = new DigitPermutation(key(1));
    const other = new DigitPermutation(key(2));
    const values = Array.from({ length: 200 }, (_, i) => String(1_000_000 + i * 7919));
    // Order and company do not matter: a fresh instance, values in reverse, agrees.
    const forward = values.map((value) => one.pseudonym(value, 'noLeadingZero'));
    const backward = [...values].reverse().map((value) => again.pseudonym(value, 'noLeadingZero'));
    expect(backward.reverse()).toEqual(forward);
    const underOtherKey = values.map((value) => other.pseudonym(value, 'noLeadingZero'));
    const same = underOtherKey.filter((pseudonym, index) => pseudonym === forward[index]);
    expect(same.length).toBeLessThan(3);
  });
});
