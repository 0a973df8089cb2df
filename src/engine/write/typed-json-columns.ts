import { isBlankCell } from '../cell';
import type { Sheet } from '../types';

/*
 * A csv or tsv holds only text; JSON made from one (a download converted to json) should hold
 * its numbers and booleans as JSON numbers and booleans, as a program reading it expects. A
 * column is typed only when every value it holds is one, written as JSON writes it, so nothing
 * changes but the quotes: codes with leading zeros, identifiers longer than a double keeps,
 * decimal commas, grouped thousands, currency texts and columns with one odd value stay text.
 */

/** A number as JSON writes one, without exponent: 8711, -5, 0.25, 1.50. */
const PLAIN_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?$/;
/** Digits a double holds exactly: a longer identifier would read back rounded. */
const DOUBLE_DIGITS = 15;
const BOOLEAN_TEXT = /^(?:true|false)$/i;

function isPlainNumber(text: string): boolean {
  return PLAIN_NUMBER.test(text) && text.replace(/\D/g, '').length <= DOUBLE_DIGITS;
}

/**
 * Types, in place, each column of a sheet just read from a csv or tsv whose every non-blank
 * value is a plain number (written back as its own digits, unquoted: Sheet.jsonText) or true or
 * false (boolean cells); their blank cells become null. Other columns stay text.
 * @example typeJsonColumns(sheet); sheet.rows[0] // ['8711', false, 'Ann'], jsonText [true, false, false]
 */
export function typeJsonColumns(sheet: Sheet): void {
  sheet.columns.forEach((_name, column) => {
    let numbers = 0;
    let booleans = 0;
    let others = 0;
    for (const row of sheet.rows) {
      const cell = row[column] ?? null;
      if (isBlankCell(cell)) continue;
      if (typeof cell !== 'string') others++;
      else if (isPlainNumber(cell)) numbers++;
      else if (BOOLEAN_TEXT.test(cell)) booleans++;
      else others++;
      if (others > 0 || (numbers > 0 && booleans > 0)) return;
    }
    if (numbers === 0 && booleans === 0) return;
    for (const row of sheet.rows) {
      const cell = row[column] ?? null;
      row[column] = isBlankCell(cell)
        ? null
        : booleans > 0
          ? (cell as string).toLowerCase() === 'true'
          : cell;
    }
    if (numbers > 0) {
      sheet.jsonText ??= sheet.columns.map(() => false);
      sheet.jsonText[column] = true;
    }
  });
}
