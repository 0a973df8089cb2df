import type { NumericRange } from '../../types';
import type { KeyedRandom } from '../keyed-random';

/**
 * The range to draw from for one value: the column's range, on the value's side of zero when
 * the range allows (negatives stay negative, positives positive). A range of one value is
 * widened around it, so a constant column still changes.
 */
function rangeForValue(original: number, range: NumericRange, step: number): NumericRange {
  let { min, max } = range;
  if (min === max) {
    const spread = Math.max(1, Math.abs(min));
    min = min >= 0 ? Math.max(0, min - spread) : min - spread;
    max = max < 0 ? Math.min(0, max + spread) : max + spread;
  }
  if (original < 0 && min < 0) max = Math.min(max, -step);
  else if (original > 0 && max > 0) min = Math.max(min, step);
  if (min > max) return range;
  return { min, max };
}

/**
 * A random number in the range with `decimals` fraction digits, of the same sign as the
 * original where the range allows.
 * @example fakeNumber(42.5, 1, { min: 0, max: 100 }, random) // 87.3
 */
export function fakeNumber(
  original: number,
  decimals: number,
  range: NumericRange,
  random: KeyedRandom,
): number {
  const scale = 10 ** decimals;
  const { min, max } = rangeForValue(original, range, 1 / scale);
  const low = Math.ceil(min * scale - 1e-7);
  const high = Math.floor(max * scale + 1e-7);
  if (high <= low) return low / scale;
  const count = high - low + 1;
  if (count > Number.MAX_SAFE_INTEGER) {
    return Math.round((min + random.nextFloat53() * (max - min)) * scale) / scale;
  }
  const value = (low + random.int(count)) / scale;
  return value === 0 ? 0 : value;
}
