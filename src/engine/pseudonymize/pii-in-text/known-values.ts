import { isWhiteSpaceAt } from '../../text/char-classes';
import { COMMON_WORDS } from './common-words';
import { isFree, isWordCharAt, take, type PiiKind, type PiiSpan } from './pii-span';

/** Values longer than this are not looked for in text (a paragraph is no identifier). */
const MAX_VALUE_LENGTH = 64;

interface KnownValue {
  pseudonym: string;
  kind: PiiKind;
  /** An English word too ('Grace', 'Reading'): matched only capitalized and mid-sentence. */
  commonWord: boolean;
}

/**
 * Whether a dataset value may be looked for in free text without replacing ordinary words:
 * - at least 3 characters, starting with a letter or digit, at most 64, no padding;
 * - digits only: at least 4 digits (a '12' in a note is a quantity, not customer 12);
 * - one word that is also an English word: only when capitalized (see KnownValue.commonWord).
 */
function matchable(text: string): { commonWord: boolean } | null {
  if (text.length < 3 || text.length > MAX_VALUE_LENGTH || text.trim() !== text) return null;
  if (!isWordCharAt(text, 0)) return null;
  if (text.length < 4 && /^\d+$/.test(text)) return null;
  const oneWord = !/\s/.test(text);
  const commonWord = oneWord && COMMON_WORDS.has(text.toLowerCase());
  if (commonWord && text[0] === text[0]!.toLowerCase()) return null;
  return { commonWord };
}

/** Bits of the filter of first words (2 MB): few false positives with millions of values. */
const FIRST_WORD_BITS = 24;

/** Where the run of letters and digits that starts at `from` ends. */
function wordEndAt(text: string, from: number): number {
  let end = from;
  while (isWordCharAt(text, end)) end++;
  return end;
}

/**
 * The word `text[from, end)` (what a value's match must start with) hashed (FNV-1a over its
 * UTF-16 units) to a bit of the first-word filter.
 */
function firstWordBit(text: string, from: number, end: number): number {
  let hash = 0x811c9dc5;
  for (let i = from; i < end; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> (32 - FIRST_WORD_BITS);
}

/** A match may not begin inside a word or a code ('xAnn', 'AB-1042'). */
function startsWord(text: string, start: number): boolean {
  const before = text[start - 1];
  if (before === undefined) return true;
  if (isWordCharAt(text, start - 1) || before === '@' || before === '_') return false;
  return !('-./+&'.includes(before) && isWordCharAt(text, start - 2));
}

/** A match may not end inside a word or a code ('Annabel', '1042-B'); "Ann's" ends after Ann. */
function endsWord(text: string, end: number): boolean {
  const after = text[end];
  if (after === undefined) return true;
  if (isWordCharAt(text, end) || after === '@' || after === '_') return false;
  return !('-./+&'.includes(after) && isWordCharAt(text, end + 1));
}

/** Whether a word at `start` follows another word of its sentence (not a sentence's first). */
function midSentence(text: string, start: number): boolean {
  let at = start - 1;
  while (at >= 0 && isWhiteSpaceAt(text, at)) at--;
  return at >= 0 && at < start - 1 && !'.!?:;"“([\n'.includes(text[at]!);
}

/**
 * The originals of a dataset's structured columns (names, emails, phones, ids, codes, cities…)
 * with the pseudonyms their columns gave them, found in free text as whole words, letter case
 * as written, the longest value first at each place.
 */
export class KnownValues {
  /**
   * Every value: a value looked for in text (see matchable) as its KnownValue, any other as its
   * pseudonym alone, for a value found by its pattern ('(555) 201-3344'). One map, not two: it
   * is filled with every value of the structured columns.
   */
  readonly #values = new Map<string, KnownValue | string>();
  /** How many values are looked for in text. */
  #matchable = 0;
  /** Emails by their lower-case spelling: 'Ann@X.com' in a note is ann@x.com's address. */
  readonly #emails = new Map<string, string>();
  /**
   * A filter of the values' first words: a word whose bit is clear starts no value (a set bit
   * may be another word's, so a set bit is only a reason to look).
   */
  #firstWords: Uint32Array | null = null;
  #longest = 0;

  /**
   * Adds a value and its pseudonym (the first column to add a value wins); a value `matchable`
   * refuses is only looked up when a pattern finds it.
   * @example known.add('Ann Lee', 'Rosa Kling', 'name')
   */
  add(original: string, pseudonym: string, kind: PiiKind): void {
    if (kind === 'email') {
      const lower = original.toLowerCase();
      if (!this.#emails.has(lower)) this.#emails.set(lower, pseudonym);
    }
    if (this.#values.has(original)) return;
    const rule = matchable(original);
    if (!rule) {
      this.#values.set(original, pseudonym);
      return;
    }
    this.#values.set(original, { pseudonym, kind, commonWord: rule.commonWord });
    this.#matchable++;
    this.#firstWords ??= new Uint32Array(2 ** (FIRST_WORD_BITS - 5));
    const bit = firstWordBit(original, 0, wordEndAt(original, 0));
    this.#firstWords[bit >>> 5]! |= 1 << (bit & 31);
    this.#longest = Math.max(this.#longest, original.length);
  }

  /** The pseudonym a dataset email has (any letter case), or undefined. */
  emailPseudonym(text: string): string | undefined {
    return this.pseudonymOf(text) ?? this.#emails.get(text.toLowerCase());
  }

  /** The pseudonym of a dataset value spelled exactly so, or undefined. */
  pseudonymOf(text: string): string | undefined {
    const value = this.#values.get(text);
    return typeof value === 'object' ? value.pseudonym : value;
  }

  /**
   * Finds the dataset's values in a text outside the spans already taken, leftmost first and
   * the longest at each place.
   * @example known.find('Ann Lee called', taken, spans) // one 'name' span over 'Ann Lee'
   */
  find(text: string, taken: Uint8Array, spans: PiiSpan[]): void {
    if (this.#matchable === 0) return;
    const length = text.length;
    let start = 0;
    while (start < length) {
      if (!isWordCharAt(text, start) || taken[start] === 1 || !startsWord(text, start)) {
        start++;
        continue;
      }
      const wordEnd = wordEndAt(text, start);
      const bit = firstWordBit(text, start, wordEnd);
      const wordLength = wordEnd - start;
      let matched = 0;
      if ((this.#firstWords![bit >>> 5]! & (1 << (bit & 31))) !== 0) {
        for (let end = Math.min(length, start + this.#longest); end > start; end--) {
          if (!endsWord(text, end)) continue;
          const value = this.#values.get(text.slice(start, end));
          if (typeof value !== 'object' || !isFree(taken, start, end)) continue;
          if (value.commonWord && !midSentence(text, start)) continue;
          take(taken, spans, { start, end, kind: value.kind, pseudonym: value.pseudonym });
          matched = end - start;
          break;
        }
      }
      start += matched > 0 ? matched : Math.max(1, wordLength);
    }
  }
}
