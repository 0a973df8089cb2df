import Papa from 'papaparse';
import { EngineError } from '../errors';
import type { Cell, CsvLayout, Sheet } from '../types';
import { headerCellsOf, uniqueColumnNames } from './column-names';
import { findHeaderRow, MAX_PREAMBLE_LINES } from './find-header-row';
import { checkTableSize, type ReadLimits } from './read-limits';
import { QuoteTally } from './quote-tally';
import { NotUtf8Error, splitRecords, splitUtf8Records } from './split-records';

type Delimiter = CsvLayout['delimiter'];
type Newline = CsvLayout['newline'];

const DELIMITERS: readonly Delimiter[] = [',', '\t', ';', '|'];
const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

/** How many records the delimiter sniffer looks at, and how much text at most. */
const SNIFF_RECORDS = 50;
const SNIFF_CHARS = 256 * 1024;

const ANY_DELIMITER = -1;

/**
 * Whether the quote at `index` opens a quoted field: only at the start of a field, as RFC 4180
 * and Papa Parse read it, so a stray quote inside a value (`5'10"`) is plain text.
 */
function opensQuote(text: string, index: number, delimiterCode: number): boolean {
  if (index === 0) return true;
  const previous = text.charCodeAt(index - 1);
  if (previous === LF || previous === CR) return true;
  if (delimiterCode !== ANY_DELIMITER) return previous === delimiterCode;
  return previous === 0x2c || previous === 0x3b || previous === 0x09 || previous === 0x7c;
}

/**
 * Walks the records of a sample, calling `onChar` for each character outside quoted fields;
 * `onChar` returns false to stop.
 */
function scanUnquoted(
  text: string,
  end: number,
  delimiterCode: number,
  onChar: (code: number, index: number) => boolean,
): void {
  let quoted = false;
  for (let index = 0; index < end; index++) {
    const code = text.charCodeAt(index);
    if (quoted) {
      if (code !== QUOTE) continue;
      if (text.charCodeAt(index + 1) === QUOTE) index++;
      else quoted = false;
    } else if (code === QUOTE && opensQuote(text, index, delimiterCode)) {
      quoted = true;
    } else if (!onChar(code, index)) {
      return;
    }
  }
}

/**
 * How delimited text is laid out, as readDelimited reads it: Excel's "sep=;" first line (`hint`,
 * no part of the table) names the delimiter, else it is sniffed past any preamble; the newline is
 * the first outside quotes after that line.
 * @example delimitedLayoutOfText('sep=;\na;b\n', ',') // { hint: 'sep=;\n', delimiter: ';', newline: '\n' }
 */
export function delimitedLayoutOfText(
  text: string,
  preferred: Delimiter,
): { hint: string | null; delimiter: Delimiter; newline: Newline } {
  const hint = /^sep=([,;\t|])(?:\r\n|\n|\r)/.exec(text);
  const table = hint ? text.slice(hint[0].length) : text;
  const delimiter =
    (hint?.[1] as Delimiter | undefined) ??
    sniffDelimiter(table.slice(preambleLength(table)), preferred);
  return { hint: hint?.[0] ?? null, delimiter, newline: detectNewline(table) };
}

/** The delimiter a file's extension prefers when sniffing cannot tell: tab for .tsv and .tab. */
export function preferredDelimiter(fileName: string): Delimiter {
  const extension = fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase();
  return extension === 'tsv' || extension === 'tab' ? '\t' : ',';
}

/** The first line ending outside quotes; CRLF when the text has none (RFC 4180). */
export function detectNewline(text: string): Newline {
  let newline: Newline = '\r\n';
  scanUnquoted(text, Math.min(text.length, SNIFF_CHARS * 4), ANY_DELIMITER, (code, index) => {
    if (code === CR) newline = text.charCodeAt(index + 1) === LF ? '\r\n' : '\r';
    else if (code === LF) newline = '\n';
    else return true;
    return false;
  });
  return newline;
}

/**
 * Field counts of the first records for one delimiter, quote-aware, and how many quotes stand
 * inside an unquoted field (a sign that this is not the file's delimiter). Any line break (CRLF,
 * LF or CR) ends a record, so a file mixing them is sniffed like any other.
 */
function fieldCounts(
  text: string,
  delimiter: Delimiter,
): { counts: number[]; strayQuotes: number } {
  const delimiterCode = delimiter.charCodeAt(0);
  const counts: number[] = [];
  const end = Math.min(text.length, SNIFF_CHARS);
  let fields = 1;
  let strayQuotes = 0;
  scanUnquoted(text, end, delimiterCode, (code, index) => {
    if (code === QUOTE) strayQuotes++;
    else if (code === delimiterCode) fields++;
    else if (code === CR || (code === LF && text.charCodeAt(index - 1) !== CR)) {
      counts.push(fields);
      fields = 1;
    }
    return counts.length < SNIFF_RECORDS;
  });
  // The last record counts only when the sample holds all of it.
  if (end === text.length && counts.length < SNIFF_RECORDS) counts.push(fields);
  // A trailing newline leaves an empty last "record".
  if (counts.length > 1 && /[\r\n]$/.test(text) && end === text.length) counts.pop();
  return { counts, strayQuotes };
}

/**
 * The delimiter among comma, tab, semicolon and pipe that splits the first records most
 * consistently into more than one field; ties go to more fields, then to the extension's own
 * delimiter, then to the order above. A one-column file gets the extension's delimiter.
 * @example sniffDelimiter('a;b\n1,5;2\n', ',') // ';'
 */
export function sniffDelimiter(text: string, preferred: Delimiter): Delimiter {
  let best: Delimiter | null = null;
  let bestScore = -1;
  const candidates = [preferred, ...DELIMITERS.filter((d) => d !== preferred)];
  for (const delimiter of candidates) {
    const { counts, strayQuotes } = fieldCounts(text, delimiter);
    const header = counts[0] ?? 1;
    if (header < 2) continue;
    const consistent = counts.filter((count) => count === header).length / counts.length;
    // A delimiter under which every quote opens or closes a field beats one that leaves quotes
    // inside fields (`a,"|"` is a comma file whose pipe is quoted); then consistency dominates,
    // and the field count breaks ties between equally consistent candidates.
    const quotesFit = strayQuotes === 0 ? 1 : 0;
    const score =
      quotesFit * 1_000_000_000 + Math.round(consistent * 100) * 100_000 + Math.min(header, 99_999);
    if (score > bestScore) {
      best = delimiter;
      bestScore = score;
    }
  }
  return best ?? preferred;
}

const PREAMBLE_LINE = /([^\r\n]*)(?:\r\n|\n|\r|$)/y;
/** A line of nothing but spaces and delimiters (an empty row as Excel saves it: ";;;"). */
const BLANK_LINE = /^[\s,;|]*$/;
/** Text split by any delimiter into at most one non-blank piece. */
const SINGLE_CELL = /^[\s,;|]*[^\s,;|"][^,;|\t"]*[\s,;|]*$/;

/**
 * Where the table starts below a preamble, judged on the text alone so the delimiter is sniffed
 * on the table: `#` comment lines, or single-cell lines (a title, "Report generated …") closed
 * by a blank line, none holding a quote (whose field could span lines). 0 when the text starts
 * with its table. findHeaderRow has the final word.
 */
function preambleLength(text: string): number {
  let position = 0;
  let hasContent = false;
  let onlyComments = true;
  let afterBlank = 0;
  for (let line = 0; line <= MAX_PREAMBLE_LINES && position < text.length; line++) {
    PREAMBLE_LINE.lastIndex = position;
    const match = PREAMBLE_LINE.exec(text);
    if (!match || match[0] === '') break;
    const content = match[1] ?? '';
    const next = position + match[0].length;
    if (BLANK_LINE.test(content)) {
      if (hasContent) afterBlank = next;
    } else if (content.startsWith('#') && !content.includes('"')) {
      hasContent = true;
    } else if (SINGLE_CELL.test(content)) {
      hasContent = true;
      onlyComments = false;
    } else {
      if (!hasContent) return 0;
      return onlyComments ? position : afterBlank;
    }
    position = next;
  }
  return 0;
}

/** Quotes and line breaks: what a walk over records has to look at. */
const QUOTE_OR_BREAK = /["\r\n]/g;

/**
 * Calls `onBreak` for each line break of the text (CRLF, LF or CR, CRLF counted once) with
 * whether it lies inside a quoted field, reading quotes as Papa Parse does (a quote opens a
 * field only at its start; `""` inside is a quote). Stops when `onBreak` returns false.
 */
function forEachLineBreak(
  text: string,
  delimiterCode: number,
  onBreak: (index: number, length: number, quoted: boolean) => boolean,
): void {
  const pattern = new RegExp(QUOTE_OR_BREAK.source, 'g');
  let quoted = false;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const index = match.index;
    const code = text.charCodeAt(index);
    if (code === QUOTE) {
      if (!quoted) quoted = opensQuote(text, index, delimiterCode);
      else if (text.charCodeAt(index + 1) === QUOTE) pattern.lastIndex = index + 2;
      else quoted = false;
      continue;
    }
    const length = code === CR && text.charCodeAt(index + 1) === LF ? 2 : 1;
    pattern.lastIndex = index + length;
    if (!onBreak(index, length, quoted)) return;
  }
}

/** Whether the text may hold a line break other than `newline` (quotes not considered). */
function mayMixLineBreaks(text: string, newline: Newline): boolean {
  if (newline === '\n') return text.includes('\r');
  if (newline === '\r') return text.includes('\n');
  return /\r(?!\n)|(?<!\r)\n/.test(text);
}

/**
 * The text to parse and the newline to parse it with. Papa Parse splits rows on one newline
 * only, so when a file mixes CRLF, LF and CR outside quoted fields (files pasted together from
 * several sources do), every line break outside quotes becomes LF; line breaks inside quoted
 * fields are values and stay exactly as written.
 */
function uniformLineBreaks(
  text: string,
  newline: Newline,
  delimiter: Delimiter,
): { text: string; newline: Newline } {
  if (!mayMixLineBreaks(text, newline)) return { text, newline };
  const delimiterCode = delimiter.charCodeAt(0);
  let mixed = false;
  forEachLineBreak(text, delimiterCode, (index, length, quoted) => {
    mixed = !quoted && text.slice(index, index + length) !== newline;
    return !mixed;
  });
  if (!mixed) return { text, newline };
  const pieces: string[] = [];
  let start = 0;
  forEachLineBreak(text, delimiterCode, (index, length, quoted) => {
    if (quoted) return true;
    pieces.push(text.slice(start, index));
    start = index + length;
    return true;
  });
  pieces.push(text.slice(start));
  return { text: pieces.join('\n'), newline: '\n' };
}

/**
 * Where record `record` (from 0) starts: its line (from 1, as an editor counts them) and its
 * offset in the text.
 */
function startOfRecord(
  text: string,
  delimiter: Delimiter,
  record: number,
): { line: number; offset: number } {
  let line = 1;
  let offset = 0;
  let records = 0;
  if (record === 0) return { line, offset };
  forEachLineBreak(text, delimiter.charCodeAt(0), (index, length, quoted) => {
    line++;
    if (!quoted) {
      records++;
      offset = index + length;
    }
    return records < record;
  });
  return { line, offset };
}

/**
 * The field (from 1) of a record that holds the character at `index`: delimiters outside quoted
 * fields are counted from the record's start, quotes read as Papa Parse reads them.
 */
function fieldAt(text: string, delimiter: Delimiter, recordStart: number, index: number): number {
  const delimiterCode = delimiter.charCodeAt(0);
  let field = 1;
  let quoted = false;
  for (let at = recordStart; at < index; at++) {
    const code = text.charCodeAt(at);
    if (quoted) {
      if (code !== QUOTE) continue;
      if (text.charCodeAt(at + 1) === QUOTE) at++;
      else quoted = false;
    } else if (
      code === QUOTE &&
      (at === recordStart || text.charCodeAt(at - 1) === delimiterCode)
    ) {
      quoted = true;
    } else if (code === delimiterCode) {
      field++;
    }
  }
  return field;
}

/**
 * How many line breaks (CRLF counted once) end the text, or its UTF-8 bytes (where line breaks
 * are single bytes too).
 */
function trailingLineBreaks(text: string | Uint8Array): number {
  const codeAt = (index: number): number | undefined =>
    typeof text === 'string' ? text.charCodeAt(index) : text[index];
  let count = 0;
  for (let index = text.length - 1; index >= 0; index--) {
    const code = codeAt(index);
    if (code === LF) count++;
    else if (code === CR) {
      if (codeAt(index + 1) !== LF) count++;
    } else break;
  }
  return count;
}

/** The record cut or padded with `''` to `width` fields, in place. */
function padded(record: string[], width: number): string[] {
  if (record.length > width) record.length = width;
  while (record.length < width) record.push('');
  return record;
}

/**
 * How many empty fields past `width` every record from `from` to `to` ends with (they are empty:
 * the width takes in every non-empty field), when it is the same for all of them; else 0.
 */
function uniformTrailingFields(
  records: readonly (readonly string[])[],
  from: number,
  to: number,
  width: number,
): number {
  let trailing = -1;
  for (let index = from; index < to; index++) {
    const record = records[index] ?? [];
    if (record.length !== width && isEmptyRecord(record)) continue;
    const extra = Math.max(0, record.length - width);
    if (trailing === -1) trailing = extra;
    else if (extra !== trailing) return 0;
  }
  return Math.max(0, trailing);
}

function isEmptyRecord(record: readonly string[]): boolean {
  return record.length === 1 && record[0] === '';
}

/**
 * How many columns the table has: the header's, widened to the last non-empty field of any longer
 * row, as Excel shows such a row. Fields past it are empty in every row (trailing delimiters, as
 * some exporters write) and make no column, so they lose nothing.
 */
function tableWidth(
  records: readonly (readonly string[])[],
  from: number,
  to: number,
  headerWidth: number,
): number {
  let width = headerWidth;
  for (let index = from; index < to; index++) {
    const record = records[index] ?? [];
    for (let column = record.length - 1; column >= width; column--) {
      if (record[column] !== '') {
        width = column + 1;
        break;
      }
    }
  }
  return width;
}

/**
 * The records of a text that splitRecords leaves (a quote left open or followed by something
 * else than a delimiter or line break), parsed by Papa Parse, which tolerates spaces after a
 * closing quote; throws INVALID_FILE with the line of a malformed quoted field. `lineOffset`
 * counts lines above the text (a "sep=" line) so the line is the one the user's editor shows.
 */
function parseWithPapa(
  text: string,
  newline: Newline,
  delimiter: Delimiter,
  lineOffset: number,
): string[][] {
  const source = uniformLineBreaks(text, newline, delimiter);
  const parsed = Papa.parse<string[]>(source.text, {
    delimiter,
    newline: source.newline,
    quoteChar: '"',
    escapeChar: '"',
    header: false,
    dynamicTyping: false,
    skipEmptyLines: false,
  });
  const quoteError = parsed.errors.find((error) => error.type === 'Quotes');
  if (quoteError) {
    const start = startOfRecord(source.text, delimiter, quoteError.row ?? 0);
    // Papa Parse places the error just past the field's opening quote.
    const column = fieldAt(source.text, delimiter, start.offset, (quoteError.index ?? 1) - 1);
    const line = start.line + lineOffset;
    throw new EngineError(
      'INVALID_FILE',
      `Line ${line}, column ${column} has a quoted field that is not closed properly.`,
      { line },
    );
  }
  return parsed.data;
}

/**
 * How much of a text's start its layout is sniffed from (delimitedLayoutOfText): more than the
 * sniffers read past a "sep=" line and a preamble (SNIFF_CHARS * 4 for the newline), so a file
 * read a block at a time, whose start alone is decoded whole, is sniffed as the whole text is.
 */
export const LAYOUT_SAMPLE_CHARS = SNIFF_CHARS * 5;

/** What readDelimited reads: the sheet, and how its text was laid out. */
interface DelimitedRead {
  sheet: Sheet;
  delimiter: Delimiter;
  newline: Newline;
  sepLine: boolean;
}

/**
 * Reads CSV or TSV text (already decoded) into one sheet: every value stays the exact text
 * written (`''` for empty), short rows are padded with `''`, and a row with more non-empty fields
 * than the header widens the table by unnamed columns (`column_5`), padded with `''` in the other
 * rows. Extra fields that are empty in every row (trailing delimiters) make no column; when every
 * row has as many, their number is the sheet's `trailingDelimiters`, written back. Blank
 * lines are skipped (in a one-column file a blank line between values is an empty value), and
 * a preamble above the header (see findHeaderRow) is the sheet's `preamble`. CRLF, LF and CR line endings may be
 * mixed. (readDelimitedUtf8 reads UTF-8 bytes a block at a time instead, where the whole text
 * would take two bytes per character.) How the source quoted its columns, where it quoted more than needed, is Sheet.quoting.
 * @example readDelimited('a,b\n1,2,3\n', ',', 'data', limits).sheet.columns // ['a', 'b', 'column_3']
 */
export function readDelimited(
  text: string,
  preferred: Delimiter,
  sheetName: string,
  limits: Required<ReadLimits>,
): DelimitedRead {
  if (text.trim() === '') throw new EngineError('INVALID_FILE', 'The file is empty.');
  const { hint, delimiter, newline } = delimitedLayoutOfText(
    text.slice(0, LAYOUT_SAMPLE_CHARS),
    preferred,
  );
  if (hint) text = text.slice(hint.length);
  let quotes: QuoteTally | null = new QuoteTally(delimiter);
  let records = splitRecords(text, delimiter, undefined, undefined, quotes);
  if (records === null) {
    // Papa Parse tells no quoting: such a file is written back quoted where needed.
    quotes = null;
    records = parseWithPapa(text, newline, delimiter, hint ? 1 : 0);
  }
  const sheet = sheetOfRecords(records, quotes, trailingLineBreaks(text), sheetName, limits);
  return { sheet, delimiter, newline, sepLine: hint !== null };
}

/**
 * readDelimited for UTF-8 bytes from `start` (after a byte-order mark), read a block at a time
 * (splitUtf8Records) so the text is never one string: a file with a character above U+00FF
 * decoded whole is a string of two bytes per character, twice the file. `head` is the text of the
 * bytes' start, at least LAYOUT_SAMPLE_CHARS of it or all of it, not blank: the layout is
 * sniffed from it. Null when readDelimited must read the whole text instead: a quoted field
 * splitRecords cannot split (Papa Parse reads it, or names the line), or bytes that are not UTF-8.
 */
export function readDelimitedUtf8(
  bytes: Uint8Array,
  start: number,
  head: string,
  preferred: Delimiter,
  sheetName: string,
  limits: Required<ReadLimits>,
): DelimitedRead | null {
  const { hint, delimiter, newline } = delimitedLayoutOfText(
    head.slice(0, LAYOUT_SAMPLE_CHARS),
    preferred,
  );
  // The "sep=" line is ASCII: as many bytes as characters.
  const tableStart = start + (hint?.length ?? 0);
  const quotes = new QuoteTally(delimiter);
  let records: string[][] | null;
  try {
    records = splitUtf8Records(bytes, tableStart, delimiter, quotes);
  } catch (error) {
    if (error instanceof NotUtf8Error) return null;
    throw error;
  }
  if (records === null) return null;
  const blankLines = trailingLineBreaks(bytes.subarray(tableStart));
  const sheet = sheetOfRecords(records, quotes, blankLines, sheetName, limits);
  return { sheet, delimiter, newline, sepLine: hint !== null };
}

/**
 * The sheet of a delimited text's records (see readDelimited): its header row, width, rows and
 * quoting. `blankLines` is how many line breaks end the text.
 */
function sheetOfRecords(
  records: string[][],
  quotes: QuoteTally | null,
  blankLines: number,
  sheetName: string,
  limits: Required<ReadLimits>,
): Sheet {
  const headerIndex = findHeaderRow(records);
  const header = records[headerIndex];
  if (!header) throw new EngineError('INVALID_FILE', 'The file is empty.');
  // The newline that ends the last line leaves one empty record behind, and blank lines at the
  // end are no rows, not even in a one-column file (where a last empty value is written `""`).
  let end = records.length;
  while (end > headerIndex + 1 && blankLines > 0 && isEmptyRecord(records[end - 1] ?? [])) {
    end--;
    blankLines--;
  }
  const width = tableWidth(records, headerIndex + 1, end, header.length);
  // Checked on the widened table, before any row is padded: one long row cannot get past it.
  checkTableSize(sheetName, end - headerIndex - 1, width, limits);
  const trailingDelimiters = uniformTrailingFields(records, headerIndex + 1, end, width);
  // A row longer than the header gives columns that had no header cell (padded adds them).
  const written = header.slice(0, width);
  const columns = uniqueColumnNames(padded(header, width));
  const headerCells = headerCellsOf(written, columns);

  const rows: Cell[][] = [];
  // Where each record went, for a column whose `""` and empty fields are told apart row by row.
  const rowOfRecord = quotes?.hasMixedEmpties ? new Int32Array(records.length).fill(-1) : null;
  for (let index = headerIndex + 1; index < end; index++) {
    const record = records[index] as string[];
    if (record.length !== width && isEmptyRecord(record)) continue;
    if (rowOfRecord) rowOfRecord[index] = rows.length;
    rows.push(padded(record, width));
  }
  const quoting = quotes?.quotingOf(width, headerIndex, rows.length, rowOfRecord);
  return {
    name: sheetName,
    columns,
    rows,
    ...(headerCells ? { headerCells } : {}),
    ...(headerIndex > 0 ? { preamble: records.slice(0, headerIndex) } : {}),
    ...(quoting ? { quoting } : {}),
    ...(trailingDelimiters > 0 ? { trailingDelimiters } : {}),
  };
}
