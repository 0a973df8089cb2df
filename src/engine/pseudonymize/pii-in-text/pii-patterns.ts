import { isEmailText, isPhoneText } from '../../detect/contact';
import { isCardDigits, isIban, isUrl } from '../../detect/semantics';
import { isFree, take, isWordCharAt, type PiiKind, type PiiSpan } from './pii-span';

/*
 * Personal data free text shows by its form: emails and web addresses (one whitespace-free
 * token each), IBANs (mod-97 check), payment cards (Luhn check and issuer prefix) and phone
 * numbers (the phone column detector's rules). Each candidate is cut back from its right end
 * until the validator takes it, so a number followed by other digits is still found.
 */

/** Punctuation a token may be wrapped in ('<ann@x.com>,', '(https://x.org).'). */
const LEADING_PUNCTUATION = /^[([{<"'«“‘]+/;
const TRAILING_PUNCTUATION = /[)\]}>"'»”’.,;:!?]+$/;
/** What every email ('@') and web address ('.' of 'www.', ':' of 'https://') holds. */
const MAY_HOLD_ADDRESS = /[@.:]/;

/**
 * Finds the emails and web addresses of a text: whitespace-separated tokens, stripped of
 * wrapping punctuation, that the email or URL validator takes.
 * @example findEmailsAndUrls('Mail ann@x.com.', taken, spans) // spans: [{ start: 5, end: 14, kind: 'email' }]
 */
export function findEmailsAndUrls(text: string, taken: Uint8Array, spans: PiiSpan[]): void {
  if (!MAY_HOLD_ADDRESS.test(text)) return;
  for (const match of text.matchAll(/\S+/g)) {
    let token = match[0];
    // An email holds '@'; a web address 'www.' or '://': a token with none of them is neither.
    if (!MAY_HOLD_ADDRESS.test(token)) continue;
    let start = match.index;
    const leading = LEADING_PUNCTUATION.exec(token)?.[0].length ?? 0;
    token = token.slice(leading);
    start += leading;
    token = token.replace(TRAILING_PUNCTUATION, '');
    if (token.length < 6) continue;
    const kind: PiiKind | null = isEmailText(token) ? 'email' : isUrl(token) ? 'url' : null;
    if (kind && isFree(taken, start, start + token.length)) {
      take(taken, spans, { start, end: start + token.length, kind });
    }
  }
}

interface NumberPattern {
  kind: PiiKind;
  candidates: RegExp;
  accepts: (candidate: string) => boolean;
}

const NUMBER_PATTERNS: readonly NumberPattern[] = [
  {
    kind: 'iban',
    candidates: /[A-Z]{2}\d{2}(?: ?[A-Z0-9]{1,4})+/g,
    accepts: isIban,
  },
  {
    kind: 'card',
    candidates: /\d(?:[ -]?\d){12,18}/g,
    accepts: (candidate) => isCardDigits(candidate.replace(/[ -]/g, '')),
  },
  {
    kind: 'phone',
    candidates: /(?:\+|\()?\d[\d ()./-]*\d(?:\s*(?:x|ext\.?)\s*\d{1,6})?/gi,
    accepts: isPhoneText,
  },
];

/** A candidate starts a token: no letter, digit, '+', '@' or joined punctuation before it. */
function startsToken(text: string, start: number): boolean {
  const before = text[start - 1];
  if (before === undefined) return true;
  if (isWordCharAt(text, start - 1) || before === '@' || before === '_' || before === '+') {
    return false;
  }
  return !('-./'.includes(before) && isWordCharAt(text, start - 2));
}

/** A candidate ends a token: no letter or digit after it, nor punctuation joined to one. */
function endsToken(text: string, end: number): boolean {
  const after = text[end];
  if (after === undefined) return true;
  if (isWordCharAt(text, end) || after === '@' || after === '_') return false;
  return !('-./'.includes(after) && isWordCharAt(text, end + 1));
}

/**
 * Finds the IBANs, card numbers and phone numbers of a text outside the spans already taken.
 * @example findNumbers('IBAN GB82 WEST 1234 5698 7654 32', taken, spans) // one 'iban' span
 */
export function findNumbers(text: string, taken: Uint8Array, spans: PiiSpan[]): void {
  // Every candidate holds an ASCII digit (the patterns' \d).
  if (!/\d/.test(text)) return;
  for (const { kind, candidates, accepts } of NUMBER_PATTERNS) {
    candidates.lastIndex = 0;
    let match: RegExpExecArray | null;
    while ((match = candidates.exec(text)) !== null) {
      const start = match.index;
      const end = startsToken(text, start) ? longestAccepted(text, start, match[0], accepts) : -1;
      if (end > 0) {
        if (isFree(taken, start, end)) take(taken, spans, { start, end, kind });
        candidates.lastIndex = end;
        continue;
      }
      // Nothing from here ('2023-04-17 555-123-4567'): look again from the candidate's next word.
      const space = match[0].search(/\s\S/);
      if (space >= 0) candidates.lastIndex = start + space + 1;
    }
  }
}

/** The end of the longest prefix of a candidate that ends a token and is accepted, or -1. */
function longestAccepted(
  text: string,
  start: number,
  candidate: string,
  accepts: (candidate: string) => boolean,
): number {
  for (let end = start + candidate.length; end > start; end--) {
    if (!isWordCharAt(text, end - 1) || !endsToken(text, end)) continue;
    if (accepts(text.slice(start, end))) return end;
  }
  return -1;
}
