import { EngineError } from '../errors';
import type { CsvLayout, FileFormat, Sheet, Workbook } from '../types';
import { writeDelimitedChunks } from './write-delimited';
import { writeJsonChunks, writeJsonTablesChunks } from './write-json';
import { splitLongSheets, writeSpreadsheet, writeSpreadsheetChunks } from './write-spreadsheet';
import { encodeChunks } from './utf8-pieces';

export interface WriteOptions {
  /**
   * Formula protection (OWASP "CSV injection"), default true: in csv/tsv a single quote before
   * text a spreadsheet could run to call something (see neutralizeFormula); in xlsx/xls the same
   * texts, unchanged, get Excel's quote-prefix style.
   */
  neutralizeFormulas?: boolean;
  /**
   * The sheet csv/tsv/json output holds (they hold one table); the first sheet by default. A JSON
   * source of several tables (Workbook.jsonTables) is written whole as json without it.
   */
  sheetName?: string;
  /**
   * xlsx/xls: continue a sheet longer than the format holds on further sheets ("mapping (2)")
   * instead of refusing it. For tables whose rows matter more than their sheet, like a mapping.
   */
  splitLongSheets?: boolean;
}

/** About how many characters a sheet's JSON takes: its cells, quotes, keys and punctuation. */
function jsonSizeHint(sheet: Sheet): number {
  const keyChars = sheet.columns.reduce((sum, name) => sum + name.length, 0);
  return textSizeHint(sheet, 6 + keyChars / Math.max(1, sheet.columns.length));
}

/**
 * The CSV/TSV layout for output: a csv/tsv source's own line ending, BOM, "sep=" line and (for
 * csv) delimiter; otherwise RFC 4180's CRLF, no BOM, and a comma or tab.
 */
function outputLayout(workbook: Workbook, format: 'csv' | 'tsv'): CsvLayout {
  const source = workbook.csv;
  const delimiter =
    format === 'tsv' ? '\t' : source && source.delimiter !== '\t' ? source.delimiter : ',';
  const layout: CsvLayout = {
    delimiter,
    newline: source?.newline ?? '\r\n',
    bom: source?.bom ?? false,
  };
  if (source?.sepLine && source.delimiter === delimiter) layout.sepLine = true;
  return layout;
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

/** Rows textSizeHint reads at most, spread evenly over the sheet. */
const SIZE_SAMPLE_ROWS = 4096;

/**
 * About how many characters a sheet's text takes: its text cells' lengths, a guess for other
 * cells, and `extraPerCell` for delimiters, quotes or JSON keys, counted on a sample of rows and
 * scaled to all of them (walking every cell of a large sheet costs a tenth of writing it). Sizes
 * the output buffer once; the buffer grows when the guess falls short.
 */
function textSizeHint(sheet: Sheet, extraPerCell: number): number {
  const { rows } = sheet;
  const step = Math.max(1, Math.floor(rows.length / SIZE_SAMPLE_ROWS));
  let chars = 0;
  let sampled = 0;
  for (let index = 0; index < rows.length; index += step) {
    for (const cell of rows[index] ?? []) {
      chars += (typeof cell === 'string' ? cell.length : cell === null ? 0 : 12) + extraPerCell;
    }
    sampled++;
  }
  return sampled === 0 ? 0 : Math.ceil((chars * rows.length) / sampled);
}

/** A csv or tsv's text in chunks of whole rows, and whether its bytes start with a BOM. */
export interface DelimitedText {
  bom: boolean;
  chunks: Iterable<string>;
  /** About how many characters the text takes (the buffer writeWorkbook starts with). */
  sizeHint: number;
}

/**
 * The text writeWorkbook encodes for csv or tsv, made a chunk at a time as it is read: for a
 * caller that encodes and writes each chunk before the next (the command line's output file),
 * so the bytes of the whole text are never held at once.
 * @example [...delimitedText(workbook, 'csv').chunks].join('') // 'name\r\nAda\r\n'
 */
export function delimitedText(
  workbook: Workbook,
  format: 'csv' | 'tsv',
  options: WriteOptions = {},
): DelimitedText {
  const layout = outputLayout(workbook, format);
  const sheet = pickSheet(workbook, options.sheetName);
  return {
    bom: layout.bom,
    chunks: writeDelimitedChunks(sheet, layout, options.neutralizeFormulas ?? true),
    sizeHint: sheet.columns.length * 8 + textSizeHint(sheet, 1),
  };
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
      const { bom, chunks, sizeHint } = delimitedText(workbook, format, options);
      return encodeChunks(chunks, bom, sizeHint);
    }
    case 'json': {
      if (workbook.jsonTables && options.sheetName === undefined) {
        const hint = workbook.sheets.reduce((sum, sheet) => sum + jsonSizeHint(sheet), 0);
        return encodeChunks(
          writeJsonTablesChunks(workbook.jsonTables, workbook.sheets),
          false,
          hint,
        );
      }
      const sheet = pickSheet(workbook, options.sheetName);
      return encodeChunks(writeJsonChunks(sheet), false, jsonSizeHint(sheet));
    }
    case 'xlsx':
    case 'xls':
      return writeSpreadsheet(
        options.splitLongSheets ? splitLongSheets(workbook.sheets, format) : workbook.sheets,
        format,
        neutralize,
      );
  }
}

/**
 * What writeWorkbook writes, in pieces as they are made: an xlsx piece by piece (a server sends
 * each piece while the next is written, so the whole file is never held; its parts are
 * writeWorkbook's, in a streamed ZIP: see writeXlsxChunks), other formats in one piece, the
 * same bytes. Errors that refuse the workbook come before the first piece.
 * @example Buffer.concat([...writeWorkbookChunks(workbook, 'csv')]) // the bytes of writeWorkbook(workbook, 'csv')
 */
export function writeWorkbookChunks(
  workbook: Workbook,
  format: FileFormat,
  options: WriteOptions = {},
): Iterable<Uint8Array> {
  if (format !== 'xlsx') return [writeWorkbook(workbook, format, options)];
  return writeSpreadsheetChunks(
    options.splitLongSheets ? splitLongSheets(workbook.sheets, format) : workbook.sheets,
    format,
    options.neutralizeFormulas ?? true,
  );
}
