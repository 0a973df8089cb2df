/**
 * A keyed, format-preserving permutation of the digit strings of one length: a value's pseudonym
 * depends only on the key and the value, never on which other values share the file, and two
 * values never share a pseudonym, so identifiers stay unique and joins survive across files.
 *
 * Each domain is a mixed-radix pattern (MixedRadixPermutation): every position a digit, except
 * that a string without a leading zero has 1-9 in front, and one with a leading zero keeps that
 * '0' and permutes the rest. The pseudonym P⁻¹(P(x) + 1) never maps a value to itself.
 */
import { MixedRadixPermutation } from './mixed-radix-permutation';

/**
 * Which strings of a length the permutation maps among: all of them (`digits`), those without
 * a leading zero (`noLeadingZero`: integers; a single digit may be 0), or those with one
 * (`leadingZero`: '0' and any digits after it, at least two in all).
 */
export type DigitDomain = 'digits' | 'noLeadingZero' | 'leadingZero';

/** Tweaks that name each domain's pattern apart (the length is added). */
const DOMAIN_TWEAKS: Record<DigitDomain, number> = {
  digits: 0x64000000,
  noLeadingZero: 0x6e000000,
  leadingZero: 0x7a000000,
};
const ZERO = 48;

/**
 * The domain a digit code maps within, so codes keep their length and whether they start with a
 * zero ('00417' stays a zero-padded code, '90210' does not gain one).
 * @example digitCodeDomain('00417') // 'leadingZero'
 */
export function digitCodeDomain(digits: string): DigitDomain {
  if (digits.length < 2) return 'digits';
  return digits.charCodeAt(0) === ZERO ? 'leadingZero' : 'noLeadingZero';
}

export class DigitPermutation {
  readonly #permutation: MixedRadixPermutation;
  #values = new Uint8Array(32);
  #radices = new Uint8Array(32);

  /** @param key 16 bytes, or the keyed permutation of a column kind to share. */
  constructor(key: Uint8Array | MixedRadixPermutation) {
    this.#permutation = key instanceof MixedRadixPermutation ? key : new MixedRadixPermutation(key);
  }

  /**
   * The pseudonym of a digit string: the same length and domain, never the string itself (for
   * domains of two or more values).
   * @example permutation.pseudonym('004217', 'leadingZero') // e.g. '093561'
   */
  pseudonym(digits: string, domain: DigitDomain): string {
    return this.#run(digits, domain, 'pseudonym');
  }

  /** P: a keyed bijection on the domain of `digits`' length. */
  encrypt(digits: string, domain: DigitDomain): string {
    return this.#run(digits, domain, 'encrypt');
  }

  /** P⁻¹. */
  decrypt(digits: string, domain: DigitDomain): string {
    return this.#run(digits, domain, 'decrypt');
  }

  #run(
    digits: string,
    domain: DigitDomain,
    operation: 'pseudonym' | 'encrypt' | 'decrypt',
  ): string {
    const length = digits.length;
    // A leading zero is kept as it is: the pattern is the digits after it.
    const start = domain === 'leadingZero' && length > 1 ? 1 : 0;
    const size = length - start;
    if (this.#values.length < size) {
      this.#values = new Uint8Array(size * 2);
      this.#radices = new Uint8Array(size * 2);
    }
    const values = this.#values;
    const radices = this.#radices;
    const firstNonZero = domain === 'noLeadingZero' && length > 1;
    for (let i = 0; i < size; i++) {
      const digit = digits.charCodeAt(start + i) - ZERO;
      if (i === 0 && firstNonZero) {
        radices[i] = 9;
        values[i] = digit - 1;
      } else {
        radices[i] = 10;
        values[i] = digit;
      }
    }
    const tweak = DOMAIN_TWEAKS[domain] + length;
    // The tweak names the radices exactly, so the round values of short halves are remembered.
    this.#permutation[operation](values, radices, size, tweak, values, true);
    let text = start === 1 ? '0' : '';
    for (let i = 0; i < size; i++) {
      text += String.fromCharCode(ZERO + values[i]! + (i === 0 && firstNonZero ? 1 : 0));
    }
    return text;
  }
}
