import type { Workbook } from '../types';

/**
 * Whether a character may stand before a formula without being seen: whitespace, a control
 * character (tab, CR, LF, NUL among them) or a zero-width one. A spreadsheet that trims any of
 * them before parsing would find the formula behind, so the rule looks past all of them.
 */
function isInvisible(code: number): boolean {
  return (
    code <= 0x20 ||
    code === 0x7f ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200d) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x2060 ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/**
 * A sign followed only by what plain arithmetic on numbers is made of: digits, spaces, signs,
 * * / ^ %, parentheses, decimal and thousands marks, # and currency symbols ($, €, £). Such a
 * formula can compute ("-2-3" shows -5) but calls nothing and reaches no other cell: a call or
 * a reference needs a name or a column letter, a DDE "|", a sheet "!", a range ":", brackets or
 * a string, none of which is here. Phone numbers ("+44 20 7946 0958", "+1 (555) 123-4567") and
 * amounts ("-262,46 €") are written this way. So is a phone's extension at the end, "ext. 12"
 * or "ext 12": an unknown name, never a call, and apart from its digits no reference (where
 * "x12" and "ext12" are cells).
 */
const PLAIN_ARITHMETIC = /^[+-][\d\p{Zs}+\-*/^%().,#\p{Sc}]*(?:ext(?:\.\p{Zs}*|\p{Zs}+)\d+)?$/u;

/** A signed real number with an exponent ("-1e5", "+1.5E-3"): a number, though it has a letter. */
const SIGNED_NUMBER = /^[+-](?=\.?\d)(?:\d+(?:[,.]\d{3})*)?(?:[.,]\d+)?(?:[eE][+-]?\d+)?%?$/;

/**
 * Cheap first check on the leading character: = + - @, a single quote, or something invisible
 * that a formula could hide behind.
 */
export function mayBeFormula(text: string): boolean {
  const code = text.charCodeAt(0);
  return (
    code === 0x3d ||
    code === 0x2b ||
    code === 0x2d ||
    code === 0x40 ||
    code === 0x27 ||
    isInvisible(code)
  );
}

/**
 * Whether a spreadsheet could run the text to call something: its first visible character is
 * `=` or `@`, or a sign followed by more than plain arithmetic (a name, a reference, a DDE call).
 */
function startsLikeFormula(text: string): boolean {
  let lead = 0;
  while (isInvisible(text.charCodeAt(lead))) lead++;
  const first = text.charCodeAt(lead);
  if (first === 0x3d || first === 0x40) return true;
  if (first !== 0x2b && first !== 0x2d) return false;
  const signed = lead === 0 ? text : text.slice(lead);
  return !PLAIN_ARITHMETIC.test(signed) && !SIGNED_NUMBER.test(signed);
}

/**
 * Whether a text cell must be neutralized before it goes into a csv/tsv file (and gets Excel's
 * invisible quote prefix in xlsx/xls): it could run as a formula that calls something, or is
 * quotes before one ("'=1"), so that neutralizing can be undone exactly.
 * @example isFormulaLike('+44 20 7946 0958') // false
 */
export function isFormulaLike(text: string): boolean {
  if (text.charCodeAt(0) !== 0x27) return startsLikeFormula(text);
  let start = 1;
  while (text.charCodeAt(start) === 0x27) start++;
  return startsLikeFormula(text.slice(start));
}

/**
 * A text cell made safe to open from a csv/tsv file in a spreadsheet: a leading single quote
 * when it could run as a formula that calls something, unchanged otherwise.
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
 * A workbook read back from a csv/tsv file written with neutralized formulas, as it was before:
 * text cells and column names through restoreFormula. Changes the workbook in place.
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
