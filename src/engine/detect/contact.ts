import { isAsciiDigit, isAsciiLetter } from '../text/char-classes';
import { isIpv4, isSsnText, isZipPlusFour } from './semantics';

const ASCII_EMAIL_RE =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;
// eslint-disable-next-line no-control-regex -- any character past ASCII
const NON_ASCII_RE = /[^\u0000-\u007f]/;

/** ASCII characters besides letters and digits allowed in an email's local part (RFC 5322 atext). */
const LOCAL_PUNCTUATION = new Set("!#$%&'*+/=?^_`{|}~-".split(''));

function isLetterOrDigit(code: number): boolean {
  return (
    isAsciiDigit(code) ||
    isAsciiLetter(code) ||
    // Letters of any script: addresses such as 'chloé@example.fr' are real (RFC 6531).
    (code >= 0xc0 && code !== 0xd7 && code !== 0xf7 && !(code >= 0x2000 && code <= 0x206f))
  );
}

function isAsciiLetterOrWide(code: number): boolean {
  return isAsciiLetter(code) || code >= 0xc0;
}

/**
 * Whether text is an email address: a local part of letters, digits and RFC 5322 punctuation
 * (dots not leading, trailing or doubled), '@', and a domain of two or more labels whose last
 * label (the TLD) is letters only. Hand-written: it runs on every value of large columns.
 * @example isEmailText('ana.lopez@example.com') // true
 */
export function isEmailText(text: string): boolean {
  const length = text.length;
  if (length < 6 || length > 254) return false;
  // Most addresses are ASCII: a compiled regex reads them faster than a character loop does
  // (cell texts are often slices of the whole file, which charCodeAt reads slowly).
  if (ASCII_EMAIL_RE.test(text)) return true;
  if (!NON_ASCII_RE.test(text)) return false;
  const at = text.indexOf('@');
  if (at < 1 || at > 64 || at === length - 1) return false;
  for (let i = 0; i < at; i++) {
    const code = text.charCodeAt(i);
    if (code === 46) {
      if (i === 0 || i === at - 1 || text.charCodeAt(i - 1) === 46) return false;
    } else if (!isLetterOrDigit(code) && !LOCAL_PUNCTUATION.has(text.charAt(i))) {
      return false;
    }
  }
  let labels = 1;
  let labelStart = at + 1;
  for (let i = at + 1; i <= length; i++) {
    const code = i === length ? 46 : text.charCodeAt(i);
    if (code === 46) {
      const labelLength = i - labelStart;
      if (labelLength < 1 || labelLength > 63) return false;
      if (text.charCodeAt(labelStart) === 45 || text.charCodeAt(i - 1) === 45) return false;
      if (i < length) {
        labels++;
        labelStart = i + 1;
      }
    } else if (code !== 45 && !isLetterOrDigit(code)) {
      return false;
    }
  }
  // The top-level domain: two or more letters.
  if (labels < 2 || length - labelStart < 2) return false;
  for (let i = labelStart; i < length; i++) {
    if (!isAsciiLetterOrWide(text.charCodeAt(i))) return false;
  }
  return true;
}

/**
 * Whether text is a phone number written as bare digits ('5551234567', '0612345678'): 7 to 15
 * digits. Only under a phone header, since plain integers look the same.
 */
export function isPhoneDigits(text: string): boolean {
  if (text.length < 7 || text.length > 15) return false;
  for (let i = 0; i < text.length; i++) if (!isAsciiDigit(text.charCodeAt(i))) return false;
  return true;
}

const EXTENSION_RE = /\s*(?:x|ext\.?|extension|#)\s*\d{1,6}$/i;

/**
 * Whether text is a phone number: E.164 ('+442079460958') or a national/international layout
 * with spaces, dashes, dots and parentheses ('(555) 123-4567', '+44 20 7946 0958'), optionally
 * with an extension ('x123', 'ext. 12'); 7 to 15 digits. Bare digit strings are not phones
 * (a plain integer column is a number), nor are IPv4 addresses.
 * @example isPhoneText('(555) 123-4567') // true
 */
export function isPhoneText(text: string): boolean {
  if (text.length < 7 || text.length > 40) return false;
  // 123-45-6789 (SSN) and 02134-1234 (ZIP+4) have phone punctuation but not phone grouping.
  if (isSsnText(text) || isZipPlusFour(text)) return false;
  const lastCode = text.charCodeAt(text.length - 1);
  if (!isAsciiDigit(lastCode)) return false;
  if (isDateOrReferenceShaped(text)) return false;
  const plain = phoneBodyFits(text, text.length);
  if (plain !== null) return plain;
  // Something other than phone punctuation: only an extension may follow the number.
  const extension = EXTENSION_RE.exec(text);
  return extension ? phoneBodyFits(text, extension.index) === true : false;
}

/**
 * Whether text is written like a date or a reference number rather than a phone number:
 * - three digit groups joined by one of '-', '/', '.', a four-digit year at one end and one- or
 *   two-digit fields elsewhere ('2023-04-17', '02/30/2023', '0000-00-00'), valid or not;
 * - a year, a dash or slash, and a serial of five or more digits ('2023-0001234');
 * - a hyphenated ISBN-13 ('978-3-16-148410-0') with a valid check digit.
 * Phone numbers grouped 4-4 ('2123-4567', Hong Kong) stay phones.
 */
function isDateOrReferenceShaped(text: string): boolean {
  const groups: number[] = [];
  let separator = '';
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (isAsciiDigit(code)) {
      run++;
      continue;
    }
    const char = text[i] as string;
    if (run === 0 || (char !== '-' && char !== '/' && char !== '.')) return false;
    if (separator === '') separator = char;
    else if (char !== separator) return false;
    groups.push(run);
    run = 0;
  }
  groups.push(run);
  const [first = 0, second = 0, third = 0] = groups;
  if (groups.length === 3) {
    const short = (width: number): boolean => width === 1 || width === 2;
    if (
      (first === 4 && short(second) && short(third)) ||
      (third === 4 && short(first) && short(second))
    ) {
      return true;
    }
  }
  if (groups.length === 2 && separator !== '.' && first === 4 && second >= 5) {
    const century = text.slice(0, 2);
    if (century === '19' || century === '20') return true;
  }
  return separator === '-' && isIsbn13(text);
}

/** Whether text is an ISBN-13: 978 or 979, then digits with a valid EAN-13 check digit. */
function isIsbn13(text: string): boolean {
  let sum = 0;
  let digits = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (!isAsciiDigit(code)) continue;
    sum += (code - 48) * (digits % 2 === 0 ? 1 : 3);
    digits++;
  }
  if (digits !== 13 || sum % 10 !== 0) return false;
  const prefix = text.replace(/\D/g, '').slice(0, 3);
  return prefix === '978' || prefix === '979';
}

/**
 * Whether text[0, end) is a phone number; null when it holds a character phone numbers do not
 * use (the caller then looks for an extension).
 */
function phoneBodyFits(text: string, end: number): boolean | null {
  let digits = 0;
  let separators = 0;
  let open = false;
  let parentheses = 0;
  let previousSeparator = false;
  let onlyDots = true;
  for (let i = 0; i < end; i++) {
    const code = text.charCodeAt(i);
    if (isAsciiDigit(code)) {
      digits++;
      previousSeparator = false;
      continue;
    }
    const char = text[i];
    if (char === '+') {
      if (i !== 0) return false;
      continue;
    }
    if (char === '(') {
      if (open || parentheses > 0) return false;
      onlyDots = false;
      open = true;
      parentheses++;
    } else if (char === ')') {
      if (!open) return false;
      onlyDots = false;
      open = false;
    } else if (char === ' ' || char === '-' || char === '.' || char === '/') {
      if (previousSeparator && char !== ' ') return false;
      if (char !== '.') onlyDots = false;
      previousSeparator = true;
      separators++;
      continue;
    } else {
      return null;
    }
    previousSeparator = false;
  }
  if (open || digits < 7 || digits > 15) return false;
  const bodyLast = text.charCodeAt(end - 1);
  if (!isAsciiDigit(bodyLast)) return false;
  if (text[0] !== '+' && separators === 0 && parentheses === 0) return false;
  // Four dot-separated groups and nothing else may be an IPv4 address.
  const body = onlyDots && separators === 3 && text[0] !== '+' ? text.slice(0, end) : null;
  return body === null || !isIpv4(body);
}
