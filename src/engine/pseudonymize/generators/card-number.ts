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
  // Luhn: from the right, double every second digit; the check digit makes the sum end in 0.
  let sum = 0;
  for (let i = digits.length - 2, double = true; i >= 0; i--, double = !double) {
    let value = digits[i]!;
    if (double) {
      value *= 2;
      if (value > 9) value -= 9;
    }
    sum += value;
  }
  digits[digits.length - 1] = (10 - (sum % 10)) % 10;
  let index = 0;
  return original.replace(/\d/g, () => String(digits[index++]));
}

/** Whether a digit string passes the Luhn check. */
export function isLuhnValid(text: string): boolean {
  const digits = text.replace(/\D/g, '');
  if (digits.length < 2) return false;
  let sum = 0;
  for (let i = digits.length - 1, double = false; i >= 0; i--, double = !double) {
    let value = Number(digits[i]);
    if (double) {
      value *= 2;
      if (value > 9) value -= 9;
    }
    sum += value;
  }
  return sum % 10 === 0;
}
