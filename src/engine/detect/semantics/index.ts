/**
 * What a column means: from its header (English names and their usual variants) and from its
 * values (UUIDs, IP addresses, IBANs with a valid checksum, Luhn-valid card numbers, URLs,
 * peptide sequences). Each semantic names the Faker method the `auto` rule uses.
 */
export { SEMANTIC_METHODS } from './semantic-methods';
export { headerTokens, isFlagHeader, semanticFromHeader } from './from-header';
export { semanticFromValues } from './from-values';
export {
  isAminoAcidText,
  isCardDigits,
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
