/*
 * The words of a text as the leak search reads them: runs of letters and digits, joined by the
 * punctuation inside emails, hyphenated names, O'Brien and '555-1234' — what the regular
 * expression WORD_TOKEN matches. Scanned by hand: the search reads every distinct kept text,
 * and a regular expression's match objects cost more than the scan (about a fifth of the
 * report with a kept notes column on the 50 MB bench file).
 */

/** The tokens, as a regular expression: the reference forEachToken is tested against. */
export const WORD_TOKEN = /[\p{L}\p{N}]+(?:[.'’@+_-][\p{L}\p{N}]+)*/gu;

const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;
/** Per UTF-16 unit below 0x10000: 0 not yet known, 1 letter or digit, 2 neither. */
const bmpClass = new Uint8Array(0x10000);

function isJoiner(unit: number): boolean {
  // . ' ’ @ + _ -
  return (
    unit === 0x2e ||
    unit === 0x27 ||
    unit === 0x2019 ||
    unit === 0x40 ||
    unit === 0x2b ||
    unit === 0x5f ||
    unit === 0x2d
  );
}

/** Where the letter or digit at `at` ends (a surrogate pair is one), or -1 if it is none. */
function letterOrDigitEnd(text: string, at: number): number {
  const unit = text.charCodeAt(at);
  if (unit < 0x80) {
    const isWord =
      (unit >= 0x30 && unit <= 0x39) ||
      (unit >= 0x41 && unit <= 0x5a) ||
      (unit >= 0x61 && unit <= 0x7a);
    return isWord ? at + 1 : -1;
  }
  if (unit >= 0xd800 && unit <= 0xdbff && at + 1 < text.length) {
    const low = text.charCodeAt(at + 1);
    if (low >= 0xdc00 && low <= 0xdfff) {
      return LETTER_OR_DIGIT.test(text.slice(at, at + 2)) ? at + 2 : -1;
    }
  }
  let known = bmpClass[unit]!;
  if (known === 0) {
    known = LETTER_OR_DIGIT.test(String.fromCharCode(unit)) ? 1 : 2;
    bmpClass[unit] = known;
  }
  return known === 1 ? at + 1 : -1;
}

/** The end of the run of letters and digits from `at` (a letter or digit's end). */
function runEnd(text: string, at: number): number {
  let end = at;
  for (let next = end; end < text.length && (next = letterOrDigitEnd(text, end)) > 0;) end = next;
  return end;
}

/**
 * Calls `visit` with the start and end of each token of `text`, in order: the matches of
 * WORD_TOKEN.
 * @example forEachToken("Call O'Brien, 555-1234", (start, end) => spans.push([start, end])) // spans: [0, 4], [5, 12], [14, 22]
 */
export function forEachToken(text: string, visit: (start: number, end: number) => void): void {
  let at = 0;
  while (at < text.length) {
    const first = letterOrDigitEnd(text, at);
    if (first < 0) {
      at++;
      continue;
    }
    const start = at;
    at = runEnd(text, first);
    for (;;) {
      if (at + 1 >= text.length || !isJoiner(text.charCodeAt(at))) break;
      const next = letterOrDigitEnd(text, at + 1);
      if (next < 0) break;
      at = runEnd(text, next);
    }
    visit(start, at);
  }
}

/**
 * Where the first word of a text of several words ends, as the tokenizer reads it ('Smith,
 * John' → 5, 'Smith'): before the first space, trailing punctuation left out; 0 for a text of
 * one word. Cheaper than the tokenizer, and enough for names and addresses.
 * @example firstWordEnd('Smith, John') // 5
 */
export function firstWordEnd(text: string): number {
  const space = text.indexOf(' ');
  if (space <= 0) return 0;
  let end = space;
  while (end > 0 && ',;:.)'.includes(text[end - 1]!)) end--;
  return end;
}
