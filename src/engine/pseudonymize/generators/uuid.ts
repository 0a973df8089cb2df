import { isAsciiDigit } from '../../text/char-classes';
import type { KeyedRandom } from '../keyed-random';
import { codeBuffer, codesToText } from '../../text/char-codes';

/** Hex digits per group of a UUID. */
const GROUPS = [8, 4, 4, 4, 12];

/**
 * Whether text is a UUID (with or without hyphens or braces): what
 * /^[{(]?[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}[})]?$/i matches,
 * checked by hand (this runs once per value of a UUID column).
 */
export function isUuid(text: string): boolean {
  const length = text.length;
  if (length < 32 || length > 38) return false;
  let at = text.charCodeAt(0) === 123 || text.charCodeAt(0) === 40 ? 1 : 0; // { (
  for (let group = 0; group < GROUPS.length; group++) {
    if (group > 0 && text.charCodeAt(at) === 45) at++; // -
    for (let digit = 0; digit < GROUPS[group]!; digit++, at++) {
      if (hexValue(text.charCodeAt(at)) < 0) return false;
    }
  }
  if (text.charCodeAt(at) === 125 || text.charCodeAt(at) === 41) at++; // } )
  return at === length;
}

function hasUpperHex(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 65 && code <= 70) return true;
  }
  return false;
}

const HEX_LOWER = Uint16Array.from('0123456789abcdef', (digit) => digit.charCodeAt(0));
const HEX_UPPER = Uint16Array.from('0123456789ABCDEF', (digit) => digit.charCodeAt(0));

/**
 * A random UUID of the same version, variant, case and punctuation as the original.
 * @example fakeUuid('3F2504E0-4F89-41D3-9A0C-0305E82C3301', random) // '9B1C0E44-07A2-4E11-8F3D-…'
 */
export function fakeUuid(original: string, random: KeyedRandom): string {
  const hex = hasUpperHex(original) ? HEX_UPPER : HEX_LOWER;
  const length = original.length;
  const codes = codeBuffer(length);
  let nibble = 0;
  for (let i = 0; i < length; i++) {
    const code = original.charCodeAt(i);
    const value = hexValue(code);
    if (value < 0) codes[i] = code;
    else if (nibble === 12)
      codes[i] = code; // version
    else if (nibble === 16) {
      // Variant: keep the high bits that name it (8-b is RFC 4122).
      if (value < 8) codes[i] = hex[random.bits(3)]!;
      else if (value < 12) codes[i] = hex[8 + random.bits(2)]!;
      else codes[i] = hex[(value & 0b1110) | random.bits(1)]!;
    } else codes[i] = hex[random.bits(4)]!;
    if (value >= 0) nibble++;
  }
  return codesToText(codes, length);
}

function hexValue(code: number): number {
  if (isAsciiDigit(code)) return code - 48;
  if (code >= 97 && code <= 102) return code - 87;
  if (code >= 65 && code <= 70) return code - 55;
  return -1;
}
