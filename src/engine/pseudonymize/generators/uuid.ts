import type { KeyedRandom } from '../keyed-random';

const UUID_PATTERN =
  /^[{(]?[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}[})]?$/i;

/** Whether text is a UUID (with or without hyphens or braces). */
export function isUuid(text: string): boolean {
  return UUID_PATTERN.test(text);
}

const HEX_LOWER = '0123456789abcdef';
const HEX_UPPER = '0123456789ABCDEF';

/**
 * A random UUID of the same version, variant, case and punctuation as the original.
 * @example fakeUuid('3F2504E0-4F89-41D3-9A0C-0305E82C3301', random) // '9B1C0E44-07A2-4E11-8F3D-…'
 */
export function fakeUuid(original: string, random: KeyedRandom): string {
  const hex = /[A-F]/.test(original) ? HEX_UPPER : HEX_LOWER;
  let out = '';
  let nibble = 0;
  for (const char of original) {
    if (!/[0-9a-f]/i.test(char)) {
      out += char;
      continue;
    }
    if (nibble === 12) {
      out += char; // version
    } else if (nibble === 16) {
      // Variant: keep the high bits that name it (8-b is RFC 4122).
      const value = parseInt(char, 16);
      if (value < 8) out += hex[random.int(8)];
      else if (value < 12) out += hex[8 + random.int(4)];
      else out += hex[(value & 0b1110) | random.int(2)];
    } else {
      out += hex[random.int(16)];
    }
    nibble++;
  }
  return out;
}
