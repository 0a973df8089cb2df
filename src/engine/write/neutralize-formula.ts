/**
 * OWASP "CSV injection": a spreadsheet runs text that starts with one of these as a formula, or
 * (tab, CR, LF, NUL) lets a payload hide behind invisible leading characters.
 */
const TRIGGERS = new Set(['=', '+', '-', '@', '\t', '\r', '\n', '\0']);

/**
 * A signed real number as a spreadsheet reads it, a plain number and no formula: "-2.5", "+3",
 * "-1e5", "-.5", "-1,234.50", "-10%". It is left as written to keep numeric data intact. Anything
 * else after a sign is a formula to Excel, even without letters ("-2-3" shows -5, and
 * "+1-555-123-4567" a sum), so it is neutralized as OWASP advises.
 */
const SIGNED_NUMBER = /^[+-](?=\.?\d)(?:\d+(?:[,.]\d{3})*)?(?:[.,]\d+)?(?:[eE][+-]?\d+)?%?$/;

/** Cheap first check on the leading character: = + - @ tab CR LF NUL. */
export function mayBeFormula(text: string): boolean {
  const code = text.charCodeAt(0);
  return (
    code === 0x3d ||
    code === 0x2b ||
    code === 0x2d ||
    code === 0x40 ||
    code === 0x09 ||
    code === 0x0d ||
    code === 0x0a ||
    code === 0x00
  );
}

/** Whether a text cell must be neutralized before it goes into a csv/tsv/xlsx/xls file. */
export function isFormulaLike(text: string): boolean {
  if (text === '' || !TRIGGERS.has(text[0] as string)) return false;
  return !SIGNED_NUMBER.test(text);
}

/**
 * A text cell made safe to open in a spreadsheet: a leading single quote when it starts like a
 * formula, unchanged otherwise.
 * @example neutralizeFormula('=HYPERLINK("http://x")') // "'=HYPERLINK(\"http://x\")"
 */
export function neutralizeFormula(text: string): string {
  return isFormulaLike(text) ? `'${text}` : text;
}
