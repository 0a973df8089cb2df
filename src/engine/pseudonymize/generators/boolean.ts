import { applyLetterCase, letterCaseOf } from './letter-case';

/** Each pair is [true, false] of one boolean representation. */
const PAIRS: readonly (readonly [string, string])[] = [
  ['true', 'false'],
  ['yes', 'no'],
  ['y', 'n'],
  ['t', 'f'],
  ['1', '0'],
  ['on', 'off'],
  ['ja', 'nein'],
  ['oui', 'non'],
  ['vrai', 'faux'],
];

/**
 * The boolean written the same way as `original` (same representation and case), flipped when
 * `swap` is set; null when the text is not a boolean. A boolean column has only two values, so
 * its pseudonym is the identity or the swap, chosen by the secret per kind: distinct stays
 * distinct and nothing reveals which of the two was drawn.
 * @example flipBoolean('Yes', true) // 'No'
 */
export function flipBoolean(original: string, swap: boolean): string | null {
  const lower = original.toLowerCase();
  for (const [truthy, falsy] of PAIRS) {
    if (lower !== truthy && lower !== falsy) continue;
    if (!swap) return original;
    const flipped = lower === truthy ? falsy : truthy;
    const style = letterCaseOf(original);
    // 'Y' → 'N' (title case of one letter), 'YES' → 'NO'.
    return applyLetterCase(flipped, original.length === 1 && style === 'title' ? 'upper' : style);
  }
  return null;
}

/**
 * What a boolean text says: true, false, or null for a text that is no boolean ('maybe').
 * @example truthOf('N') // false
 */
export function truthOf(text: string): boolean | null {
  const lower = text.toLowerCase();
  for (const [truthy, falsy] of PAIRS) {
    if (lower === truthy) return true;
    if (lower === falsy) return false;
  }
  return null;
}
