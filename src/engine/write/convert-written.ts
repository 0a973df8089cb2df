import { EngineError } from '../errors';
import { DEFAULT_GUARD_LIMITS } from '../guard/limits';
import { readWorkbook } from '../read/read-workbook';
import type { ReadLimits } from '../read/read-limits';
import type { FileFormat, Sheet, Workbook } from '../types';
import { everySheetJsonChunks, zippedSheetChunks } from './every-sheet';
import { restoreFormulas } from './neutralize-formula';
import { typeJsonColumns } from './typed-json-columns';
import { typeTextColumns } from './typed-text-columns';
import { encodeChunks } from './utf8-pieces';
import { writeWorkbook, writeWorkbookChunks, type WriteOptions } from './write-workbook';

/** Formats a spreadsheet may open and run formulas from; JSON is never neutralized. */
const PROTECTED_FORMATS: ReadonlySet<FileFormat> = new Set(['csv', 'tsv', 'xlsx', 'xls']);
/**
 * Formats whose protection adds a character to the text, to be taken off when converting. An
 * xlsx/xls keeps its texts as they are (protection is a cell style there), so a text of one that
 * starts with a quote is the value itself.
 */
const QUOTED_FORMATS: ReadonlySet<FileFormat> = new Set(['csv', 'tsv']);

/** Formats that hold only text, and those that hold numbers and dates as such (typeTextColumns). */
const TEXT_ONLY_FORMATS: ReadonlySet<FileFormat> = new Set(['csv', 'tsv']);
const SPREADSHEET_FORMATS: ReadonlySet<FileFormat> = new Set(['xlsx', 'xls']);

/** Bytes the engine wrote itself are read back without size limits (a mapping can be long). */
const NO_LIMITS: ReadLimits = {
  maxRows: Number.POSITIVE_INFINITY,
  maxColumns: Number.POSITIVE_INFINITY,
  maxCells: Number.POSITIVE_INFINITY,
};

/**
 * Largest csv, tsv or json written bytes may be converted to: as large as a workbook may expand
 * (the guard's cap on an xlsx's uncompressed parts). A workbook's string table lets one long text
 * fill many cells, so a 140 KB xlsx can hold 600 MB of text; written as csv it would be 600 MB.
 */
const MAX_TEXT_OUTPUT_BYTES = DEFAULT_GUARD_LIMITS.maxZipTotalBytes;

/** How bytes written in one format become another; see convertWritten. */
export interface Conversion {
  /** The format to write. */
  to: FileFormat;
  /**
   * Whether the bytes are a csv/tsv written with formula protection, whose added quotes are
   * taken off before writing (an xlsx/xls has none to take off).
   */
  restoreFormulas: boolean;
  /** Whether to write with formula protection (csv, tsv, xlsx, xls). */
  neutralizeFormulas: boolean;
}

/**
 * The conversion that turns bytes written (with the default formula protection) in `written`
 * into `wanted` with protection on or off, or null when the bytes are already that.
 * @example writtenConversion('csv', 'xlsx', true) // { to: 'xlsx', restoreFormulas: true, neutralizeFormulas: true }
 */
export function writtenConversion(
  written: FileFormat,
  wanted: FileFormat,
  formulaProtection: boolean,
): Conversion | null {
  const conversion = rewriting(written, wanted, formulaProtection);
  const writtenProtected = PROTECTED_FORMATS.has(written);
  return wanted === written && conversion.neutralizeFormulas === writtenProtected
    ? null
    : conversion;
}

/**
 * The conversion that writes bytes written in `written` again as `wanted`, even when they are
 * that already: to keep one sheet of a workbook (ConvertOptions.sheetScope).
 * @example rewriting('xlsx', 'xlsx', true) // { to: 'xlsx', restoreFormulas: false, neutralizeFormulas: true }
 */
export function rewriting(
  written: FileFormat,
  wanted: FileFormat,
  formulaProtection: boolean,
): Conversion {
  return {
    to: wanted,
    restoreFormulas: PROTECTED_FORMATS.has(written) && QUOTED_FORMATS.has(written),
    neutralizeFormulas: formulaProtection && PROTECTED_FORMATS.has(wanted),
  };
}

export interface ConvertOptions extends Conversion {
  /** A name whose extension tells the format of the bytes; a csv/tsv/json's sheet is named after it. */
  fileName: string;
  /** For a one-table format (csv, tsv, json), the sheet to write; the first when absent or unknown. */
  sheetName?: string;
  /**
   * 'every': every sheet, in any format (csv and tsv as a ZIP of one file per sheet, json as an
   * object keyed by sheet, when there are several); 'one': only the sheet `sheetName`, in any
   * format (an xlsx of that sheet). Absent: the one-table formats hold `sheetName` or the first.
   */
  sheetScope?: 'every' | 'one';
  /** xlsx/xls: continue a sheet too long for the format on further sheets (a mapping). */
  splitLongSheets?: boolean;
}

/**
 * Reads bytes the engine wrote (a run's result or mapping) and writes them in another format, as
 * a download in another format than the upload's is made. Throws EngineError TOO_LARGE when a
 * csv, tsv or json would pass the cap on text output.
 * @example convertWritten(csvBytes, { fileName: 'people.csv', ...writtenConversion('csv', 'xlsx', true)! })
 */
export function convertWritten(bytes: Uint8Array, options: ConvertOptions): Uint8Array {
  const { workbook, writeOptions } = readWritten(bytes, options);
  if (options.sheetScope === 'every' && workbook.sheets.length > 1) {
    if (options.to === 'json') return encodeChunks(everySheetJsonChunks(workbook), false, 0);
    if (options.to === 'csv' || options.to === 'tsv') {
      return joined([...zippedSheetChunks(workbook, options.to, writeOptions)]);
    }
  }
  return writeWorkbook(workbook, options.to, writeOptions);
}

/**
 * The bytes convertWritten writes, in pieces as they are made (see writeWorkbookChunks): an
 * xlsx is sent while it is written. Refusals (TOO_LARGE) come before the first piece.
 * @example convertWrittenChunks(csvBytes, { fileName: 'people.csv', ...writtenConversion('csv', 'xlsx', true)! })
 */
export function convertWrittenChunks(
  bytes: Uint8Array,
  options: ConvertOptions,
): Iterable<Uint8Array> {
  const { workbook, writeOptions } = readWritten(bytes, options);
  if (options.sheetScope === 'every' && workbook.sheets.length > 1) {
    if (options.to === 'json') return [encodeChunks(everySheetJsonChunks(workbook), false, 0)];
    if (options.to === 'csv' || options.to === 'tsv') {
      return zippedSheetChunks(workbook, options.to, writeOptions);
    }
  }
  return writeWorkbookChunks(workbook, options.to, writeOptions);
}

/**
 * Whether convertWritten writes a ZIP of one file per sheet: every sheet of a workbook of
 * several, as csv or tsv.
 * @example zipsSheets(2, 'csv', 'every') // true
 */
export function zipsSheets(
  sheetCount: number,
  to: FileFormat,
  sheetScope: ConvertOptions['sheetScope'],
): boolean {
  return sheetScope === 'every' && sheetCount > 1 && (to === 'csv' || to === 'tsv');
}

/** The written bytes read back, formula protection taken off, and how to write them. */
function readWritten(
  bytes: Uint8Array,
  options: ConvertOptions,
): { workbook: Workbook; writeOptions: WriteOptions } {
  const read = readWorkbook(bytes, options.fileName, NO_LIMITS);
  const workbook = options.sheetScope === 'one' ? onlySheet(read, options.sheetName) : read;
  if (options.restoreFormulas) restoreFormulas(workbook);
  if (TEXT_ONLY_FORMATS.has(workbook.format) && SPREADSHEET_FORMATS.has(options.to)) {
    workbook.sheets.forEach(typeTextColumns);
  }
  if (TEXT_ONLY_FORMATS.has(workbook.format) && options.to === 'json') {
    workbook.sheets.forEach(typeJsonColumns);
  }
  const sheetName = workbook.sheets.some((sheet) => sheet.name === options.sheetName)
    ? options.sheetName
    : undefined;
  const written =
    options.sheetScope === 'every'
      ? workbook.sheets
      : [workbook.sheets.find((each) => each.name === sheetName) ?? workbook.sheets[0]];
  checkTextOutputSize(written, options.to);
  return {
    workbook,
    writeOptions: {
      sheetName,
      neutralizeFormulas: options.neutralizeFormulas,
      splitLongSheets: options.splitLongSheets ?? false,
    },
  };
}

/** The workbook with only the sheet so named (the first when none is), as a workbook of its own. */
function onlySheet(workbook: Workbook, sheetName: string | undefined): Workbook {
  const sheet = workbook.sheets.find((each) => each.name === sheetName) ?? workbook.sheets[0];
  const { jsonTables: _tables, ...rest } = workbook;
  return { ...rest, sheets: sheet ? [sheet] : [] };
}

/**
 * Refuses (413) to write one-table text formats whose text alone would pass the cap: every
 * string's length, a separator per cell and, in json, the column name beside each value. A
 * lower bound, counted before anything is written; numbers, dates and booleans count one byte.
 */
function checkTextOutputSize(sheets: readonly (Sheet | undefined)[], to: FileFormat): void {
  if (to !== 'csv' && to !== 'tsv' && to !== 'json') return;
  let bytes = 0;
  for (const sheet of sheets) {
    if (!sheet) continue;
    const keyBytes = to === 'json' ? sheet.columns.map((name) => name.length + 4) : [];
    for (const row of sheet.rows) {
      for (let column = 0; column < row.length; column++) {
        const cell = row[column];
        bytes += (typeof cell === 'string' ? cell.length : 1) + 1 + (keyBytes[column] ?? 0);
      }
      if (bytes > MAX_TEXT_OUTPUT_BYTES) {
        throw new EngineError(
          'TOO_LARGE',
          `The ${to.toUpperCase()} file would be over ${MAX_TEXT_OUTPUT_BYTES / 1024 ** 2} MB; ` +
            'download it in its own format instead',
        );
      }
    }
  }
}

/** The pieces' bytes in one array. */
function joined(pieces: readonly Uint8Array[]): Uint8Array {
  const bytes = new Uint8Array(pieces.reduce((sum, piece) => sum + piece.length, 0));
  let at = 0;
  for (const piece of pieces) {
    bytes.set(piece, at);
    at += piece.length;
  }
  return bytes;
}
