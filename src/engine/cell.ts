import { SSF } from '@e965/xlsx';
import { excelFormatToPattern, formatDateText, patternReadsWholeNumbers } from './formats/dates';
import { isWholeDay, MS_PER_DAY } from './time/days';
import type { Cell, Sheet } from './types';

// SheetJS types SSF as `any`; these are the functions we use of it.
const ssf = SSF as {
  format: (format: string, value: number) => string;
  is_date: (format: string) => boolean;
};

/** Days between Excel's epoch (1899-12-30, 1900 date system) and 1970-01-01. */
export const EXCEL_EPOCH_OFFSET_DAYS = 25_569;

/**
 * The text a date column's pattern reads in a cell: its own text, or under a pattern of digits
 * alone (Unix time `X` and `x`, `YYYYMMDD`) a whole number's digits, as JSON and spreadsheets
 * hold such dates; null otherwise.
 * @example dateTextOfCell(1700000000, 'X') // '1700000000'
 */
export function dateTextOfCell(cell: Cell, pattern: string): string | null {
  if (typeof cell === 'string') return cell;
  if (typeof cell === 'number' && Number.isInteger(cell) && patternReadsWholeNumbers(pattern)) {
    return String(cell);
  }
  return null;
}

/**
 * A date column's pseudonym `text` in its original's kind: a number where the original was one
 * (Unix time, 20230415), else the text.
 * @example dateCellLike(1700000000, '1699913600') // 1699913600
 */
export function dateCellLike(original: Cell, text: string): Cell {
  return typeof original === 'number' ? Number(text) : text;
}

/** Whether a cell counts as empty: a missing cell or empty text. */
export function isBlankCell(cell: Cell): cell is null | '' {
  return cell === null || cell === '';
}

/**
 * The Excel serial number of a date cell, read from its UTC fields (time-zone independent).
 * @example excelSerial(new Date(Date.UTC(2023, 2, 15, 12))) // 45000.5
 */
export function excelSerial(date: Date): number {
  return date.getTime() / MS_PER_DAY + EXCEL_EPOCH_OFFSET_DAYS;
}

function pad(value: number, length = 2): string {
  return String(value).padStart(length, '0');
}

/** ISO-like text of a date cell: `YYYY-MM-DD`, with ` HH:mm:ss` when it has a time of day. */
function isoText(date: Date): string {
  const day = `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  if (isWholeDay(date.getTime())) return day;
  return `${day} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
}

/**
 * The number format of one cell: its own when it differs from its column's, else the column's;
 * null when it has none (General).
 * @example cellNumberFormat({ numberFormats: ['0.00%'] }, 0, 0) // '0.00%'
 */
export function cellNumberFormat(
  sheet: Pick<Sheet, 'numberFormats' | 'cellFormats'>,
  row: number,
  column: number,
): string | null {
  const format = sheet.cellFormats?.[column]?.get(row) ?? sheet.numberFormats?.[column] ?? null;
  return format === 'General' ? null : format;
}

/** What a number format is, worked out once per format: a file has few distinct formats. */
interface FormatKind {
  isDate: boolean;
  /** The date pattern our own formatter writes it with, when it is a plain date/time. */
  datePattern: string | null;
}
const formatKinds = new Map<string, FormatKind>();
const MAX_CACHED_FORMATS = 1024;

/**
 * Whether a spreadsheet number format shows dates or times (SheetJS's verdict; a format it
 * cannot parse counts as not a date).
 * @example isDateNumberFormat('dd.mm.yyyy') // true
 */
export function isDateNumberFormat(format: string): boolean {
  return formatKind(format).isDate;
}

function formatKind(format: string): FormatKind {
  let kind = formatKinds.get(format);
  if (kind) return kind;
  let isDate: boolean;
  try {
    isDate = ssf.is_date(format);
  } catch {
    isDate = false;
  }
  kind = { isDate, datePattern: isDate ? excelFormatToPattern(format) : null };
  // A hostile file may carry many formats; the cache only has to hold a file's usual few.
  if (formatKinds.size >= MAX_CACHED_FORMATS) formatKinds.clear();
  formatKinds.set(format, kind);
  return kind;
}

/** SheetJS's formatter throws (sometimes a bare string) on formats it cannot parse. */
function formatWithSheetJs(format: string, value: number): string | null {
  try {
    return ssf.format(format, value);
  } catch {
    return null;
  }
}

/**
 * The text a person sees for a cell: text as written, numbers and dates through their
 * spreadsheet number format when they have one, booleans as `true`/`false`, blanks as ''.
 * Dates go through our own date formatter (SheetJS throws on real formats such as
 * LibreOffice's 'DD.MM.YYYY'); a format nothing can render falls back to ISO text for dates
 * and the plain number otherwise. A date format never turns a plain number into a date, nor a
 * number format a date into a number.
 * Never throws.
 * @example cellText(new Date(Date.UTC(2023, 2, 15)), 'm/d/yyyy') // '3/15/2023'
 */
export function cellText(cell: Cell, numberFormat?: string | null): string {
  if (cell === null) return '';
  if (typeof cell === 'string') return cell;
  if (typeof cell === 'boolean') return cell ? 'true' : 'false';
  const format = numberFormat && numberFormat !== 'General' ? numberFormat : null;
  if (cell instanceof Date) {
    if (Number.isNaN(cell.getTime())) return '';
    if (!format) return isoText(cell);
    const { isDate, datePattern } = formatKind(format);
    if (datePattern) return formatDateText(cell, datePattern);
    // A date under a number format ('0.00') shows as a date all the same.
    if (!isDate) return isoText(cell);
    return formatWithSheetJs(format, excelSerial(cell)) ?? isoText(cell);
  }
  if (!Number.isFinite(cell) || !format || formatKind(format).isDate) return String(cell);
  return formatWithSheetJs(format, cell) ?? String(cell);
}
