/**
 * Character classes read by character code. Detection and generation test every character of
 * millions of values, so these compare codes instead of running a regular expression.
 */

/** '0' to '9'. */
export function isAsciiDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** 'A' to 'Z'. */
export function isAsciiUpper(code: number): boolean {
  return code >= 65 && code <= 90;
}

/** 'a' to 'z'. */
export function isAsciiLower(code: number): boolean {
  return code >= 97 && code <= 122;
}

/** 'A' to 'Z' and 'a' to 'z'. */
export function isAsciiLetter(code: number): boolean {
  return isAsciiUpper(code) || isAsciiLower(code);
}

/**
 * ASCII white space and control characters, and the Unicode spaces `String.prototype.trim`
 * removes: what detection strips from padded values (' 123', 'a@b.com ').
 */
export function isTrimmableSpace(code: number): boolean {
  if (code <= 32) return true;
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/**
 * The padding database dumps and fixed-width exports write around values: space, tab and
 * no-break space. Generators keep it around the pseudonym.
 */
export function isPaddingSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 0xa0;
}

/** Whether the character at `index` separates words: ASCII white space or Unicode `\s`. */
export function isWhiteSpaceAt(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  if (code === 32 || (code >= 9 && code <= 13)) return true;
  return code > 127 && /\s/.test(text[index] as string);
}

/** Whether the character at `index` is a letter of any script. */
export function isLetterAt(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  if (isAsciiLetter(code)) return true;
  return code > 127 && /\p{L}/u.test(text[index] as string);
}
