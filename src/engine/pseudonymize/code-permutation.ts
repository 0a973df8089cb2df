/**
 * Pseudonyms for codes: the texts the string rules substitute character by character
 * ('AB-1234-X', 'sku_00417b', 'ORD-2023-0042', 'Müller-42'). A code's pattern says what each
 * position may hold: an upper-case letter, a lower-case letter, a digit, a letter of the same
 * Unicode block and case, a digit of the same script; punctuation, spacing and symbols are kept.
 * A run of digits keeps its length and whether it starts with a zero ('0042' stays zero-padded,
 * '2023' gains no zero). The pseudonym is the keyed permutation of the pattern's texts
 * (MixedRadixPermutation), so it depends only on the key and the code, never its own value, and
 * two codes of a pattern never share one.
 */
import { isAsciiDigit, isAsciiLower, isAsciiUpper } from '../text/char-classes';
import { DigitPermutation, digitCodeDomain } from './digit-permutation';
import { codeBuffer, codesToText } from '../text/char-codes';
import { isDecimalDigit, isSurrogate, isWordLike, zeroOfDigit } from './generators/text';
import type { MixedRadixPermutation } from './mixed-radix-permutation';

/** What one position of a code holds (its class): kept as it is, or drawn among its class. */
const KEPT = 0;
const UPPER = 1;
const LOWER = 2;
const DIGIT = 3;
/** The first digit of a run of two or more that does not start with '0': 1 to 9. */
const NON_ZERO_DIGIT = 4;
/** A decimal digit of another script; `aux` holds its script's zero. */
const SCRIPT_DIGIT = 5;
/** A letter outside ASCII; `aux` names its alphabet (see alphabetOf). */
const SCRIPT_LETTER = 6;
/** A hexadecimal digit of a hex code (isHexCode), lower or upper case: 0-9 then a-f. */
const HEX_LOWER = 7;
const HEX_UPPER = 8;
/** Signature characters for the classes (private use), so a pattern's name is a string. */
const CLASS_MARK = 0xe000;

/** The letters of one Unicode block and case, and each one's place among them. */
interface Alphabet {
  letters: Uint16Array;
  /** By offset in the block: the letter's index in `letters`, -1 for a code of another kind. */
  indexByOffset: Int16Array;
}

const alphabets = new Map<number, Alphabet>();

/** 0 uncased (CJK), 1 upper, 2 lower, 3 other (title case 'ǅ'). */
function caseKind(char: string): number {
  const lower = char.toLowerCase();
  const upper = char.toUpperCase();
  if (lower === upper) return 0;
  if (char === upper) return 1;
  return char === lower ? 2 : 3;
}

/** A letter's alphabet: the letters of its 128-code block with its case kind, made once. */
function alphabetOf(id: number): Alphabet {
  let alphabet = alphabets.get(id);
  if (alphabet) return alphabet;
  const blockStart = (id >> 2) << 7;
  const kind = id & 3;
  const letters: number[] = [];
  const indexByOffset = new Int16Array(128).fill(-1);
  for (let offset = 0; offset < 128; offset++) {
    const code = blockStart + offset;
    if (isSurrogate(code)) continue;
    const char = String.fromCharCode(code);
    if (!/\p{L}/u.test(char) || caseKind(char) !== kind) continue;
    indexByOffset[offset] = letters.length;
    letters.push(code);
  }
  alphabet = { letters: Uint16Array.from(letters), indexByOffset };
  alphabets.set(id, alphabet);
  return alphabet;
}

/** Per-position scratch, reused between calls (a column has millions of codes). */
let classes = new Uint8Array(64);
let aux = new Uint16Array(64);
let values = new Uint8Array(64);
let radices = new Uint8Array(64);

function ensureRoom(length: number): void {
  if (classes.length >= length) return;
  classes = new Uint8Array(length * 2);
  aux = new Uint16Array(length * 2);
  values = new Uint8Array(length * 2);
  radices = new Uint8Array(length * 2);
}

/** The longest type prefix kept: Stripe's 'price_', 'acct_'. */
const MOST_PREFIX_LETTERS = 5;

/** A rest this long of letters of both cases reads as a random id ('cus_XUSRqKTxDKYsDN'). */
const RANDOM_REST = 8;

/**
 * How many leading characters of a code are its type prefix, kept as written: up to five
 * letters of one case and an underscore or hyphen, before a rest that holds a digit ('ch_3N…',
 * 'cus_Nf7…', 'SKU-A6608-M', 'TCK-20000') or reads as random (eight letters or more of both
 * cases: 'cus_XUSRqKTxDKYsDN'); 0 when there is none ('JOHN-SMITH'). The prefix names the kind
 * of record, the same for every code of it; a code's own letters after it are drawn.
 */
function typePrefixLength(text: string): number {
  let letters = 0;
  const upper = isAsciiUpper(text.charCodeAt(0));
  while (letters < text.length) {
    const code = text.charCodeAt(letters);
    if (upper ? !isAsciiUpper(code) : !isAsciiLower(code)) break;
    letters++;
  }
  if (letters === 0 || letters > MOST_PREFIX_LETTERS) return 0;
  const separator = text.charCodeAt(letters);
  if (separator !== 95 && separator !== 45) return 0; // _ -
  let lower = false;
  let upperRest = false;
  for (let i = letters + 1; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (isAsciiDigit(code)) return letters + 1;
    if (isAsciiLower(code)) lower = true;
    else if (isAsciiUpper(code)) upperRest = true;
  }
  return lower && upperRest && text.length - letters - 1 >= RANDOM_REST ? letters + 1 : 0;
}

/** Hex codes this short are too often words and numbers ('cafe12'). */
const SHORTEST_HEX_CODE = 8;

/**
 * The case of a hex code from `start` on ('a808ad4438032f61', a session id, an MD5, a Mongo id):
 * eight hex digits or more, letters among a-f of one case, with a letter and a digit; null when
 * it is none. Its letters are drawn among a-f and its digits among 0-9 alike, so it stays hex.
 */
function hexCaseOf(text: string, start: number): typeof HEX_LOWER | typeof HEX_UPPER | null {
  if (text.length - start < SHORTEST_HEX_CODE) return null;
  let lower = false;
  let upper = false;
  let digit = false;
  for (let i = start; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (isAsciiDigit(code)) digit = true;
    else if (code >= 97 && code <= 102) lower = true;
    else if (code >= 65 && code <= 70) upper = true;
    else return null;
  }
  if (!digit || lower === upper) return null;
  return lower ? HEX_LOWER : HEX_UPPER;
}

/**
 * The pseudonym of a code under a column kind's keyed permutation: the same pattern, never the
 * code itself; null when nothing in it can change (no letter or digit). With `keepTypePrefix`
 * (scheme 10 on), a type prefix ('cus_', 'SKU-') stays as written (typePrefixLength) and a hex
 * code after it stays hex (hexCaseOf).
 * @example permuteCode('AB-1234-X', permutation) // e.g. 'QF-8071-K'
 */
export function permuteCode(
  text: string,
  permutation: MixedRadixPermutation,
  keepTypePrefix = false,
): string | null {
  const length = text.length;
  ensureRoom(length);
  const prefix = keepTypePrefix ? typePrefixLength(text) : 0;
  // From scheme 10 on (as type prefixes), a hex code stays hex.
  const hex = keepTypePrefix ? hexCaseOf(text, prefix) : null;
  // Signature: kept characters as they are, each other position as its class's mark (plus its
  // script or alphabet), so every pattern gets a permutation of its own.
  const signature = codeBuffer(length * 2);
  let signatureLength = 0;
  let count = 0;
  for (let i = 0; i < length; i++) {
    const code = text.charCodeAt(i);
    let kind = KEPT;
    let radix = 0;
    let value = 0;
    let extra = -1;
    if (i < prefix) {
      kind = KEPT;
    } else if (hex !== null) {
      kind = hex;
      radix = 16;
      value = isAsciiDigit(code) ? code - 48 : (code | 32) - 87;
    } else if (isAsciiDigit(code)) {
      const runStart = i === 0 || !isAsciiDigit(text.charCodeAt(i - 1));
      const runLong = isAsciiDigit(text.charCodeAt(i + 1));
      if (runStart && runLong && code === 48) {
        kind = KEPT; // a run's leading zero stays: zero-padded codes stay zero-padded
      } else if (runStart && runLong) {
        kind = NON_ZERO_DIGIT;
        radix = 9;
        value = code - 49;
      } else {
        kind = DIGIT;
        radix = 10;
        value = code - 48;
      }
    } else if (isAsciiUpper(code)) {
      kind = UPPER;
      radix = 26;
      value = code - 65;
    } else if (isAsciiLower(code)) {
      kind = LOWER;
      radix = 26;
      value = code - 97;
    } else if (code > 127 && !isSurrogate(code)) {
      if (isDecimalDigit(code)) {
        const zero = zeroOfDigit(code);
        kind = SCRIPT_DIGIT;
        radix = 10;
        value = code - zero;
        extra = zero;
      } else if (/\p{L}/u.test(text[i]!)) {
        const id = ((code >> 7) << 2) | caseKind(text[i]!);
        const alphabet = alphabetOf(id);
        // A letter alone in its alphabet has nothing to become.
        if (alphabet.letters.length >= 2) {
          kind = SCRIPT_LETTER;
          radix = alphabet.letters.length;
          value = alphabet.indexByOffset[code & 127]!;
          extra = id;
        }
      }
    }
    classes[i] = kind;
    if (kind === KEPT) {
      signature[signatureLength++] = code;
      continue;
    }
    signature[signatureLength++] = CLASS_MARK + kind;
    if (extra >= 0) {
      signature[signatureLength++] = extra;
      aux[i] = extra;
    }
    values[count] = value;
    radices[count] = radix;
    count++;
  }
  if (count === 0) return null;
  const tweak = permutation.tweakOf(codesToText(signature, signatureLength));
  permutation.pseudonym(values, radices, count, tweak, values);
  const out = codeBuffer(length);
  for (let i = 0, at = 0; i < length; i++) {
    const kind = classes[i]!;
    if (kind === KEPT) {
      out[i] = text.charCodeAt(i);
      continue;
    }
    const value = values[at++]!;
    switch (kind) {
      case UPPER:
        out[i] = 65 + value;
        break;
      case LOWER:
        out[i] = 97 + value;
        break;
      case DIGIT:
        out[i] = 48 + value;
        break;
      case NON_ZERO_DIGIT:
        out[i] = 49 + value;
        break;
      case SCRIPT_DIGIT:
        out[i] = aux[i]! + value;
        break;
      case HEX_LOWER:
        out[i] = value < 10 ? 48 + value : 87 + value;
        break;
      case HEX_UPPER:
        out[i] = value < 10 ? 48 + value : 55 + value;
        break;
      default:
        out[i] = alphabetOf(aux[i]!).letters[value]!;
    }
  }
  return codesToText(out, length);
}

function isDigitString(text: string): boolean {
  if (text.length === 0) return false;
  for (let i = 0; i < text.length; i++) if (!isAsciiDigit(text.charCodeAt(i))) return false;
  return true;
}

/**
 * Pseudonyms for the texts the string rules treat as codes, under a column kind's keyed
 * permutation: digit strings through DigitPermutation (their length kept, and whether they start
 * with a zero), other codes through permuteCode.
 */
export class CodePermutation {
  readonly #permutation: MixedRadixPermutation;
  readonly #digits: DigitPermutation;
  readonly #keepTypePrefix: boolean;

  /**
   * From `scheme` 10 on, a code's type prefix ('cus_', 'SKU-') is kept and a hex code stays hex
   * (see permuteCode).
   */
  constructor(permutation: MixedRadixPermutation, scheme = 1) {
    this.#permutation = permutation;
    this.#digits = new DigitPermutation(permutation);
    this.#keepTypePrefix = scheme >= 10;
  }

  /**
   * The code's pseudonym; null for word-like text (replaced word by word, see isWordLike) unless
   * `wordsAreCodes` (an identifier's 'ALFKI'), and for text without a letter or digit.
   * @example codes.pseudonym('00417') // e.g. '08362'; codes.pseudonym('late delivery') // null
   */
  pseudonym(text: string, wordsAreCodes = false): string | null {
    if (isDigitString(text)) return this.#digits.pseudonym(text, digitCodeDomain(text));
    if (!wordsAreCodes && isWordLike(text)) return null;
    return permuteCode(text, this.#permutation, this.#keepTypePrefix);
  }
}
