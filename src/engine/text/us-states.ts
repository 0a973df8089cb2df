import { en } from '@faker-js/faker';

/*
 * The US states as Faker's English data names them: one list for detection (is a column of
 * them?) and for the rules that keep a row's place together (row-location.ts).
 */

/** US state names and abbreviations (lower case) → abbreviation. */
const US_STATES = new Map<string, string>();
/** US state abbreviation → name. */
const US_STATE_NAMES = new Map<string, string>();
(en.location?.state ?? []).forEach((name, index) => {
  const abbr = en.location?.state_abbr?.[index];
  if (abbr === undefined) return;
  US_STATES.set(name.toLowerCase(), abbr);
  US_STATES.set(abbr.toLowerCase(), abbr);
  US_STATE_NAMES.set(abbr, name);
});

/**
 * The state abbreviation of a US state name or abbreviation, in any case; undefined for others.
 * @example usStateAbbr(' new york') // 'NY'
 */
export function usStateAbbr(text: string): string | undefined {
  return US_STATES.get(text.trim().toLowerCase());
}

/**
 * The name of a US state's abbreviation.
 * @example usStateName('NY') // 'New York'
 */
export function usStateName(abbr: string): string | undefined {
  return US_STATE_NAMES.get(abbr);
}
