import { countKey, mostCommonKey } from '../../key-counts';
import type { NumberLayout } from '../../types';
import { analyzeNumberText, type NumberTextAnalysis, type GroupingSeparator } from './analyze';
import { fractionDigitsOf, MAX_PRECISION } from './format';
import { UNICODE_MINUS } from './number-symbols';

/**
 * The layout most of a column's number texts share, decided from the whole column: a separator
 * followed by other than three digits, or two different separators in one value, settle which
 * one is the decimal separator. Without such evidence, texts that read either way ('1.000',
 * '12.500') take `decimalHint` (what the other columns of the sheet use), else '.' is decimal
 * and ',' groups thousands. Returns null when no text is a number.
 * @example detectNumberLayout(['1.234,56', '12,5'])?.decimalSeparator // ','
 * @example detectNumberLayout(['1.000', '12.500'], ',')?.thousandsSeparator // '.'
 */
export function detectNumberLayout(
  texts: readonly string[],
  decimalHint?: '.' | ',',
): NumberLayout | null {
  const analyses: NumberTextAnalysis[] = [];
  for (const text of texts) {
    const analysis = analyzeNumberText(text);
    if (analysis) analyses.push(analysis);
  }
  return layoutFromAnalyses(analyses, decimalHint);
}

/**
 * The decimal separator analysed texts settle by themselves ('1.5', '1,234.50', '2,25'), by
 * most votes; 'ambiguous' when none settles it but some read either way ('1.000'); null when
 * no text says anything about it (plain integers).
 * @example settledDecimalSeparator(['1.000', '250'].map(analyzeNumberText)) // 'ambiguous'
 */
export function settledDecimalSeparator(
  analyses: readonly NumberTextAnalysis[],
): '.' | ',' | 'ambiguous' | null {
  const votes = decimalSeparatorVotes(analyses);
  if (votes.size > 0) return mostCommonKey(votes, '.');
  return analyses.some((analysis) => analysis.ambiguousSeparator !== null) ? 'ambiguous' : null;
}

function decimalSeparatorVotes(analyses: readonly NumberTextAnalysis[]): Map<'.' | ',', number> {
  const votes = new Map<'.' | ',', number>();
  for (const analysis of analyses) {
    if (analysis.decimalSeparator) countKey(votes, analysis.decimalSeparator);
    // A grouping separator tells the decimal separator is the other of '.' and ','.
    if (analysis.thousandsSeparator === ',') countKey(votes, '.');
    if (analysis.thousandsSeparator === '.') countKey(votes, ',');
  }
  return votes;
}

/** detectNumberLayout over texts already analysed. */
export function layoutFromAnalyses(
  analyses: readonly NumberTextAnalysis[],
  decimalHint?: '.' | ',',
): NumberLayout | null {
  if (analyses.length === 0) return null;
  const decimalVotes = decimalSeparatorVotes(analyses);
  const thousandsVotes = new Map<GroupingSeparator, number>();
  const prefixes = new Map<string, number>();
  const suffixes = new Map<string, number>();
  let parentheses = 0;
  let plus = 0;
  // How negatives and values below one are written, by majority.
  let negatives = 0;
  let afterPrefix = 0;
  let trailing = 0;
  let unicodeMinus = 0;
  let belowOne = 0;
  let bare = 0;
  for (const analysis of analyses) {
    if (analysis.negative) {
      negatives++;
      if (analysis.signPosition === 'afterPrefix') afterPrefix++;
      else if (analysis.signPosition === 'trailing') trailing++;
      if (analysis.unicodeMinus) unicodeMinus++;
    }
    if (analysis.fractionDigits && (analysis.integerDigits === '0' || analysis.bareFraction)) {
      belowOne++;
      if (analysis.bareFraction) bare++;
    }
    if (analysis.thousandsSeparator) countKey(thousandsVotes, analysis.thousandsSeparator);
    countKey(prefixes, analysis.prefix);
    countKey(suffixes, analysis.suffix);
    if (analysis.parentheses) parentheses++;
    if (analysis.plus) plus++;
  }
  // The hint decides only texts that read either way; plain integers keep '.'.
  const decimalSeparator =
    decimalVotes.size === 0 &&
    decimalHint !== undefined &&
    analyses.some((analysis) => analysis.ambiguousSeparator !== null)
      ? decimalHint
      : mostCommonKey(decimalVotes, '.');
  let precision = 0;
  let negative = false;
  let sawAmbiguousGrouping = false;
  let integer = true;
  for (const analysis of analyses) {
    let fraction = analysis.fractionDigits.length;
    if (analysis.ambiguousSeparator && analysis.ambiguousSeparator !== decimalSeparator) {
      fraction = 0;
      sawAmbiguousGrouping = true;
    }
    if (analysis.exponent) fraction = fractionDigitsOf(Math.abs(analysis.value));
    if (fraction > 0) integer = false;
    if (fraction > precision) precision = fraction;
    if (analysis.negative) negative = true;
  }
  let thousandsSeparator: GroupingSeparator | null =
    thousandsVotes.size > 0 ? mostCommonKey(thousandsVotes, ',') : null;
  if (thousandsSeparator === null && sawAmbiguousGrouping) {
    thousandsSeparator = decimalSeparator === '.' ? ',' : '.';
  }
  const layout: NumberLayout = {
    precision: Math.min(precision, MAX_PRECISION),
    integer,
    decimalSeparator,
    thousandsSeparator,
    prefix: mostCommonKey(prefixes, ''),
    suffix: mostCommonKey(suffixes, ''),
    negative,
  };
  if (parentheses > 0) layout.negativeStyle = 'parentheses';
  if (plus > 0) layout.explicitPlus = true;
  if (afterPrefix * 2 > negatives) layout.signPosition = 'afterPrefix';
  else if (trailing * 2 > negatives) layout.signPosition = 'trailing';
  if (unicodeMinus * 2 > negatives) layout.minusSign = UNICODE_MINUS;
  if (bare * 2 > belowOne) layout.bareFraction = true;
  return layout;
}
