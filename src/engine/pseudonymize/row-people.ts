import { isAsciiDigit, isAsciiLetter, isAsciiLower, isAsciiUpper } from '../text/char-classes';
import { flatString } from '../text/flat-string';
import { splitFullName, titledParts } from '../text/person-names';
import type { Cell, ColumnSchema, SharedAddresses, Sheet } from '../types';
import { KeyIndex } from './key-index';
import type { KeyedRandom } from './keyed-random';
import type { Namespace, PlannedColumn } from './namespace';
import { agreeGenders, agreeingTitle } from './row-gender';
import { StringHashSet } from './string-hash-set';

/*
 * People that stay coherent within a row. Names get their pseudonyms per value (a name's
 * pseudonym never depends on its row), then an email or username that was built from the row's
 * own first and last name ('catherine.moore@yahoo.com' on Catherine Moore's row) is rebuilt
 * from the row's pseudonymized names in the same layout ('first.last', 'flast', 'first_last',
 * 'lastfirst'), digits redrawn in place (keyed by the original address), the domain the one the
 * per-value pseudonym got (example.com/.org/.net). A full name that agrees with the row's first
 * and last name ('Catherine Moore', 'Moore, Catherine') is rebuilt from their pseudonyms.
 * Whether a value was built from the names is decided per row, by comparing letters only,
 * without case or accents; values that were not keep their per-value pseudonym.
 *
 * A rebuilt address must stay an address of its own: one that is another original of the
 * column, or that another original already got (per value or rebuilt), keeps the per-value
 * pseudonym instead.
 *
 * From scheme 5 on, sheets keep joining on such values (SheetsOfPeople): an address or full name
 * rebuilt in a sheet with names is written the same in the sheets without them (an orders
 * sheet's customer_email), where it kept its per-value pseudonym there; and what was handed out
 * is checked across all the namespace's columns, so no two addresses meet on one rebuilt form.
 *
 * From scheme 6 on, a sheet with a full name but no name columns (a contact list: Name, Email)
 * goes the other way (namesFromEmails): a full name made into its row's email takes the names
 * of the email's per-value pseudonym, so the email still joins files without names.
 */

/** How many emails, usernames and full names were rebuilt from their row's names. */
export interface PeopleCounts {
  addresses: number;
  fullNames: number;
  /** Full names written as the names of their row's email pseudonym (namesFromEmails). */
  fullNamesFromEmails: number;
  genders: number;
  /**
   * Distinct original addresses whose first rebuilt form was an original of the column or was
   * taken by another address, so that what they got depends on the file's other values.
   */
  fileDependent: number;
}

export type NamePart = 'first' | 'last' | 'firstInitial' | 'lastInitial';

/** A local part's layout: its name parts, the separator between them, its digits and case. */
export interface LocalLayout {
  parts: NamePart[];
  separator: string;
  digits: string;
  letterCase: 'lower' | 'upper' | 'title';
}

/** Letters only, lower case, accents dropped: 'Chloé' and "O'Brien" → 'chloe', 'obrien'. */
function letters(text: string): string {
  return withoutAccents(text)
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

/** Cached names kept before the cache starts over; a column's names mostly repeat. */
const LETTERS_CACHE_LIMIT = 65_536;

/** `letters`, each distinct text computed once (bounded; the result never depends on it). */
export function cachedLetters(): (text: string) => string {
  const cache = new Map<string, string>();
  return (text) => {
    let result = cache.get(text);
    if (result === undefined) {
      if (cache.size >= LETTERS_CACHE_LIMIT) cache.clear();
      result = letters(text);
      cache.set(text, result);
    }
    return result;
  };
}

function cellString(cell: Cell | undefined): string {
  return typeof cell === 'string' ? cell : '';
}

export const LAYOUTS: NamePart[][] = [
  ['first', 'last'],
  ['last', 'first'],
  ['firstInitial', 'last'],
  ['first', 'lastInitial'],
  ['first'],
  ['last'],
];

export function partText(part: NamePart, first: string, last: string): string {
  if (part === 'first') return first;
  if (part === 'last') return last;
  return (part === 'firstInitial' ? first : last).slice(0, 1);
}

/**
 * The layout of a local part built from a first and last name, or null when it was not.
 * @example nameLayout('jmoore42', 'James', 'Moore') // { parts: ['firstInitial', 'last'], separator: '', digits: '42', … }
 */
export function nameLayout(local: string, first: string, last: string): LocalLayout | null {
  return nameLayoutWith(local, first, last, letters);
}

/**
 * nameLayout with the letters of names read through `lettersOf` (cachedLetters). From `scheme`
 * 11 on, also the other ways addresses spell names (otherSpellings).
 */
export function nameLayoutWith(
  local: string,
  first: string,
  last: string,
  lettersOf: (text: string) => string,
  scheme = 1,
): LocalLayout | null {
  const layout = layoutOf(local, lettersOf(first), lettersOf(last));
  if (layout) return layout;
  const ascii = ASCII.test(first) && ASCII.test(last);
  // Exports that drop accented letters instead of their accents ('Chloé' → 'chlo'); names in
  // printable ASCII have none to drop (both spellings are the same letters).
  const dropped = ascii ? null : layoutOf(local, droppedAccents(first), droppedAccents(last));
  if (dropped || scheme < 11) return dropped;
  return otherSpellings(local, first, last, lettersOf, ascii);
}

/**
 * Scheme 11: a local part that spells the names another way than their letters: with accents
 * ('josé.williams'), with umlauts written out ('klaus.jaeger' for Jäger, 'soeren' for Søren) or
 * folded ('soren'), or with a double name's hyphen ('mary.smith-jones', 'anne-marie.moore'). Its
 * layout is read on the letters alone.
 */
function otherSpellings(
  local: string,
  first: string,
  last: string,
  lettersOf: (text: string) => string,
  ascii: boolean,
): LocalLayout | null {
  const plainLocal = withoutAccents(local);
  // A hyphen inside a name, beside another separator: 'mary.smith-jones', 'anne-marie.moore'.
  const unhyphenated = /[._].*-|-.*[._]/.test(plainLocal)
    ? plainLocal.replace(/-/g, '')
    : plainLocal;
  if (unhyphenated !== local) {
    const layout = layoutOf(unhyphenated, lettersOf(first), lettersOf(last));
    if (layout) return layout;
  }
  if (ascii) return null;
  return (
    layoutOf(unhyphenated, umlautsWrittenOut(first), umlautsWrittenOut(last)) ??
    layoutOf(unhyphenated, lettersUnfolded(first), lettersUnfolded(last))
  );
}

/** Text with its combining accents dropped: 'josé' → 'jose'. */
function withoutAccents(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}

/**
 * A name's letters with its umlauts written out, as addresses spell them: 'jaeger' for Jäger,
 * 'soeren' for Søren, 'aase' for Åse.
 */
function umlautsWrittenOut(text: string): string {
  return letters(
    text
      .toLowerCase()
      .replace(/[äæ]/g, 'ae')
      .replace(/[öøœ]/g, 'oe')
      .replace(/ü/g, 'ue')
      .replace(/å/g, 'aa')
      .replace(/ß/g, 'ss'),
  );
}

/**
 * A name's letters with the letters no accent makes (ø, æ, ß, ł, đ) folded to their plain
 * ones: 'soren' for Søren, 'lukasz' for Łukasz.
 */
function lettersUnfolded(text: string): string {
  return letters(
    text
      .toLowerCase()
      .replace(/ø/g, 'o')
      .replace(/æ/g, 'ae')
      .replace(/œ/g, 'oe')
      .replace(/ß/g, 'ss')
      .replace(/ł/g, 'l')
      .replace(/đ/g, 'd'),
  );
}

const ASCII = /^[ -~]*$/;

function droppedAccents(text: string): string {
  return text.toLowerCase().replace(/[^a-z]/g, '');
}

/** Where the run of ASCII letters that starts at `from` ends. */
function asciiLettersEnd(text: string, from: number): number {
  let at = from;
  while (at < text.length && isAsciiLetter(text.charCodeAt(at))) at++;
  return at;
}

/** Whether text[from, from + part.length), ASCII letters, is `part` (lower case) in any case. */
function spellsAt(text: string, from: number, part: string): boolean {
  for (let i = 0; i < part.length; i++) {
    if ((text.charCodeAt(from + i) | 0x20) !== part.charCodeAt(i)) return false;
  }
  return true;
}

/**
 * The layout of a local part that is /^([A-Za-z]+)(?:([._-])([A-Za-z]+))?(\d*)$/ (a word, a
 * separator and a second word, digits after) made of `f` and `l`, the names' lower-case letters.
 * Read and compared in place, without a match, a lower-case copy or an array per try: it runs
 * for every email of names and every row holding one.
 */
function layoutOf(local: string, f: string, l: string): LocalLayout | null {
  if (f.length < 2 || l.length < 2) return null;
  const wordEnd = asciiLettersEnd(local, 0);
  if (wordEnd === 0) return null;
  let separator = '';
  let secondStart = wordEnd;
  let secondEnd = wordEnd;
  const after = local.charCodeAt(wordEnd);
  if (after === 0x2e || after === 0x5f || after === 0x2d) {
    const end = asciiLettersEnd(local, wordEnd + 1);
    if (end > wordEnd + 1) {
      separator = local[wordEnd]!;
      secondStart = wordEnd + 1;
      secondEnd = end;
    }
  }
  let at = secondEnd;
  while (at < local.length && isAsciiDigit(local.charCodeAt(at))) at++;
  if (at !== local.length) return null;
  let upper = false;
  let lower = false;
  for (let i = 0; i < secondEnd; i++) {
    const code = local.charCodeAt(i);
    if (isAsciiUpper(code)) upper = true;
    else if (isAsciiLower(code)) lower = true;
  }
  const letterCase = !upper ? 'lower' : !lower ? 'upper' : 'title';
  const secondLength = secondEnd - secondStart;
  for (const parts of LAYOUTS) {
    const head = partText(parts[0]!, f, l);
    const tail = parts.length === 2 ? partText(parts[1]!, f, l) : null;
    const fits = separator
      ? tail !== null &&
        wordEnd === head.length &&
        spellsAt(local, 0, head) &&
        secondLength === tail.length &&
        spellsAt(local, secondStart, tail)
      : tail === null
        ? wordEnd === head.length && spellsAt(local, 0, head)
        : wordEnd === head.length + tail.length &&
          spellsAt(local, 0, head) &&
          spellsAt(local, head.length, tail);
    if (fits) return { parts, separator, digits: local.slice(secondEnd), letterCase };
  }
  return null;
}

function cased(text: string, letterCase: LocalLayout['letterCase']): string {
  if (letterCase === 'lower') return text;
  if (letterCase === 'upper') return text.toUpperCase();
  return text.slice(0, 1).toUpperCase() + text.slice(1);
}

/**
 * The local part of `layout` written with other names; digits redrawn, keyed by `original` (so
 * a username and a URL path holding the same text get the same digits).
 */
export function rebuiltLocal(
  layout: LocalLayout,
  first: string,
  last: string,
  original: string,
  random: KeyedRandom,
  attempt: number,
  lettersOf: (text: string) => string,
): string {
  const f = lettersOf(first);
  const l = lettersOf(last);
  if (f === '' || l === '') return '';
  const { parts, separator, letterCase } = layout;
  let local = '';
  for (let index = 0; index < parts.length; index++) {
    if (index > 0) local += separator;
    local += cased(partText(parts[index]!, f, l), letterCase);
  }
  // Retries add a digit each, as the per-value generator does, so namesakes stay apart.
  const digitCount = layout.digits.length + attempt;
  if (digitCount > 0) random.reseed('emailDigits', original, attempt);
  for (let i = 0; i < digitCount; i++) local += String(random.int(10));
  return local;
}

/** Tries before a row's address keeps its per-value pseudonym. */
const ADDRESS_ATTEMPTS = 4;

/** The column of a sheet with a semantic, when it is pseudonymized. */
function plannedWith(
  planned: readonly PlannedColumn[],
  sheetIndex: number,
  test: (schema: ColumnSchema) => boolean,
): PlannedColumn[] {
  return planned.filter((column) => column.sheetIndex === sheetIndex && test(column.schema));
}

/** A sheet's first-name and last-name columns, when pseudonymized: what its rows rebuild from. */
function namesOf(
  planned: readonly PlannedColumn[],
  sheetIndex: number,
): { first: PlannedColumn | undefined; last: PlannedColumn | undefined } {
  return {
    first: plannedWith(planned, sheetIndex, (c) => c.semantic === 'firstName')[0],
    last: plannedWith(planned, sheetIndex, (c) => c.semantic === 'lastName')[0],
  };
}

/**
 * Values already handed out in a column: each pseudonym (numbered in `taken`) → the namespace
 * number of its original, in `owners`. Keyed by the same string hash as the namespace's `ids`
 * (a text original's key is the text), so one hash per candidate serves both look-ups, and no
 * Map of every pseudonym is built.
 */
interface HandedOut {
  taken: KeyIndex;
  owners: number[];
}

function handedOut({ pseudonyms }: Namespace): HandedOut {
  const taken = new KeyIndex(pseudonyms.length);
  const owners: number[] = [];
  for (let id = 0; id < pseudonyms.length; id++) {
    const pseudonym = pseudonyms[id];
    // The last original to get a pseudonym owns it.
    if (typeof pseudonym === 'string') owners[taken.add(pseudonym)] = id;
  }
  return { taken, owners };
}

/** Whether `text` is one of the column's text originals (`hash`: its StringHashSet hash). */
function isTextOriginal(column: PlannedColumn, text: string, hash: number): boolean {
  const id = column.namespace.ids.find(text, hash);
  return id >= 0 && typeof column.namespace.originals[id] === 'string';
}

/**
 * Emails and usernames built from the row's names, rebuilt from their pseudonyms; returns how
 * many were rebuilt, and how many distinct originals took another than their first form because
 * the file held it (PeopleCounts.fileDependent).
 */
function rebuildAddresses(
  input: Sheet,
  output: Sheet,
  addresses: readonly PlannedColumn[],
  firstIndex: number,
  lastIndex: number,
  random: KeyedRandom,
  shared: SharedAddresses | undefined,
  people: SheetsOfPeople | undefined,
  scheme: number,
): { rebuilt: number; fileDependent: number } {
  let rebuilt = 0;
  let fileDependent = 0;
  for (const column of addresses) {
    /** The column's (from scheme 5, the namespace's) originals already counted as file-dependent. */
    const counted =
      people?.countedOf(column.namespace) ?? new Uint8Array(column.namespace.originals.length);
    const { columnIndex, rowIds } = column;
    const isEmail = column.schema.type === 'email' || column.schema.semantic === 'email';
    let lookups: HandedOut | null = people?.handedOutOf(column.namespace) ?? null;
    const lettersOf = cachedLetters();
    for (let row = 0; row < input.rows.length; row++) {
      const id = rowIds[row]!;
      if (id < 0) continue;
      const original = cellString(input.rows[row]![columnIndex]);
      const at = isEmail ? original.lastIndexOf('@') : original.length;
      if (at <= 0) continue;
      const source = input.rows[row]!;
      const layout = nameLayoutWith(
        original.slice(0, at),
        cellString(source[firstIndex]),
        cellString(source[lastIndex]),
        lettersOf,
        scheme,
      );
      if (!layout) continue;
      const fake = output.rows[row]!;
      const written = cellString(fake[columnIndex]);
      const fakeAt = isEmail ? written.lastIndexOf('@') : written.length;
      if (fakeAt < 0) continue;
      lookups ??= handedOut(column.namespace);
      let chosen: string | null = null;
      let chosenHash = 0;
      let refusedForTheFile = false;
      for (let attempt = 0; attempt < ADDRESS_ATTEMPTS && chosen === null; attempt++) {
        const local = rebuiltLocal(
          layout,
          cellString(fake[firstIndex]),
          cellString(fake[lastIndex]),
          original,
          random,
          attempt,
          lettersOf,
        );
        if (local === '') break;
        const candidate = local + written.slice(fakeAt);
        const hash = StringHashSet.hash(candidate);
        if (candidate === original) continue;
        const number = isTextOriginal(column, candidate, hash)
          ? -2
          : lookups.taken.find(candidate, hash);
        const free = number === -1 || lookups.owners[number] === id;
        if (free && !shared?.takenByAnother(candidate, original)) {
          // The cell's own pseudonym when the rebuilt form is that text (half the rows of an
          // email column of names): the row keeps the string it holds, not an equal copy.
          chosen = candidate === written ? written : candidate;
          chosenHash = hash;
        } else {
          refusedForTheFile = true;
        }
      }
      // A refused first form that led to the value's own pseudonym (scheme 9 on, an email of
      // names has the rebuilt form per value) was counted when that pseudonym was chosen.
      if (refusedForTheFile && chosen !== written && counted[id] === 0) {
        counted[id] = 1;
        fileDependent++;
      }
      if (chosen === null) continue;
      lookups.owners[lookups.taken.add(chosen, chosenHash)] = id;
      shared?.take(chosen, original);
      people?.noteRebuilt(column.namespace, id, chosen);
      fake[columnIndex] = chosen;
      column.rowRewritten = true;
      rebuilt++;
    }
  }
  return { rebuilt, fileDependent };
}

/** A local part of a first name, a separator and a last name, digits after: 'ann.lee42'. */
const FIRST_SEPARATOR_LAST = /^([A-Za-z]+)([._-])([A-Za-z]+)\d*$/;

export function titleCase(word: string): string {
  return word.slice(0, 1).toUpperCase() + word.slice(1).toLowerCase();
}

/**
 * Scheme 6 on, in a sheet with a full name but no first-name and last-name columns (a contact
 * list: Name, Email): where the row's email was its full name's first and last name
 * ('catherine.moore@…' beside 'Catherine Moore'), the full name is written as the names its
 * email's pseudonym was made of ('rosa.kling@example.com' gives 'Rosa Kling'), in the name's
 * own order, comma and case. The email keeps its per-value pseudonym, so it still joins the
 * same email in a file without names; the name follows it within its row. From scheme 12 on, a
 * name another original's row already has (two emails' pseudonyms of one name, 'ann.lee@…' and
 * 'ann.lee1@…') is not written: the full name keeps its per-value pseudonym, so full names that
 * were distinct stay distinct. Returns how many cells it wrote.
 */
function namesFromEmails(
  input: Sheet,
  output: Sheet,
  fullName: PlannedColumn,
  emails: readonly PlannedColumn[],
  scheme: number,
  people?: SheetsOfPeople,
): number {
  let written = 0;
  const { columnIndex, rowIds } = fullName;
  // The names handed out in every sheet of the run, where it keeps them (see SheetsOfPeople).
  const lookups =
    scheme >= 12
      ? (people?.handedOutOf(fullName.namespace) ?? handedOut(fullName.namespace))
      : null;
  for (let row = 0; row < input.rows.length; row++) {
    const id = rowIds[row]!;
    if (id < 0) continue;
    const original = cellString(input.rows[row]![columnIndex]).trim();
    const names = splitFullName(original);
    if (!names) continue;
    for (const email of emails) {
      const address = cellString(input.rows[row]![email.columnIndex]);
      const local = FIRST_SEPARATOR_LAST.exec(address.slice(0, address.lastIndexOf('@')));
      if (!local || letters(local[1]!) !== letters(names.first)) continue;
      if (letters(local[3]!) !== letters(names.last)) continue;
      const fake = cellString(output.rows[row]![email.columnIndex]);
      const fakeLocal = FIRST_SEPARATOR_LAST.exec(fake.slice(0, fake.lastIndexOf('@')));
      if (!fakeLocal) break;
      let [first, last] = [titleCase(fakeLocal[1]!), titleCase(fakeLocal[3]!)];
      if (original === original.toUpperCase())
        [first, last] = [first.toUpperCase(), last.toUpperCase()];
      // From scheme 9 on, its titles and suffixes stay (see rebuildFullNames).
      const parts = scheme >= 9 ? titledParts(original) : { title: '', name: original, suffix: '' };
      const title = parts.title && (agreeingTitle(parts.title, names.first, first) ?? parts.title);
      const name =
        title +
        (parts.name.includes(',') ? `${last}, ${first}` : `${first} ${last}`) +
        parts.suffix;
      if (name === original) break;
      if (lookups) {
        const hash = StringHashSet.hash(name);
        const taken = lookups.taken.find(name, hash);
        if (taken >= 0 && lookups.owners[taken] !== id) break;
        lookups.owners[lookups.taken.add(name, hash)] = id;
      }
      output.rows[row]![columnIndex] = flatString(name);
      fullName.rowRewritten = true;
      written++;
      break;
    }
  }
  return written;
}

/** Full names that agree with the row's first and last name, rebuilt from their pseudonyms. */
function rebuildFullNames(
  input: Sheet,
  output: Sheet,
  fullNames: readonly PlannedColumn[],
  firstIndex: number,
  lastIndex: number,
  scheme: number,
  people: SheetsOfPeople | undefined,
): number {
  let rebuilt = 0;
  for (const column of fullNames) {
    const { columnIndex, rowIds } = column;
    for (let row = 0; row < input.rows.length; row++) {
      if (rowIds[row]! < 0) continue;
      const source = input.rows[row]!;
      const original = cellString(source[columnIndex]).trim();
      const first = cellString(source[firstIndex]).trim();
      const last = cellString(source[lastIndex]).trim();
      if (first === '' || last === '') continue;
      const fake = output.rows[row]!;
      const fakeFirst = cellString(fake[firstIndex]).trim();
      const fakeLast = cellString(fake[lastIndex]).trim();
      if (fakeFirst === '' || fakeLast === '') continue;
      // From scheme 9 on, a name's titles and suffixes ('Dr. ', ', Jr.') stay around it, a
      // title of the first name's sex following its pseudonym's ('Mr.' → 'Ms.').
      const parts = scheme >= 9 ? titledParts(original) : { title: '', name: original, suffix: '' };
      const core = parts.name;
      let name: string | null = null;
      if (letters(core) === letters(first + last) && core.includes(' ')) {
        name = `${fakeFirst} ${fakeLast}`;
      } else if (core.includes(',') && letters(core) === letters(last + first)) {
        name = `${fakeLast}, ${fakeFirst}`;
      }
      if (name === null) continue;
      const title = parts.title && (agreeingTitle(parts.title, first, fakeFirst) ?? parts.title);
      name = title + name + parts.suffix;
      if (name === original) continue;
      const written = flatString(name);
      people?.noteRebuilt(column.namespace, rowIds[row]!, written);
      fake[columnIndex] = written;
      column.rowRewritten = true;
      rebuilt++;
    }
  }
  return rebuilt;
}

/**
 * Rebuilds the emails, usernames and full names of a sheet's rows that were made of the row's
 * first and last name from the row's pseudonymized names, and makes genders and titles agree
 * with the first name's pseudonym where they agreed with the first name (row-gender.ts); from
 * scheme 6 on, in a sheet with a full name and no name columns, writes a full name made into
 * its row's email as the names of the email's pseudonym (namesFromEmails).
 * @example coherePeople(0, sheet, outputSheet, planned, random, 6) // { addresses: 812, fullNames: 0, … }
 */
export function coherePeople(
  sheetIndex: number,
  input: Sheet,
  output: Sheet,
  planned: readonly PlannedColumn[],
  random: KeyedRandom,
  scheme: number,
  shared?: SharedAddresses,
  people?: SheetsOfPeople,
): PeopleCounts {
  const counts: PeopleCounts = {
    addresses: 0,
    fullNames: 0,
    fullNamesFromEmails: 0,
    genders: 0,
    fileDependent: 0,
  };
  const { first, last } = namesOf(planned, sheetIndex);
  if (!first && !last && scheme >= 6) {
    const fullName = plannedWith(
      planned,
      sheetIndex,
      (c) => c.rule.action !== 'faker' && c.semantic === 'fullName',
    )[0];
    const emails = plannedWith(
      planned,
      sheetIndex,
      (c) => c.rule.action !== 'faker' && (c.type === 'email' || c.semantic === 'email'),
    );
    if (fullName) {
      counts.fullNamesFromEmails = namesFromEmails(input, output, fullName, emails, scheme, people);
    }
  }
  if (!first) return counts;
  const genders = plannedWith(
    planned,
    sheetIndex,
    (c) => c.rule.action !== 'faker' && (c.semantic === 'gender' || c.semantic === 'prefix'),
  );
  counts.genders = agreeGenders(input, output, genders, first.columnIndex, scheme);
  if (!last) return counts;
  const addresses = plannedWith(
    planned,
    sheetIndex,
    (c) =>
      c.rule.action !== 'faker' &&
      (c.type === 'email' || c.semantic === 'email' || c.semantic === 'username'),
  );
  const fullNames = plannedWith(
    planned,
    sheetIndex,
    (c) => c.rule.action !== 'faker' && c.semantic === 'fullName',
  );
  counts.fullNames = rebuildFullNames(
    input,
    output,
    fullNames,
    first.columnIndex,
    last.columnIndex,
    scheme,
    people,
  );
  const rebuilt = rebuildAddresses(
    input,
    output,
    addresses,
    first.columnIndex,
    last.columnIndex,
    random,
    shared,
    people,
    scheme,
  );
  counts.addresses = rebuilt.rebuilt;
  counts.fileDependent = rebuilt.fileDependent;
  return counts;
}

/**
 * Scheme 5 on: what the sheets with names rebuilt, kept across coherePeople's sheets so that the
 * sheets without names write the same (carryTo). One per run.
 */
export class SheetsOfPeople {
  /** Sheets whose rows have a first and a last name to rebuild from (as coherePeople finds). */
  private readonly rebuilding = new Set<number>();
  /** The columns of the other sheets, which take what the sheets with names rebuilt. */
  private readonly receiving: PlannedColumn[];
  private readonly handedOut = new Map<Namespace, HandedOut>();
  private readonly counted = new Map<Namespace, Uint8Array>();
  /**
   * Per namespace with a receiving column: each original's first rebuilt value, by its number.
   * None for the others (a single sheet's run keeps nothing).
   */
  private readonly firstRebuilt = new Map<Namespace, (string | undefined)[]>();

  constructor(planned: readonly PlannedColumn[]) {
    for (const sheetIndex of new Set(planned.map((column) => column.sheetIndex))) {
      const { first, last } = namesOf(planned, sheetIndex);
      if (first && last) this.rebuilding.add(sheetIndex);
    }
    this.receiving = planned.filter(
      (column) => !this.rebuilding.has(column.sheetIndex) && column.schema.rule.action !== 'faker',
    );
    for (const { namespace } of this.receiving) this.firstRebuilt.set(namespace, []);
  }

  /** What the namespace's columns handed out so far, per value or rebuilt (in every sheet). */
  handedOutOf(namespace: Namespace): HandedOut {
    let lookups = this.handedOut.get(namespace);
    if (!lookups) {
      lookups = handedOut(namespace);
      this.handedOut.set(namespace, lookups);
    }
    return lookups;
  }

  /** The namespace's originals already counted as file-dependent. */
  countedOf(namespace: Namespace): Uint8Array {
    let counted = this.counted.get(namespace);
    if (!counted) {
      counted = new Uint8Array(namespace.originals.length);
      this.counted.set(namespace, counted);
    }
    return counted;
  }

  noteRebuilt(namespace: Namespace, id: number, written: string): void {
    const values = this.firstRebuilt.get(namespace);
    if (values && values[id] === undefined) values[id] = written;
  }

  /**
   * Writes, in the sheets that had no names to rebuild from, each value a sheet with names
   * rebuilt as it was first rebuilt there; returns how many cells.
   */
  carryTo(output: Sheet[]): number {
    let carried = 0;
    for (const column of this.receiving) {
      const values = this.firstRebuilt.get(column.namespace)!;
      if (values.length === 0) continue;
      const { rows } = output[column.sheetIndex]!;
      const { rowIds, columnIndex } = column;
      for (let row = 0; row < rows.length; row++) {
        const id = rowIds[row]!;
        const written = id >= 0 ? values[id] : undefined;
        if (written === undefined) continue;
        rows[row]![columnIndex] = written;
        column.rowRewritten = true;
        carried++;
      }
    }
    return carried;
  }
}
