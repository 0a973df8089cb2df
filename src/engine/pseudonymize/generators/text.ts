import { en } from '@faker-js/faker';
import type { KeyedRandom } from '../keyed-random';
import { applyLetterCase, letterCaseOf } from './letter-case';

/** Texts of this length or longer are never word-like (spec §5). */
const WORD_LIKE_MAX_LENGTH = 100;

function isAsciiDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/**
 * The spec's word-like rule: under 100 characters, at least 70% of the whitespace-separated
 * tokens are alphabetic words (no digits, not short all-caps), average token length at least 3.
 * @example isWordLike('Customer asked about a refund') // true
 */
export function isWordLike(text: string): boolean {
  if (text.length >= WORD_LIKE_MAX_LENGTH) return false;
  const tokens = text.split(/\s+/).filter((token) => token !== '');
  if (tokens.length === 0) return false;
  let words = 0;
  let totalLength = 0;
  for (const token of tokens) {
    totalLength += token.length;
    // Punctuation around a word ('refund,', '"late"') does not stop it being a word.
    const core = token.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
    if (!/^\p{L}+(?:['’-]\p{L}+)*$/u.test(core)) continue;
    const shortAllCaps = core.length <= 3 && core.length > 1 && core === core.toUpperCase();
    if (!shortAllCaps) words++;
  }
  return words / tokens.length >= 0.7 && totalLength / tokens.length >= 3;
}

const A = 65;
const LOWER_A = 97;

function randomLetterLike(char: string, code: number, random: KeyedRandom): string {
  const lower = char.toLowerCase();
  const upper = char.toUpperCase();
  if (lower !== upper) {
    return String.fromCharCode((char === upper ? A : LOWER_A) + random.int(26));
  }
  // A letter without case (CJK, Arabic, Thai…): another letter of the same 128-code block.
  const blockStart = code & ~0x7f;
  for (let attempt = 0; attempt < 8; attempt++) {
    const candidate = String.fromCharCode(blockStart + random.int(128));
    if (/\p{L}/u.test(candidate)) return candidate;
  }
  return String.fromCharCode(LOWER_A + random.int(26));
}

/**
 * Replaces each letter by a random letter of the same case and each digit by a digit; all else
 * (punctuation, spacing, symbols) is kept. Leading zeros of a digit run stay zeros and the
 * first other digit stays non-zero, so codes keep their length and numbers their magnitude.
 * @example substituteCharacters('AB-0042', random) // 'QX-0067'
 */
export function substituteCharacters(text: string, random: KeyedRandom): string {
  let out = '';
  let runStart = true;
  let leadingZeros = false;
  let significant = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (isAsciiDigit(code)) {
      if (runStart) {
        runStart = false;
        significant = true;
        leadingZeros = code === 48 && isAsciiDigit(text.charCodeAt(i + 1));
      }
      if (leadingZeros && code === 48) {
        out += '0';
        continue;
      }
      leadingZeros = false;
      // The first significant digit stays non-zero; a lone '0' may become any digit.
      out += String.fromCharCode(
        significant && code !== 48 ? 49 + random.int(9) : 48 + random.int(10),
      );
      significant = false;
      continue;
    }
    runStart = true;
    if ((code >= 65 && code <= 90) || (code >= 97 && code <= 122)) {
      out += String.fromCharCode((code <= 90 ? A : LOWER_A) + random.int(26));
    } else if (code > 127 && code < 0xd800) {
      const char = text[i] as string;
      out += /\p{L}/u.test(char) ? randomLetterLike(char, code, random) : char;
    } else {
      out += text[i];
    }
  }
  return out;
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

const WORDS_BY_CLASS: readonly string[][] = buildWordBank();

function buildWordBank(): string[][] {
  const classes: string[][] = [[], [], [], [], [], []];
  const lists = Object.values(en.word ?? {}) as unknown as string[][];
  const seen = new Set<string>();
  for (const list of lists) {
    for (const word of list) {
      if (!/^[a-z]+$/.test(word) || seen.has(word)) continue;
      seen.add(word);
      classes[lengthClass(word.length)]!.push(word);
    }
  }
  // Short words are scarce in the lists; keep every class usable.
  for (const word of ['a', 'i', 'an', 'as', 'at', 'be', 'by', 'do', 'go', 'he', 'if', 'in']) {
    if (!seen.has(word)) classes[0]!.push(word);
  }
  return classes;
}

/** A random English word of the same length class as `word`, in the same case style. */
export function similarWord(word: string, random: KeyedRandom): string {
  const choices = WORDS_BY_CLASS[lengthClass(word.length)]!;
  const style = letterCaseOf(word);
  const replacement = random.pick(choices);
  if (style === 'other') {
    // Mixed case ('McDonald', 'iPhone'): keep the case of the first letter only.
    const first = word[0] ?? '';
    return first === first.toUpperCase() ? applyLetterCase(replacement, 'title') : replacement;
  }
  return applyLetterCase(replacement, style);
}

/**
 * Replaces each run of letters by a random word of a similar length in the same case; digits
 * are substituted, punctuation and spacing kept.
 * @example replaceWords('Late delivery, call back', random) // 'Sure position, bend rich'
 */
export function replaceWords(text: string, random: KeyedRandom): string {
  return text.replace(/\p{L}+|[0-9]+/gu, (run) =>
    isAsciiDigit(run.charCodeAt(0)) ? substituteCharacters(run, random) : similarWord(run, random),
  );
}

/**
 * The string rule for any text: word-like text gets words, other text character substitution.
 * @example pseudonymizeText('ORD-2023-0042', random) // 'KWT-8316-0075'
 */
export function pseudonymizeText(text: string, random: KeyedRandom): string {
  return isWordLike(text) ? replaceWords(text, random) : substituteCharacters(text, random);
}
