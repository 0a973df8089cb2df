import type { ColumnSchema, NumberMode } from '../types';
import { isIdentifierColumn } from './identifier-columns';

/**
 * How a number column's measures get pseudonyms: the mode the user picked, else 'range' when the
 * user set a range (they asked for values inside it) and 'distribution' otherwise.
 * @example numberModeOf({ ...amountColumn, rangeSetByUser: true }) // 'range'
 */
export function numberModeOf(
  column: Pick<ColumnSchema, 'numberMode' | 'rangeSetByUser'>,
): NumberMode {
  return column.numberMode ?? (column.rangeSetByUser ? 'range' : 'distribution');
}

/**
 * Whether a column is a measured quantity, whose pseudonyms have a number mode: a number column
 * that is no identifier (identifiers keep their keyed permutation whatever the mode) under the
 * latest scheme, as the page and the report show it.
 * @example isMeasureColumn(detectColumn('amount', ['12.50', '7.99'])) // true
 */
export function isMeasureColumn(column: ColumnSchema): boolean {
  return column.type === 'number' && !isIdentifierColumn(column);
}
