import type { KeyedRandom } from '../keyed-random';
import {
  cachedLetters,
  nameLayoutWith,
  rebuiltLocal,
  titleCase,
  type LocalLayout,
} from '../row-people';
import { exampleDomain } from './email';

/** A local part of two names of two letters or more, a separator between, digits after. */
const TWO_NAMES = /^([A-Za-z]{2,})[._-]([A-Za-z]{2,})\d*$/;

/** Letters of names, each name's computed once: a column's names repeat. */
const lettersOf = cachedLetters();

/** The pseudonym a first or last name gets in its own column: its first keyed draw. */
export type NamePseudonym = (semantic: 'firstName' | 'lastName', name: string) => string;

/**
 * From scheme 9 on, the pseudonym of an email whose local part is a first name, a separator
 * and a last name ('catherine.moore42@yahoo.com'): the same address written of the pseudonyms
 * its names get in name columns ('Catherine' → 'Rosa', 'Moore' → 'Kling'), digits redrawn, on
 * example.com/.org/.net: 'rosa.kling17@example.com'. That is what the row rule rebuilds beside
 * a row's names (row-people.ts), so the email gets one pseudonym in a file with names and in
 * one without (an orders file's customer_email) and the two still join, unless a name of the
 * file took another pseudonym after a collision. Null for other addresses.
 * @example emailOfNames('ann.lee@corp.org', random, 0, namePseudonym) // 'rosa.kling@example.org'
 */
export function emailOfNames(
  address: string,
  random: KeyedRandom,
  attempt: number,
  namePseudonym: NamePseudonym,
): string | null {
  const parsed = parsedOnce(address, namePseudonym);
  if (!parsed) return null;
  const { layout, first, last, domain } = parsed;
  const local = rebuiltLocal(layout, first, last, address, random, attempt, lettersOf);
  return local === '' ? null : `${local}@${domain}`;
}

/** An address's layout, its names' pseudonyms and its domain's; null when it is no email of names. */
interface ParsedAddress {
  layout: LocalLayout;
  first: string;
  last: string;
  domain: string;
}

/**
 * The last address parsed, and the names' pseudonyms it was parsed with: a value's retries
 * (attempt 1, 2, …) come right after its first draw and parse the same address.
 */
let lastParsed: {
  address: string;
  namePseudonym: NamePseudonym;
  parsed: ParsedAddress | null;
} | null = null;

function parsedOnce(address: string, namePseudonym: NamePseudonym): ParsedAddress | null {
  if (lastParsed?.address !== address || lastParsed.namePseudonym !== namePseudonym) {
    lastParsed = { address, namePseudonym, parsed: parse(address, namePseudonym) };
  }
  return lastParsed.parsed;
}

function parse(address: string, namePseudonym: NamePseudonym): ParsedAddress | null {
  const at = address.lastIndexOf('@');
  if (at <= 0) return null;
  const local = address.slice(0, at);
  const names = TWO_NAMES.exec(local);
  if (!names) return null;
  const [first, last] = [titleCase(names[1]!), titleCase(names[2]!)];
  const layout = nameLayoutWith(local, first, last, lettersOf);
  if (!layout) return null;
  return {
    layout,
    first: namePseudonym('firstName', first),
    last: namePseudonym('lastName', last),
    domain: exampleDomain(address.slice(at + 1)),
  };
}
