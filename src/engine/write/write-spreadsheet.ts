import { cellNumberFormat, excelSerial, isDateNumberFormat } from '../cell';
import { EngineError } from '../errors';
import type { Cell, Sheet } from '../types';
import { isWholeDay } from '../time/days';
import { headerRowOf } from './header-row';
import { isFormulaLike, mayBeFormula } from './neutralize-formula';
import type { CellRows, OutputCell } from './output-cells';
import { writeXls } from './write-xls';
import { writeXlsx, writeXlsxChunks } from './write-xlsx';

/** What each output format can hold, header row included. */
const CAPACITY = {
  xlsx: { rows: 1_048_576, columns: 16_384, label: 'XLSX' },
  xls: { rows: 65_536, columns: 256, label: 'XLS' },
} as const;
/** Longest text an Excel cell holds. */
const MAX_CELL_CHARS = 32_767;

/** Characters Excel refuses in a sheet name, and control characters. */
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const SHEET_NAME_UNSAFE = /[:\\/?*[\]\x00-\x1f]/g;

/**
 * Sheet names Excel accepts: at most 31 characters, none of : \ / ? * [ ], no leading or
 * trailing apostrophe, unique ignoring case.
 */
export function excelSheetNames(names: readonly string[]): string[] {
  const seen = new Set<string>();
  return names.map((raw, index) => {
    let base = raw
      .replace(SHEET_NAME_UNSAFE, '_')
      .replace(/^'+|'+$/g, '')
      .trim()
      .slice(0, 31);
    if (base === '' || base.toLowerCase() === 'history') base = `Sheet${index + 1}`;
    let name = base;
    for (let suffix = 2; seen.has(name.toLowerCase()); suffix++) {
      const tail = ` (${suffix})`;
      name = base.slice(0, 31 - tail.length) + tail;
    }
    seen.add(name.toLowerCase());
    return name;
  });
}

function defaultDateFormat(date: Date): string {
  return isWholeDay(date.getTime()) ? 'yyyy-mm-dd' : 'yyyy-mm-dd hh:mm:ss';
}

/**
 * What the xlsx XML cannot carry as is: CR (XML turns CRLF into LF), the control characters XML
 * 1.0 forbids, the noncharacters U+FFFE and U+FFFF, and text that already looks like an OOXML
 * escape (`_x0041_` reads back as "A").
 */
const XML_UNSAFE_CHARS = '[\\x00-\\x08\\x0b-\\x1f\\ufffe\\uffff]';
const NEEDS_OOXML_ESCAPE = new RegExp(`_x[0-9a-fA-F]{4}_|${XML_UNSAFE_CHARS}`);
const OOXML_ESCAPED = new RegExp(`_(?=x[0-9a-fA-F]{4}_)|${XML_UNSAFE_CHARS}`, 'g');

/** Escapes text the way Excel does (`_xHHHH_`, with `_x005F_` for a literal underscore). */
function escapeOoxml(text: string): string {
  return text.replace(OOXML_ESCAPED, (char) =>
    char === '_'
      ? '_x005F_'
      : `_x${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`,
  );
}

/**
 * A text cell, always text and never a formula, with its characters as they are. Text that could
 * run as a formula gets the quote-prefix style when `neutralize` is on.
 */
function textCell(text: string, neutralize: boolean, ooxml: boolean): OutputCell {
  const value = ooxml && NEEDS_OOXML_ESCAPE.test(text) ? escapeOoxml(text) : text;
  return neutralize && mayBeFormula(text) && isFormulaLike(text)
    ? { t: 's', v: value, quotePrefix: true }
    : { t: 's', v: value };
}

/** Characters of XML per cell (`<c r="AB12345" t="s" s="2"><v>1234567</v></c>`, a number's digits). */
const XML_CHARS_PER_CELL = 48;

function xmlSizeHint(sheet: Sheet): number {
  return sheet.rows.length * (20 + sheet.columns.length * XML_CHARS_PER_CELL);
}

function cellRows(
  sheet: Sheet,
  name: string,
  neutralize: boolean,
  format: 'xlsx' | 'xls',
): CellRows {
  const ooxml = format === 'xlsx';
  const label = CAPACITY[format].label;
  const formats = sheet.numberFormats ?? [];
  const dateFormats = formats.map((format) =>
    format && isDateNumberFormat(format) ? format : null,
  );
  /** The error for text longer than a cell holds, at `place` ('Row 7 of column "notes"'). */
  const tooLong = (place: string) =>
    new EngineError(
      'TOO_LARGE',
      `${place} holds more than ${MAX_CELL_CHARS.toLocaleString('en-US')} characters, ` +
        `the most an ${label} cell can hold.`,
    );
  /**
   * A cell as written: text as text, a number with its own format (`format`, unless a date's),
   * a date with a date format (its own, else `dateFormat`, else one for its time of day).
   * Text longer than a cell holds is the caller's to refuse (tooLong).
   */
  const outputCell = (
    cell: Cell,
    format: string | null,
    dateFormat: string | null,
  ): OutputCell | undefined => {
    if (cell === null) return undefined;
    if (typeof cell === 'string') return textCell(cell, neutralize, ooxml);
    if (typeof cell === 'number') {
      if (!Number.isFinite(cell)) return { t: 's', v: String(cell) };
      // A date format on a plain number would show it as a date.
      return format && !isDateNumberFormat(format)
        ? { t: 'n', v: cell, z: format }
        : { t: 'n', v: cell };
    }
    if (typeof cell === 'boolean') return { t: 'b', v: cell };
    if (Number.isNaN(cell.getTime())) return undefined;
    const own = format && isDateNumberFormat(format) ? format : null;
    return { t: 'n', v: excelSerial(cell), z: own ?? dateFormat ?? defaultDateFormat(cell) };
  };
  const preamble = sheet.preamble ?? [];
  const headerAt = preamble.length;
  const row = (index: number): (OutputCell | undefined)[] => {
    if (index < headerAt) {
      return preamble[index]!.map((cell) => {
        if (typeof cell === 'string' && cell.length > MAX_CELL_CHARS) {
          throw tooLong(`Line ${index + 1} above the table`);
        }
        return outputCell(cell, null, null);
      });
    }
    if (index === headerAt) {
      const values = sheet.headerValues ?? [];
      return headerRowOf(sheet).map((name, column) => {
        const typed = values[column];
        return typed
          ? outputCell(typed.value, typed.format, null)
          : textCell(name, neutralize, ooxml);
      });
    }
    const rowIndex = index - headerAt - 1;
    const values = sheet.rows[rowIndex] ?? [];
    const cells = new Array<OutputCell | undefined>(values.length);
    for (let column = 0; column < values.length; column++) {
      const cell: Cell = values[column] ?? null;
      if (cell === null) continue;
      if (typeof cell === 'string' && cell.length > MAX_CELL_CHARS) {
        throw tooLong(`Row ${rowIndex + 2} of column "${sheet.columns[column] ?? ''}"`);
      }
      const format = typeof cell === 'string' ? null : cellNumberFormat(sheet, rowIndex, column);
      cells[column] = outputCell(cell, format, dateFormats[column] ?? null);
    }
    return cells;
  };
  return {
    name,
    columns: Math.max(sheet.columns.length, ...preamble.map((line) => line.length)),
    rowCount: headerAt + sheet.rows.length + 1,
    row,
    xmlSizeHint: ooxml ? xmlSizeHint(sheet) : 0,
  };
}

/**
 * Sheets with more rows than the format holds, continued on sheets of their own ("mapping",
 * "mapping (2)", …): for tables such as a long mapping, where the rows matter, not the sheets.
 * @example splitLongSheets([mappingOf100000Rows], 'xls').map((sheet) => sheet.name) // ['mapping', 'mapping (2)']
 */
export function splitLongSheets(sheets: readonly Sheet[], format: 'xlsx' | 'xls'): Sheet[] {
  const perSheet = CAPACITY[format].rows - 1;
  return sheets.flatMap((sheet) => {
    if (sheet.rows.length <= perSheet) return [sheet];
    const parts: Sheet[] = [];
    for (let start = 0; start < sheet.rows.length; start += perSheet) {
      const part = start / perSheet + 1;
      parts.push({
        ...sheet,
        name: part === 1 ? sheet.name : `${sheet.name} (${part})`,
        rows: sheet.rows.slice(start, start + perSheet),
        // Per-cell formats are keyed by row; a continued part starts its rows again.
        cellFormats: undefined,
        // The lines above the table head its first part only.
        ...(start > 0 ? { preamble: undefined } : {}),
      });
    }
    return parts;
  });
}

/** Sheets as the writers take them, each checked against the format's size. */
function cellSheetsOf(
  sheets: readonly Sheet[],
  format: 'xlsx' | 'xls',
  neutralize: boolean,
): CellRows[] {
  const capacity = CAPACITY[format];
  const names = excelSheetNames(sheets.map((sheet) => sheet.name));
  const cellSheets = sheets.map((sheet, index) => {
    const rows = (sheet.preamble?.length ?? 0) + sheet.rows.length + 1;
    if (rows > capacity.rows || sheet.columns.length > capacity.columns) {
      throw new EngineError(
        'TOO_LARGE',
        `Sheet "${sheet.name}" is too large for ${capacity.label}: it holds at most ` +
          `${(capacity.rows - 1).toLocaleString('en-US')} rows and ${capacity.columns.toLocaleString('en-US')} columns.`,
      );
    }
    return cellRows(sheet, names[index] as string, neutralize, format);
  });
  if (cellSheets.length === 0) {
    cellSheets.push({ name: 'Sheet1', columns: 0, rowCount: 1, row: () => [], xmlSizeHint: 0 });
  }
  return cellSheets;
}

/**
 * A workbook as xlsx or xls (BIFF8) bytes: every sheet under an Excel-safe version of its name,
 * columns in order, numbers as numbers with their own number format, dates as real date
 * cells with their format, booleans as booleans, text as text with no character added. No
 * formulas, links or comments are ever written; text that could run as a formula gets Excel's
 * quote-prefix style when `neutralize` is on.
 */
export function writeSpreadsheet(
  sheets: readonly Sheet[],
  format: 'xlsx' | 'xls',
  neutralize: boolean,
): Uint8Array {
  const cellSheets = cellSheetsOf(sheets, format, neutralize);
  if (format === 'xlsx') return writeXlsx(cellSheets);
  // The xls writer sizes its buffers from every cell up front.
  return writeXls(
    cellSheets.map((sheet) => ({
      name: sheet.name,
      columns: sheet.columns,
      rows: Array.from({ length: sheet.rowCount }, (_, index) => sheet.row(index)),
    })),
  );
}

/**
 * The bytes writeSpreadsheet writes, in pieces as they are made: an xlsx piece by piece (see
 * writeXlsxChunks), an xls at once. A sheet too large for the format is refused before the
 * first piece.
 */
export function writeSpreadsheetChunks(
  sheets: readonly Sheet[],
  format: 'xlsx' | 'xls',
  neutralize: boolean,
): Iterable<Uint8Array> {
  if (format === 'xls') return [writeSpreadsheet(sheets, format, neutralize)];
  return writeXlsxChunks(cellSheetsOf(sheets, format, neutralize));
}
