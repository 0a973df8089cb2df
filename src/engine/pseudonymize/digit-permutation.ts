/**
 * A keyed, format-preserving permutation of the digit strings of one length: a value's pseudonym
 * depends only on the key and the value, never on which other values share the file, and two
 * values never share a pseudonym, so identifiers stay unique and joins survive across files.
 *
 * The permutation P is a ten-round Feistel network over the digits (as in NIST SP 800-38G's FF1,
 * with SipHash-2-4 as the round function), with cycle-walking where the domain is smaller than
 * the digit space (integers without a leading zero). The pseudonym of x is P⁻¹(P(x) + 1): the
 * conjugate of a shift by one is a single cycle through the whole domain, so no value is ever its
 * own pseudonym (a domain of two or more values assumed).
 */
import { SipHash128 } from './siphash';

/** Feistel rounds, as FF1 has. */
const ROUNDS = 10;
/**
 * Halves of up to 15 digits are exact in a double (10^15 < 2^53), so strings of up to 30 digits
 * are permuted as numbers; longer ones are split into independent 30-digit blocks, each keyed by
 * its position, which keeps the whole a permutation.
 */
const MAX_BLOCK_DIGITS = 30;
/** Domains this small are permuted by a keyed shuffle of all their values, made once. */
const SHUFFLE_LIMIT = 100;

/** Which strings of a length the permutation maps among. */
export type DigitDomain = 'digits' | 'noLeadingZero';

export class DigitPermutation {
  readonly #sip: SipHash128;
  readonly #words = new Int32Array(4);
  readonly #shuffles = new Map<string, { forward: string[]; backward: Map<string, string> }>();

  /** @param key 16 bytes, e.g. derived from the user's consistency key for this column kind. */
  constructor(key: Uint8Array) {
    this.#sip = new SipHash128(key);
  }

  /**
   * The pseudonym of a digit string: the same length, a leading zero only in the `digits`
   * domain, never the string itself (for domains of two or more values).
   * @example permutation.pseudonym('004217', 'digits') // e.g. '930561'
   */
  pseudonym(digits: string, domain: DigitDomain): string {
    const position = this.encrypt(digits, domain);
    return this.decrypt(successor(position, domain), domain);
  }

  /** P: a keyed bijection on the domain of `digits`' length. */
  encrypt(digits: string, domain: DigitDomain): string {
    return this.#walk(digits, domain, true);
  }

  /** P⁻¹. */
  decrypt(digits: string, domain: DigitDomain): string {
    return this.#walk(digits, domain, false);
  }

  /** Applies the digit-space permutation until the result is in the domain (cycle-walking). */
  #walk(digits: string, domain: DigitDomain, forward: boolean): string {
    if (digits.length <= 2) return this.#shuffled(digits, domain, forward);
    let value = this.#permuteDigits(digits, forward);
    while (!inDomain(value, domain)) value = this.#permuteDigits(value, forward);
    return value;
  }

  #permuteDigits(digits: string, forward: boolean): string {
    if (digits.length <= MAX_BLOCK_DIGITS) return this.#feistel(digits, 0, forward);
    let result = '';
    for (let start = 0, block = 0; start < digits.length; start += MAX_BLOCK_DIGITS, block++) {
      const part = digits.slice(start, start + MAX_BLOCK_DIGITS);
      result += part.length <= 2 ? part : this.#feistel(part, block, forward);
    }
    return result;
  }

  /** A balanced Feistel network on a string of 3 to 30 digits, as FF1 splits it. */
  #feistel(digits: string, block: number, forward: boolean): string {
    const n = digits.length;
    const u = Math.floor(n / 2);
    const v = n - u;
    let a = Number(digits.slice(0, u));
    let b = Number(digits.slice(u));
    if (forward) {
      for (let round = 0; round < ROUNDS; round++) {
        const m = round % 2 === 0 ? u : v;
        const c = (a + this.#roundValue(n, block, round, b, m)) % 10 ** m;
        a = b;
        b = c;
      }
    } else {
      for (let round = ROUNDS - 1; round >= 0; round--) {
        const m = round % 2 === 0 ? u : v;
        const c = b;
        b = a;
        a = (((c - this.#roundValue(n, block, round, b, m)) % 10 ** m) + 10 ** m) % 10 ** m;
      }
    }
    // After an even number of rounds the halves are back in their places and widths.
    return a.toString().padStart(u, '0') + b.toString().padStart(v, '0');
  }

  /** The round function: keyed pseudorandom digits below 10^m from the round and the half. */
  #roundValue(length: number, block: number, round: number, half: number, m: number): number {
    const words = this.#sip.hashText(`${length}.${block}.${half}`, round, this.#words);
    // 53 keyed bits; the bias of reducing them mod 10^m (m ≤ 15) does not affect bijectivity.
    const high = (words[0]! >>> 0) & 0x1fffff;
    const low = words[1]! >>> 0;
    return (high * 0x100000000 + low) % 10 ** m;
  }

  /** Strings of one or two digits: a keyed shuffle of the whole domain, made once per length. */
  #shuffled(digits: string, domain: DigitDomain, forward: boolean): string {
    const id = `${digits.length}.${domain}`;
    let shuffle = this.#shuffles.get(id);
    if (!shuffle) {
      const values = domainValues(digits.length, domain);
      // Sorting by a keyed hash of each value is a keyed shuffle that needs no random state.
      const order = values.map((value) => ({ value, rank: this.#rank(id, value) }));
      order.sort((x, y) => x.rank - y.rank || (x.value < y.value ? -1 : 1));
      const forwardMap = order.map((entry) => entry.value);
      const backward = new Map<string, string>();
      values.forEach((value, index) => backward.set(forwardMap[index]!, value));
      shuffle = { forward: forwardMap, backward };
      this.#shuffles.set(id, shuffle);
    }
    if (forward) {
      const index = domainIndex(digits, domain);
      return shuffle.forward[index]!;
    }
    return shuffle.backward.get(digits)!;
  }

  #rank(id: string, value: string): number {
    return this.#sip.hashText(`shuffle.${id}.${value}`, 255, this.#words)[0]! >>> 0;
  }
}

function inDomain(digits: string, domain: DigitDomain): boolean {
  return domain === 'digits' || digits.length === 1 || digits.charCodeAt(0) !== 48;
}

/** The next string of the domain after `digits`, wrapping from the largest to the smallest. */
function successor(digits: string, domain: DigitDomain): string {
  const chars = digits.split('');
  for (let i = chars.length - 1; i >= 0; i--) {
    if (chars[i] !== '9') {
      chars[i] = String.fromCharCode(chars[i]!.charCodeAt(0) + 1);
      return chars.join('');
    }
    chars[i] = '0';
  }
  // Wrapped past 99…9: the smallest value of the domain.
  if (domain === 'noLeadingZero' && chars.length > 1) chars[0] = '1';
  return chars.join('');
}

function domainValues(length: number, domain: DigitDomain): string[] {
  const start = domain === 'noLeadingZero' && length > 1 ? 10 ** (length - 1) : 0;
  const values: string[] = [];
  for (let value = start; value < 10 ** length; value++) {
    values.push(value.toString().padStart(length, '0'));
  }
  if (values.length > SHUFFLE_LIMIT) throw new RangeError('domain too large to shuffle');
  return values;
}

function domainIndex(digits: string, domain: DigitDomain): number {
  const start = domain === 'noLeadingZero' && digits.length > 1 ? 10 ** (digits.length - 1) : 0;
  return Number(digits) - start;
}
