import { SSF } from '@e965/xlsx';
import type { Cell } from './types';

// SheetJS types SSF as `any`; this is the one function we use of it.
const formatNumber = (SSF as { format: (format: string, value: number) => string }).format;

const MS_PER_DAY = 86_400_000;
/** Days between Excel's epoch (1899-12-30, 1900 date system) and 1970-01-01. */
const EXCEL_EPOCH_OFFSET_DAYS = 25_569;

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
  if (date.getTime() % MS_PER_DAY === 0) return day;
  return `${day} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
}

/**
 * The text a person sees for a cell: text as written, numbers and dates through their
 * spreadsheet number format when they have one, booleans as `true`/`false`, blanks as ''.
 * @example cellText(new Date(Date.UTC(2023, 2, 15)), 'm/d/yyyy') // '3/15/2023'
 */
export function cellText(cell: Cell, numberFormat?: string | null): string {
  if (cell === null) return '';
  if (typeof cell === 'string') return cell;
  if (typeof cell === 'boolean') return cell ? 'true' : 'false';
  const format = numberFormat && numberFormat !== 'General' ? numberFormat : null;
  if (cell instanceof Date) {
    if (Number.isNaN(cell.getTime())) return '';
    return format ? formatNumber(format, excelSerial(cell)) : isoText(cell);
  }
  if (!Number.isFinite(cell)) return String(cell);
  return format ? formatNumber(format, cell) : String(cell);
}
