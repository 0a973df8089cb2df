import type { KeyedRandom } from '../keyed-random';

const AMINO_ACIDS = 'ACDEFGHIKLMNPQRSTVWY';

/**
 * A random sequence of the same length over the 20 standard residues (plus any other residue
 * letters the original uses, like X or U), in the original's case; gaps and stops ('-', '*')
 * stay where they are.
 * @example fakePeptide('MKTAYIAKQR', random) // 'QWHSNEPLCA'
 */
export function fakePeptide(original: string, random: KeyedRandom): string {
  let alphabet = AMINO_ACIDS;
  for (const char of original.toUpperCase()) {
    if (/[A-Z]/.test(char) && !alphabet.includes(char)) alphabet += char;
  }
  let out = '';
  for (const char of original) {
    if (!/\p{L}/u.test(char)) {
      out += char;
      continue;
    }
    const residue = alphabet[random.int(alphabet.length)] as string;
    out += char === char.toLowerCase() ? residue.toLowerCase() : residue;
  }
  return out;
}
