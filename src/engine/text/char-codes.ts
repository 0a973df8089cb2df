/**
 * Builds strings from UTF-16 codes in one reusable buffer: character-by-character generators
 * would otherwise build a rope of one node per character (and garbage to collect) per value.
 */
let scratch = new Uint16Array(256);

/**
 * A buffer of at least `length` codes, reused between calls: fill it, then call `codesToText`.
 * Its first `kept` codes stay when it grows, for a text written piece by piece (formatDateText).
 */
export function codeBuffer(length: number, kept = 0): Uint16Array {
  if (scratch.length < length) {
    const grown = new Uint16Array(length * 2);
    grown.set(scratch.subarray(0, kept));
    scratch = grown;
  }
  return scratch;
}

const CHUNK = 8192;

// String.fromCharCode over a typed array, without spreading it into arguments.
const fromCodes = Function.prototype.apply.bind(String.fromCharCode, null) as (
  codes: ArrayLike<number>,
) => string;

/**
 * The codes of a short text, as a plain array: `apply` reads one faster than a typed array, and
 * it is reused, where a view of the buffer per value is garbage.
 */
const shortCodes: number[] = [];
const SHORT = 256;

/** The text of `codes[0..length)`. */
export function codesToText(codes: Uint16Array, length: number): string {
  if (length <= SHORT) {
    shortCodes.length = length;
    for (let i = 0; i < length; i++) shortCodes[i] = codes[i]!;
    return fromCodes(shortCodes);
  }
  if (length <= CHUNK) return fromCodes(codes.subarray(0, length));
  let text = '';
  for (let start = 0; start < length; start += CHUNK) {
    text += fromCodes(codes.subarray(start, Math.min(start + CHUNK, length)));
  }
  return text;
}
