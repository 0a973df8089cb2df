import type { Cell, ColumnSchema } from '../types';

/**
 * What a text number column's values showed of their decimal separator: '.' or ',' when some
 * value settles it, 'ambiguous' when values such as '1.000' read either way and none settles
 * it, null for any other column.
 */
export type DecimalEvidence = '.' | ',' | 'ambiguous' | null;

/**
 * Checks one usable cell against the type the sample suggested, gathering the type's details
 * (range, precision, date range, zone) as it goes, and writes them into the schema at the end.
 * Native checkers read spreadsheet/JSON cells of one kind; the others read cells as text.
 */
export interface CellChecker {
  native: boolean;
  /** Text number columns: see DecimalEvidence. */
  decimalEvidence?: DecimalEvidence;
  accept(cell: Cell): boolean;
  finish(schema: ColumnSchema): void;
  /** The card line, when the column needs its own (see describeColumn otherwise). */
  describe?(schema: ColumnSchema): string;
  /**
   * After the pass: a checker the whole column fits better (a date column whose later values
   * show the day comes first), to run a second pass with; null when this one stands.
   */
  retry?(): TextCellChecker | null;
}

/** A checker for spreadsheet/JSON cells of one kind (dates, numbers, booleans). */
export type NativeCellChecker = CellChecker & { native: true };

/** A checker that reads every cell as text. */
export type TextCellChecker = CellChecker & { native: false };
