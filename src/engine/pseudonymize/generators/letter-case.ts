import { isAsciiLower, isAsciiUpper } from '../../text/char-classes';

/** How a text's letters are cased, so a replacement can be written the same way. */
export type LetterCase = 'lower' | 'upper' | 'title' | 'other';

/**
 * The case style of a text: all lower, all upper, each word capitalized, or other.
 * @example letterCaseOf('New York') // 'title'
 */
export function letterCaseOf(text: string): LetterCase {
  // ASCII fast path: one scan, no regular expressions.
  let upperCount = 0;
  let lowerCount = 0;
  let title = true;
  let wordStart = true;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code > 127) return letterCaseOfUnicode(text);
    if (isAsciiUpper(code)) {
      upperCount++;
      if (!wordStart) title = false;
      wordStart = false;
    } else if (isAsciiLower(code)) {
      lowerCount++;
      if (wordStart) title = false;
      wordStart = false;
    } else wordStart = true;
  }
  if (upperCount + lowerCount === 0) return 'other';
  if (upperCount === 0) return 'lower';
  if (lowerCount === 0 && upperCount > 1) return 'upper';
  return title ? 'title' : 'other';
}

function letterCaseOfUnicode(text: string): LetterCase {
  const upper = text.toUpperCase();
  const lower = text.toLowerCase();
  if (upper === lower) return 'other';
  if (text === lower) return 'lower';
  // One capital letter is title case ('A', 'Paris'), not shouting.
  if (text === upper && /\p{Lu}.*\p{Lu}/u.test(text)) return 'upper';
  if (/^(?:[^\p{L}]*\p{Lu}[\p{Ll}'’]*)+[^\p{L}]*$/u.test(text)) return 'title';
  return 'other';
}

/**
 * Writes text in a case style; 'other' leaves it as it is.
 * @example applyLetterCase('new york', 'title') // 'New York'
 */
export function applyLetterCase(text: string, style: LetterCase): string {
  switch (style) {
    case 'lower':
      return text.toLowerCase();
    case 'upper':
      return text.toUpperCase();
    case 'title':
      if (/^[a-z]+$/i.test(text)) return text[0]!.toUpperCase() + text.slice(1).toLowerCase();
      return text
        .toLowerCase()
        .replace(
          /(^|[^\p{L}'’])(\p{L})/gu,
          (_, before: string, letter: string) => before + letter.toUpperCase(),
        );
    case 'other':
      return text;
  }
}

/**
 * Faker text in the original's letter case when that is all upper or all lower ('PARIS' →
 * 'LYON'), or title case over Faker's lower-case words ('Female' → 'Male'); Faker's own
 * capitalization otherwise ('Ebert, Murray and Kozey').
 */
export function inCaseOf(original: string, fake: string): string {
  const style = letterCaseOf(original);
  if (style === 'upper' || style === 'lower') return applyLetterCase(fake, style);
  // Faker's lower-case words ('female') capitalized like the original ('Male', 'F').
  if (style === 'title' && fake === fake.toLowerCase()) return applyLetterCase(fake, style);
  return fake;
}
