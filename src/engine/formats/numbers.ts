import type { NumberLayout } from '../types';

/**
 * Numbers written as text: reading them in a column's layout, writing them back in the same
 * layout (precision, grouping, decimal comma, currency/percent prefix or suffix, sign style),
 * and learning that layout from a column's texts.
 *
 * Scientific notation ('1e5', '2.5E-3') is read as a number (pandas writes small floats that
 * way); it is written back in plain notation with the column's precision. 'NaN', 'Infinity' and
 * other non-finite texts are not numbers: detection treats 'NaN'-like texts as missing markers.
 */

/** Most fraction digits a layout keeps (the spec's limit). */
export const MAX_PRECISION = 10;

const PREFIXES = ['$', '€', '£', '¥', '₹', '₩', '₽', '₺', '₪', 'R$', 'CHF', 'kr'];
const SUFFIX_SYMBOLS = ['%', '‰', '€', '$', '£', '¥', '₽', 'zł', 'kr', 'Kč', 'Ft', 'CHF'];
const SPACES = [' ', '\u00a0', '\u202f'];

type Separator = NonNullable<NumberLayout['thousandsSeparator']>;

/** What one text says about how it is written; `null` fields were not decidable from it. */
export interface NumberTextAnalysis {
  value: number;
  negative: boolean;
  parentheses: boolean;
  plus: boolean;
  prefix: string;
  suffix: string;
  /** Digits before the decimal separator, without grouping. */
  integerDigits: string;
  /** Digits after the decimal separator. */
  fractionDigits: string;
  decimalSeparator: '.' | ',' | null;
  thousandsSeparator: Separator | null;
  /** One '.' or ',' followed by exactly three digits: a decimal or a grouping separator. */
  ambiguousSeparator: '.' | ',' | null;
  exponent: boolean;
  /** A negative's sign after the prefix ('$-5.00') or after the digits ('5,00-'); null: before. */
  signPosition: 'afterPrefix' | 'trailing' | null;
  /** Whether the minus is the typographic '−' (U+2212). */
  unicodeMinus: boolean;
  /** Whether the value is below one written without its zero ('.5'). */
  bareFraction: boolean;
}

const UNICODE_MINUS = '\u2212';

function isMinus(char: string | undefined): boolean {
  return char === '-' || char === UNICODE_MINUS;
}

function isDigitCode(code: number): boolean {
  return code >= 48 && code <= 57;
}

function matchPrefix(text: string, start: number): string {
  for (const symbol of PREFIXES) {
    if (!text.startsWith(symbol, start)) continue;
    const after = text[start + symbol.length];
    if (after !== undefined && SPACES.includes(after)) return symbol + after;
    return symbol;
  }
  // ISO currency code and a space: 'USD 12.00'.
  if (
    start + 4 <= text.length &&
    /^[A-Z]{3}$/.test(text.slice(start, start + 3)) &&
    SPACES.includes(text[start + 3] as string)
  ) {
    return text.slice(start, start + 4);
  }
  return '';
}

function matchSuffix(text: string, end: number): string {
  for (const symbol of SUFFIX_SYMBOLS) {
    const start = end - symbol.length;
    if (start <= 0 || !text.startsWith(symbol, start)) continue;
    const before = text[start - 1] as string;
    return SPACES.includes(before) ? before + symbol : symbol;
  }
  // A space and an ISO currency code: '12.00 EUR'.
  if (end >= 5 && /^[A-Z]{3}$/.test(text.slice(end - 3, end))) {
    const before = text[end - 4] as string;
    if (SPACES.includes(before)) return text.slice(end - 4, end);
  }
  return '';
}

/** Characters a number text can start with (digits, signs, currency prefixes). */
const FIRST_CHARS = new Set([
  '-',
  UNICODE_MINUS,
  '+',
  '(',
  '.',
  ...PREFIXES.map((prefix) => prefix.charAt(0)),
]);

/**
 * The fast path for the common case, '-123.45' or '42' (optional minus, digits, optional
 * '.' and digits): its analysis, null when the text cannot be a number at all, or undefined to
 * take the general path.
 */
function analyzePlainNumber(text: string): NumberTextAnalysis | null | undefined {
  const first = text.charCodeAt(0);
  if (!isDigitCode(first) && !FIRST_CHARS.has(text.charAt(0))) {
    // A letter can only start a currency code ('USD 12.00'): 'Anna' is turned away here.
    if (first < 65 || first > 90 || text.length < 5 || !SPACES.includes(text.charAt(3))) {
      return null;
    }
  }
  const negative = first === 45;
  let i = negative ? 1 : 0;
  const integerStart = i;
  while (i < text.length && isDigitCode(text.charCodeAt(i))) i++;
  const integerEnd = i;
  if (integerEnd === integerStart) return undefined;
  let fractionStart = i;
  if (i < text.length) {
    if (text.charCodeAt(i) !== 46) return undefined;
    i++;
    fractionStart = i;
    while (i < text.length && isDigitCode(text.charCodeAt(i))) i++;
    if (i !== text.length || i === fractionStart) return undefined;
  }
  const integerDigits = text.slice(integerStart, integerEnd);
  const fractionDigits = fractionStart < text.length ? text.slice(fractionStart) : '';
  // '1.234' could group thousands; the general path weighs that.
  if (fractionDigits.length === 3 && integerDigits.length <= 3 && integerDigits !== '0') {
    return undefined;
  }
  const value = Number(text);
  if (!Number.isFinite(value)) return null;
  return {
    value,
    negative,
    parentheses: false,
    plus: false,
    prefix: '',
    suffix: '',
    integerDigits,
    fractionDigits,
    decimalSeparator: fractionDigits ? '.' : null,
    thousandsSeparator: null,
    ambiguousSeparator: null,
    exponent: false,
    signPosition: null,
    unicodeMinus: false,
    bareFraction: false,
  };
}

/**
 * Reads one text as a number, noting how it is written; null when it is not a number.
 * @example analyzeNumberText('-$1,234.50')?.prefix // '$'
 */
export function analyzeNumberText(text: string): NumberTextAnalysis | null {
  let start = 0;
  let end = text.length;
  if (end === 0) return null;
  const plain = analyzePlainNumber(text);
  if (plain !== undefined) return plain;
  let negative = false;
  let parentheses = false;
  let plus = false;
  if (text[0] === '(' && text[end - 1] === ')') {
    parentheses = true;
    negative = true;
    start++;
    end--;
  } else if (isMinus(text[0])) {
    negative = true;
    start++;
  } else if (text[0] === '+') {
    plus = true;
    start++;
  }
  let signPosition: NumberTextAnalysis['signPosition'] = null;
  let unicodeMinus = negative && !parentheses && text[0] === UNICODE_MINUS;
  const prefix = matchPrefix(text, start);
  start += prefix.length;
  if (prefix && !parentheses && !negative && !plus) {
    // The sign after the currency: '$-5.00', and accounting text '$ (5.00)'.
    if (isMinus(text[start])) {
      negative = true;
      unicodeMinus = text[start] === UNICODE_MINUS;
      signPosition = 'afterPrefix';
      start++;
    } else if (text[start] === '(' && text[end - 1] === ')') {
      negative = true;
      parentheses = true;
      signPosition = 'afterPrefix';
      start++;
      end--;
    }
  }
  const suffix = prefix ? '' : matchSuffix(text, end);
  end -= suffix.length;
  if (!negative && !plus && end - start >= 2 && isMinus(text[end - 1])) {
    // SAP writes negatives with the minus after the digits: '1.234,56-'.
    if (!isDigitCode(text.charCodeAt(end - 2))) return null;
    negative = true;
    unicodeMinus = text[end - 1] === UNICODE_MINUS;
    signPosition = 'trailing';
    end--;
  }
  const style = { signPosition, unicodeMinus };
  if (text[start] === '.' && end - start >= 2) {
    return bareFractionAnalysis(
      text,
      start,
      end,
      negative,
      parentheses,
      plus,
      prefix,
      suffix,
      style,
    );
  }
  if (start >= end || !isDigitCode(text.charCodeAt(start))) return null;

  // Digit runs and the single separators between them; an exponent may end the body.
  const runs: string[] = [];
  const separators: string[] = [];
  let exponent = false;
  let exponentValue = '';
  let i = start;
  let runStart = i;
  while (i < end) {
    const code = text.charCodeAt(i);
    if (isDigitCode(code)) {
      i++;
      continue;
    }
    if (i === runStart) return null;
    runs.push(text.slice(runStart, i));
    const char = text[i] as string;
    if (char === 'e' || char === 'E') {
      exponent = true;
      exponentValue = text.slice(i + 1, end);
      if (!/^[+-]?\d{1,3}$/.test(exponentValue)) return null;
      runStart = end;
      i = end;
      break;
    }
    if (char !== '.' && char !== ',' && char !== "'" && !SPACES.includes(char)) return null;
    separators.push(char);
    i++;
    runStart = i;
  }
  if (!exponent) {
    if (runStart >= end) return null;
    runs.push(text.slice(runStart, end));
  }

  let decimalSeparator: '.' | ',' | null = null;
  let thousandsSeparator: Separator | null = null;
  let ambiguousSeparator: '.' | ',' | null = null;
  let integerRuns = runs;
  let fractionDigits = '';
  const last = separators[separators.length - 1];
  if (separators.length > 0) {
    const distinct = new Set(separators);
    if (distinct.size > 2) return null;
    if (distinct.size === 2 || (separators.length === 1 && last !== undefined)) {
      if (distinct.size === 2 && separators.indexOf(last as string) !== separators.length - 1) {
        return null;
      }
      if (last === '.' || last === ',') {
        const lastRun = runs[runs.length - 1] as string;
        if (
          separators.length === 1 &&
          lastRun.length === 3 &&
          (runs[0] as string).length <= 3 &&
          runs[0] !== '0' &&
          !exponent
        ) {
          ambiguousSeparator = last;
        } else {
          decimalSeparator = last;
        }
        integerRuns = runs.slice(0, -1);
        fractionDigits = lastRun;
      }
      if (distinct.size === 2) {
        thousandsSeparator = separators[0] as Separator;
      } else if (last !== '.' && last !== ',') {
        thousandsSeparator = last as Separator;
        integerRuns = runs;
        fractionDigits = '';
      }
    } else {
      thousandsSeparator = last as Separator;
    }
  }
  if (exponent && (thousandsSeparator || ambiguousSeparator)) return null;
  if (thousandsSeparator !== null) {
    if (thousandsSeparator === decimalSeparator) return null;
    const first = integerRuns[0] as string;
    if (first.length > 3 || first.length === 0) return null;
    for (let r = 1; r < integerRuns.length; r++) {
      if ((integerRuns[r] as string).length !== 3) return null;
    }
  }
  const integerDigits = integerRuns.join('');
  // Without a column to decide, '1,234' groups thousands and '1.234' is a decimal.
  let magnitude =
    ambiguousSeparator === ','
      ? Number(integerDigits + fractionDigits)
      : Number(`${integerDigits}.${fractionDigits || '0'}`);
  if (exponent) magnitude = Number(`${integerDigits}.${fractionDigits || '0'}e${exponentValue}`);
  if (!Number.isFinite(magnitude)) return null;
  return {
    value: negative ? -magnitude : magnitude,
    negative,
    parentheses,
    plus,
    prefix,
    suffix,
    integerDigits,
    fractionDigits,
    decimalSeparator,
    thousandsSeparator,
    ambiguousSeparator,
    exponent,
    signPosition,
    unicodeMinus,
    bareFraction: false,
  };
}

/** '.5', '-.125', '$.99': a value below one written without its zero; null if not one. */
function bareFractionAnalysis(
  text: string,
  start: number,
  end: number,
  negative: boolean,
  parentheses: boolean,
  plus: boolean,
  prefix: string,
  suffix: string,
  style: Pick<NumberTextAnalysis, 'signPosition' | 'unicodeMinus'>,
): NumberTextAnalysis | null {
  for (let i = start + 1; i < end; i++) if (!isDigitCode(text.charCodeAt(i))) return null;
  const fractionDigits = text.slice(start + 1, end);
  const magnitude = Number(`0.${fractionDigits}`);
  return {
    value: negative ? -magnitude : magnitude,
    negative,
    parentheses,
    plus,
    prefix,
    suffix,
    integerDigits: '',
    fractionDigits,
    decimalSeparator: '.',
    thousandsSeparator: null,
    ambiguousSeparator: null,
    exponent: false,
    ...style,
    bareFraction: true,
  };
}

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

function mostCommon<T>(counts: Map<T, number>, fallback: T): T {
  let best = fallback;
  let bestCount = 0;
  for (const [key, count] of counts) {
    if (count > bestCount) {
      best = key;
      bestCount = count;
    }
  }
  return best;
}

function increment<T>(counts: Map<T, number>, key: T): void {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

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
  if (votes.size > 0) return mostCommon(votes, '.');
  return analyses.some((analysis) => analysis.ambiguousSeparator !== null) ? 'ambiguous' : null;
}

function decimalSeparatorVotes(analyses: readonly NumberTextAnalysis[]): Map<'.' | ',', number> {
  const votes = new Map<'.' | ',', number>();
  for (const analysis of analyses) {
    if (analysis.decimalSeparator) increment(votes, analysis.decimalSeparator);
    // A grouping separator tells the decimal separator is the other of '.' and ','.
    if (analysis.thousandsSeparator === ',') increment(votes, '.');
    if (analysis.thousandsSeparator === '.') increment(votes, ',');
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
  const thousandsVotes = new Map<Separator, number>();
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
    if (analysis.thousandsSeparator) increment(thousandsVotes, analysis.thousandsSeparator);
    increment(prefixes, analysis.prefix);
    increment(suffixes, analysis.suffix);
    if (analysis.parentheses) parentheses++;
    if (analysis.plus) plus++;
  }
  // The hint decides only texts that read either way; plain integers keep '.'.
  const decimalSeparator =
    decimalVotes.size === 0 &&
    decimalHint !== undefined &&
    analyses.some((analysis) => analysis.ambiguousSeparator !== null)
      ? decimalHint
      : mostCommon(decimalVotes, '.');
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
  let thousandsSeparator: Separator | null =
    thousandsVotes.size > 0 ? mostCommon(thousandsVotes, ',') : null;
  if (thousandsSeparator === null && sawAmbiguousGrouping) {
    thousandsSeparator = decimalSeparator === '.' ? ',' : '.';
  }
  const layout: NumberLayout = {
    precision: Math.min(precision, MAX_PRECISION),
    integer,
    decimalSeparator,
    thousandsSeparator,
    prefix: mostCommon(prefixes, ''),
    suffix: mostCommon(suffixes, ''),
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

/** What an Excel number format writes around a cell's digits (see excelFormatToNumberLayout). */
export type ExcelNumberLayout = Pick<
  NumberLayout,
  'prefix' | 'suffix' | 'thousandsSeparator' | 'negativeStyle' | 'explicitPlus'
> & {
  /** Whether the format shows the value times 100 ('0.00%': 0.125 shows as 12.50%). */
  percent: boolean;
};

/** The sections of a number format (positive; negative; zero; text), split outside quotes. */
function formatSections(numberFormat: string): string[] {
  const sections: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < numberFormat.length; i++) {
    const char = numberFormat[i];
    if (char === '"') quoted = !quoted;
    else if (char === '\\') i++;
    else if (char === ';' && !quoted) {
      sections.push(numberFormat.slice(start, i));
      start = i + 1;
    }
  }
  sections.push(numberFormat.slice(start));
  return sections;
}

/**
 * Reads one format section into what it shows before and after its digits; null when it is not
 * a plain number format (dates, scientific, fractions, scaled or conditional formats, text).
 */
function readFormatSection(
  section: string,
): { before: string; after: string; grouped: boolean; percent: boolean } | null {
  let before = '';
  let after = '';
  let grouped = false;
  let percent = false;
  let digitsSeen = false;
  let digitsEnded = false;
  const literal = (text: string): boolean => {
    if (!digitsSeen) before += text;
    else {
      digitsEnded = true;
      after += text;
    }
    return true;
  };
  for (let i = 0; i < section.length; i++) {
    const char = section[i] as string;
    if (char === '"') {
      const end = section.indexOf('"', i + 1);
      if (end < 0) return null;
      literal(section.slice(i + 1, end));
      i = end;
    } else if (char === '\\') {
      literal(section[i + 1] ?? '');
      i++;
    } else if (char === '[') {
      const end = section.indexOf(']', i + 1);
      if (end < 0) return null;
      const inner = section.slice(i + 1, end);
      // '[$€-407]' writes '€'; '[$-409]' names a locale only; '[Red]' is a colour;
      // '[<=9999999]' conditions and '[h]' elapsed times are not plain numbers.
      if (inner.startsWith('$')) {
        const dash = inner.indexOf('-');
        const symbol = inner.slice(1, dash < 0 ? undefined : dash);
        if (symbol) literal(symbol);
      } else if (/^[<>=]|^[hms]+$/i.test(inner)) return null;
      i = end;
    } else if (char === '_' || char === '*') {
      // Padding to the width of a character, or a fill: alignment, not text.
      i++;
    } else if (char === '0' || char === '#' || char === '?') {
      if (digitsEnded) return null;
      digitsSeen = true;
    } else if (char === ',' && digitsSeen && !digitsEnded) {
      // A comma between placeholders groups thousands; after the last one it scales by 1,000.
      const next = section[i + 1];
      if (next !== '0' && next !== '#' && next !== '?') return null;
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

/**
 * What an Excel number format writes around a cell's value: currency or percent sign before or
 * after the digits, thousands grouping, negatives in parentheses, an explicit '+'. Null for
 * formats that are not plain numbers (dates, 'General', scientific, fractions, text).
 * @example excelFormatToNumberLayout('"$"#,##0.00_);("$"#,##0.00)') // { prefix: '$', suffix: '', thousandsSeparator: ',', negativeStyle: 'parentheses', percent: false }
 */
export function excelFormatToNumberLayout(numberFormat: string): ExcelNumberLayout | null {
  if (numberFormat.length > 255) return null;
  const [positive = '', negative] = formatSections(numberFormat);
  const shown = readFormatSection(positive);
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
  if (negative !== undefined && /\(/.test(negative.replace(/"[^"]*"|\[[^\]]*\]|_./g, ''))) {
    layout.negativeStyle = 'parentheses';
  }
  if (explicitPlus) layout.explicitPlus = true;
  return layout;
}
