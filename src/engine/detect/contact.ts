import { isIpv4 } from './semantics';

// Letters and digits of any script: addresses such as 'chloé@example.fr' are real (RFC 6531).
const EMAIL_RE =
  /^[\p{L}\p{N}.!#$%&'*+/=?^_`{|}~-]+@[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?(?:\.[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?)*\.\p{L}{2,}$/u;

/**
 * Whether text is an email address (local part, '@', a domain with a letter TLD).
 * @example isEmailText('ana.lopez@example.com') // true
 */
export function isEmailText(text: string): boolean {
  return text.length >= 6 && text.length <= 254 && EMAIL_RE.test(text);
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
  const lastCode = text.charCodeAt(text.length - 1);
  if (lastCode < 48 || lastCode > 57) return false;
  // Only texts with a letter or '#' can carry an extension; skip the regex for the rest.
  const extension = /[a-z#]/i.test(text) ? EXTENSION_RE.exec(text) : null;
  const body = extension ? text.slice(0, extension.index) : text;
  let digits = 0;
  let separators = 0;
  let open = false;
  let parentheses = 0;
  let previousSeparator = false;
  let onlyDots = true;
  for (let i = 0; i < body.length; i++) {
    const code = body.charCodeAt(i);
    if (code >= 48 && code <= 57) {
      digits++;
      previousSeparator = false;
      continue;
    }
    const char = body[i];
    if (char === '+') {
      if (i !== 0) return false;
      continue;
    }
    if (char === '(') {
      onlyDots = false;
      if (open || parentheses > 0) return false;
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
      return false;
    }
    previousSeparator = false;
  }
  if (open || digits < 7 || digits > 15) return false;
  const bodyLast = body.charCodeAt(body.length - 1);
  if (bodyLast < 48 || bodyLast > 57) return false;
  if (body[0] !== '+' && separators === 0 && parentheses === 0) return false;
  // Four dot-separated groups and nothing else may be an IPv4 address.
  return !(onlyDots && separators === 3 && body[0] !== '+' && isIpv4(body));
}
