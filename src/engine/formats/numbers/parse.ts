import type { NumberLayout } from '../../types';
import { analyzeNumberText, type NumberTextAnalysis } from './analyze';

/**
 * Reads a number written in a layout (or, without one, in any layout it can tell apart);
 * null when the text is not such a number. Grouping and fraction digits may be fewer than the
 * layout writes ('1234.5' reads in a '#,##0.00' layout); separators, prefix and suffix must match.
 * @example parseNumberText('1.234,56', { ...layout, decimalSeparator: ',', thousandsSeparator: '.' }) // 1234.56
 */
export function parseNumberText(text: string, layout?: NumberLayout): number | null {
  const analysis = analyzeNumberText(text);
  if (!analysis) return null;
  if (!layout) return analysis.value;
  return readInLayout(analysis, layout);
}

/** The value of an analysed text read in a layout, or null when the layout does not fit. */
export function readInLayout(analysis: NumberTextAnalysis, layout: NumberLayout): number | null {
  if (analysis.prefix !== layout.prefix || analysis.suffix !== layout.suffix) return null;
  if (analysis.parentheses && layout.negativeStyle !== 'parentheses') return null;
  if (analysis.negative && !analysis.parentheses && layout.negativeStyle === 'parentheses') {
    return null;
  }
  if (analysis.plus && !layout.explicitPlus) return null;
  let { value } = analysis;
  if (analysis.ambiguousSeparator) {
    const digits = analysis.integerDigits;
    if (analysis.ambiguousSeparator === layout.decimalSeparator) {
      value = Number(`${digits}.${analysis.fractionDigits}`);
    } else if (analysis.ambiguousSeparator === layout.thousandsSeparator) {
      value = Number(`${digits}${analysis.fractionDigits}`);
    } else return null;
    if (analysis.negative) value = -value;
  } else {
    if (
      analysis.decimalSeparator !== null &&
      analysis.decimalSeparator !== layout.decimalSeparator
    ) {
      return null;
    }
    if (
      analysis.thousandsSeparator !== null &&
      analysis.thousandsSeparator !== layout.thousandsSeparator
    ) {
      return null;
    }
  }
  return value;
}
