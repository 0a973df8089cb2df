import { en } from '@faker-js/faker';
import { lowerCaseNames, splitFullName } from '../../text/person-names';

/** Faker's English first names and last names (3,186 and 473). */
const FIRST_NAMES = lowerCaseNames(
  en.person?.first_name?.generic,
  en.person?.first_name?.female,
  en.person?.first_name?.male,
);
const LAST_NAMES = lowerCaseNames(en.person?.last_name?.generic);

/** Two to four capitalized words ('Catherine Moore', "Mary-Kate O'Brien"), or 'Moore, Catherine'. */
const NAME_WORDS = /^\p{Lu}[\p{L}'’.-]*(?:,? \p{Lu}[\p{L}'’.-]*){1,3}$/u;

/** Share of a column's values that must read as people's names. */
const NAME_SHARE = 0.7;

/** Whether a text reads as a person's full name: capitalized words, a known first or last name. */
function isPersonName(text: string): boolean {
  const trimmed = text.trim();
  if (!NAME_WORDS.test(trimmed)) return false;
  const names = splitFullName(trimmed);
  return (
    names !== null &&
    (FIRST_NAMES.has(names.first.toLowerCase()) || LAST_NAMES.has(names.last.toLowerCase()))
  );
}

/**
 * Whether most values (7 in 10) are people's full names: capitalized words whose first is a
 * first name or whose last is a last name of Faker's lists. For a column whose header says
 * nothing ('Customer', 'Client', 'Contact'), which would otherwise be free text.
 * @example looksLikeFullNames(['Catherine Moore', 'James Smith', 'Olga Ramos']) // true
 */
export function looksLikeFullNames(values: readonly string[]): boolean {
  return values.length > 0 && personNameCount(values) >= NAME_SHARE * values.length;
}

/** Share of a bare 'Name' column's values that must read as people's names (see below). */
const BARE_NAME_SHARE = 0.2;

/**
 * Whether a column headed 'Name' alone holds people's names: at least 2 values in 10 read as
 * one. A bare 'Name' also heads products, places and teams ('Chai', 'Wireless Mouse'), whose
 * pseudonyms must not be people; a column of people has most of its first or last names in
 * Faker's lists, even when many of its names are from elsewhere.
 * @example bareNamesArePeople(['Chai', 'Chang', 'Aniseed Syrup']) // false
 */
export function bareNamesArePeople(values: readonly string[]): boolean {
  return values.length === 0 || personNameCount(values) >= BARE_NAME_SHARE * values.length;
}

function personNameCount(values: readonly string[]): number {
  let names = 0;
  for (const value of values) if (isPersonName(value)) names++;
  return names;
}
