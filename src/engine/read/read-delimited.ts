import Papa from 'papaparse';
import { EngineError } from '../errors';
import type { Cell, CsvLayout, Sheet } from '../types';
import { uniqueColumnNames } from './column-names';
import { checkTableSize, type ReadLimits } from './read-limits';

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
 * inside an unquoted field (a sign that this is not the file's delimiter).
 */
function fieldCounts(
  text: string,
  delimiter: Delimiter,
  newline: Newline,
): { counts: number[]; strayQuotes: number } {
  const delimiterCode = delimiter.charCodeAt(0);
  const newlineCode = newline.charCodeAt(newline.length - 1);
  const counts: number[] = [];
  const end = Math.min(text.length, SNIFF_CHARS);
  let fields = 1;
  let strayQuotes = 0;
  scanUnquoted(text, end, delimiterCode, (code) => {
    if (code === QUOTE) strayQuotes++;
    else if (code === delimiterCode) fields++;
    else if (code === newlineCode) {
      counts.push(fields);
      fields = 1;
    }
    return counts.length < SNIFF_RECORDS;
  });
  // The last record counts only when the sample holds all of it.
  if (end === text.length && counts.length < SNIFF_RECORDS) counts.push(fields);
  // A trailing newline leaves an empty last "record".
  if (counts.length > 1 && text.endsWith(newline) && end === text.length) counts.pop();
  return { counts, strayQuotes };
}

/**
 * The delimiter among comma, tab, semicolon and pipe that splits the first records most
 * consistently into more than one field; ties go to more fields, then to the extension's own
 * delimiter, then to the order above. A one-column file gets the extension's delimiter.
 */
export function sniffDelimiter(text: string, newline: Newline, preferred: Delimiter): Delimiter {
  let best: Delimiter | null = null;
  let bestScore = -1;
  const candidates = [preferred, ...DELIMITERS.filter((d) => d !== preferred)];
  for (const delimiter of candidates) {
    const { counts, strayQuotes } = fieldCounts(text, delimiter, newline);
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

function isEmptyRecord(record: readonly string[]): boolean {
  return record.length === 1 && record[0] === '';
}

/**
 * Reads CSV or TSV text (already decoded) into one sheet: every value stays the exact text
 * written (`''` for empty), short rows are padded with `''`, and a row with extra non-empty
 * fields is an error naming the row. Extra fields that are all empty (trailing delimiters, as
 * some exporters write) are dropped, since no data is lost. Blank lines are skipped.
 * @example readDelimited('a,b\n1,2\n', ',', 'data', limits).sheet.rows // [['1', '2']]
 */
export function readDelimited(
  text: string,
  preferred: Delimiter,
  sheetName: string,
  limits: Required<ReadLimits>,
): { sheet: Sheet; delimiter: Delimiter; newline: Newline } {
  if (text.trim() === '') throw new EngineError('INVALID_FILE', 'The file is empty.');
  // Excel's "sep=;" first line names the delimiter; it is not part of the table.
  const hint = /^sep=([,;\t|])(?:\r\n|\n|\r)/.exec(text);
  if (hint) text = text.slice(hint[0].length);
  const newline = detectNewline(text);
  const delimiter =
    (hint?.[1] as Delimiter | undefined) ?? sniffDelimiter(text, newline, preferred);
  const parsed = Papa.parse<string[]>(text, {
    delimiter,
    newline,
    quoteChar: '"',
    escapeChar: '"',
    header: false,
    dynamicTyping: false,
    skipEmptyLines: false,
  });
  const quoteError = parsed.errors.find((error) => error.type === 'Quotes');
  if (quoteError) {
    throw new EngineError(
      'INVALID_FILE',
      `Row ${(quoteError.row ?? 0) + 1} has a quoted field that is not closed properly ` +
        '(counting the header as row 1).',
    );
  }
  const records = parsed.data;
  let headerIndex = 0;
  while (headerIndex < records.length && isEmptyRecord(records[headerIndex] ?? [''])) headerIndex++;
  const header = records[headerIndex];
  if (!header) throw new EngineError('INVALID_FILE', 'The file is empty.');
  const columns = uniqueColumnNames(header);
  const width = columns.length;
  // The newline that ends the last line leaves one empty record behind.
  let end = records.length;
  if (end > headerIndex + 1 && isEmptyRecord(records[end - 1] ?? [])) end--;
  checkTableSize(sheetName, end - headerIndex - 1, width, limits);

  const rows: Cell[][] = [];
  for (let index = headerIndex + 1; index < end; index++) {
    const record = records[index] as string[];
    if (record.length === width) {
      rows.push(record);
      continue;
    }
    if (isEmptyRecord(record)) continue;
    if (record.length < width) {
      for (let column = record.length; column < width; column++) record.push('');
    } else {
      for (let column = width; column < record.length; column++) {
        if (record[column] !== '') {
          throw new EngineError(
            'INVALID_FILE',
            `Row ${index + 1} has ${record.length} fields but the header has ${width} columns ` +
              '(counting the header as row 1).',
          );
        }
      }
      record.length = width;
    }
    rows.push(record);
  }
  return { sheet: { name: sheetName, columns, rows }, delimiter, newline };
}
