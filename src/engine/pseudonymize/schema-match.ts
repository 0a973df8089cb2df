import type { ColumnSchema } from '../types';

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
