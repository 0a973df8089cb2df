import { read, type CellObject, type WorkBook, type WorkSheet } from '@e965/xlsx';
import { cellText, EXCEL_EPOCH_OFFSET_DAYS, isDateNumberFormat } from '../cell';
import { EngineError } from '../errors';
import { inspectContainer } from '../guard/inspect-container';
import { loadCodePages } from '../platform/code-pages';
import { mostCommonKey } from '../key-counts';
import { MS_PER_DAY } from '../time/days';
import type { Cell, HeaderValue, Sheet } from '../types';
import { headerCellsOf, uniqueColumnNames } from './column-names';
import { findHeaderRow, HEADER_SEARCH_ROWS } from './find-header-row';
import { checkTableSize, type ReadLimits } from './read-limits';

/** Serial 0 of the 1904 date system (old Mac workbooks) is 1904-01-01. */
const EPOCH_1904 = EXCEL_EPOCH_OFFSET_DAYS - 1_462;

/** Excel error codes as the sheet shows them. */
const ERROR_TEXT: Record<number, string> = {
  0x00: '#NULL!',
  0x07: '#DIV/0!',
  0x0f: '#VALUE!',
  0x17: '#REF!',
  0x1d: '#NAME?',
  0x24: '#NUM!',
  0x2a: '#N/A',
  0x2b: '#GETTING_DATA',
};

/**
 * A date cell as a Date whose UTC fields are the wall-clock value the sheet shows, computed from
 * the serial number alone (never through the local time zone), rounded to the millisecond.
 * (Excel's fictitious 1900-02-29 is not corrected: dates before March 1900 read one day early.)
 */
function serialToDate(serial: number, epoch: number): Date {
  return new Date(Math.round((serial - epoch) * MS_PER_DAY));
}

/** Excel shows at most 15 significant digits; binary noise past them (0.1+0.2) is dropped. */
function displayedNumber(value: number): number {
  if (Number.isInteger(value) || !Number.isFinite(value)) return value;
  return String(value).length > 16 ? Number(value.toPrecision(15)) : value;
}

interface SheetReadContext {
  epoch: number;
  limits: Required<ReadLimits>;
}

function cellValue(cell: CellObject | undefined, context: SheetReadContext): Cell {
  if (!cell) return null;
  const value = cell.v;
  switch (cell.t) {
    case 'n': {
      if (typeof value !== 'number') return null;
      const format = cell.z;
      if (typeof format === 'string' && format !== 'General' && isDateNumberFormat(format)) {
        return serialToDate(value, context.epoch);
      }
      return displayedNumber(value);
    }
    case 's':
      return typeof value === 'string' ? value : value === undefined ? null : String(value);
    case 'b':
      return typeof value === 'boolean' ? value : null;
    case 'd':
      if (value instanceof Date) return new Date(value.getTime());
      return typeof value === 'string' && value !== '' ? value : null;
    case 'e':
      return typeof value === 'number' ? (ERROR_TEXT[value] ?? '#ERROR!') : '#ERROR!';
    default:
      return null;
  }
}

function isEmptyRow(row: readonly (CellObject | undefined)[] | undefined): boolean {
  if (!row) return true;
  for (const cell of row) if (cell && cell.t !== 'z' && cell.v !== undefined) return false;
  return true;
}

const GENERAL = 'General';

/** The number format a numeric or date cell is shown with ('General' when it has none). */
function formatOf(cell: CellObject): string {
  return typeof cell.z === 'string' && cell.z !== '' ? cell.z : GENERAL;
}

/** Most frequent number format of a column's numeric and date cells; null for General/none. */
function columnNumberFormat(counts: Map<string, number> | undefined): string | null {
  const best = counts ? mostCommonKey(counts, null) : null;
  return best === GENERAL ? null : best;
}

/**
 * Per column, the numeric/date cells whose format is not the column's (row index → format), so
 * a plain number in a date column or a '0.000' cell in a '#,##0.00' column is written back as
 * it was. Only columns that hold more than one format are walked again.
 */
function differingCellFormats(
  data: readonly ((CellObject | undefined)[] | undefined)[],
  firstRow: number,
  lastRow: number,
  minColumn: number,
  formatCounts: readonly (Map<string, number> | undefined)[],
  columnFormats: readonly (string | null)[],
): (Map<number, string> | undefined)[] | undefined {
  let result: (Map<number, string> | undefined)[] | undefined;
  formatCounts.forEach((counts, column) => {
    if (!counts || counts.size < 2) return;
    const columnFormat = columnFormats[column] ?? GENERAL;
    const differing = new Map<number, string>();
    for (let r = firstRow; r <= lastRow; r++) {
      const cell = data[r]?.[column + minColumn];
      if (cell?.t !== 'n') continue;
      const format = formatOf(cell);
      if (format !== columnFormat) differing.set(r - firstRow, format);
    }
    result ??= new Array<undefined>(formatCounts.length);
    result[column] = differing;
  });
  return result;
}

/** The rows a header is looked for in, as cells; a row without values as an empty line. */
function topRows(
  data: readonly ((CellObject | undefined)[] | undefined)[],
  first: number,
  last: number,
  context: SheetReadContext,
): Cell[][] {
  const rows: Cell[][] = [];
  for (let r = first; r <= Math.min(last, first + HEADER_SEARCH_ROWS); r++) {
    const row = data[r];
    rows.push(!row || isEmptyRow(row) ? [] : Array.from(row, (cell) => cellValue(cell, context)));
  }
  return rows;
}

/** One worksheet as a table; its range is recomputed from the cells really present. */
function readSheet(
  name: string,
  worksheet: WorkSheet,
  context: SheetReadContext,
  cellsSoFar: number,
): Sheet {
  const data = (worksheet['!data'] ?? []) as (CellObject | undefined)[][];
  let first = 0;
  while (first < data.length && isEmptyRow(data[first])) first++;
  let last = data.length - 1;
  while (last > first && isEmptyRow(data[last])) last--;
  if (first >= data.length) return { name, columns: [], rows: [], numberFormats: [] };
  // A title or note above the table (a report's name in A1) is no header.
  const top = first;
  first += findHeaderRow(topRows(data, first, last, context));

  let minColumn = Infinity;
  let maxColumn = -1;
  for (let r = first; r <= last; r++) {
    const row = data[r];
    if (!row) continue;
    for (let c = 0; c < row.length; c++) {
      const cell = row[c];
      if (cell && cell.t !== 'z' && cell.v !== undefined) {
        if (c < minColumn) minColumn = c;
        if (c > maxColumn) maxColumn = c;
      }
    }
  }
  const width = maxColumn - minColumn + 1;
  checkTableSize(name, last - first, width, context.limits, cellsSoFar);

  const headerRow = data[first] ?? [];
  const header: string[] = [];
  const headerValues: (HeaderValue | undefined)[] = [];
  for (let c = minColumn; c <= maxColumn; c++) {
    const cell = headerRow[c];
    const value = cellValue(cell, context);
    const format = typeof cell?.z === 'string' ? cell.z : null;
    header.push(cellText(value, format));
    if (typeof value === 'number' || value instanceof Date) {
      headerValues[c - minColumn] = { value, format };
    }
  }

  const formatCounts: (Map<string, number> | undefined)[] = new Array<undefined>(width);
  const rows: Cell[][] = [];
  for (let r = first + 1; r <= last; r++) {
    const source = data[r];
    const row: Cell[] = new Array<Cell>(width);
    for (let c = 0; c < width; c++) {
      const cell = source?.[c + minColumn];
      row[c] = cellValue(cell, context);
      if (cell?.t === 'n') {
        const format = formatOf(cell);
        const counts = (formatCounts[c] ??= new Map());
        counts.set(format, (counts.get(format) ?? 0) + 1);
      }
    }
    rows.push(row);
  }
  const numberFormats = Array.from(formatCounts, columnNumberFormat);
  const columns = uniqueColumnNames(header);
  const headerCells = headerCellsOf(header, columns);
  const preamble = preambleOf(data, top, first, minColumn, context);
  const sheet: Sheet = {
    name,
    columns,
    ...(headerCells ? { headerCells } : {}),
    rows,
    numberFormats,
    ...(headerValues.length > 0 ? { headerValues } : {}),
    ...(preamble.length > 0 ? { preamble } : {}),
  };
  const cellFormats = differingCellFormats(
    data,
    first + 1,
    last,
    minColumn,
    formatCounts,
    numberFormats,
  );
  if (cellFormats) sheet.cellFormats = cellFormats;
  return sheet;
}

/**
 * The rows `from` to `to` (exclusive) above a table as lines of cells, from the table's first
 * column `tableStart`, or the first cell left of it (a title in A1 over a table from C4).
 */
function preambleOf(
  data: readonly (readonly (CellObject | undefined)[] | undefined)[],
  from: number,
  to: number,
  tableStart: number,
  context: SheetReadContext,
): Cell[][] {
  // Rows and cells may be holes (SheetJS's dense arrays), which map would keep as holes.
  const lines = Array.from({ length: to - from }, (_, index) =>
    Array.from(data[from + index] ?? [], (cell) => cellValue(cell, context)),
  );
  let start = tableStart;
  for (const line of lines) {
    const firstFilled = line.findIndex((cell) => cell !== null);
    if (firstFilled >= 0) start = Math.min(start, firstFilled);
  }
  return lines.map((line) => {
    let end = line.length;
    while (end > start && line[end - 1] === null) end--;
    return line.slice(start, Math.max(start, end));
  });
}

function parseWorkbook(bytes: Uint8Array, limits: Required<ReadLimits>, label: string): WorkBook {
  // Legacy xls (BIFF5 and older) store text in a Windows code page; SheetJS needs the tables.
  loadCodePages();
  try {
    return read(bytes, {
      type: 'array',
      dense: true,
      cellDates: false,
      cellNF: true,
      cellText: false,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      sheetStubs: false,
      bookVBA: false,
      // One row more than allowed, so an oversized sheet is refused rather than cut short.
      sheetRows: Math.min(limits.maxRows, 2 ** 31 - 3) + 2,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    if (/password/i.test(message)) {
      throw new EngineError(
        'INVALID_FILE',
        'This workbook is password-protected; remove the password and upload it again.',
      );
    }
    throw new EngineError('INVALID_FILE', `This file is not a valid ${label} workbook.`);
  }
}

/**
 * Reads an xlsx or xls workbook (or another format SheetJS reads, such as SpreadsheetML) into
 * one table per sheet, in workbook order: formulas give their cached values, date cells become
 * Dates, error cells their text ('#N/A'), empty cells null; the first non-empty row is the header,
 * unless it is a title above the table (see findHeaderRow), kept as the sheet's `preamble`.
 * @example readSpreadsheet(bytes, 'XLSX', limits).map((sheet) => sheet.name) // ['Sheet1']
 */
export function readSpreadsheet(
  bytes: Uint8Array,
  label: 'XLSX' | 'XLS',
  limits: Required<ReadLimits>,
): Sheet[] {
  inspectContainer(bytes, label === 'XLSX' ? 'xlsx' : 'xls');
  const workbook = parseWorkbook(bytes, limits, label);
  const date1904 = Boolean(workbook.Workbook?.WBProps?.date1904);
  const context: SheetReadContext = {
    epoch: date1904 ? EPOCH_1904 : EXCEL_EPOCH_OFFSET_DAYS,
    limits,
  };
  if (workbook.SheetNames.length === 0) {
    throw new EngineError('INVALID_FILE', `This file is not a valid ${label} workbook.`);
  }
  const sheets: Sheet[] = [];
  let cells = 0;
  for (const name of workbook.SheetNames) {
    const worksheet = workbook.Sheets[name];
    if (!worksheet) continue;
    const sheet = readSheet(name, worksheet, context, cells);
    cells += sheet.rows.length * sheet.columns.length;
    sheets.push(sheet);
  }
  return sheets;
}
