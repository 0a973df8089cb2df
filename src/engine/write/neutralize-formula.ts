import type { Workbook } from '../types';

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

/** Cheap first check on the leading character: = + - @ tab CR LF NUL, or a single quote. */
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
    code === 0x00 ||
    code === 0x27
  );
}

function startsLikeFormula(text: string): boolean {
  return text !== '' && TRIGGERS.has(text[0] as string) && !SIGNED_NUMBER.test(text);
}

/**
 * Whether a text cell must be neutralized before it goes into a csv/tsv/xlsx/xls file: it starts
 * like a formula, or is quotes before one ("'=1"), so that neutralizing can be undone exactly.
 */
export function isFormulaLike(text: string): boolean {
  if (text.charCodeAt(0) !== 0x27) return startsLikeFormula(text);
  let start = 1;
  while (text.charCodeAt(start) === 0x27) start++;
  return startsLikeFormula(text.slice(start));
}

/**
 * A text cell made safe to open in a spreadsheet: a leading single quote when it starts like a
 * formula, unchanged otherwise.
 * @example neutralizeFormula('=HYPERLINK("http://x")') // "'=HYPERLINK(\"http://x\")"
 */
export function neutralizeFormula(text: string): string {
  return isFormulaLike(text) ? `'${text}` : text;
}

/**
 * The text a neutralized cell stood for: neutralizeFormula undone (one to one, so a text that
 * really started with a quote comes back as it was).
 * @example restoreFormula("'=SUM(A1)") // '=SUM(A1)'
 */
export function restoreFormula(text: string): string {
  return text.charCodeAt(0) === 0x27 && isFormulaLike(text.slice(1)) ? text.slice(1) : text;
}

/**
 * A workbook read back from a file written with neutralized formulas, as it was before: text
 * cells and column names through restoreFormula. Changes the workbook in place.
 */
export function restoreFormulas(workbook: Workbook): Workbook {
  for (const sheet of workbook.sheets) {
    sheet.columns = sheet.columns.map(restoreFormula);
    for (const row of sheet.rows) {
      for (let i = 0; i < row.length; i++) {
        const cell = row[i];
        if (typeof cell === 'string' && cell.charCodeAt(0) === 0x27) row[i] = restoreFormula(cell);
      }
    }
  }
  return workbook;
}
