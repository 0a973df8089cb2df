import { en } from '@faker-js/faker';
import {
  isAsciiDigit,
  isAsciiLower,
  isAsciiUpper,
  isLetterAt,
  isWhiteSpaceAt,
} from '../../text/char-classes';
import type { KeyedRandom } from '../keyed-random';
import { codeBuffer, codesToText } from '../../text/char-codes';
import { letterCaseOf } from './letter-case';

/** Texts of this length or longer are never word-like. */
const WORD_LIKE_MAX_LENGTH = 100;

/**
 * Whether text is word-like, and so replaced word by word: under 100 characters, at least 70% of
 * the whitespace-separated tokens are alphabetic words (no digits, not short all-caps), and the
 * average token length is at least 3.
 * @example isWordLike('Customer asked about a refund') // true
 */
export function isWordLike(text: string): boolean {
  const length = text.length;
  if (length >= WORD_LIKE_MAX_LENGTH) return false;
  let tokens = 0;
  let words = 0;
  let totalLength = 0;
  let i = 0;
  while (i < length) {
    while (i < length && isWhiteSpaceAt(text, i)) i++;
    if (i >= length) break;
    const start = i;
    while (i < length && !isWhiteSpaceAt(text, i)) i++;
    tokens++;
    totalLength += i - start;
    if (isWordToken(text, start, i)) words++;
  }
  return tokens > 0 && words / tokens >= 0.7 && totalLength / tokens >= 3;
}

/**
 * Whether text[start..end) is an alphabetic word: letters, maybe joined by apostrophes or
 * hyphens, maybe wrapped in punctuation ('refund,', '"late"'), and not short all-caps ('VIP').
 */
function isWordToken(text: string, start: number, end: number): boolean {
  let from = start;
  let to = end;
  while (from < to && !isLetterAt(text, from) && !isAsciiDigit(text.charCodeAt(from))) from++;
  while (to > from && !isLetterAt(text, to - 1) && !isAsciiDigit(text.charCodeAt(to - 1))) to--;
  if (from >= to) return false;
  let upper = true;
  for (let i = from; i < to; i++) {
    if (isLetterAt(text, i)) {
      const code = text.charCodeAt(i);
      if (isAsciiLower(code)) upper = false;
      else if (code > 127 && text[i] !== (text[i] as string).toUpperCase()) upper = false;
      continue;
    }
    const code = text.charCodeAt(i);
    const joiner = code === 39 || code === 0x2019 || code === 45;
    // A joiner must sit between two letters.
    if (!joiner || !isLetterAt(text, i - 1) || !isLetterAt(text, i + 1)) return false;
  }
  const shortAllCaps = to - from <= 3 && to - from > 1 && upper;
  return !shortAllCaps;
}

const A = 65;
const LOWER_A = 97;

/**
 * Another letter of the same 128-code block (Cyrillic stays Cyrillic, full-width stays
 * full-width, CJK stays CJK) and the same case; an ASCII letter of that case when the block
 * offers none.
 */
function randomLetterLike(char: string, code: number, random: KeyedRandom): string {
  const lower = char.toLowerCase();
  const upper = char.toUpperCase();
  const cased = lower !== upper;
  const isUpper = cased && char === upper;
  const blockStart = code & ~0x7f;
  for (let attempt = 0; attempt < 32; attempt++) {
    const candidate = String.fromCharCode(blockStart + random.int(128));
    if (!/\p{L}/u.test(candidate)) continue;
    if (!cased) return candidate;
    const candidateUpper = candidate.toUpperCase();
    if (candidate.toLowerCase() !== candidateUpper && (candidate === candidateUpper) === isUpper) {
      return candidate;
    }
  }
  return String.fromCharCode((isUpper ? A : LOWER_A) + random.int(26));
}

/** Retries per leading zero that `substituteCharacters` may let go of. */
const ATTEMPTS_PER_FREED_ZERO = 4;

/**
 * Replaces each letter by a random letter of the same case and each digit by a digit; all else
 * (punctuation, spacing, symbols) is kept. Leading zeros of a digit run stay zeros and the
 * first other digit stays non-zero, so codes keep their length and numbers their magnitude.
 * Retries (`attempt`) free the leading zeros one by one from the right, every few attempts,
 * so a crowded code space ('0000001'…'0000009') still finds values that are no original.
 * @example substituteCharacters('AB-0042', random) // 'QX-0067'
 */
export function substituteCharacters(text: string, random: KeyedRandom, attempt = 0): string {
  const length = text.length;
  const codes = codeBuffer(length);
  const freedZeros = Math.floor(attempt / ATTEMPTS_PER_FREED_ZERO);
  let runStart = true;
  /** Leading zeros of the current run still to keep, and still to draw freely. */
  let keptZeros = 0;
  let drawnZeros = 0;
  let significant = false;
  for (let i = 0; i < length; i++) {
    const code = text.charCodeAt(i);
    if (isAsciiDigit(code)) {
      if (runStart) {
        runStart = false;
        significant = true;
        // Leading zeros stay, but never the run's last digit ('000' → '007').
        let zeros = 0;
        while (text.charCodeAt(i + zeros) === 48 && isAsciiDigit(text.charCodeAt(i + zeros + 1))) {
          zeros++;
        }
        drawnZeros = Math.min(zeros, freedZeros);
        keptZeros = zeros - drawnZeros;
      }
      if (keptZeros > 0) {
        keptZeros--;
        codes[i] = 48;
        continue;
      }
      if (drawnZeros > 0) {
        drawnZeros--;
        codes[i] = 48 + random.int(10);
        continue;
      }
      // The first significant digit stays non-zero; a lone '0' may become any digit.
      codes[i] = significant && code !== 48 ? 49 + random.int(9) : 48 + random.int(10);
      significant = false;
      continue;
    }
    runStart = true;
    if (isAsciiLower(code)) codes[i] = LOWER_A + random.int(26);
    else if (isAsciiUpper(code)) codes[i] = A + random.int(26);
    else if (code > 127 && !isSurrogate(code) && /\p{L}/u.test(text[i] as string)) {
      codes[i] = randomLetterLike(text[i] as string, code, random).charCodeAt(0);
    } else if (code > 127 && !isSurrogate(code) && isDecimalDigit(code)) {
      // Arabic-Indic, Devanagari, full-width… digits: a digit of the same script.
      codes[i] = zeroOfDigit(code) + random.int(10);
    } else codes[i] = code;
  }
  return codesToText(codes, length);
}

/** Half of a UTF-16 surrogate pair (a character outside the Basic Multilingual Plane). */
export function isSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdfff;
}

/** A decimal digit of any script ('٣', '३', '３'). */
export function isDecimalDigit(code: number): boolean {
  return /\p{Nd}/u.test(String.fromCharCode(code));
}

/** The zero of a decimal digit's script: Unicode writes each script's ten digits in a row. */
export function zeroOfDigit(code: number): number {
  let zero = code;
  while (code - zero < 9 && isDecimalDigit(zero - 1)) zero--;
  return zero;
}

/** Word-length classes: a replacement word has about the same length as the original. */
function lengthClass(length: number): number {
  if (length <= 2) return 0;
  if (length === 3) return 1;
  if (length <= 5) return 2;
  if (length <= 7) return 3;
  if (length <= 10) return 4;
  return 5;
}

interface WordForms {
  lower: string;
  title: string;
  upper: string;
}

const WORDS_BY_CLASS: readonly WordForms[][] = buildWordBank();

function buildWordBank(): WordForms[][] {
  const classes: WordForms[][] = [[], [], [], [], [], []];
  const lists = Object.values(en.word ?? {}) as unknown as string[][];
  const seen = new Set<string>();
  const add = (word: string): void => {
    if (!/^[a-z]+$/.test(word) || seen.has(word)) return;
    seen.add(word);
    classes[lengthClass(word.length)]!.push({
      lower: word,
      title: word[0]!.toUpperCase() + word.slice(1),
      upper: word.toUpperCase(),
    });
  };
  for (const list of lists) list.forEach(add);
  // Short words are scarce in the lists; keep every class usable.
  ['a', 'i', 'an', 'as', 'at', 'be', 'by', 'do', 'go', 'he', 'if', 'in'].forEach(add);
  return classes;
}

/** A random English word of the same length class as `word`, in the same case style. */
export function similarWord(word: string, random: KeyedRandom): string {
  const forms = random.pick(WORDS_BY_CLASS[lengthClass(word.length)]!);
  switch (letterCaseOf(word)) {
    case 'lower':
      return forms.lower;
    case 'upper':
      return forms.upper;
    case 'title':
      return forms.title;
    case 'other': {
      // Mixed case ('McDonald', 'iPhone'): keep the case of the first letter only.
      const first = word[0] ?? '';
      return first !== first.toLowerCase() ? forms.title : forms.lower;
    }
  }
}

/**
 * Replaces each run of letters by a random word of a similar length in the same case; digits
 * are substituted, punctuation and spacing kept. From scheme 10 on, a text in capitals keeps
 * every word in capitals and its words of one or two letters as long ('SKU-RED-M' → 'FAT-WHY-K',
 * where the 'M' became 'At').
 * @example replaceWords('Late delivery, call back', random) // 'Sure position, bend rich'
 */
export function replaceWords(text: string, random: KeyedRandom, scheme = 1): string {
  // A text in capitals ('SKU-RED-M', 'APT B'): its short words are capitals too, not title case.
  const capitals = scheme >= 10 && letterCaseOf(text) === 'upper';
  let out = '';
  let i = 0;
  const length = text.length;
  while (i < length) {
    const start = i;
    if (isLetterAt(text, i)) {
      while (i < length && isLetterAt(text, i)) i++;
      const word = text.slice(start, i);
      // In capitals, one letter or two become as many random capitals: the word list's short
      // words would change a code's length, and a lone capital reads as title case.
      out +=
        capitals && i - start <= 2 ? substituteCharacters(word, random) : similarWord(word, random);
    } else if (isAsciiDigit(text.charCodeAt(i))) {
      while (i < length && isAsciiDigit(text.charCodeAt(i))) i++;
      out += substituteCharacters(text.slice(start, i), random);
    } else {
      while (i < length && !isLetterAt(text, i) && !isAsciiDigit(text.charCodeAt(i))) i++;
      out += text.slice(start, i);
    }
  }
  return out;
}

/**
 * The string rule for any text: word-like text gets words, other text character substitution.
 * @example pseudonymizeText('ORD-2023-0042', random) // 'KWT-8316-0075'
 */
export function pseudonymizeText(
  text: string,
  random: KeyedRandom,
  attempt = 0,
  scheme = 1,
): string {
  return isWordLike(text)
    ? replaceWords(text, random, scheme)
    : substituteCharacters(text, random, attempt);
}
