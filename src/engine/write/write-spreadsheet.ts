import { write, type CellObject, type WorkBook, type WorkSheet } from '@e965/xlsx';
import { cellNumberFormat, excelSerial, isDateNumberFormat } from '../cell';
import { EngineError } from '../errors';
import type { Cell, Sheet } from '../types';
import { neutralizeFormula } from './neutralize-formula';
import { writeXls } from './write-xls';

/** What each output format can hold, header row included. */
const CAPACITY = {
  xlsx: { rows: 1_048_576, columns: 16_384, label: 'XLSX' },
  xls: { rows: 65_536, columns: 256, label: 'XLS' },
} as const;
/** Longest text an Excel cell holds. */
const MAX_CELL_CHARS = 32_767;

function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

function rangeText(rows: number, columns: number): string {
  if (rows === 0 || columns === 0) return 'A1';
  return `A1:${columnLetters(columns - 1)}${rows}`;
}

/**
 * Sheet names Excel accepts: at most 31 characters, none of : \ / ? * [ ], no leading or
 * trailing apostrophe, unique ignoring case.
 */
export function excelSheetNames(names: readonly string[]): string[] {
  const seen = new Set<string>();
  return names.map((raw, index) => {
    let base = raw
      .replace(/[:\\/?*[\]]/g, '_')
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
  return date.getTime() % 86_400_000 === 0 ? 'yyyy-mm-dd' : 'yyyy-mm-dd hh:mm:ss';
}

/**
 * What the xlsx XML cannot carry as is: CR (XML turns CRLF into LF), the noncharacters U+FFFE and
 * U+FFFF, and text that already looks like an OOXML escape (`_x0041_` reads back as "A").
 */
const NEEDS_OOXML_ESCAPE = /_x[0-9a-fA-F]{4}_|[\r\ufffe\uffff]/;

/** Escapes text the way Excel does (`_xHHHH_`, with `_x005F_` for a literal underscore). */
function escapeOoxml(text: string): string {
  return text.replace(/_(?=x[0-9a-fA-F]{4}_)|[\r\ufffe\uffff]/g, (char) =>
    char === '_'
      ? '_x005F_'
      : `_x${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`,
  );
}

function textCell(text: string, neutralize: boolean, ooxml: boolean): CellObject {
  let value = neutralize ? neutralizeFormula(text) : text;
  if (ooxml && NEEDS_OOXML_ESCAPE.test(value)) value = escapeOoxml(value);
  return { t: 's', v: value };
}

function toWorksheet(sheet: Sheet, neutralize: boolean, format: 'xlsx' | 'xls'): WorkSheet {
  const ooxml = format === 'xlsx';
  const label = CAPACITY[format].label;
  const formats = sheet.numberFormats ?? [];
  const dateFormats = formats.map((format) =>
    format && isDateNumberFormat(format) ? format : null,
  );
  const data: (CellObject | undefined)[][] = [
    sheet.columns.map((name) => textCell(name, neutralize, ooxml)),
  ];
  sheet.rows.forEach((row, rowIndex) => {
    const cells = new Array<CellObject | undefined>(row.length);
    for (let column = 0; column < row.length; column++) {
      const cell: Cell = row[column] ?? null;
      if (cell === null) continue;
      if (typeof cell === 'string') {
        if (cell.length > MAX_CELL_CHARS) {
          throw new EngineError(
            'TOO_LARGE',
            `Row ${rowIndex + 2} of column "${sheet.columns[column] ?? ''}" holds more than ` +
              `${MAX_CELL_CHARS.toLocaleString('en-US')} characters, the most an ${label} cell can hold.`,
          );
        }
        cells[column] = textCell(cell, neutralize, ooxml);
      } else if (typeof cell === 'number') {
        if (!Number.isFinite(cell)) cells[column] = { t: 's', v: String(cell) };
        else {
          // A date format on a plain number would show it as a date.
          const format = cellNumberFormat(sheet, rowIndex, column);
          cells[column] =
            format && !isDateNumberFormat(format)
              ? { t: 'n', v: cell, z: format }
              : { t: 'n', v: cell };
        }
      } else if (typeof cell === 'boolean') {
        cells[column] = { t: 'b', v: cell };
      } else if (!Number.isNaN(cell.getTime())) {
        const own = cellNumberFormat(sheet, rowIndex, column);
        const format =
          (own && isDateNumberFormat(own) ? own : dateFormats[column]) ?? defaultDateFormat(cell);
        cells[column] = { t: 'n', v: excelSerial(cell), z: format };
      }
    }
    data.push(cells);
  });
  return { '!data': data as CellObject[][], '!ref': rangeText(data.length, sheet.columns.length) };
}

/**
 * A workbook as xlsx or xls (BIFF8) bytes: every sheet under an Excel-safe version of its name,
 * columns in order, numbers as numbers with their own number format, dates as real date
 * cells with their format, booleans as booleans. No formulas, links or comments are ever written;
 * text that starts like a formula gets a leading single quote when `neutralize` is on.
 */
export function writeSpreadsheet(
  sheets: readonly Sheet[],
  format: 'xlsx' | 'xls',
  neutralize: boolean,
): Uint8Array {
  const capacity = CAPACITY[format];
  const names = excelSheetNames(sheets.map((sheet) => sheet.name));
  const workbook: WorkBook = { SheetNames: names, Sheets: {} };
  sheets.forEach((sheet, index) => {
    if (sheet.rows.length + 1 > capacity.rows || sheet.columns.length > capacity.columns) {
      throw new EngineError(
        'TOO_LARGE',
        `Sheet "${sheet.name}" is too large for ${capacity.label}: it holds at most ` +
          `${(capacity.rows - 1).toLocaleString('en-US')} rows and ${capacity.columns.toLocaleString('en-US')} columns.`,
      );
    }
    workbook.Sheets[names[index] as string] = toWorksheet(sheet, neutralize, format);
  });
  if (names.length === 0) {
    workbook.SheetNames.push('Sheet1');
    workbook.Sheets.Sheet1 = { '!data': [[]], '!ref': 'A1' };
  }
  if (format === 'xls') {
    return writeXls(
      workbook.SheetNames.map((name, index) => ({
        name,
        columns: sheets[index]?.columns.length ?? 0,
        rows: workbook.Sheets[name]?.['!data'] ?? [],
      })),
    );
  }
  const output = write(workbook, {
    type: 'array',
    bookType: 'xlsx',
    compression: true,
    // Shared strings (t="s") as Excel writes text; SheetJS's inline default is a formula-string type.
    bookSST: true,
  }) as ArrayBuffer;
  return new Uint8Array(output);
}
