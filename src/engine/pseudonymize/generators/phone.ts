import type { KeyedRandom } from '../keyed-random';

/**
 * Replaces the digits of a phone number, keeping its exact punctuation, spacing, country prefix
 * (`+44`), extension markers and a leading trunk `0`; the first national digit is 2-9 as real
 * numbering plans require.
 * @example fakePhone('+44 20 7946 0958', random) // '+44 61 3827 5540'
 */
export function fakePhone(original: string, random: KeyedRandom): string {
  let out = '';
  let i = 0;
  if (original[0] === '+') {
    // Country code: the digits right after '+', up to the first separator.
    out = '+';
    i = 1;
    while (i < original.length && /[0-9]/.test(original[i] as string)) out += original[i++];
  }
  let national = true;
  for (; i < original.length; i++) {
    const char = original[i] as string;
    const code = char.charCodeAt(0);
    if (code < 48 || code > 57) {
      out += char;
      continue;
    }
    if (national) {
      national = false;
      out += code === 48 ? '0' : String.fromCharCode(50 + random.int(8));
      continue;
    }
    out += String.fromCharCode(48 + random.int(10));
  }
  return out;
}
