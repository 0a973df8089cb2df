/**
 * A keyed permutation of the tuples of one mixed-radix pattern: position i holds a value below
 * radices[i] (a digit below 10, a letter below 26, …). Identifiers and codes are such tuples, so
 * a value's pseudonym depends only on the key, its pattern and itself, and no two values of a
 * pattern share one: identifiers stay unique and joins survive across files, with no retries.
 *
 * The permutation P is a ten-round Feistel network over the positions, as NIST SP 800-38G's FF1
 * builds one, generalized to mixed radices: the tuple is split into a left and a right half, and
 * each round adds (position by position, with carry, so modulo the half's size) keyed
 * pseudorandom values drawn from the other half. The halves swap sizes every round and are back
 * in place after an even number of rounds; any length works, with no blocks and no big numbers.
 * Patterns of one position, or of at most SHUFFLE_LIMIT tuples, are a keyed shuffle instead (a
 * Feistel network over halves that small mixes badly).
 *
 * The pseudonym of x is P⁻¹(P(x) + 1), "+ 1" counting in the pattern's mixed radix with
 * wrap-around: the conjugate of a shift by one is a single cycle through the whole pattern, so no
 * value is ever its own pseudonym (a pattern of two or more tuples assumed).
 */
import {
  addInto,
  increment,
  subtractFrom,
  tupleCount,
  tupleIndex,
  writeTuple,
} from './mixed-radix-tuples';
import { SipHash128 } from './siphash';

/** Feistel rounds, as FF1 has. */
const ROUNDS = 10;
/** Patterns of at most this many tuples are permuted by a keyed shuffle, made once. */
const SHUFFLE_LIMIT = 100;
/** Shuffles kept; past this the cache starts over (a file with that many tiny patterns is rare). */
const MAX_SHUFFLES = 4096;
const TWO_POW_32 = 4_294_967_296;
/** sfc32 steps before the first draw, so every draw depends on all 64 bits of the hash. */
const SFC32_WARM_UP = 3;

/**
 * Halves of at most this many tuples have their round values remembered, when the caller asks
 * (digit strings: every id of a length brings back the same few thousand halves).
 */
const MEMO_HALF_LIMIT = 10_000;
/** Patterns with remembered round values; past this the memory starts over. */
const MAX_MEMOS = 64;

/** One small pattern's permutation as tables of tuple indexes. */
interface Shuffle {
  forward: Int32Array;
  backward: Int32Array;
}

/** One round's remembered values: the draws for each index of the half they come from. */
interface RoundMemo {
  draws: Uint8Array;
  known: Uint8Array;
}

export class MixedRadixPermutation {
  readonly #sip: SipHash128;
  readonly #words = new Int32Array(4);
  #message = new Uint8Array(64);
  #left = new Uint8Array(32);
  #right = new Uint8Array(32);
  #draws = new Uint8Array(32);
  readonly #shuffles = new Map<string, Shuffle>();
  readonly #memos = new Map<number, (RoundMemo | undefined)[]>();

  /** @param key 16 bytes, e.g. derived from the user's secret for one column kind. */
  constructor(key: Uint8Array) {
    this.#sip = new SipHash128(key);
  }

  /**
   * A keyed 32-bit number naming a pattern (its classes and the characters kept as they are),
   * for `tweak`: each pattern gets a permutation of its own.
   * @example permutation.tweakOf('\uE01A\uE01A-\uE00A') // e.g. 1804289383
   */
  tweakOf(signature: string): number {
    return this.#sip.hashText(signature, 254, this.#words)[0]! >>> 0;
  }

  /**
   * The pseudonym of the tuple `values[0..length)` (each below its radix in `radices`) under the
   * pattern named by `tweak`: P⁻¹(P(x) + 1), written into `out` (which may be `values`). Never
   * the tuple itself when the pattern holds two or more tuples. `memoize`: remember the round
   * values of small halves for this tweak, for a caller whose tweak alone names the radices
   * (DigitPermutation) and which permutes many values of one pattern.
   * @example permutation.pseudonym(Uint8Array.of(4, 2), Uint8Array.of(10, 10), 2, 7, out)
   */
  pseudonym(
    values: Uint8Array,
    radices: Uint8Array,
    length: number,
    tweak: number,
    out: Uint8Array,
    memoize = false,
  ): Uint8Array {
    this.encrypt(values, radices, length, tweak, out, memoize);
    increment(out, radices, length);
    return this.decrypt(out, radices, length, tweak, out, memoize);
  }

  /** P: a keyed bijection on the tuples of the pattern; `out` may be `values`. */
  encrypt(
    values: Uint8Array,
    radices: Uint8Array,
    length: number,
    tweak: number,
    out: Uint8Array,
    memoize = false,
  ): Uint8Array {
    return this.#permute(values, radices, length, tweak, out, true, memoize);
  }

  /** P⁻¹. */
  decrypt(
    values: Uint8Array,
    radices: Uint8Array,
    length: number,
    tweak: number,
    out: Uint8Array,
    memoize = false,
  ): Uint8Array {
    return this.#permute(values, radices, length, tweak, out, false, memoize);
  }

  #permute(
    values: Uint8Array,
    radices: Uint8Array,
    length: number,
    tweak: number,
    out: Uint8Array,
    forward: boolean,
    memoize: boolean,
  ): Uint8Array {
    if (length === 0) return out;
    if (length === 1 || tupleCount(radices, length, SHUFFLE_LIMIT) <= SHUFFLE_LIMIT) {
      return this.#shuffled(values, radices, length, tweak, out, forward);
    }
    const memos = memoize ? this.#memosOf(tweak) : null;
    return this.#feistel(values, radices, length, tweak, out, forward, memos);
  }

  #memosOf(tweak: number): (RoundMemo | undefined)[] {
    let memos = this.#memos.get(tweak);
    if (!memos) {
      if (this.#memos.size >= MAX_MEMOS) this.#memos.clear();
      memos = new Array<RoundMemo | undefined>(ROUNDS).fill(undefined);
      this.#memos.set(tweak, memos);
    }
    return memos;
  }

  /**
   * The Feistel network. The left half holds positions [0, u) (radices from offset 0), the right
   * [u, length); each forward round adds F(right) into the left, then the halves swap, radices
   * and all. A backward round undoes one: subtract F(left) from the right, then swap back.
   */
  #feistel(
    values: Uint8Array,
    radices: Uint8Array,
    length: number,
    tweak: number,
    out: Uint8Array,
    forward: boolean,
    memos: (RoundMemo | undefined)[] | null,
  ): Uint8Array {
    const u = length >> 1;
    this.#ensureRoom(length);
    let left = this.#left;
    let right = this.#right;
    // Copied by hand: a subarray per call is garbage per value.
    for (let i = 0; i < u; i++) left[i] = values[i]!;
    for (let i = u; i < length; i++) right[i - u] = values[i]!;
    // Where each half's radices start in `radices`, and its length.
    let leftStart = 0;
    let leftLength = u;
    let rightStart = u;
    let rightLength = length - u;
    for (let step = 0; step < ROUNDS; step++) {
      if (forward) {
        const draws = this.#roundDraws(
          tweak,
          length,
          step,
          right,
          rightStart,
          rightLength,
          radices,
          leftStart,
          leftLength,
          memos,
        );
        addInto(left, draws, radices, leftStart, leftLength);
      } else {
        // The state after round r is (B, A + F(B)): undo the rounds last to first.
        const round = ROUNDS - 1 - step;
        const draws = this.#roundDraws(
          tweak,
          length,
          round,
          left,
          leftStart,
          leftLength,
          radices,
          rightStart,
          rightLength,
          memos,
        );
        subtractFrom(right, draws, radices, rightStart, rightLength);
      }
      const half = left;
      left = right;
      right = half;
      const start = leftStart;
      leftStart = rightStart;
      rightStart = start;
      const size = leftLength;
      leftLength = rightLength;
      rightLength = size;
    }
    // An even number of rounds: the halves are back in their places and sizes.
    for (let i = 0; i < u; i++) out[i] = left[i]!;
    for (let i = u; i < length; i++) out[i] = right[i - u]!;
    this.#left = left;
    this.#right = right;
    return out;
  }

  #ensureRoom(length: number): void {
    if (this.#left.length >= length) return;
    this.#left = new Uint8Array(length * 2);
    this.#right = new Uint8Array(length * 2);
    this.#draws = new Uint8Array(length * 2);
  }

  /**
   * The round function: keyed pseudorandom values, one below each radix of the half they are
   * added to, from the round number and the other half's values. SipHash-2-4 of (pattern tweak,
   * pattern length, round, half) seeds an sfc32 generator that draws them. With `memos`, the
   * values for a small half are computed once.
   */
  #roundDraws(
    tweak: number,
    length: number,
    round: number,
    half: Uint8Array,
    halfStart: number,
    halfLength: number,
    radices: Uint8Array,
    targetStart: number,
    targetLength: number,
    memos: (RoundMemo | undefined)[] | null,
  ): Uint8Array {
    let memo: RoundMemo | undefined;
    let at = -1;
    if (memos) {
      let index = 0;
      let count = 1;
      for (let i = 0; i < halfLength; i++) {
        const radix = radices[halfStart + i]!;
        index = index * radix + half[i]!;
        count *= radix;
      }
      if (count <= MEMO_HALF_LIMIT) {
        memo = memos[round] ??= {
          draws: new Uint8Array(count * targetLength),
          known: new Uint8Array(count),
        };
        at = index * targetLength;
        if (memo.known[index] === 1) {
          const draws = this.#draws;
          for (let i = 0; i < targetLength; i++) draws[i] = memo.draws[at + i]!;
          return draws;
        }
        memo.known[index] = 1;
      }
    }
    if (this.#message.length < halfLength + 8) this.#message = new Uint8Array(halfLength * 2 + 8);
    const message = this.#message;
    message[0] = tweak;
    message[1] = tweak >>> 8;
    message[2] = tweak >>> 16;
    message[3] = tweak >>> 24;
    message[4] = length;
    message[5] = length >>> 8;
    message[6] = length >>> 16;
    message[7] = round;
    for (let i = 0; i < halfLength; i++) message[8 + i] = half[i]!;
    // 64 keyed bits are plenty for a round; sfc32 spreads them over the draws.
    const words = this.#sip.hash(message, halfLength + 8, this.#words, 2);
    let a = words[0]!;
    let b = words[1]!;
    let c = 0x9e3779b9;
    let d = 1;
    const draws = this.#draws;
    for (let i = -SFC32_WARM_UP; i < targetLength; i++) {
      const t = (((a + b) | 0) + d) | 0;
      d = (d + 1) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (((c << 21) | (c >>> 11)) + t) | 0;
      if (i >= 0) draws[i] = Math.floor(((t >>> 0) / TWO_POW_32) * radices[targetStart + i]!);
    }
    if (memo) for (let i = 0; i < targetLength; i++) memo.draws[at + i] = draws[i]!;
    return draws;
  }

  /** Patterns of one position or few tuples: a keyed shuffle of all their tuples, made once. */
  #shuffled(
    values: Uint8Array,
    radices: Uint8Array,
    length: number,
    tweak: number,
    out: Uint8Array,
    forward: boolean,
  ): Uint8Array {
    const id = `${tweak}:${radices.subarray(0, length).join(',')}`;
    let shuffle = this.#shuffles.get(id);
    if (!shuffle) {
      const count = tupleCount(radices, length, Infinity);
      // Sorting by a keyed hash of each index is a keyed shuffle that needs no random state.
      const ranks = new Float64Array(count);
      for (let index = 0; index < count; index++) {
        ranks[index] = this.#sip.hashText(`${id}:${index}`, 253, this.#words)[0]! >>> 0;
      }
      const order = Int32Array.from({ length: count }, (_, index) => index);
      order.sort((x, y) => ranks[x]! - ranks[y]! || x - y);
      const backward = new Int32Array(count);
      order.forEach((value, index) => (backward[value] = index));
      shuffle = { forward: order, backward };
      if (this.#shuffles.size >= MAX_SHUFFLES) this.#shuffles.clear();
      this.#shuffles.set(id, shuffle);
    }
    const index = tupleIndex(values, radices, length);
    const table = forward ? shuffle.forward : shuffle.backward;
    return writeTuple(table[index]!, radices, length, out);
  }
}
