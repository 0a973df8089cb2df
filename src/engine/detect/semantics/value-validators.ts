import { luhnTerm } from '../../checksums/luhn';
import { isAsciiDigit } from '../../text/char-classes';

/*
 * Validators for values whose form tells what they are: UUIDs, IP and MAC addresses, URLs,
 * IBANs and card numbers with a valid checksum, US social security and ZIP+4 codes, peptides.
 */

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Host, then an optional path/query/fragment: no two parts can match the same characters, so
// a long hostile value cannot make the regex backtrack.
const URL_RE = /^(?:(?:https?|ftp):\/\/|www\.)([^\s/?#]+)(?:[/?#]\S*)?$/i;
const HOST_TLD_RE = /\.[a-z]{2,}$/i;
const MAX_URL_LENGTH = 4096;
const MAC_RE = /^[0-9a-f]{2}([:-])(?:[0-9a-f]{2}\1){4}[0-9a-f]{2}$/i;
const AMINO_ACIDS = /^[ACDEFGHIKLMNPQRSTVWY]+$/;
const SSN_RE = /^\d{3}-\d{2}-\d{4}$/;
const ZIP_PLUS_FOUR_RE = /^\d{5}-\d{4}$/;

/**
 * Whether text is a UUID (any version), e.g. '123e4567-e89b-12d3-a456-426614174000', or one in
 * the braces Windows writes GUIDs in ('{123E4567-…}').
 */
export function isUuid(text: string): boolean {
  if (text.length === 38 && text[0] === '{' && text[37] === '}') {
    return UUID_RE.test(text.slice(1, 37));
  }
  return text.length === 36 && UUID_RE.test(text);
}

/** Whether text is a dotted IPv4 address with each part 0-255 and no leading zeros. */
export function isIpv4(text: string): boolean {
  const parts = text.split('.');
  if (parts.length !== 4) return false;
  for (const part of parts) {
    if (part.length === 0 || part.length > 3 || !/^\d+$/.test(part)) return false;
    if (part.length > 1 && part[0] === '0') return false;
    if (Number(part) > 255) return false;
  }
  return true;
}

/** Whether text is an IPv6 address (full, '::'-compressed, or ending in an IPv4 address). */
export function isIpv6(text: string): boolean {
  if (text.length < 2 || text.length > 45 || !text.includes(':')) return false;
  const halves = text.split('::');
  if (halves.length > 2) return false;
  const groups: string[] = [];
  for (const half of halves) if (half) groups.push(...half.split(':'));
  let count = groups.length;
  const last = groups[groups.length - 1];
  if (last?.includes('.')) {
    if (!isIpv4(last)) return false;
    groups.pop();
    count++;
  }
  for (const group of groups) if (!/^[0-9a-f]{1,4}$/i.test(group)) return false;
  return halves.length === 2 ? count < 8 : count === 8;
}

/** Whether text is a MAC address ('00:1A:2B:3C:4D:5E' or with dashes). */
export function isMac(text: string): boolean {
  return text.length === 17 && MAC_RE.test(text);
}

/** Whether text is a web address ('https://…', 'www.example.com/…'). */
export function isUrl(text: string): boolean {
  if (text.length > MAX_URL_LENGTH) return false;
  const match = URL_RE.exec(text);
  if (!match) return false;
  // 'www.' addresses need a real domain ('www.example.com'); scheme URLs may name any host.
  return !/^www\./i.test(text) || HOST_TLD_RE.test(match[1] ?? '');
}

/**
 * Whether text is an IBAN (print form with spaces allowed, any letter case) with a valid
 * ISO 7064 mod-97 check.
 * @example isIban('GB82 WEST 1234 5698 7654 32') // true
 */
export function isIban(text: string): boolean {
  if (text.length > 42) return false;
  const compact = text.replace(/ /g, '').toUpperCase();
  if (compact.length < 15 || compact.length > 34) return false;
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(compact)) return false;
  const rearranged = compact.slice(4) + compact.slice(0, 4);
  let remainder = 0;
  for (let i = 0; i < rearranged.length; i++) {
    const code = rearranged.charCodeAt(i);
    const digits = code >= 65 ? String(code - 55) : String(code - 48);
    for (let d = 0; d < digits.length; d++) {
      remainder = (remainder * 10 + digits.charCodeAt(d) - 48) % 97;
    }
  }
  return remainder === 1;
}

/**
 * Whether text is a payment card number: 13-19 digits (spaces or dashes between groups
 * allowed) passing the Luhn check.
 * @example isCardNumber('4111 1111 1111 1111') // true
 */
export function isCardNumber(text: string): boolean {
  let sum = 0;
  let digits = 0;
  for (let i = text.length - 1; i >= 0; i--) {
    const code = text.charCodeAt(i);
    if (code === 32 || code === 45) {
      if (i === 0 || i === text.length - 1) return false;
      continue;
    }
    if (!isAsciiDigit(code)) return false;
    sum += luhnTerm(code - 48, digits);
    digits++;
  }
  return digits >= 13 && digits <= 19 && sum % 10 === 0;
}

/**
 * Whether a digit string is a card number by itself: Luhn-valid with the issuer prefix its
 * length belongs to (15 digits: American Express 34/37; 14: Diners Club 30-38; 13: Visa 4).
 * Integer ids of those lengths pass the Luhn check one time in ten, but rarely all of them with
 * a card prefix.
 * @example isCardDigits('378282246310005') // true
 */
export function isCardDigits(text: string): boolean {
  if (!/^\d+$/.test(text) || !isCardNumber(text)) return false;
  switch (text.length) {
    case 15:
      return text.startsWith('34') || text.startsWith('37');
    case 14:
      return /^3[0689]/.test(text);
    case 13:
      return text.startsWith('4');
    default:
      return text.length >= 16 && text.length <= 19;
  }
}

/** Whether text is written only with the 20 standard amino-acid letters (upper case). */
export function isAminoAcidText(text: string): boolean {
  return AMINO_ACIDS.test(text);
}

/** Whether text is written like a US social security number ('123-45-6789'). */
export function isSsnText(text: string): boolean {
  return text.length === 11 && SSN_RE.test(text);
}

/** Whether text is a US ZIP+4 code ('02134-1234'). */
export function isZipPlusFour(text: string): boolean {
  return text.length === 10 && ZIP_PLUS_FOUR_RE.test(text);
}
