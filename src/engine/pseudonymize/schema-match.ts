import { detectColumn } from '../detect/column';
import type { Cell, ColumnSchema, Sheet } from '../types';
import type { PlannedColumn } from './namespace';

/** Rows re-detected per column for the schema match. */
const VERIFY_SAMPLE = 5_000;

/**
 * Whether a pseudonymized column re-detects as what it was: the same type and, for dates their
 * pattern, for numbers their layout (decimals, separators, currency or percent signs).
 * @example sameShape(before, detectColumn(before.name, outputCells)) // true
 */
export function sameShape(before: ColumnSchema, after: ColumnSchema): boolean {
  if (before.type !== after.type) return false;
  if (before.type === 'date' || before.type === 'datetime') return before.format === after.format;
  if (before.type === 'number') {
    const a = before.number;
    const b = after.number;
    if (!a || !b) return a === b;
    return (
      a.integer === b.integer &&
      a.precision === b.precision &&
      a.decimalSeparator === b.decimalSeparator &&
      (a.thousandsSeparator === b.thousandsSeparator ||
        // Values under 1,000 cannot show whether digits are grouped.
        (b.thousandsSeparator === null && below1000(after))) &&
      a.prefix === b.prefix &&
      a.suffix === b.suffix &&
      // Sign styles ('$-5.00', '1.234,56-', '−5') show only where output has negatives.
      (!b.negative ||
        ((a.signPosition ?? null) === (b.signPosition ?? null) &&
          (a.minusSign ?? null) === (b.minusSign ?? null)))
    );
  }
  return true;
}

function below1000(column: ColumnSchema): boolean {
  const range = column.range;
  return range !== undefined && Math.max(Math.abs(range.min), Math.abs(range.max)) < 1000;
}

/**
 * A column's cells for re-detection: all of a small column, else an even spread of
 * VERIFY_SAMPLE rows (the schema match is a share of columns, not a per-value check).
 */
function sampleCells(rows: Cell[][], columnIndex: number): Cell[] {
  const stride = Math.max(1, Math.ceil(rows.length / VERIFY_SAMPLE));
  const cells: Cell[] = [];
  for (let row = 0; row < rows.length; row += stride) cells.push(rows[row]![columnIndex] ?? null);
  return cells;
}

/**
 * The share (0..1) of auto-rule columns whose pseudonymized output re-detects with the same
 * type and format (1 when there are none).
 */
export function schemaMatchShare(
  sheets: readonly Sheet[],
  planned: readonly PlannedColumn[],
): number {
  const verified = planned.filter(
    (column) => column.schema.rule.action === 'auto' && column.schema.type !== 'blank',
  );
  const matching = verified.filter((column) => {
    const sheet = sheets[column.sheetIndex]!;
    const cells = sampleCells(sheet.rows, column.columnIndex);
    const format = sheet.numberFormats?.[column.columnIndex] ?? null;
    // Numbers that read either way ('1.000') are settled as the input's column was.
    const decimalSeparatorHint = column.schema.number?.decimalSeparator;
    const again = detectColumn(column.schema.name, cells, format, {
      ...(decimalSeparatorHint ? { decimalSeparatorHint } : {}),
    });
    return sameShape(column.schema, again);
  }).length;
  return verified.length === 0 ? 1 : matching / verified.length;
}
