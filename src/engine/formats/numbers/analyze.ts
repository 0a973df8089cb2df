import { isAsciiDigit } from '../../text/char-classes';
import type { NumberLayout } from '../../types';
import { PREFIXES, SPACES, SUFFIX_SYMBOLS, UNICODE_MINUS } from './number-symbols';

/*
 * Reading one number text and noting how it is written (sign, currency, grouping, decimal
 * separator), so that a column's layout can be learned from its texts and values written back
 * the same way. Scientific notation ('1e5', '2.5E-3') is read as a number (pandas writes small
 * floats that way). 'NaN', 'Infinity' and other non-finite texts are not numbers: detection
 * treats 'NaN'-like texts as missing markers.
 */

/** A character that groups thousands. */
export type GroupingSeparator = NonNullable<NumberLayout['thousandsSeparator']>;

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
  thousandsSeparator: GroupingSeparator | null;
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

function isMinus(char: string | undefined): boolean {
  return char === '-' || char === UNICODE_MINUS;
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
  if (!isAsciiDigit(first) && !FIRST_CHARS.has(text.charAt(0))) {
    // A letter can only start a currency code ('USD 12.00'): 'Anna' is turned away here.
    if (first < 65 || first > 90 || text.length < 5 || !SPACES.includes(text.charAt(3))) {
      return null;
    }
  }
  const negative = first === 45;
  let i = negative ? 1 : 0;
  const integerStart = i;
  while (i < text.length && isAsciiDigit(text.charCodeAt(i))) i++;
  const integerEnd = i;
  if (integerEnd === integerStart) return undefined;
  let fractionStart = i;
  if (i < text.length) {
    if (text.charCodeAt(i) !== 46) return undefined;
    i++;
    fractionStart = i;
    while (i < text.length && isAsciiDigit(text.charCodeAt(i))) i++;
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
    if (!isAsciiDigit(text.charCodeAt(end - 2))) return null;
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
  if (start >= end || !isAsciiDigit(text.charCodeAt(start))) return null;

  // Digit runs and the single separators between them; an exponent may end the body.
  const runs: string[] = [];
  const separators: string[] = [];
  let exponent = false;
  let exponentValue = '';
  let i = start;
  let runStart = i;
  while (i < end) {
    const code = text.charCodeAt(i);
    if (isAsciiDigit(code)) {
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
  let thousandsSeparator: GroupingSeparator | null = null;
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
        thousandsSeparator = separators[0] as GroupingSeparator;
      } else if (last !== '.' && last !== ',') {
        thousandsSeparator = last as GroupingSeparator;
        integerRuns = runs;
        fractionDigits = '';
      }
    } else {
      thousandsSeparator = last as GroupingSeparator;
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
  for (let i = start + 1; i < end; i++) if (!isAsciiDigit(text.charCodeAt(i))) return null;
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
