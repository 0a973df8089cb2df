import type { NumberLayout } from '../../types';
import {
  firstFormatSection,
  formatCodes,
  formatSections,
  formatTokens,
  isElapsedTimeBracket,
  MAX_NUMBER_FORMAT_LENGTH,
  type FormatToken,
} from '../excel-number-format';
import { MAX_PRECISION } from './format';

/** What an Excel number format writes around a cell's digits (see excelFormatToNumberLayout). */
export type ExcelNumberLayout = Pick<
  NumberLayout,
  'prefix' | 'suffix' | 'thousandsSeparator' | 'negativeStyle' | 'explicitPlus'
> & {
  /** Whether the format shows the value times 100 ('0.00%': 0.125 shows as 12.50%). */
  percent: boolean;
};

/** What one format section shows around its digits. */
interface ShownSection {
  before: string;
  after: string;
  grouped: boolean;
  percent: boolean;
}

function isPlaceholder(char: string | undefined): boolean {
  return char === '0' || char === '#' || char === '?';
}

/**
 * Reads one format section into what it shows before and after its digits; null when it is not
 * a plain number format (dates, scientific, fractions, scaled or conditional formats, text).
 */
function readFormatSection(tokens: readonly FormatToken[]): ShownSection | null {
  let before = '';
  let after = '';
  let grouped = false;
  let percent = false;
  let digitsSeen = false;
  let digitsEnded = false;
  const literal = (text: string): void => {
    if (!digitsSeen) before += text;
    else {
      digitsEnded = true;
      after += text;
    }
  };
  for (let t = 0; t < tokens.length; t++) {
    const token = tokens[t] as FormatToken;
    if (token.kind === 'quoted' || token.kind === 'escaped') {
      literal(token.text);
      continue;
    }
    if (token.kind === 'bracket') {
      const inner = token.content;
      // '[$€-407]' writes '€'; '[$-409]' names a locale only; '[Red]' is a colour;
      // '[<=9999999]' conditions and '[h]' elapsed times are not plain numbers.
      if (inner.startsWith('$')) {
        const dash = inner.indexOf('-');
        const symbol = inner.slice(1, dash < 0 ? undefined : dash);
        if (symbol) literal(symbol);
      } else if (/^[<>=]/.test(inner) || isElapsedTimeBracket(inner)) return null;
      continue;
    }
    // Padding to the width of a character, or a fill: alignment, not text.
    if (token.kind === 'spacing') continue;
    const char = token.char;
    if (isPlaceholder(char)) {
      if (digitsEnded) return null;
      digitsSeen = true;
    } else if (char === ',' && digitsSeen && !digitsEnded) {
      // A comma between placeholders groups thousands; after the last one it scales by 1,000.
      const next = tokens[t + 1];
      if (next?.kind !== 'code' || !isPlaceholder(next.char)) return null;
      grouped = true;
    } else if (char === '.' && digitsSeen && !digitsEnded) {
      continue;
    } else if (char === '%') {
      percent = true;
      literal(char);
    } else if (/[a-z@/]/i.test(char)) {
      // Date and time tokens, 'E+' exponents, 'General', '@' text and '?/?' fractions.
      return null;
    } else {
      literal(char);
    }
  }
  if (!digitsSeen) return null;
  return { before, after, grouped, percent };
}

/** Whether a negative section writes its value in parentheses ('("$"#,##0.00)', '\(0.00\)'). */
function showsParentheses(section: string): boolean {
  const tokens = formatTokens(section) ?? [];
  return tokens.some(
    (token) =>
      (token.kind === 'code' && token.char === '(') ||
      (token.kind === 'escaped' && token.text === '('),
  );
}

/**
 * What an Excel number format writes around a cell's value: currency or percent sign before or
 * after the digits, thousands grouping, negatives in parentheses, an explicit '+'. Null for
 * formats that are not plain numbers (dates, 'General', scientific, fractions, text).
 * @example excelFormatToNumberLayout('"$"#,##0.00_);("$"#,##0.00)') // { prefix: '$', suffix: '', thousandsSeparator: ',', negativeStyle: 'parentheses', percent: false }
 */
export function excelFormatToNumberLayout(numberFormat: string): ExcelNumberLayout | null {
  if (numberFormat.length > MAX_NUMBER_FORMAT_LENGTH) return null;
  const [positive = '', negative] = formatSections(numberFormat);
  const tokens = formatTokens(positive);
  const shown = tokens ? readFormatSection(tokens) : null;
  if (!shown) return null;
  let { before } = shown;
  let explicitPlus = false;
  if (before.startsWith('+')) {
    explicitPlus = true;
    before = before.slice(1);
  }
  // A literal minus in the positive section shows on every value: not part of the unit.
  const prefix = before.replace(/-/g, '');
  const layout: ExcelNumberLayout = {
    prefix: prefix.trim() === '' ? '' : prefix,
    suffix: shown.after.trim() === '' ? '' : shown.after,
    thousandsSeparator: shown.grouped ? ',' : null,
    percent: shown.percent,
  };
  if (negative !== undefined && showsParentheses(negative)) layout.negativeStyle = 'parentheses';
  if (explicitPlus) layout.explicitPlus = true;
  return layout;
}

/**
 * Fraction digits an Excel number format fixes ('0.00' → 2, '0.0%' → 3), or null when it fixes
 * none (a date, text, or a variable count such as '0.0#').
 * @example excelFormatPrecision('#,##0.00 [$€-407]') // 2
 */
export function excelFormatPrecision(numberFormat: string): number | null {
  const tokens = formatTokens(firstFormatSection(numberFormat));
  if (!tokens) return null;
  const codes = formatCodes(tokens);
  if (/[ymdhs]/i.test(codes) || !/[0#?]/.test(codes)) return null;
  // A percent format shows the value times 100: two more digits than it writes.
  const percent = codes.includes('%') ? 2 : 0;
  const point = codes.indexOf('.');
  if (point < 0) return percent;
  const fraction = /^[0#?]*/.exec(codes.slice(point + 1))?.[0] ?? '';
  // '0.0#' shows 1 to 2 digits: not fixed.
  if (fraction.includes('#') || fraction.includes('?')) return null;
  return Math.min(fraction.length + percent, MAX_PRECISION);
}
