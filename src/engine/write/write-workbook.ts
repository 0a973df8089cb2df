import { EngineError } from '../errors';
import type { CsvLayout, FileFormat, Sheet, Workbook } from '../types';
import { writeDelimitedChunks } from './write-delimited';
import { writeJsonChunks } from './write-json';
import { writeSpreadsheet } from './write-spreadsheet';

export interface WriteOptions {
  /**
   * Prefix text cells that start with = + - @ tab CR LF or NUL with a single quote in csv, tsv,
   * xlsx and xls output (OWASP "CSV injection"). Default true.
   */
  neutralizeFormulas?: boolean;
  /** The sheet csv/tsv/json output holds (they hold one table); the first sheet by default. */
  sheetName?: string;
}

const UTF8_BOM = '\ufeff';

/**
 * The CSV/TSV layout for output: a csv/tsv source's own line ending, BOM and (for csv) delimiter;
 * otherwise RFC 4180's CRLF, no BOM, and a comma or tab.
 */
function outputLayout(workbook: Workbook, format: 'csv' | 'tsv'): CsvLayout {
  const source = workbook.csv;
  const delimiter =
    format === 'tsv' ? '\t' : source && source.delimiter !== '\t' ? source.delimiter : ',';
  return { delimiter, newline: source?.newline ?? '\r\n', bom: source?.bom ?? false };
}

function pickSheet(workbook: Workbook, sheetName: string | undefined): Sheet {
  const sheet =
    sheetName === undefined
      ? workbook.sheets[0]
      : workbook.sheets.find((candidate) => candidate.name === sheetName);
  if (!sheet) {
    throw new EngineError(
      'INVALID_FILE',
      sheetName === undefined
        ? 'The workbook has no sheets.'
        : `There is no sheet named "${sheetName}".`,
    );
  }
  return sheet;
}

/**
 * UTF-8 of the chunks in order (chunks end between rows, never inside a character). Each chunk
 * is encoded as it comes: building the whole text first would hold it twice more at the peak
 * (a 50 MB CSV with one non-Latin-1 letter is a 100 MB UTF-16 string).
 */
function encodeChunks(chunks: Iterable<string>, bom: boolean): Uint8Array {
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = bom ? [encoder.encode(UTF8_BOM)] : [];
  let length = parts[0]?.length ?? 0;
  for (const chunk of chunks) {
    const part = encoder.encode(chunk);
    parts.push(part);
    length += part.length;
  }
  if (parts.length === 1) return parts[0]!;
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  return bytes;
}

/**
 * Writes a workbook as csv, tsv, json, xlsx or xls bytes (UTF-8 for text formats). csv/tsv
 * follow RFC 4180 and keep the source's line ending and BOM; json writes an array of objects
 * with nesting restored; xlsx/xls keep every sheet. Formula-like text is neutralized by default.
 * @example new TextDecoder().decode(writeWorkbook(workbook, 'csv')) // 'name\r\nAda\r\n'
 */
export function writeWorkbook(
  workbook: Workbook,
  format: FileFormat,
  options: WriteOptions = {},
): Uint8Array {
  const neutralize = options.neutralizeFormulas ?? true;
  switch (format) {
    case 'csv':
    case 'tsv': {
      const layout = outputLayout(workbook, format);
      const sheet = pickSheet(workbook, options.sheetName);
      return encodeChunks(writeDelimitedChunks(sheet, layout, neutralize), layout.bom);
    }
    case 'json':
      return encodeChunks(writeJsonChunks(pickSheet(workbook, options.sheetName)), false);
    case 'xlsx':
    case 'xls':
      return writeSpreadsheet(workbook.sheets, format, neutralize);
  }
}
