import type { Semantic } from '../../types';
import { semanticFromHeader } from './from-header';
import {
  isAminoAcidText,
  isCardNumber,
  isIban,
  isIpv4,
  isIpv6,
  isMac,
  isSsnText,
  isUrl,
  isUuid,
  isZipPlusFour,
} from './value-validators';

interface ValueSemanticTest {
  semantic: Semantic;
  test: (text: string) => boolean;
}

const VALUE_TESTS: ValueSemanticTest[] = [
  { semantic: 'uuid', test: isUuid },
  { semantic: 'ipv4', test: isIpv4 },
  { semantic: 'ipv6', test: isIpv6 },
  { semantic: 'mac', test: isMac },
  { semantic: 'iban', test: isIban },
  { semantic: 'creditCard', test: isCardNumber },
  { semantic: 'url', test: isUrl },
  { semantic: 'ssn', test: isSsnText },
  { semantic: 'zipCode', test: isZipPlusFour },
];

/** Share of values that must fit a value test for the column to take its meaning. */
const VALUE_SHARE = 0.98;

/**
 * The semantic a column's values show, or null: UUIDs, IPv4/IPv6, MAC addresses, IBANs with a
 * valid checksum, Luhn-valid card numbers, URLs, or peptide sequences. `header` lowers the bar
 * for peptides (a 'sequence' column of short peptides).
 * @example semanticFromValues(['192.168.0.1', '10.0.0.7']) // 'ipv4'
 */
export function semanticFromValues(values: readonly string[], header = ''): Semantic | null {
  if (values.length === 0) return null;
  const needed = Math.ceil(values.length * VALUE_SHARE);
  for (const { semantic, test } of VALUE_TESTS) {
    if (!test(values[0] as string) && !test(values[values.length - 1] as string)) continue;
    let fits = 0;
    for (const value of values) if (test(value)) fits++;
    if (fits >= needed) return semantic;
  }
  return looksLikePeptides(values, semanticFromHeader(header) === 'peptide') ? 'peptide' : null;
}

/**
 * Peptide sequences: upper-case strings over the 20 amino-acid letters. Upper-case words can
 * use only those letters too ('MARKETING'), so without a telling header the values must be
 * long, varied and poor in vowels the way protein sequences are and English words are not.
 */
function looksLikePeptides(values: readonly string[], headerSaysSo: boolean): boolean {
  let fits = 0;
  let letters = 0;
  let vowels = 0;
  const alphabet = new Set<string>();
  for (const value of values) {
    if (!isAminoAcidText(value)) continue;
    fits++;
    letters += value.length;
    for (const char of value) {
      if (char === 'A' || char === 'E' || char === 'I' || char === 'Y') vowels++;
      alphabet.add(char);
    }
  }
  if (fits < Math.ceil(values.length * VALUE_SHARE)) return false;
  if (headerSaysSo) return true;
  return letters / fits >= 8 && vowels / letters < 0.3 && alphabet.size >= 12;
}
