import { isAsciiDigit } from '../../text/char-classes';
import type { KeyedRandom } from '../keyed-random';
import { codeBuffer, codesToText } from '../../text/char-codes';

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
 * Whether a number is of the North American plan: '+1 …' or '001 …', or ten national digits in
 * groups of 3, 3 and 4 ('(415) 555-0123', '415.555.0123') or bare ('6469447078', a first digit
 * of 2-9), maybe after a trunk '1' ('1-415-555-0123', '16469447078'). Its exchange, the fourth
 * national digit, is 2-9.
 */
function isNorthAmerican(original: string, start: number, country: string): boolean {
  if (country !== '') return country === '1';
  // The lengths of the digit groups, read in one pass (a column holds a phone per row).
  let lengths = '';
  let run = 0;
  let firstDigit = -1;
  for (let i = start; i <= original.length; i++) {
    const code = i < original.length ? original.charCodeAt(i) : 0;
    if (isAsciiDigit(code)) {
      if (firstDigit < 0) firstDigit = code;
      run++;
    } else if (run > 0) {
      lengths += lengths === '' ? String(run) : `,${run}`;
      run = 0;
    }
  }
  // After a trunk: '1-415-555-0123'; written bare: '6469447078', '16469447078'.
  return (
    lengths === '3,3,4' ||
    (lengths === '10' && firstDigit !== ZERO && firstDigit !== ZERO + 1) ||
    ((lengths === '1,3,3,4' || lengths === '11') && firstDigit === ZERO + 1)
  );
}

/**
 * Replaces the digits of a phone number, keeping its exact punctuation, spacing, country prefix
 * (`+44`, `0044`), extension markers and a leading trunk `0`; the first national digit is 2-9
 * as real numbering plans require (1-9 after a trunk `0`). From `scheme` 10 on, a North
 * American number's exchange starts 2-9 too ('(516) 057-8095' dials nowhere). From scheme 11
 * on, any other number keeps its first national digit, the kind of line it is (a mobile's 7 in
 * '+44 7700 900123' and '07700 900123').
 * @example fakePhone('+44 20 7946 0958', random) // '+44 61 3827 5540'
 */
export function fakePhone(original: string, random: KeyedRandom, scheme = 1): string {
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
  const countryCode = international ? codesToText(codes, i).replace(/^\+|^00/, '') : '';
  const northAmerican = scheme >= 10 && isNorthAmerican(original, i, countryCode);
  // From scheme 11 on, outside North America the first national digit (after a trunk '0')
  // names the kind of line: '+44 7…' and '07…' are British mobiles, '+33 6…' French ones.
  const keepsLineKind = scheme >= 11 && !northAmerican;
  let national = true;
  let afterTrunk = false;
  /** National digits written so far, after a North American trunk '1'. */
  let digits = 0;
  for (; i < length; i++) {
    const code = original.charCodeAt(i);
    if (!isAsciiDigit(code)) codes[i] = code;
    else if (national && northAmerican && !international && code === ZERO + 1) {
      codes[i] = code; // the trunk '1' of '1-415-555-0123'
    } else if (national) {
      national = false;
      afterTrunk = code === ZERO;
      codes[i] = afterTrunk || keepsLineKind ? code : ZERO + 2 + random.int(8);
      digits = 1;
    } else if (afterTrunk) {
      afterTrunk = false;
      codes[i] = keepsLineKind ? code : ZERO + 1 + random.int(9);
    } else {
      codes[i] = northAmerican && digits === 3 ? ZERO + 2 + random.int(8) : ZERO + random.int(10);
      digits++;
    }
  }
  return codesToText(codes, length);
}
