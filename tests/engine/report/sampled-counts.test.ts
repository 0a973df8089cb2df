import { describe, expect, it } from 'vitest';
import { firstHash, secondHash } from '../../../src/engine';
import { SampledCounts, summaryOf } from '../../../src/engine/report/sampled-counts';

/** Adds `text` `times` times, by its two hash words. */
function add(table: SampledCounts, text: string, times = 1): void {
  for (let time = 0; time < times; time++) table.add(firstHash(text), secondHash(text));
}

function countOf(table: SampledCounts, text: string): number {
  return table.countOf(firstHash(text), secondHash(text));
}

describe('SampledCounts', () => {
  it('counts every value exactly up to its capacity', () => {
    const table = new SampledCounts(5_000);
    for (let value = 0; value < 5_000; value++) add(table, `value ${value}`, 1 + (value % 3));
    expect(table.sampled).toBe(false);
    expect(summaryOf(table)).toEqual({ values: 5_000, cells: 9_999, once: 1_667 });
    expect(countOf(table, 'value 4')).toBe(2);
  });

  it('keeps a share of the values past it, each with all of its cells', () => {
    const table = new SampledCounts(1_000);
    // Each value's cells come apart, as parts bring them: the later ones find it kept or not.
    for (let round = 0; round < 3; round++) {
      for (let value = 0; value < 20_000; value++) add(table, `value ${value}`);
    }
    expect(table.sampled).toBe(true);
    const summary = summaryOf(table);
    expect(summary.values).toBeLessThanOrEqual(1_000);
    expect(summary.cells).toBe(summary.values * 3);
    // The share kept estimates the values: 20,000 within a few percent.
    expect(Math.abs(summary.values / table.share - 20_000)).toBeLessThan(2_000);
  });

  it('keeps the same values in two tables sampled to one limit', () => {
    const a = new SampledCounts(500);
    const b = new SampledCounts(2_000);
    for (let value = 0; value < 10_000; value++) {
      add(a, `v${value}`);
      if (value % 2 === 0) add(b, `v${value}`);
    }
    const limit = Math.min(a.limit, b.limit);
    let inA = 0;
    let inBoth = 0;
    a.forEach((low, high) => {
      inA++;
      if (b.countOf(low, high) > 0) inBoth++;
    }, limit);
    // Every even value a keeps below the limit, b keeps too.
    expect(inBoth).toBeGreaterThan(inA * 0.4);
    expect(inBoth).toBeLessThan(inA * 0.6);
    b.forEach((low, high) => expect(a.countOf(low, high)).toBe(1), limit);
  });
});
