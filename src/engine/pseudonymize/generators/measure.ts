import type { KeyedRandom } from '../keyed-random';

/** The smallest relative change of a measure: enough that no value keeps its own. */
const LEAST_CHANGE = 0.02;
/** The largest relative change: small enough that every decile moves by at most about 10%. */
const MOST_CHANGE = 0.1;

/**
 * A measure's pseudonym that keeps the column's distribution: the value times 1 ± ε, ε keyed by
 * the value (drawn from `random`, reseeded for it) with |ε| evenly in [2%, 10%] and either sign
 * alike (so the mean stays put), rounded to `decimals` fraction digits. Each value moves by at
 * most 10%, so every quantile does too; that is what keeps the shape.
 *
 * Never the value itself, and never another sign: when rounding gives the value back (small
 * whole numbers), it moves one unit of its last digit in ε's direction, or away from zero when
 * that would reach zero. Zero has no sign to keep and no relative change: it becomes one unit of
 * its last digit, negative when `zeroSign` is -1 (a column of no positive values), else positive.
 * Negative `decimals` move by whole tens, hundreds… (see roundness).
 * @example fakeMeasure(141.7, 1, 1, random) // e.g. 151.2
 */
export function fakeMeasure(
  original: number,
  decimals: number,
  zeroSign: 1 | -1,
  random: KeyedRandom,
): number {
  // Units of the last digit: 10^-decimals, a whole power of ten for negative `decimals` (a
  // move by hundreds), divided and multiplied by exactly.
  const unit = 10 ** Math.max(0, -decimals);
  const scale = 10 ** Math.max(0, decimals);
  const change = LEAST_CHANGE + random.next() * (MOST_CHANGE - LEAST_CHANGE);
  const up = random.next() < 0.5;
  const factor = up ? 1 + change : 1 - change;
  const units = Math.round((original * scale) / unit);
  if (!Number.isFinite(units * factor) || Math.abs(units) > Number.MAX_SAFE_INTEGER) {
    // Beyond what whole units can count: the change alone, far larger than any rounding.
    return original * factor;
  }
  if (units === 0) return (zeroSign * unit) / scale;
  let fake = Math.round(units * factor);
  if (fake === units) fake = units + (up ? 1 : -1) * Math.sign(units);
  if (fake === 0) fake = units + Math.sign(units);
  return (fake * unit) / scale;
}

/**
 * How many trailing zeros a whole value's move keeps (scheme 10 on): its own, at most as many as
 * keep the unit of the move within the least change, so a salary of 85000 moves by thousands
 * (to 88000, not 87341) and 52300 by hundreds, while 300 moves by ones (a hundred would be a
 * third of it). Pass its negative as fakeMeasure's `decimals`.
 * @example roundness(85000) // 3
 */
export function roundness(value: number): number {
  if (!Number.isSafeInteger(value) || value === 0) return 0;
  const most = Math.floor(Math.log10(Math.abs(value) * LEAST_CHANGE));
  let rest = Math.abs(value);
  let zeros = 0;
  while (zeros < most && rest % 10 === 0) {
    rest /= 10;
    zeros++;
  }
  return zeros;
}
