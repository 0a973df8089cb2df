import type { NumberSummary } from './report-schema';

/** Rows sampled per column for quantiles, histograms, KS and date order (exact below this). */
export const DISTRIBUTION_SAMPLE_ROWS = 20_000;
export const HISTOGRAM_BINS = 20;

/**
 * The rows a distribution figure reads: every row of a small table, else an even spread of
 * DISTRIBUTION_SAMPLE_ROWS (quantiles and histograms need no exactness).
 * @example sampleStride(287_000) // 15
 */
export function sampleStride(rows: number): number {
  return Math.max(1, Math.ceil(rows / DISTRIBUTION_SAMPLE_ROWS));
}

function quantile(sorted: Float64Array, q: number): number {
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (position - low);
}

/**
 * Min, deciles 1/5/9 (linear interpolation), max and mean of sorted values; null when empty.
 * @example summarize(Float64Array.of(1, 2, 3)).p50 // 2
 */
export function summarize(sorted: Float64Array): NumberSummary | null {
  if (sorted.length === 0) return null;
  let sum = 0;
  for (const value of sorted) sum += value;
  return {
    min: sorted[0]!,
    p10: quantile(sorted, 0.1),
    p50: quantile(sorted, 0.5),
    p90: quantile(sorted, 0.9),
    max: sorted[sorted.length - 1]!,
    mean: sum / sorted.length,
  };
}

/**
 * Counts of both samples over HISTOGRAM_BINS equal bins spanning their union range.
 * @example histogramPair(Float64Array.of(0), Float64Array.of(1)).before[0] // 1
 */
export function histogramPair(
  before: Float64Array,
  after: Float64Array,
): { min: number; max: number; before: number[]; after: number[] } | null {
  if (before.length === 0 && after.length === 0) return null;
  let min = Infinity;
  let max = -Infinity;
  for (const values of [before, after]) {
    if (values.length === 0) continue;
    min = Math.min(min, values[0]!);
    max = Math.max(max, values[values.length - 1]!);
  }
  const width = (max - min) / HISTOGRAM_BINS;
  const bin = (counts: number[], values: Float64Array) => {
    for (const value of values) {
      const at = width === 0 ? 0 : Math.min(HISTOGRAM_BINS - 1, Math.floor((value - min) / width));
      counts[at]!++;
    }
    return counts;
  };
  return {
    min,
    max,
    before: bin(new Array<number>(HISTOGRAM_BINS).fill(0), before),
    after: bin(new Array<number>(HISTOGRAM_BINS).fill(0), after),
  };
}

/**
 * The two-sample Kolmogorov–Smirnov statistic of sorted samples: the largest gap between their
 * empirical distribution functions (0 = same, 1 = disjoint); null when one is empty. Chosen
 * over Wasserstein because it needs no scale and reads the same for numbers and dates.
 * @example ksStatistic(Float64Array.of(1, 2), Float64Array.of(3, 4)) // 1
 */
export function ksStatistic(a: Float64Array, b: Float64Array): number | null {
  if (a.length === 0 || b.length === 0) return null;
  let i = 0;
  let j = 0;
  let largest = 0;
  while (i < a.length && j < b.length) {
    const value = Math.min(a[i]!, b[j]!);
    while (i < a.length && a[i] === value) i++;
    while (j < b.length && b[j] === value) j++;
    largest = Math.max(largest, Math.abs(i / a.length - j / b.length));
  }
  return largest;
}

/**
 * 1 − total variation distance between two frequency-rank profiles (each count list sorted
 * largest first, as shares of its total): 1 when the shape of the frequencies is kept,
 * whatever the values. Two empty profiles count as kept.
 * @example rankProfileSimilarity([2, 1], [2, 1]) // 1
 */
export function rankProfileSimilarity(before: ArrayLike<number>, after: ArrayLike<number>): number {
  let totalBefore = 0;
  for (let rank = 0; rank < before.length; rank++) totalBefore += before[rank]!;
  let totalAfter = 0;
  for (let rank = 0; rank < after.length; rank++) totalAfter += after[rank]!;
  if (totalBefore === 0 || totalAfter === 0) return totalBefore === totalAfter ? 1 : 0;
  let distance = 0;
  for (let rank = 0; rank < Math.max(before.length, after.length); rank++) {
    distance += Math.abs((before[rank] ?? 0) / totalBefore - (after[rank] ?? 0) / totalAfter);
  }
  return Math.max(0, Math.min(1, 1 - distance / 2));
}

/** Counts sorted largest first (a typed sort: no comparator call per pair). */
export function descending(counts: ArrayLike<number>): Int32Array {
  return Int32Array.from(counts).sort().reverse();
}
