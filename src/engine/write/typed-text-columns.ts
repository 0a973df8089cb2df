import { EXCEL_EPOCH_OFFSET_DAYS } from '../cell';
import { detectColumn } from '../detect/column';
import {
  excelFormatOfPattern,
  formatDateText,
  parseDateText,
  patternHasDate,
  patternReadsWholeNumbers,
} from '../formats/dates';
import { formatNumberText } from '../formats/numbers';
import { MS_PER_DAY } from '../time/days';
import type { Cell, ColumnSchema, NumberLayout, Sheet } from '../types';

/*
 * A csv or tsv holds only text; a spreadsheet made from one (a download converted to xlsx or
 * xls) should hold numbers and dates a spreadsheet can sum, sort and chart, shown as the csv wrote
 * them. A column is typed only when every value converts and shows again exactly as written, so
 * nothing a reader sees changes: codes with leading zeros, identifiers longer than a spreadsheet's
 * 15 digits, decimal commas (a spreadsheet shows them in its reader's locale), currency and
 * percent texts, dates with a zone, and columns with one odd value stay text.
 */

/** Digits a spreadsheet keeps of a number: more would be shown rounded. */
const SPREADSHEET_DIGITS = 15;
/** Excel's serial numbers are wrong before 1 March 1900 (its 29 February 1900). */
const EARLIEST_SERIAL_DATE = Date.UTC(1900, 2, 1);
/** The day of serial 0 (30 December 1899), which a time of day alone falls on. */
const SERIAL_ZERO = -EXCEL_EPOCH_OFFSET_DAYS * MS_PER_DAY;
/** Excel's last day. */
const LATEST_SERIAL_DATE = Date.UTC(9999, 11, 31, 23, 59, 59);
/** Number semantics that are quantities: codes (zip codes, accounts) stay the text they are. */
const QUANTITY_SEMANTICS: ReadonlySet<string | null> = new Set([null, 'latitude', 'longitude']);

/**
 * Values detection reads to tell a column's type and layout: every value is checked against it
 * afterwards, so the rest of a long column need not be detected too.
 */
const DETECTION_SAMPLE = 5_000;
/** Dates read per column before the cache of texts read starts over (dates repeat). */
const DATE_CACHE_LIMIT = 65_536;

/**
 * Types, in place, each column of a sheet just read from a csv or tsv that holds plain numbers,
 * or dates in one pattern, as number or date cells with the spreadsheet number format that
 * shows them as the text did; other columns, blanks and missing-value markers stay as they are.
 * @example typeTextColumns(sheet); sheet.rows[0] // [1234.5, Date(2024-03-01), 'Ann'] for '1,234.50', '2024-03-01', 'Ann'
 */
export function typeTextColumns(sheet: Sheet): void {
  sheet.columns.forEach((name, column) => {
    const typed = typedColumn(name, sheet.rows, column);
    if (!typed) return;
    sheet.rows.forEach((row, index) => {
      row[column] = typed.cells[index]!;
    });
    sheet.numberFormats ??= sheet.columns.map(() => null);
    sheet.numberFormats[column] = typed.numberFormat;
  });
}

/** A column typed for a spreadsheet: its cells, and the number format that shows them. */
interface TypedColumn {
  cells: Cell[];
  numberFormat: string;
}

/** A column as number or date cells, or null when it stays text. */
function typedColumn(name: string, rows: Cell[][], column: number): TypedColumn | null {
  const sample: Cell[] = [];
  for (let row = 0; row < rows.length && sample.length < DETECTION_SAMPLE; row++) {
    const cell = rows[row]![column] ?? null;
    if (typeof cell === 'string' && cell !== '') sample.push(cell);
  }
  if (sample.length === 0) return null;
  const schema = detectColumn(name, sample);
  const cells = (): Cell[] => rows.map((row) => row[column] ?? null);
  if (schema.type === 'number' && schema.number && QUANTITY_SEMANTICS.has(schema.semantic)) {
    const layout = schema.number;
    const numberFormat = excelFormatOfLayout(layout);
    if (numberFormat === null) return null;
    const grouped = layout.thousandsSeparator !== null;
    return convertedCells(cells(), schema, (text) => numberOf(text, layout, grouped), numberFormat);
  }
  const pattern = schema.format;
  if (
    (schema.type === 'date' || schema.type === 'datetime') &&
    pattern &&
    !schema.timeZone &&
    // A year, or a date written as one number (20240301), reads as the number it is.
    !patternReadsWholeNumbers(pattern)
  ) {
    const numberFormat = excelFormatOfPattern(pattern);
    if (numberFormat === null) return null;
    const read = new Map<string, Date | null>();
    const cachedDateOf = (text: string): Date | null => {
      let date = read.get(text);
      if (date === undefined) {
        if (read.size >= DATE_CACHE_LIMIT) read.clear();
        date = dateOf(text, pattern);
        read.set(text, date);
      }
      return date;
    };
    return convertedCells(cells(), schema, cachedDateOf, numberFormat);
  }
  return null;
}

/** Every text converted, or null when one does not convert. */
function convertedCells(
  cells: Cell[],
  schema: ColumnSchema,
  convert: (text: string) => Cell | null,
  numberFormat: string,
): TypedColumn | null {
  const markers = new Set(schema.missingMarkers ?? []);
  for (let row = 0; row < cells.length; row++) {
    const cell = cells[row]!;
    if (typeof cell !== 'string' || cell === '' || markers.has(cell)) continue;
    const value = convert(cell);
    if (value === null) return null;
    cells[row] = value;
  }
  return { cells, numberFormat };
}

/**
 * The format that shows numbers of a plain layout (a point for decimals, commas or nothing
 * between thousands, a leading minus), or null for other layouts.
 */
function excelFormatOfLayout(layout: NumberLayout): string | null {
  const plain =
    layout.decimalSeparator === '.' &&
    (layout.thousandsSeparator === ',' || layout.thousandsSeparator === null) &&
    layout.prefix === '' &&
    layout.suffix === '' &&
    (layout.negativeStyle ?? 'minus') === 'minus' &&
    !layout.explicitPlus &&
    layout.signPosition === undefined &&
    layout.minusSign === undefined &&
    !layout.bareFraction;
  if (!plain) return null;
  const whole = layout.thousandsSeparator ? '#,##0' : '0';
  return layout.precision > 0 ? `${whole}.${'0'.repeat(layout.precision)}` : whole;
}

/**
 * The number a text writes in a plain layout, when it is shown again as the same text (which
 * also refuses what Number reads and the layout never writes: '1e5', ' 12', '0x1F').
 */
function numberOf(text: string, layout: NumberLayout, grouped: boolean): number | null {
  const value = Number(grouped ? text.replaceAll(',', '') : text);
  if (!Number.isFinite(value) || formatNumberText(value, layout) !== text) return null;
  const digits = text.replace(/\D/g, '').replace(/^0+/, '');
  return digits.length <= SPREADSHEET_DIGITS ? value : null;
}

/** The date a text writes in the pattern, when it is shown again as the same text. */
function dateOf(text: string, pattern: string): Date | null {
  const parsed = parseDateText(text, pattern);
  if (!parsed || parsed.timeZone !== undefined) return null;
  if (formatDateText(parsed.date, pattern) !== text) return null;
  const time = parsed.date.getTime();
  // A time of day is a fraction of a day in a spreadsheet: its day is serial 0.
  if (!patternHasDate(pattern)) return new Date(SERIAL_ZERO + (time % MS_PER_DAY));
  return time >= EARLIEST_SERIAL_DATE && time <= LATEST_SERIAL_DATE ? parsed.date : null;
}
