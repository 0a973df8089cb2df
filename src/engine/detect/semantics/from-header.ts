import type { Semantic } from '../../types';
import { EXACT_HEADERS, FLAG_PREFIXES, FLAG_WORDS, SUFFIX_PHRASES } from './header-vocabulary';

/** Real headers are short; a hostile megabyte-long one must not cost more than a short one. */
const MAX_HEADER_LENGTH = 200;

/**
 * Header words split into lower-case tokens: camelCase, snake_case, kebab-case, spaces and
 * punctuation all separate ('customerEmail_2' → ['customer', 'email', '2']).
 * @example headerTokens('First Name') // ['first', 'name']
 */
export function headerTokens(header: string): string[] {
  return header
    .slice(0, MAX_HEADER_LENGTH)
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((token) => token.length > 0);
}

/**
 * A header's letters without their accents ('Prénom' → 'Prenom', 'Straße' → 'Strasse'), so the
 * vocabulary's words match however a header spells them.
 */
function withoutDiacritics(header: string): string {
  return header
    .slice(0, MAX_HEADER_LENGTH)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss');
}

/**
 * The semantic a header names, or null. Whole-header names first ('fname', 'username'), then
 * the phrase it ends with ('billing_city' → city, 'company_name' → company); 'name' after a
 * word that is not a person ('file_name', 'product_name') means nothing here.
 * @example semanticFromHeader('Customer Email') // 'email'
 */
export function semanticFromHeader(header: string): Semantic | null {
  const tokens = headerTokens(withoutDiacritics(header));
  while (tokens.length > 1 && /^\d+$/.test(tokens[tokens.length - 1] as string)) tokens.pop();
  if (tokens.length === 0) return null;
  const found = semanticFromTokens(tokens);
  if (found) return found;
  // 'email2', 'phone_1b': a numbered copy of a known column.
  const last = tokens[tokens.length - 1] as string;
  const unnumbered = last.replace(/\d+[a-z]?$/, '');
  if (unnumbered && unnumbered !== last)
    return semanticFromTokens([...tokens.slice(0, -1), unnumbered]);
  return null;
}

/** Own keys only: a column named "constructor" must not find Object.prototype.constructor. */
function lookUp<T>(table: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

function semanticFromTokens(tokens: string[]): Semantic | null {
  const exact = lookUp(EXACT_HEADERS, tokens.join(''));
  if (exact && tokens.length <= 2) return exact;
  for (let take = Math.min(tokens.length, 4); take >= 1; take--) {
    const phrase = lookUp(SUFFIX_PHRASES, tokens.slice(-take).join(' '));
    if (!phrase) continue;
    const before = tokens.slice(0, -take);
    if (phrase.qualifiers && !before.every((token) => phrase.qualifiers?.has(token))) continue;
    if (phrase.qualifiedOnly && before.length === 0) continue;
    return phrase.semantic;
  }
  return null;
}

/** Suffixes that make a glued word a flag ('activebool' in PostgreSQL's Sakila, 'delflag'). */
const GLUED_FLAG_SUFFIXES = ['bool', 'flag'];

/**
 * Whether a header reads like a yes/no flag ('is_active', 'hasChildren', 'enabled'), also when
 * its words are glued in lower case as database columns often are ('activebool', 'isactive').
 */
export function isFlagHeader(header: string): boolean {
  const tokens = headerTokens(header);
  const first = tokens[0];
  if (first === undefined) return false;
  if (FLAG_PREFIXES.has(first)) {
    return tokens.length > 1;
  }
  return tokens.some((token) => FLAG_WORDS.has(token) || isGluedFlag(token));
}

/** A flag's words glued into one: a word before a flag suffix, or a flag prefix and word. */
function isGluedFlag(token: string): boolean {
  const withSuffix = GLUED_FLAG_SUFFIXES.some(
    (suffix) => token.length > suffix.length + 2 && token.endsWith(suffix),
  );
  if (withSuffix) return true;
  return [...FLAG_PREFIXES].some(
    (prefix) => token.startsWith(prefix) && FLAG_WORDS.has(token.slice(prefix.length)),
  );
}
