/**
 * Numbers written as text: reading them in a column's layout, writing them back in the same
 * layout (precision, grouping, decimal comma, currency/percent prefix or suffix, sign style),
 * learning that layout from a column's texts, and reading it from an Excel number format.
 */
export { analyzeNumberText, type NumberTextAnalysis } from './analyze';
export {
  exponentDecimals,
  exponentLayoutOf,
  formatExponent,
  type ExponentLayout,
} from './exponent';
export { parseNumberText, readInLayout } from './parse';
export { formatNumberText, fractionDigitsOf, MAX_PRECISION, plainNumberLayout } from './format';
export { detectNumberLayout, layoutFromAnalyses, settledDecimalSeparator } from './layout';
export {
  excelFormatPrecision,
  excelFormatToNumberLayout,
  type ExcelNumberLayout,
} from './excel-format';
