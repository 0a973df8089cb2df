import type { FallbackValue, PermuteValue, ValuePlan } from './column-plan';
import { DigitPermutation } from './digit-permutation';
import type { MixedRadixPermutation } from './mixed-radix-permutation';

/** A plain integer as text: an optional sign, then digits without a leading zero. */
const INTEGER_TEXT = /^([-+\u2212]?)([1-9]\d*|0)$/;
/** Larger integers might not survive as numbers: their pseudonym could round. */
const LARGEST_PERMUTED_NUMBER = 1e15;

/**
 * How an integer identifier column's values get pseudonyms (see isIdentifierColumn): the keyed
 * permutation of the integers of their digit count, sign kept, so a value's pseudonym is the
 * same in every file and column of identifiers whatever range they span, and distinct ids stay
 * distinct. Values that are no such integer fall to the string rules.
 * @example planIdentifierValues(random.permutation('identifier'), fallback).permute?.(42, '42') // e.g. 87
 */
export function planIdentifierValues(
  permutation: MixedRadixPermutation,
  fallback: FallbackValue,
): ValuePlan {
  const digits = new DigitPermutation(permutation);
  const permute: PermuteValue = (original, text) => {
    if (typeof original === 'number') {
      if (!Number.isInteger(original) || Math.abs(original) >= LARGEST_PERMUTED_NUMBER) {
        return null;
      }
      const value = Number(digits.pseudonym(String(Math.abs(original)), 'noLeadingZero'));
      // -5 → -0 would read as 0, which the pseudonym of 5 may be: such a value takes a retry.
      if (original < 0) return value === 0 ? null : -value;
      return value;
    }
    if (typeof original !== 'string') return null;
    const match = INTEGER_TEXT.exec(text);
    if (!match) return null;
    return match[1]! + digits.pseudonym(match[2]!, 'noLeadingZero');
  };
  return { variant: 'identifier', generate: fallback, permute };
}
