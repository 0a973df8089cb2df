import { en } from '@faker-js/faker';
import { lowerCaseNames } from '../text/person-names';
import type { Cell, Sheet } from '../types';
import type { PlannedColumn } from './namespace';

/*
 * A gender or title that agrees with its row's first name. Where the original row agreed (the
 * first name is on one of Faker's lists of female or male first names, and the gender or title
 * says the same sex), the written gender or title is rebuilt from the first name's pseudonym's
 * sex, in the original's words and case ('F'/'M', 'Female'/'male', 'Mrs.'/'Mr.'). A gender's
 * per-value pseudonym was already a keyed draw of a sex (it equals its original half the time),
 * so following the name's pseudonym tells no more. Rows that did not agree, names on neither
 * list or on both, and words not in WORD_PAIRS keep their per-value pseudonym.
 */

export type Sex = 0 | 1;

/** [female, male] words; the first pair holding a word gives its counterpart. */
const WORD_PAIRS: readonly (readonly [string, string])[] = [
  ['f', 'm'],
  ['female', 'male'],
  ['woman', 'man'],
  ['girl', 'boy'],
  ['ms', 'mr'],
  ['mrs', 'mr'],
  ['miss', 'mr'],
  ['mme', 'm'],
  ['frau', 'herr'],
];

const FEMALE = lowerCaseNames(en.person?.first_name?.female);
const MALE = lowerCaseNames(en.person?.first_name?.male);

/** A first name's sex by Faker's lists: 0 female, 1 male, null when on neither or both. */
function sexOfName(name: string): Sex | null {
  const key = name.trim().toLowerCase();
  const female = FEMALE.has(key);
  const male = MALE.has(key);
  return female === male ? null : female ? 0 : 1;
}

/** A gender or title word split into its word, its sex, and what surrounds it. */
function readWord(
  text: string,
): { word: string; sex: Sex; pair: readonly [string, string] } | null {
  const word = text.trim().replace(/\.$/, '').toLowerCase();
  for (const pair of WORD_PAIRS) {
    const index = pair.indexOf(word);
    if (index >= 0) return { word, sex: index as Sex, pair };
  }
  return null;
}

/**
 * A gender or title written for `sex` in its own pair's words and case ('Herr' → 'Frau' for 0);
 * null for one that names no sex.
 * @example titleOfSex('Herr', 0) // 'Frau'
 */
export function titleOfSex(title: string, sex: Sex): string | null {
  const read = readWord(title);
  return read ? likeOriginal(title, read.pair[sex]) : null;
}

/** Whether a gender or title names a sex ('F', 'Male', 'Mrs.'): one of WORD_PAIRS' words. */
export function namesASex(text: string): boolean {
  return readWord(text) !== null;
}

/** `word` written like `original`: its case, its trailing dot and its padding. */
function likeOriginal(original: string, word: string): string {
  const core = original.trim();
  const letters = core.replace(/\.$/, '');
  const cased =
    letters === letters.toUpperCase() && letters.length > 1
      ? word.toUpperCase()
      : letters[0] === letters[0]?.toUpperCase()
        ? word.slice(0, 1).toUpperCase() + word.slice(1)
        : word;
  const start = original.length - original.trimStart().length;
  const dot = core.endsWith('.') ? '.' : '';
  return original.slice(0, start) + cased + dot + original.slice(start + core.length);
}

function cellString(cell: Cell | undefined): string {
  return typeof cell === 'string' ? cell : '';
}

/**
 * A gender or title that agreed with the first name `first` ('Mr.' beside 'John') written for
 * the sex of `fakeFirst` ('Ms.' beside 'Nadine'), in its words and case; null when it did not
 * agree, names no sex, or `fakeFirst` is on neither list. With `unlistedAgree` (scheme 11 on), a
 * first name on neither list ('Heike', 'Jürgen': Faker's lists are English) is taken to agree
 * with its title, so 'Frau' beside 'Heike' follows her pseudonym too.
 * @example agreeingTitle('Mr. ', 'John', 'Nadine') // 'Ms. '
 */
export function agreeingTitle(
  title: string,
  first: string,
  fakeFirst: string,
  unlistedAgree = false,
): string | null {
  const read = readWord(title);
  const sex = sexOfName(first);
  if (!read || (read.sex !== sex && !(unlistedAgree && sex === null))) return null;
  const fakeSex = sexOfName(fakeFirst);
  return fakeSex === null ? null : likeOriginal(title, read.pair[fakeSex]);
}

/**
 * Rewrites the gender and title cells of rows whose original agreed with the first name so
 * they agree with the first name's pseudonym. Returns how many cells it wrote.
 * @example agreeGenders(sheet, outputSheet, [genderColumn], firstNameColumnIndex, 11) // 27
 */
export function agreeGenders(
  input: Sheet,
  output: Sheet,
  genders: readonly PlannedColumn[],
  firstIndex: number,
  scheme: number,
): number {
  let rewritten = 0;
  for (const column of genders) {
    const { columnIndex, rowIds } = column;
    for (let row = 0; row < input.rows.length; row++) {
      if (rowIds[row]! < 0) continue;
      const original = cellString(input.rows[row]![columnIndex]);
      const written = agreeingTitle(
        original,
        cellString(input.rows[row]![firstIndex]),
        cellString(output.rows[row]![firstIndex]),
        scheme >= 11,
      );
      if (written === null) continue;
      output.rows[row]![columnIndex] = written;
      column.rowRewritten = true;
      rewritten++;
    }
  }
  return rewritten;
}
