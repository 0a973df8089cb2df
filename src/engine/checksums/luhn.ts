/**
 * The Luhn check (ISO/IEC 7812) that payment card numbers carry: from the right, every second
 * digit is doubled (less 9 when that passes 9) and the sum of all must end in 0.
 */

/**
 * What one digit adds to a Luhn sum, by its place counted from the right (0: the check digit).
 * @example luhnTerm(7, 1) // 5 (7 doubled is 14, less 9)
 */
export function luhnTerm(digit: number, placeFromRight: number): number {
  if (placeFromRight % 2 === 0) return digit;
  const doubled = digit * 2;
  return doubled > 9 ? doubled - 9 : doubled;
}

/**
 * Whether the digits of a text pass the Luhn check; other characters are skipped and fewer
 * than two digits never pass.
 * @example isLuhnValid('4111 1111 1111 1111') // true
 */
export function isLuhnValid(text: string): boolean {
  const digits = text.replace(/\D/g, '');
  if (digits.length < 2) return false;
  let sum = 0;
  for (let i = digits.length - 1; i >= 0; i--) {
    sum += luhnTerm(Number(digits[i]), digits.length - 1 - i);
  }
  return sum % 10 === 0;
}

/**
 * The check digit that makes `payload` (the digits before it) pass the Luhn check.
 * @example luhnCheckDigit([4, 1, 1, 1]) // 1 ('41111' passes)
 */
export function luhnCheckDigit(payload: readonly number[]): number {
  let sum = 0;
  for (let i = payload.length - 1; i >= 0; i--) {
    sum += luhnTerm(payload[i] as number, payload.length - i);
  }
  return (10 - (sum % 10)) % 10;
}
