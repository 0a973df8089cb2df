import { cellText } from '../cell';
import type { Cell, CsvLayout, Sheet } from '../types';
import { neutralizeFormula } from './neutralize-formula';

/**
 * Fields to quote: RFC 4180's delimiter, quote and line breaks, plus every other delimiter the
 * reader sniffs for, so the output can never be mistaken for another delimiter when read back.
 */
const NEEDS_QUOTES = /[",;|\t\r\n]/;

/** How many characters of output are gathered before they become one string chunk. */
const CHUNK_CHARS = 1 << 20;

/**
 * A sheet as CSV/TSV text per RFC 4180: fields holding the delimiter, a quote or a line break are
 * quoted with quotes doubled; numbers and dates are written as their displayed text (the number
 * format of the column), as Excel saves CSV; text cells that start like a formula get a leading
 * single quote when `neutralize` is on. Returns chunks so a 50 MB table never needs one big
 * concatenation step per row.
 */
export function writeDelimitedChunks(
  sheet: Sheet,
  layout: CsvLayout,
  neutralize: boolean,
): string[] {
  const { delimiter, newline } = layout;
  const formats = sheet.numberFormats;
  const field = (cell: Cell, column: number): string => {
    let text: string;
    if (typeof cell === 'string') text = neutralize ? neutralizeFormula(cell) : cell;
    else text = cellText(cell, formats?.[column]);
    return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  const chunks: string[] = [];
  const header = sheet.columns.map(field);
  // A first field starting with U+FEFF would be read back as a byte-order mark.
  if (header[0]?.startsWith('\ufeff')) header[0] = `"${header[0]}"`;
  let chunk = header.join(delimiter) + newline;
  for (const row of sheet.rows) {
    let line = '';
    for (let column = 0; column < row.length; column++) {
      if (column > 0) line += delimiter;
      line += field(row[column] ?? null, column);
    }
    chunk += line + newline;
    if (chunk.length > CHUNK_CHARS) {
      chunks.push(chunk);
      chunk = '';
    }
  }
  chunks.push(chunk);
  return chunks;
}
