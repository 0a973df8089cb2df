import { dateTextOfCell } from '../cell';
import { parseDateTextLoosely } from '../formats/dates';
import { analyzeNumberText, readInLayout } from '../formats/numbers';
import type { Cell, ColumnSchema } from '../types';

/** Reads one cell as a number (numbers) or wall-clock milliseconds (dates); NaN when it is not. */
export type ReadValue = (cell: Cell | undefined) => number;

/**
 * How to read a column's cells as numbers: number cells as they are, text in the column's
 * layout (as the pseudonymizer reads it); dates as wall-clock milliseconds in its pattern.
 */
export function valueReader(schema: ColumnSchema): ReadValue {
  if (schema.type === 'number') {
    const layout = schema.number;
    return (cell) => {
      if (typeof cell === 'number') return cell;
      if (typeof cell !== 'string') return NaN;
      const analysis = analyzeNumberText(cell);
      const value = analysis && (layout ? readInLayout(analysis, layout) : analysis.value);
      return value ?? NaN;
    };
  }
  const pattern =
    schema.format ?? (schema.type === 'datetime' ? 'M/D/YYYY h:mm:ss A' : 'YYYY-MM-DD');
  // Loosely, as detection accepted the column: fractions of any width, or none.
  const details = { fractionDigits: 0 };
  return (cell) => {
    if (cell instanceof Date) return cell.getTime();
    if (typeof cell === 'number' && schema.type !== 'date' && schema.type !== 'datetime') {
      return cell;
    }
    const text = dateTextOfCell(cell ?? null, pattern);
    if (text === null) return NaN;
    return parseDateTextLoosely(text, pattern, details)?.date.getTime() ?? NaN;
  };
}

/**
 * The values of one column at the sampled rows, NaN where a cell is blank or unreadable,
 * in row order (so two columns' samples line up for date order).
 */
export function sampleValues(
  rows: readonly Cell[][],
  column: number,
  stride: number,
  read: ReadValue,
): Float64Array {
  const values = new Float64Array(Math.ceil(rows.length / stride));
  for (let row = 0, at = 0; row < rows.length; row += stride, at++) {
    values[at] = read(rows[row]![column]);
  }
  return values;
}

/** The readable values of a sample, sorted. */
export function sortedFinite(values: Float64Array): Float64Array {
  let size = 0;
  for (const value of values) if (Number.isFinite(value)) size++;
  const finite = new Float64Array(size);
  let at = 0;
  for (const value of values) if (Number.isFinite(value)) finite[at++] = value;
  return finite.sort();
}
