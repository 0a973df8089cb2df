import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CodePermutation, permuteCode } from '../../../src/engine/pseudonymize/code-permutation';
import { MixedRadixPermutation } from '../../../src/engine/pseudonymize/mixed-radix-permutation';

const permutationOf = (seed: number) =>
  new MixedRadixPermutation(Uint8Array.from({ length: 16 }, (_, i) => (seed * 13 + i * 5) & 255));

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = UPPER.toLowerCase();
const DIGITS = '0123456789';

/** Every text of a pattern: A upper, a lower, 9 digit, anything else as it is. */
function allOfPattern(pattern: string): string[] {
  let texts = [''];
  for (const char of pattern) {
    const options = char === 'A' ? UPPER : char === 'a' ? LOWER : char === '9' ? DIGITS : char;
    texts = texts.flatMap((text) => [...options].map((option) => text + option));
  }
  return texts;
}

/** Each character's class; a digit run of two or more starts with a kept 0 (z) or 1-9 (n). */
function shapeOf(text: string): string {
  return text
    .replace(/[A-Z]/g, 'A')
    .replace(/[a-z]/g, 'a')
    .replace(/\d+/g, (run) =>
      run.length === 1 ? '9' : (run[0] === '0' ? 'z' : 'n') + '9'.repeat(run.length - 1),
    );
}

describe('permuteCode', () => {
  // Digits of a run of two or more keep whether they start with a zero, so '99' splits in two
  // patterns: '0' then a digit, and 1-9 then a digit.
  for (const pattern of ['A9', '9A', 'AA', 'a-9', 'A9a']) {
    it(`is a bijection without fixed points on the texts of ${pattern} (exhaustive)`, () => {
      const permutation = permutationOf(pattern.length);
      const texts = allOfPattern(pattern);
      const pseudonyms = texts.map((text) => permuteCode(text, permutation));
      expect(new Set(pseudonyms)).toEqual(new Set(texts));
      pseudonyms.forEach((pseudonym, index) => expect(pseudonym).not.toBe(texts[index]));
    });
  }

  it('is a bijection on two-digit runs, keeping whether they start with a zero (exhaustive)', () => {
    const permutation = permutationOf(9);
    const texts = allOfPattern('#-99');
    const pseudonyms = texts.map((text) => permuteCode(text, permutation)!);
    expect(new Set(pseudonyms)).toEqual(new Set(texts));
    pseudonyms.forEach((pseudonym, index) => {
      expect(pseudonym).not.toBe(texts[index]);
      expect(pseudonym.startsWith('#-0')).toBe(texts[index]!.startsWith('#-0'));
    });
  });

  it('keeps each position’s class, punctuation, length and leading zeros of digit runs', () => {
    const code = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9_./ -]{0,40}$/);
    fc.assert(
      fc.property(code, fc.integer({ min: 0, max: 1000 }), (text, seed) => {
        const pseudonym = permuteCode(text, permutationOf(seed));
        expect(pseudonym).not.toBeNull();
        expect(pseudonym).toHaveLength(text.length);
        expect(pseudonym).not.toBe(text);
        expect(shapeOf(pseudonym!)).toBe(shapeOf(text));
      }),
      { numRuns: 300 },
    );
  });

  it('keeps letters of other scripts in their Unicode block and case, digits in their script', () => {
    const permutation = permutationOf(4);
    const original = 'Müller-42/ДОМ-٣٤';
    const pseudonym = permuteCode(original, permutation)!;
    expect(pseudonym).toMatch(/^[A-Z]\p{Ll}[a-z]{4}-\d{2}\/\p{Lu}{3}-[٠-٩]{2}$/u);
    // 'ü' stays a Latin-1 letter, 'ДОМ' Cyrillic (each 128-code block of its own).
    for (const i of [1, 10, 11, 12]) {
      expect(pseudonym.charCodeAt(i) >> 7).toBe(original.charCodeAt(i) >> 7);
    }
    expect(pseudonym).not.toBe(original);
  });

  it('has no pseudonym for text without letters or digits', () => {
    expect(permuteCode('--/--', permutationOf(1))).toBeNull();
  });
});

describe('CodePermutation', () => {
  it('permutes digit codes by length and leading zero, and leaves word-like text to words', () => {
    const codes = new CodePermutation(permutationOf(2));
    expect(codes.pseudonym('00417')).toMatch(/^0\d{4}$/);
    expect(codes.pseudonym('90210')).toMatch(/^[1-9]\d{4}$/);
    expect(codes.pseudonym('late delivery again')).toBeNull();
    expect(codes.pseudonym('ORD-2023-0042')).toMatch(/^[A-Z]{3}-[1-9]\d{3}-0\d{3}$/);
  });

  it('depends only on the key and the code', () => {
    const codes = Array.from(
      { length: 300 },
      (_, i) => `SKU-${String(i * 37).padStart(5, '0')}-${UPPER[i % 26]}`,
    );
    const one = codes.map((code) => new CodePermutation(permutationOf(1)).pseudonym(code));
    const reversed = new CodePermutation(permutationOf(1));
    const again = [...codes].reverse().map((code) => reversed.pseudonym(code));
    expect(again.reverse()).toEqual(one);
    const other = new CodePermutation(permutationOf(2));
    const same = codes.filter((code, i) => other.pseudonym(code) === one[i]);
    expect(same.length).toBeLessThan(3);
  });
});

describe('type prefixes (scheme 10 on)', () => {
  const codes = new CodePermutation(permutationOf(3), 10);

  it('keeps a record type’s prefix and draws the rest', () => {
    for (const [code, prefix] of [
      ['ch_3NqFGb2eZvKYlo2C0X1bQ8f1', 'ch_'],
      ['cus_NffrFeUfNV2Hib', 'cus_'],
      ['cus_XUSRqKTxDKYsDN', 'cus_'],
      ['price_1MoBy5LkdIwHu7ixZhnattbh', 'price_'],
      ['SKU-A6608-M', 'SKU-'],
      ['TCK-20000', 'TCK-'],
      ['K-10000', 'K-'],
    ] as const) {
      const pseudonym = codes.pseudonym(code)!;
      expect(pseudonym.startsWith(prefix), code).toBe(true);
      expect(pseudonym).not.toBe(code);
      expect(shapeOf(pseudonym)).toBe(shapeOf(code));
    }
  });

  it('keeps no prefix of six letters or more, of mixed case, or before a rest without a digit', () => {
    for (const code of ['ORDERS-12345', 'Ab_1234', 'JOHN-SMITH', 'E1000']) {
      const pseudonym = new CodePermutation(permutationOf(3), 10).pseudonym(code, true);
      const letters = /^[A-Za-z]+/.exec(code)![0];
      expect(pseudonym?.startsWith(letters), code).toBe(false);
    }
  });

  it('is still a bijection among codes of one prefix (exhaustive over two digits)', () => {
    const texts = allOfPattern('99').map((digits) => `cus_${digits}x`);
    const pseudonyms = texts.map((text) => codes.pseudonym(text));
    expect(new Set(pseudonyms).size).toBe(texts.length);
    expect(pseudonyms.every((pseudonym) => pseudonym!.startsWith('cus_'))).toBe(true);
  });

  it('keeps a hex code hex, in its case, a prefix before it kept too', () => {
    for (const [code, pattern] of [
      ['a808ad4438032f61', /^[0-9a-f]{16}$/],
      ['5F2A9C0B7D1E4A3F', /^[0-9A-F]{16}$/],
      ['d41d8cd98f00b204e9800998ecf8427e', /^[0-9a-f]{32}$/],
      ['sess_9f86d081884c7d65', /^sess_[0-9a-f]{16}$/],
    ] as const) {
      const pseudonym = codes.pseudonym(code)!;
      expect(pseudonym, code).toMatch(pattern);
      expect(pseudonym).not.toBe(code);
    }
    // Mixed case, too short, or not all hex: the usual classes.
    expect(codes.pseudonym('a808AD44380')).toMatch(/^[a-z]\d{3}[A-Z]{2}\d{5}$/);
    const drawn = Array.from({ length: 50 }, (_, seed) =>
      new CodePermutation(permutationOf(seed), 10).pseudonym('ab12cd3'),
    );
    expect(drawn.some((code) => /[g-z]/.test(code!))).toBe(true);
  });

  it('is a bijection on hex codes of one length (exhaustive over a pattern)', () => {
    const hexDigits = '0123456789abcdef';
    const texts = [...hexDigits].flatMap((a) => [...hexDigits].map((b) => `${a}${b}1234ab`));
    const pseudonyms = texts.map((text) => codes.pseudonym(text)!);
    expect(new Set(pseudonyms).size).toBe(texts.length);
    expect(pseudonyms.every((pseudonym) => /^[0-9a-f]{8}$/.test(pseudonym))).toBe(true);
  });

  it('drew the prefix under scheme 9', () => {
    const older = new CodePermutation(permutationOf(3), 9);
    const drawn = ['cus_NffrFeUfNV2Hib', 'SKU-A6608-M', 'TCK-20000'].filter(
      (code) => !older.pseudonym(code)!.startsWith(code.slice(0, 4)),
    );
    expect(drawn.length).toBeGreaterThan(0);
  });
});
