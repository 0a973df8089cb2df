/**
 * The cells the xlsx and xls writers take, made by write-spreadsheet.ts. A module of their own so
 * the writers and the code that feeds them depend on these types, not on each other.
 */
import type { CellObject } from '@e965/xlsx';

/**
 * A cell as the xlsx and xls writers take it: SheetJS's cell object, and for text whether it
 * carries Excel's quote prefix, the cell style that keeps Excel from reading the text as a
 * formula when someone edits the cell. The prefix is a style, not a character of the text.
 */
export type OutputCell = CellObject & { quotePrefix?: boolean };

/** A sheet as SheetJS cell objects, made a row at a time: row 0 is the header. */
export interface CellRows {
  name: string;
  columns: number;
  rowCount: number;
  row(index: number): (OutputCell | undefined)[];
  /** About how many characters the sheet's XML takes, to size its buffer once. */
  xmlSizeHint: number;
}
