import { isWhiteSpaceAt } from '../../text/char-classes';
import type { Cell } from '../../types';
import { KeyIndex } from '../key-index';
import { cellKey } from '../namespace';
import { StringHashSet } from '../string-hash-set';
import { COMMON_WORDS } from './common-words';
import { isFree, isWordCharAt, take, type PiiKind, type PiiSpan } from './pii-span';

/** Values longer than this are not looked for in text (a paragraph is no identifier). */
const MAX_VALUE_LENGTH = 64;

export interface KnownValue {
  pseudonym: string;
  kind: PiiKind;
  /** The value's number (see #index); none for a value added one by one. */
  value?: number;
}

/**
 * The values `find` may find in a run's free texts: their texts in the order of their numbers
 * (what another thread needs to find the same ones, KnownValues.forSearch), and those numbers.
 */
export interface SearchedValues {
  texts: string[];
  values: Int32Array;
}

/**
 * Whether a dataset value may be looked for in free text without replacing ordinary words:
 * - at least 3 characters, starting with a letter or digit, at most 64, no padding;
 * - digits only: at least 4 digits (a '12' in a note is a quantity, not customer 12);
 * - one word that is also an English word: only when capitalized, and then only mid-sentence
 *   (`commonWord`: 'Grace', 'Reading').
 */
function matchable(text: string): { commonWord: boolean } | null {
  if (!searchable(text) || text.trim() !== text) return null;
  if (text.length < 4 && /^\d+$/.test(text)) return null;
  const oneWord = !/\s/.test(text);
  const commonWord = oneWord && COMMON_WORDS.has(text.toLowerCase());
  if (commonWord && text[0] === text[0]!.toLowerCase()) return null;
  return { commonWord };
}

/** What `find` may find at all (the cheap part of `matchable`, for every value). */
function searchable(text: string): boolean {
  return text.length >= 3 && text.length <= MAX_VALUE_LENGTH && isWordCharAt(text, 0);
}

/** Bits of the filter of first words (2 MB): few false positives with millions of values. */
const FIRST_WORD_BITS = 24;

/** Where the run of letters and digits that starts at `from` ends. */
function wordEndAt(text: string, from: number): number {
  let end = from;
  while (isWordCharAt(text, end)) end++;
  return end;
}

/** FNV-1a over text[from, end), as StringHashSet.hash gives for that slice alone. */
function hashRange(text: string, from: number, end: number): number {
  let hash = 0x811c9dc5 | 0;
  for (let i = from; i < end; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash;
}

/** A slice's hash as stored (StringHashSet.hash never gives 0). */
const storedHash = (hash: number): number => (hash === 0 ? 1 : hash);

/** The bit of the first-word filter for the word text[from, end) (what a match starts with). */
function firstWordBit(text: string, from: number, end: number): number {
  return hashRange(text, from, end) >>> (32 - FIRST_WORD_BITS);
}

/** The first-word filter bits of every run of letters and digits in `texts`. */
function wordsOf(texts: Iterable<string>): Uint32Array {
  const words = new Uint32Array(2 ** (FIRST_WORD_BITS - 5));
  for (const text of texts) {
    let at = 0;
    while (at < text.length) {
      if (!isWordCharAt(text, at)) {
        at++;
        continue;
      }
      const end = wordEndAt(text, at);
      const bit = firstWordBit(text, at, end);
      words[bit >>> 5]! |= 1 << (bit & 31);
      at = end;
    }
  }
  return words;
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

/** A cell a text can mention: text or a number (an id), not a date or a boolean. */
function isText(cell: Cell | undefined): cell is string | number {
  return typeof cell === 'string' || typeof cell === 'number';
}

/**
 * A structured column whose values free text may mention, read where the run keeps them: its
 * namespace's originals and their index, and the rows it wrote (a row rule may have rewritten a
 * cell, so a value's pseudonym is what its first row became).
 */
export interface KnownColumn {
  kind: PiiKind;
  /** The namespace's originals by id, and its index of their keys (see namespace.ts). */
  originals: readonly Cell[];
  ids: KeyIndex;
  /** Per namespace id, the first row of this column that holds it, or -1. */
  firstRow: Int32Array;
  /** The column's cells as written. */
  written: (row: number) => Cell | undefined;
}

/**
 * The originals of a dataset's structured columns (names, emails, phones, ids, codes, cities…)
 * with the pseudonyms their columns gave them, found in free text as whole words, letter case
 * as written, the longest value first at each place.
 *
 * The values are not copied: one open-addressing table of value numbers points into the
 * columns' own namespaces, and holds only the values whose first word the texts hold (a 50 MB
 * file has millions of values; a Map of them all cost a second and hundreds of MB). A value
 * found by its pattern (an email, a phone) is looked up in its columns' indexes.
 */
export class KnownValues {
  readonly #columns: KnownColumn[] = [];
  /** The first value number of each column: value v is column c's id v - #starts[c]. */
  #starts: number[] = [];
  /** Which column each value number belongs to. */
  #columnOf = new Uint16Array(0);
  /**
   * The values `find` may find in the texts. Slot i is #table[2i] (value number + 1, 0 when
   * empty) and #table[2i + 1] (its hash).
   */
  #table = new Int32Array(0);
  #mask = 0;
  /** Values added one by one (the words of full names, tests); consulted after the columns. */
  readonly #added = new Map<string, KnownValue>();
  /** Emails by their lower-case spelling, built when first needed: 'Ann@X.com' is ann@x.com. */
  #emails: Map<string, string> | null = null;
  /**
   * A filter of the values' first words: a word whose bit is clear starts no value (a set bit
   * may be another word's, so a set bit is only a reason to look).
   */
  readonly #firstWords = new Uint32Array(2 ** (FIRST_WORD_BITS - 5));
  #longest = 0;
  /** Hashes of text[start, start + n) for the candidate ends of `find` (reused). */
  #prefixHashes = new Int32Array(MAX_VALUE_LENGTH + 1);

  /**
   * The values of structured columns that `texts` may mention, the first column that holds a
   * value giving its pseudonym.
   * @example KnownValues.fromColumns([{ kind: 'name', originals, ids, firstRow, written }], notes)
   */
  static fromColumns(columns: readonly KnownColumn[], texts: Iterable<string>): KnownValues {
    const known = new KnownValues();
    known.#index(columns, wordsOf(texts));
    return known;
  }

  /**
   * The values `find` may find in the texts (none added one by one), in the order of their
   * numbers, so that forSearch on another thread finds the same ones.
   */
  searched(): SearchedValues {
    const values: number[] = [];
    for (let slot = 0; slot < this.#table.length; slot += 2) {
      if (this.#table[slot] !== 0) values.push(this.#table[slot]! - 1);
    }
    const numbers = Int32Array.from(values).sort();
    return { texts: Array.from(numbers, (value) => this.#textOf(value)), values: numbers };
  }

  /**
   * Values that `find` finds where the KnownValues whose `searched().texts` they are finds them,
   * for `texts` (those it was made for): a span's `value` is the value's place in `values`, and
   * its kind and pseudonym stand in (valueAt, on the other side, gives the real ones). Inserted in
   * the order of their numbers, the one of two equal texts kept is the same.
   */
  static forSearch(values: string[], texts: Iterable<string>): KnownValues {
    const column: KnownColumn = {
      kind: 'value',
      originals: values,
      ids: new KeyIndex(),
      firstRow: new Int32Array(values.length),
      written: () => '',
    };
    return KnownValues.fromColumns([column], texts);
  }

  /** Whether values were added one by one (add): forSearch does not know them. */
  get hasAdded(): boolean {
    return this.#added.size > 0;
  }

  /**
   * Numbers the columns' values, and puts in the table those `find` could find in the texts:
   * searchable, and starting with a word some text holds (most of a file's values, its ids and
   * UUIDs, are in no note; a value found by its pattern is looked up in its column instead).
   */
  #index(columns: readonly KnownColumn[], textWords: Uint32Array): void {
    let count = 0;
    for (const column of columns) {
      this.#columns.push(column);
      this.#starts.push(count);
      count += column.originals.length;
    }
    this.#columnOf = new Uint16Array(count);
    const candidates: number[] = [];
    columns.forEach((column, columnNumber) => {
      const start = this.#starts[columnNumber]!;
      this.#columnOf.fill(columnNumber, start, start + column.originals.length);
      const { originals, firstRow } = column;
      for (let id = 0; id < originals.length; id++) {
        const original = originals[id];
        if (firstRow[id]! < 0 || !isText(original)) continue;
        const text = typeof original === 'string' ? original : String(original);
        if (!searchable(text)) continue;
        const bit = firstWordBit(text, 0, wordEndAt(text, 0));
        if ((textWords[bit >>> 5]! & (1 << (bit & 31))) !== 0) candidates.push(start + id);
      }
    });
    let slots = 1024;
    while (slots < candidates.length * 2 + 2) slots *= 2;
    this.#table = new Int32Array(slots * 2);
    this.#mask = slots - 1;
    for (const value of candidates) {
      const text = this.#textOf(value);
      if (this.#insert(value, text, StringHashSet.hash(text))) this.#noteFirstWord(text);
    }
  }

  /** Adds value number `value` unless an earlier column holds the same text. */
  #insert(value: number, text: string, hash: number): boolean {
    const table = this.#table;
    const mask = this.#mask;
    let slot = hash & mask;
    for (; table[slot * 2] !== 0; slot = (slot + 1) & mask) {
      if (table[slot * 2 + 1] === hash && this.#textOf(table[slot * 2]! - 1) === text) return false;
    }
    table[slot * 2] = value + 1;
    table[slot * 2 + 1] = hash;
    return true;
  }

  #noteFirstWord(text: string): void {
    if (!searchable(text)) return;
    const bit = firstWordBit(text, 0, wordEndAt(text, 0));
    this.#firstWords[bit >>> 5]! |= 1 << (bit & 31);
    this.#longest = Math.max(this.#longest, text.length);
  }

  #textOf(value: number): string {
    const column = this.#columnOf[value]!;
    const original = this.#columns[column]!.originals[value - this.#starts[column]!]!;
    return typeof original === 'string' ? original : String(original);
  }

  /**
   * The pseudonym (what its first row became) and kind of the value numbered `value`, as `find`
   * gives them; undefined when that cell is no text (then `find` does not find it).
   */
  valueAt(value: number): KnownValue | undefined {
    const columnNumber = this.#columnOf[value]!;
    const column = this.#columns[columnNumber]!;
    const written = column.written(column.firstRow[value - this.#starts[columnNumber]!]!);
    return isText(written) ? { pseudonym: String(written), kind: column.kind, value } : undefined;
  }

  /** The value number of text[start, end) (hash given), or -1. */
  #find(text: string, start: number, end: number, hash: number): number {
    if (this.#mask === 0) return -1;
    const table = this.#table;
    const mask = this.#mask;
    const length = end - start;
    for (let slot = hash & mask; table[slot * 2] !== 0; slot = (slot + 1) & mask) {
      if (table[slot * 2 + 1] !== hash) continue;
      const value = table[slot * 2]! - 1;
      const candidate = this.#textOf(value);
      if (candidate.length === length && text.startsWith(candidate, start)) return value;
    }
    return -1;
  }

  /** The value spelled exactly as text[start, end), from a column or added. */
  #lookup(text: string, start: number, end: number, hash: number): KnownValue | undefined {
    const value = this.#find(text, start, end, storedHash(hash));
    if (value >= 0) return this.valueAt(value);
    return this.#added.size === 0 ? undefined : this.#added.get(text.slice(start, end));
  }

  /**
   * Adds a value and its pseudonym after the columns' (the first to add a value wins).
   * @example known.add('Lee', 'Kling', 'name') // a surname from a full-name column
   */
  add(original: string, pseudonym: string, kind: PiiKind): void {
    if (this.#added.has(original) || this.pseudonymOf(original) !== undefined) return;
    this.#added.set(original, { pseudonym, kind });
    this.#emails = null;
    this.#noteFirstWord(original);
  }

  /** The pseudonym a dataset email has (any letter case), or undefined. */
  emailPseudonym(text: string): string | undefined {
    return this.pseudonymOf(text) ?? this.#emailsByLowerCase().get(text.toLowerCase());
  }

  #emailsByLowerCase(): Map<string, string> {
    if (this.#emails) return this.#emails;
    const emails = new Map<string, string>();
    const keep = (text: string, pseudonym: string) => {
      const lower = text.toLowerCase();
      if (!emails.has(lower)) emails.set(lower, pseudonym);
    };
    this.#columns.forEach((column, columnNumber) => {
      if (column.kind !== 'email') return;
      const start = this.#starts[columnNumber]!;
      column.originals.forEach((original, id) => {
        if (typeof original !== 'string' || column.firstRow[id]! < 0) return;
        const value = this.valueAt(start + id);
        if (value) keep(original, value.pseudonym);
      });
    });
    for (const [text, value] of this.#added) {
      if (value.kind === 'email') keep(text, value.pseudonym);
    }
    this.#emails = emails;
    return emails;
  }

  /** The pseudonym of a dataset value spelled exactly so, or undefined. */
  pseudonymOf(text: string): string | undefined {
    const hash = hashRange(text, 0, text.length);
    return (this.#lookup(text, 0, text.length, hash) ?? this.#inColumns(text, storedHash(hash)))
      ?.pseudonym;
  }

  /** A value that is not in the table (see #index), looked up in each column's own index. */
  #inColumns(text: string, hash: number): KnownValue | undefined {
    const numberKey = /^\d+$/.test(text) ? cellKey(Number(text)) : null;
    for (let columnNumber = 0; columnNumber < this.#columns.length; columnNumber++) {
      const { ids, originals, firstRow } = this.#columns[columnNumber]!;
      let id = ids.find(text, hash);
      // A number cell's key is tagged ('\u0001n4111…'); its text must read back the same.
      if (id < 0 && numberKey !== null) {
        id = ids.find(numberKey);
        if (id >= 0 && String(originals[id]) !== text) id = -1;
      }
      if (id >= 0 && firstRow[id]! >= 0 && isText(originals[id])) {
        return this.valueAt(this.#starts[columnNumber]! + id);
      }
    }
    return undefined;
  }

  /**
   * Finds the dataset's values in a text outside the spans already taken, leftmost first and
   * the longest at each place.
   * @example known.find('Ann Lee called', taken, spans) // one 'name' span over 'Ann Lee'
   */
  find(text: string, taken: Uint8Array, spans: PiiSpan[]): void {
    if (this.#longest === 0) return;
    const length = text.length;
    const prefixHashes = this.#prefixHashes;
    let start = 0;
    while (start < length) {
      if (!isWordCharAt(text, start) || taken[start] === 1 || !startsWord(text, start)) {
        start++;
        continue;
      }
      const wordEnd = wordEndAt(text, start);
      const bit = firstWordBit(text, start, wordEnd);
      let matched = 0;
      if ((this.#firstWords[bit >>> 5]! & (1 << (bit & 31))) !== 0) {
        // Every candidate's hash in one pass (FNV-1a runs left to right), then longest first.
        const longest = Math.min(length, start + this.#longest) - start;
        let hash = 0x811c9dc5 | 0;
        for (let n = 1; n <= longest; n++) {
          hash = Math.imul(hash ^ text.charCodeAt(start + n - 1), 0x01000193);
          prefixHashes[n] = hash;
        }
        for (let end = start + longest; end > start; end--) {
          if (!endsWord(text, end)) continue;
          const value = this.#lookup(text, start, end, prefixHashes[end - start]!);
          if (!value || !isFree(taken, start, end)) continue;
          const rule = matchable(text.slice(start, end));
          if (!rule || (rule.commonWord && !midSentence(text, start))) continue;
          const { kind, pseudonym } = value;
          take(taken, spans, { start, end, kind, pseudonym, value: value.value });
          matched = end - start;
          break;
        }
      }
      start += matched > 0 ? matched : Math.max(1, wordEnd - start);
    }
  }
}
