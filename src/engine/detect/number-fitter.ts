import { analyzeNumberText, fractionDigitsOf, readInLayout } from '../formats/numbers';
import { isAsciiDigit } from '../text/char-classes';
import type { NumberLayout, NumericRange } from '../types';
import type { Fitter } from './fitters';

/** Whole-column statistics of a number column read in its layout. */
interface NumberStats extends NumericRange {
  precision: number;
  integer: boolean;
  /** Whether every value read so far is whole, whatever its decimals. */
  whole: boolean;
  negative: boolean;
}

/** What readPlainNumber found: the value and its fraction digits. */
interface PlainNumber {
  value: number;
  fraction: number;
}

/**
 * Reads a plain number text ('-12', '3.25') into `out` and returns true, or returns false when
 * the text is not one. The fast path for the common layout: one pass over the characters, no
 * allocation. Digits are accumulated as an integer and divided by a power of ten, which IEEE
 * division rounds exactly as Number(text) does while both stay below 2^53.
 */
function readPlainNumber(text: string, out: PlainNumber): boolean {
  const negative = text.charCodeAt(0) === 45;
  let i = negative ? 1 : 0;
  const start = i;
  let mantissa = 0;
  let code = 0;
  while (i < text.length && isAsciiDigit((code = text.charCodeAt(i)))) {
    mantissa = mantissa * 10 + code - 48;
    i++;
  }
  if (i === start) return false;
  let fraction = 0;
  if (i < text.length) {
    if (code !== 46) return false;
    const point = ++i;
    while (i < text.length && isAsciiDigit((code = text.charCodeAt(i)))) {
      mantissa = mantissa * 10 + code - 48;
      i++;
    }
    if (i !== text.length || i === point) return false;
    fraction = i - point;
  }
  let value = mantissa;
  if (mantissa > Number.MAX_SAFE_INTEGER || fraction > 22) value = Math.abs(Number(text));
  else if (fraction > 0) value = mantissa / 10 ** fraction;
  out.value = negative ? -value : value;
  out.fraction = fraction;
  return true;
}

export function numberFitter(layout: NumberLayout): Fitter {
  const plainLayout =
    layout.prefix === '' &&
    layout.suffix === '' &&
    layout.decimalSeparator === '.' &&
    layout.thousandsSeparator === null &&
    !layout.explicitPlus &&
    layout.negativeStyle !== 'parentheses';
  const plain: PlainNumber = { value: 0, fraction: 0 };
  const stats: NumberStats = {
    min: Infinity,
    max: -Infinity,
    precision: 0,
    integer: true,
    whole: true,
    negative: false,
  };
  return {
    accept(text) {
      if (plainLayout && readPlainNumber(text, plain)) {
        const { value, fraction } = plain;
        if (value < stats.min) stats.min = value;
        if (value > stats.max) stats.max = value;
        if (value < 0) stats.negative = true;
        if (fraction > 0) stats.integer = false;
        if (fraction > stats.precision) stats.precision = fraction;
        if (!Number.isInteger(value)) stats.whole = false;
        return true;
      }
      const analysis = analyzeNumberText(text);
      if (!analysis) return false;
      const value = readInLayout(analysis, layout);
      if (value === null) return false;
      if (value < stats.min) stats.min = value;
      if (value > stats.max) stats.max = value;
      if (value < 0) stats.negative = true;
      let fraction = analysis.fractionDigits.length;
      if (analysis.ambiguousSeparator && analysis.ambiguousSeparator !== layout.decimalSeparator) {
        fraction = 0;
      }
      if (analysis.exponent) fraction = fractionDigitsOf(Math.abs(value));
      if (fraction > 0) stats.integer = false;
      if (fraction > stats.precision) stats.precision = fraction;
      if (!Number.isInteger(value)) stats.whole = false;
      return true;
    },
    finish(schema) {
      const number: NumberLayout = {
        ...layout,
        precision: Math.min(stats.precision, 10),
        integer: stats.integer,
        ...(stats.whole && !stats.integer && stats.min <= stats.max ? { wholeValues: true } : {}),
        negative: stats.negative,
      };
      schema.type = 'number';
      schema.number = number;
      schema.precision = number.precision;
      if (stats.min <= stats.max) schema.range = { min: stats.min, max: stats.max };
    },
  };
}
