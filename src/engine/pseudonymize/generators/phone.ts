import type { KeyedRandom } from '../keyed-random';
import { codeBuffer, codesToText } from './char-codes';

const PLUS = 43;
const ZERO = 48;

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/**
 * Replaces the digits of a phone number, keeping its exact punctuation, spacing, country prefix
 * (`+44`), extension markers and a leading trunk `0`; the first national digit is 2-9 as real
 * numbering plans require.
 * @example fakePhone('+44 20 7946 0958', random) // '+44 61 3827 5540'
 */
export function fakePhone(original: string, random: KeyedRandom): string {
  const length = original.length;
  const codes = codeBuffer(length);
  let i = 0;
  if (original.charCodeAt(0) === PLUS) {
    // Country code: the digits right after '+', up to the first separator.
    codes[i++] = PLUS;
    while (i < length && isDigit(original.charCodeAt(i))) codes[i] = original.charCodeAt(i++);
  }
  let national = true;
  for (; i < length; i++) {
    const code = original.charCodeAt(i);
    if (!isDigit(code)) codes[i] = code;
    else if (national) {
      national = false;
      codes[i] = code === ZERO ? ZERO : ZERO + 2 + random.int(8);
    } else codes[i] = ZERO + random.int(10);
  }
  return codesToText(codes, length);
}
