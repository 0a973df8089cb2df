import {
  analyzeNumberText,
  exponentDecimals,
  exponentLayoutOf,
  formatExponent,
  formatNumberText,
  fractionDigitsOf,
  readInLayout,
  type NumberTextAnalysis,
} from '../formats/numbers';
import type { Cell, ColumnSchema, NumberLayout, NumericRange } from '../types';
import type {
  FallbackValue,
  GenerateValue,
  PermuteValue,
  PlanGrid,
  ValuePlan,
} from './column-plan';
import { fakeMeasure, roundness } from './generators/measure';
import { fakeNumber } from './generators/number';
import type { KeyedRandom } from './keyed-random';
import { numberModeOf } from './number-mode';
import { numberRangeOf, roomyDecimals, roomyRange } from './number-ranges';

/** A layout's optional sign fields, left out when they are the default. */
function signStyle(style: {
  signPosition: NumberLayout['signPosition'];
  minusSign: NumberLayout['minusSign'];
}): Pick<NumberLayout, 'signPosition' | 'minusSign'> {
  return {
    ...(style.signPosition ? { signPosition: style.signPosition } : {}),
    ...(style.minusSign ? { minusSign: style.minusSign } : {}),
  };
}

/** The layout to write one number in: the column's, with this value's own decimals and style. */
function layoutForValue(
  layout: NumberLayout | null,
  analysis: NumberTextAnalysis,
  decimals: number,
): NumberLayout {
  const grouped =
    analysis.thousandsSeparator !== null ||
    (analysis.ambiguousSeparator !== null &&
      analysis.ambiguousSeparator === layout?.thousandsSeparator) ||
    // A value under 1000 cannot show whether the column groups digits.
    analysis.integerDigits.length <= 3;
  return {
    precision: decimals,
    integer: decimals === 0,
    decimalSeparator: analysis.decimalSeparator ?? layout?.decimalSeparator ?? '.',
    thousandsSeparator: grouped
      ? (analysis.thousandsSeparator ?? layout?.thousandsSeparator ?? null)
      : null,
    prefix: analysis.prefix,
    suffix: analysis.suffix,
    negative: analysis.negative,
    negativeStyle: analysis.parentheses ? 'parentheses' : 'minus',
    explicitPlus: analysis.plus,
    // A value's own sign style when it has a sign; the column's for a value that turns negative.
    ...signStyle(
      analysis.negative
        ? {
            signPosition: analysis.signPosition ?? undefined,
            minusSign: analysis.unicodeMinus ? '\u2212' : undefined,
          }
        : { signPosition: layout?.signPosition, minusSign: layout?.minusSign },
    ),
    ...(analysis.bareFraction || layout?.bareFraction ? { bareFraction: true } : {}),
  };
}

/** The fraction digits a number text is written with ('2,000' grouped by ',' has none). */
function writtenDecimals(
  analysis: NumberTextAnalysis,
  value: number,
  layout: NumberLayout | null,
): number {
  if (analysis.exponent) return fractionDigitsOf(value);
  const grouped =
    analysis.ambiguousSeparator !== null &&
    analysis.ambiguousSeparator === layout?.thousandsSeparator;
  return grouped ? 0 : analysis.fractionDigits.length;
}

/** The number a cell holds, read in the column's layout; null for a cell that holds none. */
function numberValueOf(original: Cell, text: string, layout: NumberLayout | null): number | null {
  if (typeof original === 'number') return original;
  if (typeof original !== 'string') return null;
  const analysis = analyzeNumberText(text);
  if (!analysis) return null;
  return layout ? readInLayout(analysis, layout) : analysis.value;
}

/** A whole number written as `original` was: a number for a number cell, else in its layout. */
function wholeNumberLike(
  value: number,
  original: Cell,
  text: string,
  layout: NumberLayout | null,
): Cell {
  if (typeof original === 'number') return value;
  const analysis = analyzeNumberText(text);
  return analysis ? formatNumberText(value, layoutForValue(layout, analysis, 0)) : String(value);
}

/**
 * The most values a small domain of whole numbers holds (see smallIntegerDomain): counts,
 * classes, ratings, flags.
 */
const SMALL_DOMAIN_SIZE = 20;

/**
 * From scheme 7 on, the range of a measure of whole numbers from 0 up that holds at most
 * SMALL_DOMAIN_SIZE values (Titanic's `Survived` 0-1, `Pclass` 1-3, `SibSp` 0-8, a rating 1-5),
 * else null. Moved by 2-10%, such values moved one unit up, so 0 and 1 became 1 and 2, and
 * classes merged (1, 2 and 3 became 2, 1 and 2).
 */
function smallIntegerDomain(column: ColumnSchema, scheme: number): NumericRange | null {
  const { number: layout, range } = column;
  if (scheme < 7 || !layout?.integer || layout.precision !== 0 || !range) return null;
  if (range.min < 0 || !Number.isInteger(range.min) || !Number.isInteger(range.max)) return null;
  const size = range.max - range.min + 1;
  return size >= 2 && size <= SMALL_DOMAIN_SIZE ? range : null;
}

/**
 * A keyed derangement of 0..size-1 in which every value moves one or two places: consecutive
 * blocks of two, swapped, and of three, turned one way or the other, their sizes keyed.
 * @example nearbyDerangement(2, random) // [1, 0]
 */
export function nearbyDerangement(size: number, random: KeyedRandom): Int32Array {
  const image = new Int32Array(size);
  let at = 0;
  while (at < size) {
    const left = size - at;
    // A block never leaves a single value behind, which could only keep itself.
    const block = left === 2 || left === 4 ? 2 : left === 3 ? 3 : 2 + random.int(2);
    if (block === 2) {
      image[at] = at + 1;
      image[at + 1] = at;
    } else if (random.int(2) === 0) {
      image[at] = at + 1;
      image[at + 1] = at + 2;
      image[at + 2] = at;
    } else {
      image[at] = at + 2;
      image[at + 1] = at;
      image[at + 2] = at + 1;
    }
    at += block;
  }
  return image;
}

/**
 * A small domain's values (smallIntegerDomain) permuted among themselves: each takes a nearby
 * value of the range (nearbyDerangement, keyed by the range), so every value stays distinct and
 * in range, never keeps itself, and the column keeps as many values as it had.
 */
function smallDomainPermutation(
  domain: NumericRange,
  layout: NumberLayout,
  random: KeyedRandom,
): PermuteValue {
  random.reseed('smallIntegerDomain', `${domain.min}..${domain.max}`);
  const image = nearbyDerangement(domain.max - domain.min + 1, random);
  return (original, text) => {
    const value = numberValueOf(original, text, layout);
    if (value === null || !Number.isInteger(value) || value < domain.min || value > domain.max) {
      return null;
    }
    return wholeNumberLike(domain.min + image[value - domain.min]!, original, text, layout);
  };
}

/**
 * A measure's values in 'distribution' mode: each moved by a keyed 2-10% (fakeMeasure) at its
 * own precision and written like it, so the column keeps its shape. Pseudonyms may repeat and
 * may equal other originals (amounts do), so the plan is `repeatable` and needs no range: a
 * value gets the same pseudonym in every file under one key, whatever else the file holds. From
 * scheme 7 on, a small domain of whole numbers is permuted among its values instead
 * (smallDomainPermutation).
 */
function withoutWholeValues(column: ColumnSchema): ColumnSchema {
  if (!column.number?.wholeValues) return column;
  const { wholeValues: _dropped, ...number } = column.number;
  return { ...column, number };
}

function planMeasureValues(
  column: ColumnSchema,
  random: KeyedRandom,
  fallback: FallbackValue,
  scheme: number,
): ValuePlan {
  const layout = column.number ?? null;
  // A spreadsheet's number shows the decimals of its format ('0%' two of the value, '0.00' two):
  // from scheme 4 on it moves by units of the last one shown, so 100% does not become 200%
  // (its own digits, none, made the least move one whole unit) nor $0.00 become $1.00.
  const shownDecimals = scheme >= 4 ? (column.precision ?? 0) : 0;
  // Zero turns negative only in a column without positives (refunds, debits).
  const zeroSign = column.range && column.range.max <= 0 && column.range.min < 0 ? -1 : 1;
  // From scheme 9 on, a column of whole values written with decimals ('38.0') moves by whole
  // units and keeps its zero decimals ('41.0'), where '38.0' became '36.6'.
  const wholeValues = layout?.wholeValues === true;
  // From scheme 10 on, a whole value ending in zeros moves by units of its own roundness
  // ('85000' → '88000', '52300' → '54100'), where it moved by ones ('87341', its zeros lost).
  const movedDecimals = (value: number, decimals: number) => {
    const zeros = scheme >= 10 && Number.isInteger(value) ? roundness(value) : 0;
    return zeros > 0 ? -zeros : decimals;
  };
  const generate: GenerateValue = (original, text) => {
    if (typeof original === 'number') {
      const decimals = Math.max(fractionDigitsOf(original), shownDecimals);
      return fakeMeasure(
        original,
        movedDecimals(original, wholeValues ? 0 : decimals),
        zeroSign,
        random,
      );
    }
    if (typeof original !== 'string') return fallback(original, text);
    const analysis = analyzeNumberText(text);
    const value = analysis && (layout ? readInLayout(analysis, layout) : analysis.value);
    if (!analysis || value === null || value === undefined) return fallback(original, text);
    // From scheme 4 on, '1e-05' stays in scientific notation, moved at its last mantissa digit.
    const exponent = scheme >= 4 && analysis.exponent ? exponentLayoutOf(text) : null;
    if (exponent) {
      return formatExponent(
        fakeMeasure(value, exponentDecimals(exponent), zeroSign, random),
        exponent,
      );
    }
    const decimals = writtenDecimals(analysis, value, layout);
    const fake = fakeMeasure(
      value,
      movedDecimals(value, wholeValues ? 0 : decimals),
      zeroSign,
      random,
    );
    return formatNumberText(fake, layoutForValue(layout, analysis, decimals));
  };
  const domain = smallIntegerDomain(column, scheme);
  if (domain && layout) {
    return {
      variant: JSON.stringify([layout, 'distribution', domain]),
      generate,
      permute: smallDomainPermutation(domain, layout, random),
      repeatable: true,
    };
  }
  return {
    variant: JSON.stringify([layout, 'distribution', zeroSign]),
    generate,
    repeatable: true,
  };
}

/**
 * How a number column's values get pseudonyms. In 'distribution' mode (numberModeOf; the
 * default), a keyed nearby value (planMeasureValues). In 'range' mode, a number of the same
 * sign and decimals from the column's range (merged over joined columns, widened when too
 * narrow to keep pseudonyms off the originals, never when the user set it), written like the
 * original. Whole numbers are points of a grid as well, walked when they fill much of it.
 */
export function planNumberValues(
  detected: ColumnSchema,
  override: NumericRange | undefined,
  random: KeyedRandom,
  fallback: FallbackValue,
  scheme: number,
): ValuePlan {
  // Before scheme 9 whole values written with decimals were told from no others.
  const column = scheme >= 9 ? detected : withoutWholeValues(detected);
  if (numberModeOf(column) === 'distribution') {
    return planMeasureValues(column, random, fallback, scheme);
  }
  const layout = column.number ?? null;
  const range =
    override ??
    (column.rangeSetByUser ? numberRangeOf(column) : roomyRange(numberRangeOf(column), column));
  const low = Math.ceil(range.min);
  const integerGrid: PlanGrid | undefined =
    layout?.integer !== false && Number.isSafeInteger(range.max - low)
      ? {
          size: Math.floor(range.max) - low + 1,
          indexOf: (original, text) => {
            const value = numberValueOf(original, text, layout);
            return value !== null && Number.isInteger(value) && value >= low && value <= range.max
              ? value - low
              : -1;
          },
          render: (index, original, text) => wholeNumberLike(low + index, original, text, layout),
        }
      : undefined;
  const fewestDecimals = roomyDecimals(range, column);
  const generate: GenerateValue = (original, text) => {
    if (typeof original === 'number') {
      const decimals = Math.max(fractionDigitsOf(original), fewestDecimals);
      return fakeNumber(original, decimals, range, random);
    }
    if (typeof original !== 'string') return fallback(original, text);
    const analysis = analyzeNumberText(text);
    const value = analysis && (layout ? readInLayout(analysis, layout) : analysis.value);
    if (!analysis || value === null || value === undefined) return fallback(original, text);
    const decimals = Math.max(writtenDecimals(analysis, value, layout), fewestDecimals);
    const fake = fakeNumber(value, decimals, range, random);
    return formatNumberText(fake, layoutForValue(layout, analysis, decimals));
  };
  return {
    variant: JSON.stringify([layout, range]),
    generate,
    ...(integerGrid ? { grid: integerGrid } : {}),
  };
}
