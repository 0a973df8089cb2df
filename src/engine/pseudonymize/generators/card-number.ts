import { luhnCheckDigit } from '../../checksums/luhn';
import type { KeyedRandom } from '../keyed-random';

/**
 * A Luhn-valid card number with the original's length, grouping and first digit (the card
 * network); the other digits are random and the last is the check digit.
 * @example fakeCardNumber('4111 1111 1111 1111', random) // '4532 0718 2246 9904'
 */
export function fakeCardNumber(original: string, random: KeyedRandom): string {
  const digitCount = original.replace(/\D/g, '').length;
  if (digitCount < 2) return original.replace(/\d/g, () => String(random.int(10)));
  const digits: number[] = [];
  for (const char of original) {
    if (char < '0' || char > '9') continue;
    digits.push(digits.length === 0 ? Number(char) : random.int(10));
  }
  digits[digits.length - 1] = luhnCheckDigit(digits.slice(0, -1));
  let index = 0;
  return original.replace(/\d/g, () => String(digits[index++]));
}
