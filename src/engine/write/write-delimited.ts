import { cellNumberFormat, cellText } from '../cell';
import type { Cell, CsvLayout, Sheet } from '../types';
import { mayBeFormula, neutralizeFormula } from './neutralize-formula';

/**
 * Fields to quote: RFC 4180's delimiter, quote and line breaks, plus every other delimiter the
 * reader sniffs for, so the output can never be mistaken for another delimiter when read back.
 */
const NEEDS_QUOTES = /[",;|\t\r\n]/;

/** How many characters of output are gathered before they become one string chunk. */
const CHUNK_CHARS = 1 << 15;

/** One field as written: text as is (neutralized if asked), other cells as displayed, quoted if needed. */
function field(cell: Cell, format: string | null, neutralize: boolean): string {
  let text: string;
  if (typeof cell === 'string') {
    text = neutralize && mayBeFormula(cell) ? neutralizeFormula(cell) : cell;
  } else {
    text = cellText(cell, format);
  }
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * A sheet as CSV/TSV text per RFC 4180: fields holding the delimiter, a quote or a line break are
 * quoted with quotes doubled; numbers and dates are written as their displayed text (the number
 * format of the cell), as Excel saves CSV; text cells that start like a formula get a leading
 * single quote when `neutralize` is on. Yields ~1 MB text chunks, one at a time, so the caller
 * can encode each before the next is built (the whole text is never held as strings).
 */
export function* writeDelimitedChunks(
  sheet: Sheet,
  layout: CsvLayout,
  neutralize: boolean,
): Generator<string, void, undefined> {
  const { delimiter, newline } = layout;
  const header = sheet.columns.map((name) => field(name, null, neutralize));
  // A first field starting with U+FEFF would be read back as a byte-order mark.
  if (header[0]?.startsWith('\ufeff')) header[0] = `"${header[0]}"`;
  let chunk = header.join(delimiter) + newline;
  const fields: string[] = [];
  const { rows } = sheet;
  for (let rowIndex = 0; rowIndex < rows.length; rowIndex++) {
    const row = rows[rowIndex] as Cell[];
    fields.length = row.length;
    for (let column = 0; column < row.length; column++) {
      const cell = row[column] ?? null;
      const format =
        typeof cell === 'string' || cell === null
          ? null
          : cellNumberFormat(sheet, rowIndex, column);
      fields[column] = field(cell, format, neutralize);
    }
    // A last empty value of a one-column table would read back as a blank line at the end.
    if (fields.length === 1 && fields[0] === '' && rowIndex === rows.length - 1) fields[0] = '""';
    chunk += fields.join(delimiter) + newline;
    if (chunk.length > CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
  }
  yield chunk;
}
