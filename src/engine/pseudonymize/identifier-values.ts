import type { FallbackValue, PermuteValue, ValuePlan } from './column-plan';
import { DigitPermutation } from './digit-permutation';
import { ssnPseudonym } from './generators/ssn';
import type { MixedRadixPermutation } from './mixed-radix-permutation';

/** A plain integer as text: an optional sign, then digits without a leading zero. */
const INTEGER_TEXT = /^([-+\u2212]?)([1-9]\d*|0)$/;
/** Larger integers might not survive as numbers: their pseudonym could round. */
const LARGEST_PERMUTED_NUMBER = 1e15;

/**
 * How an integer identifier column's values get pseudonyms (see isIdentifierColumn): the keyed
 * permutation of the integers of their digit count, sign kept, so a value's pseudonym is the
 * same in every file and column of identifiers whatever range they span, and distinct ids stay
 * distinct. Values that are no such integer fall to the string rules. With `ssns` (a column
 * named for SSNs, scheme 11 on), nine-digit numbers stay SSNs the SSA issues, or stay none.
 * @example planIdentifierValues(random.permutation('identifier'), fallback).permute?.(42, '42') // e.g. 87
 */
export function planIdentifierValues(
  permutation: MixedRadixPermutation,
  fallback: FallbackValue,
  ssns = false,
): ValuePlan {
  const digits = new DigitPermutation(permutation);
  const permuted = (text: string): string => digits.pseudonym(text, 'noLeadingZero');
  // SSNs held as numbers (scheme 11 on): walked to numbers of their kind, see ssnPseudonym.
  const pseudonymOf = ssns ? (text: string) => ssnPseudonym(text, permuted)! : permuted;
  const permute: PermuteValue = (original, text) => {
    if (typeof original === 'number') {
      if (!Number.isInteger(original) || Math.abs(original) >= LARGEST_PERMUTED_NUMBER) {
        return null;
      }
      const value = Number(pseudonymOf(String(Math.abs(original))));
      // -5 → -0 would read as 0, which the pseudonym of 5 may be: such a value takes a retry.
      if (original < 0) return value === 0 ? null : -value;
      return value;
    }
    if (typeof original !== 'string') return null;
    const match = INTEGER_TEXT.exec(text);
    if (!match) return null;
    return match[1]! + pseudonymOf(match[2]!);
  };
  // SSNs have a namespace of their own: another identifier's number maps as before.
  return { variant: ssns ? 'identifier|ssn' : 'identifier', generate: fallback, permute };
}
