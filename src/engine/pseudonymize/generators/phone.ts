import { isAsciiDigit } from '../../text/char-classes';
import type { KeyedRandom } from '../keyed-random';
import { codeBuffer, codesToText } from './char-codes';

const PLUS = 43;
const ZERO = 48;

/** Two-digit country calling codes (ITU-T E.164); codes starting 1 or 7 have one digit, all others three. */
const TWO_DIGIT_CALLING_CODES = new Set([
  20, 27, 30, 31, 32, 33, 34, 36, 39, 40, 41, 43, 44, 45, 46, 47, 48, 49, 51, 52, 53, 54, 55, 56,
  57, 58, 60, 61, 62, 63, 64, 65, 66, 81, 82, 84, 86, 90, 91, 92, 93, 94, 95, 98,
]);

/** How many digits of `text` from `start` form the country calling code (codes are prefix-free). */
function callingCodeLength(text: string, start: number): number {
  const first = text.charCodeAt(start) - ZERO;
  if (first === 1 || first === 7) return 1;
  const second = text.charCodeAt(start + 1) - ZERO;
  return TWO_DIGIT_CALLING_CODES.has(first * 10 + second) ? 2 : 3;
}

/**
 * Replaces the digits of a phone number, keeping its exact punctuation, spacing, country prefix
 * (`+44`, `0044`), extension markers and a leading trunk `0`; the first national digit is 2-9
 * as real numbering plans require (1-9 after a trunk `0`).
 * @example fakePhone('+44 20 7946 0958', random) // '+44 61 3827 5540'
 */
export function fakePhone(original: string, random: KeyedRandom): string {
  const length = original.length;
  const codes = codeBuffer(length);
  let i = 0;
  const plus = original.charCodeAt(0) === PLUS;
  // '+44…', or the international call prefix '00' before a country code ('0044 20…').
  const international =
    plus ||
    (original.startsWith('00') &&
      isAsciiDigit(original.charCodeAt(2)) &&
      original.charCodeAt(2) !== ZERO);
  if (international) {
    const prefix = plus ? 1 : 2;
    for (; i < prefix; i++) codes[i] = original.charCodeAt(i);
    let run = 0;
    while (i + run < length && isAsciiDigit(original.charCodeAt(i + run))) run++;
    // A country code written apart ('+44 20…') is the whole run; else it comes from the table.
    const country =
      run <= 3 && run < length - i ? run : Math.min(run, callingCodeLength(original, i));
    for (const end = i + country; i < end; i++) codes[i] = original.charCodeAt(i);
  }
  let national = true;
  let afterTrunk = false;
  for (; i < length; i++) {
    const code = original.charCodeAt(i);
    if (!isAsciiDigit(code)) codes[i] = code;
    else if (national) {
      national = false;
      afterTrunk = code === ZERO;
      codes[i] = afterTrunk ? ZERO : ZERO + 2 + random.int(8);
    } else if (afterTrunk) {
      afterTrunk = false;
      codes[i] = ZERO + 1 + random.int(9);
    } else codes[i] = ZERO + random.int(10);
  }
  return codesToText(codes, length);
}
