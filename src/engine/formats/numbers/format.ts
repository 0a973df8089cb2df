import type { NumberLayout } from '../../types';

/*
 * Writing numbers in a column's layout. Scientific notation is written back in plain notation
 * with the column's precision.
 */

/** Most fraction digits a layout keeps: numbers keep their precision up to 10 fraction digits. */
export const MAX_PRECISION = 10;

function groupDigits(digits: string, separator: string): string {
  let out = '';
  const head = digits.length % 3 || 3;
  out = digits.slice(0, head);
  for (let i = head; i < digits.length; i += 3) out += separator + digits.slice(i, i + 3);
  return out;
}

/**
 * Writes a number in a layout: its precision, grouping, decimal separator, prefix/suffix and
 * sign style.
 * @example formatNumberText(-1234.5, { precision: 2, integer: false, decimalSeparator: '.', thousandsSeparator: ',', prefix: '$', suffix: '', negative: true }) // '-$1,234.50'
 */
export function formatNumberText(value: number, layout: NumberLayout): string {
  if (!Number.isFinite(value)) return String(value);
  const precision = Math.min(Math.max(Math.trunc(layout.precision), 0), MAX_PRECISION);
  let fixed = Math.abs(value).toFixed(precision);
  if (fixed.includes('e')) fixed = BigInt(Math.round(Math.abs(value))).toString();
  const point = fixed.indexOf('.');
  const integerDigits = point < 0 ? fixed : fixed.slice(0, point);
  const fractionDigits = point < 0 ? '' : fixed.slice(point + 1);
  let digits = layout.thousandsSeparator
    ? groupDigits(integerDigits, layout.thousandsSeparator)
    : integerDigits;
  if (layout.bareFraction && digits === '0' && fractionDigits) digits = '';
  if (fractionDigits) digits += layout.decimalSeparator + fractionDigits;
  const body = layout.prefix + digits + layout.suffix;
  const isZero = /^[0.]*$/.test(fixed);
  if (value < 0 && !isZero) {
    const minus = layout.minusSign ?? '-';
    const parentheses = layout.negativeStyle === 'parentheses';
    switch (layout.signPosition) {
      case 'afterPrefix':
        return layout.prefix + (parentheses ? `(${digits})` : minus + digits) + layout.suffix;
      case 'trailing':
        return layout.prefix + digits + minus + layout.suffix;
      default:
        return parentheses ? `(${body})` : minus + body;
    }
  }
  return layout.explicitPlus && value > 0 && !isZero ? `+${body}` : body;
}

/** Layout for plain numbers as JavaScript writes them. */
export function plainNumberLayout(precision: number, negative = false): NumberLayout {
  return {
    precision: Math.min(precision, MAX_PRECISION),
    integer: precision === 0,
    decimalSeparator: '.',
    thousandsSeparator: null,
    prefix: '',
    suffix: '',
    negative,
  };
}

/** Fraction digits of a number as JavaScript writes it (at most MAX_PRECISION). */
export function fractionDigitsOf(value: number): number {
  if (Number.isInteger(value) || !Number.isFinite(value)) return 0;
  const text = String(value);
  const exponentAt = text.indexOf('e');
  if (exponentAt < 0) return Math.min(text.length - text.indexOf('.') - 1, MAX_PRECISION);
  const mantissa = text.slice(0, exponentAt);
  const point = mantissa.indexOf('.');
  const mantissaDigits = point < 0 ? 0 : mantissa.length - point - 1;
  return Math.min(Math.max(mantissaDigits - Number(text.slice(exponentAt + 1)), 0), MAX_PRECISION);
}
