import { cellNumberFormat, cellText } from '../cell';
import type { Cell, ColumnQuoting, CsvLayout, Sheet } from '../types';
import { headerRowOf } from './header-row';
import { mayBeFormula, neutralizeFormula } from './neutralize-formula';

/** What a field must be quoted for with each delimiter: it, a quote or a line break (RFC 4180). */
const NEEDS_QUOTES: Record<CsvLayout['delimiter'], RegExp> = {
  ',': /[,"\r\n]/,
  ';': /[;"\r\n]/,
  '\t': /[\t"\r\n]/,
  '|': /[|"\r\n]/,
};
/**
 * Where another delimiter could mislead the reader's sniffing, fields holding any of them are
 * quoted too: the header (sniffing reads the first line) and every field of a one-column table
 * (which has no delimiter of its own to find). Elsewhere only what RFC 4180 asks is quoted, so a
 * `;` file's "1,50" stays unquoted, as Excel writes it.
 */
const NEEDS_QUOTES_ANY_DELIMITER = /[,;\t|"\r\n]/;

/** How many characters of output are gathered before they become one string chunk. */
const CHUNK_CHARS = 1 << 15;

/** A cell's text as written: text as is (neutralized if asked), other cells as displayed. */
function fieldText(cell: Cell, format: string | null, neutralize: boolean): string {
  if (typeof cell === 'string') {
    return neutralize && mayBeFormula(cell) ? neutralizeFormula(cell) : cell;
  }
  return cellText(cell, format);
}

function quoted(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

/** One field as written, quoted if needed. */
function field(
  cell: Cell,
  format: string | null,
  neutralize: boolean,
  needsQuotes: RegExp,
): string {
  const text = fieldText(cell, format, neutralize);
  return needsQuotes.test(text) ? quoted(text) : text;
}

/** Whether a text goes in quotes in a column the source quoted so (see ColumnQuoting). */
function quotedAsSource(text: string, quoting: ColumnQuoting, rowIndex: number): boolean {
  const { empties } = quoting;
  if (text === '') return empties === 'quoted' || (empties !== 'bare' && empties[rowIndex] === 1);
  return quoting.values && !quoting.bare.includes(text);
}

/**
 * A sheet as CSV/TSV text per RFC 4180: fields holding the delimiter, a quote or a line break
 * are quoted with quotes doubled (see NEEDS_QUOTES_ANY_DELIMITER), and so is every field the
 * source quoted the same way (Sheet.quoting: R's, a database's), after Excel's "sep=" line when
 * the source had one and the lines above the header (Sheet.preamble), and every row ends with
 * the source's trailing delimiters (Sheet.trailingDelimiters); numbers and dates are
 * written as their displayed text (the number format of the cell), as Excel saves CSV; text
 * cells a spreadsheet could run to call something get a leading single quote when `neutralize`
 * is on. Yields ~1 MB text chunks, one at a time, so the caller can encode each before the next
 * is built (the whole text is never held as strings).
 */
export function* writeDelimitedChunks(
  sheet: Sheet,
  layout: CsvLayout,
  neutralize: boolean,
): Generator<string, void, undefined> {
  const { delimiter, newline } = layout;
  const quoteField =
    sheet.columns.length === 1 ? NEEDS_QUOTES_ANY_DELIMITER : NEEDS_QUOTES[delimiter];
  const { quoting } = sheet;
  const header = headerRowOf(sheet).map((name, column) =>
    quoting?.[column]?.header
      ? quoted(fieldText(name, null, neutralize))
      : field(name, null, neutralize, NEEDS_QUOTES_ANY_DELIMITER),
  );
  const lines = (sheet.preamble ?? []).map((line) =>
    line.map((cell) => field(cell, null, neutralize, NEEDS_QUOTES_ANY_DELIMITER)),
  );
  lines.push(header);
  // A first field starting with U+FEFF would be read back as a byte-order mark.
  const first = lines[0]!;
  if (first[0]?.startsWith('\ufeff')) first[0] = `"${first[0]}"`;
  let chunk =
    (layout.sepLine ? `sep=${delimiter}${newline}` : '') +
    lines.map((line) => line.join(delimiter) + newline).join('');
  const { rows } = sheet;
  const rowEnd = delimiter.repeat(sheet.trailingDelimiters ?? 0) + newline;
  for (let rowIndex = 0; rowIndex < rows.length; rowIndex++) {
    const row = rows[rowIndex] as Cell[];
    // The line built field by field: cheaper than an array of fields and a join.
    let line = '';
    for (let column = 0; column < row.length; column++) {
      const cell = row[column] ?? null;
      const format =
        typeof cell === 'string' || cell === null
          ? null
          : cellNumberFormat(sheet, rowIndex, column);
      if (column > 0) line += delimiter;
      const asSource = quoting?.[column];
      if (asSource) {
        const text = fieldText(cell, format, neutralize);
        line +=
          quotedAsSource(text, asSource, rowIndex) || quoteField.test(text) ? quoted(text) : text;
      } else {
        line += field(cell, format, neutralize, quoteField);
      }
    }
    // A last empty value of a one-column table would read back as a blank line at the end.
    if (row.length === 1 && line === '' && rowIndex === rows.length - 1) line = '""';
    chunk += line + rowEnd;
    if (chunk.length > CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
  }
  yield chunk;
}
