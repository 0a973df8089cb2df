/**
 * OWASP "CSV injection": a spreadsheet runs text that starts with one of these as a formula, or
 * (tab, CR, LF, NUL) lets a payload hide behind invisible leading characters.
 */
const TRIGGERS = new Set(['=', '+', '-', '@', '\t', '\r', '\n', '\0']);

/**
 * Text a spreadsheet reads as a plain number or phone number: a sign, then only digits, spaces
 * and . , ( ) / : - (e.g. "-2.5", "+1 555-123-4567"). With no letters it can reference no cell and
 * call no function, so it is left as written to keep numeric data intact.
 */
const HARMLESS_SIGNED = /^[+-][\d .,()/:-]*\d[\d .,()/:-]*$/;

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
  return !HARMLESS_SIGNED.test(text);
}

/**
 * A text cell made safe to open in a spreadsheet: a leading single quote when it starts like a
 * formula, unchanged otherwise.
 * @example neutralizeFormula('=HYPERLINK("http://x")') // "'=HYPERLINK(\"http://x\")"
 */
export function neutralizeFormula(text: string): string {
  return isFormulaLike(text) ? `'${text}` : text;
}
