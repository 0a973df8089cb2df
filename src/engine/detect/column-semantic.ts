import { usStateAbbr } from '../text/us-states';
import type { ColumnType, Semantic } from '../types';
import { semanticFromValues } from './semantics';
import { looksLikeHonorifics, looksLikeJobTitles } from './semantics/job-titles';
import { headerTokens } from './semantics';
import { bareNamesArePeople, looksLikeFullNames } from './semantics/person-names';

/**
 * What a text column means. Strong value evidence (UUIDs, IPs, IBANs, card numbers, URLs,
 * peptides) wins over the header; a header meaning applies only where it fits the type
 * ('phone' means nothing on a column of free text); a header without one over people's names
 * is full names, and a bare 'Name' is full names only over people's names; honorifics ('Ms.',
 * 'Dr.') are prefixes whatever the header; a bare 'Title' or 'Role' of job titles is job titles.
 */
export function semanticOf(
  type: ColumnType,
  headerSemantic: Semantic | null,
  texts: readonly string[],
  name: string,
): Semantic | null {
  switch (type) {
    case 'email':
      return 'email';
    case 'phone':
      return 'phone';
    case 'date':
    case 'datetime':
      return headerSemantic === 'birthDate' ? 'birthDate' : null;
    case 'number':
      return headerSemantic === 'latitude' || headerSemantic === 'longitude'
        ? headerSemantic
        : null;
    case 'string': {
      // The texts are the sample's usable values: markers are already left out.
      const values = texts;
      const fromValues = semanticFromValues(values, name);
      if (fromValues) return fromValues;
      if (looksLikeHonorifics(values)) return 'prefix';
      // A bare 'Title' or 'Role' of job titles (Northwind's and Chinook's employees).
      if (headerSemantic === null && looksLikeJobTitles(name, values)) return 'jobTitle';
      // People's names under a header that does not say so ('Customer', 'Client', 'Contact').
      if (headerSemantic === null && looksLikeFullNames(values)) return 'fullName';
      if (
        headerSemantic === null ||
        headerSemantic === 'email' ||
        headerSemantic === 'phone' ||
        headerSemantic === 'birthDate' ||
        headerSemantic === 'peptide'
      ) {
        return null;
      }
      // Shopify's order 'Name' ('#1001'): a header naming words over values without letters.
      if (WORDS_SEMANTICS.has(headerSemantic) && !mostHoldLetters(values)) return null;
      // A sales 'Region' ('EMEA', 'APAC', 'LATAM') is no state: only one of US states is.
      if (headerSemantic === 'state' && isRegionHeader(name) && !mostAreUsStates(values)) {
        return null;
      }
      // A bare 'Name' of products or places ('Chai', 'Wireless Mouse') holds no people.
      if (headerSemantic === 'fullName' && isBareName(name) && !bareNamesArePeople(values)) {
        return null;
      }
      // 'user.name' of a JSON user, or an export's 'User Name': display names, not logins.
      if (headerSemantic === 'username' && mostHoldSeveralWords(values)) return 'fullName';
      // A 'country' column of ISO codes ('US', 'DEU'): codes, whose pseudonyms are codes.
      if (headerSemantic === 'country' && mostAreCountryCodes(values)) return 'countryCode';
      return headerSemantic;
    }
    default:
      return null;
  }
}

/** Whether a header ends in 'region' ('Region', 'sales_region'), which may name no state. */
function isRegionHeader(header: string): boolean {
  const last = headerTokens(header).at(-1);
  return last === 'region' || last === 'regions';
}

/** Whether most texts (more than half) are US state names or abbreviations. */
function mostAreUsStates(texts: readonly string[]): boolean {
  let states = 0;
  for (const text of texts) if (usStateAbbr(text) !== undefined) states++;
  return states * 2 > texts.length;
}

/** Whether a header is 'Name' or 'Names' alone, saying nothing of whose. */
function isBareName(header: string): boolean {
  const tokens = headerTokens(header);
  return tokens.length === 1 && (tokens[0] === 'name' || tokens[0] === 'names');
}

/** Semantics whose values are words: a column of them holds letters. */
const WORDS_SEMANTICS: ReadonlySet<Semantic> = new Set<Semantic>([
  'firstName',
  'middleName',
  'lastName',
  'fullName',
  'prefix',
  'suffix',
  'gender',
  'street',
  'city',
  'state',
  'country',
  'company',
  'jobTitle',
  'department',
]);

/** Whether most texts (more than half) hold a letter, of any script. */
function mostHoldLetters(texts: readonly string[]): boolean {
  let withLetters = 0;
  for (const text of texts) if (/\p{L}/u.test(text)) withLetters++;
  return withLetters * 2 > texts.length;
}

/**
 * Whether nearly all texts (9 in 10) are ISO 3166 codes, two or three capital letters: a column
 * that mixes names and codes ('United States', 'USA') is one of names.
 */
function mostAreCountryCodes(texts: readonly string[]): boolean {
  let codes = 0;
  for (const text of texts) if (/^[A-Z]{2,3}$/.test(text.trim())) codes++;
  return texts.length > 0 && codes >= 0.9 * texts.length;
}

/** Whether most texts hold two words or more: a login never has a space in it. */
function mostHoldSeveralWords(texts: readonly string[]): boolean {
  let several = 0;
  for (const text of texts) if (/\S\s+\S/.test(text)) several++;
  return several * 2 > texts.length;
}
