import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cellKey,
  encodeColumns,
  type ColumnToEncode,
  type EncodedColumn,
} from '../../../src/engine/report/encode-column';
import type { Cell } from '../../../src/engine';

/** Cells per value of one column, counted the slow way; blanks and `missing` left out. */
function bruteCounts(rows: Cell[][], column: number, missing: Set<string>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const row of rows) {
    const key = cellKey(row[column]);
    if (key === null || missing.has(key)) continue;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

function sorted(values: Iterable<number>): number[] {
  return [...values].sort((a, b) => a - b);
}

/** Checks every figure of one encoded column against a brute-force count. */
function expectMatchesBruteForce(
  encoded: EncodedColumn,
  spec: ColumnToEncode,
  original: Cell[][],
  output: Cell[][],
): void {
  const missing = new Set(spec.missing ?? []);
  const before = bruteCounts(original, spec.column, missing);
  expect(encoded.before.distinct).toBe(before.size);
  expect(encoded.before.nonEmpty).toBe([...before.values()].reduce((a, b) => a + b, 0));
  if (spec.counts === false) expect(() => encoded.before.counts()).toThrow();
  else expect(sorted(encoded.before.counts())).toEqual(sorted(before.values()));
  if (spec.codes) {
    // Same code exactly where the same text, -1 for blanks.
    const codes = encoded.before.codes!;
    const seen = new Map<string, number>();
    original.forEach((row, at) => {
      const key = cellKey(row[spec.column]);
      if (key === null || missing.has(key)) return expect(codes[at]).toBe(-1);
      if (!seen.has(key)) seen.set(key, codes[at]!);
      expect(codes[at]).toBe(seen.get(key));
    });
    expect(new Set(seen.values()).size).toBe(seen.size);
  }
  if (spec.values) {
    expect(new Set(encoded.before.texts())).toEqual(new Set(before.keys()));
    for (const text of before.keys()) expect(encoded.before.has(text)).toBe(true);
    expect(encoded.before.has('not a value')).toBe(false);
  }
  if (!spec.readOutput) {
    expect(encoded.after).toBe(encoded.before);
    expect(encoded.survivors).toBeNull();
    return;
  }
  const after = bruteCounts(output, spec.column, missing);
  expect(encoded.after.distinct).toBe(after.size);
  if (spec.counts !== false) {
    expect(sorted(encoded.after.counts())).toEqual(sorted(after.values()));
  }
  if (spec.values === 'both') {
    const cells = new Map<string, number>();
    encoded.after.forEachCount((text, count) => cells.set(text, count));
    expect(cells).toEqual(after);
  }
  if (spec.values) {
    // The original side answers for originals only, though the table held both sides.
    for (const text of after.keys()) expect(encoded.before.has(text)).toBe(before.has(text));
  }
  const sameCell = original.filter((row, at) => {
    const key = cellKey(row[spec.column]);
    return key !== null && !missing.has(key) && key === cellKey(output[at]![spec.column]);
  }).length;
  const sharedValues = [...before.keys()].filter((text) => after.has(text)).length;
  expect(encoded.survivors).toEqual({ sameCell, sharedValues });
}

const cell = fc.oneof(
  fc.constantFrom<Cell>('', null, 'a', 'b', 'ab', 'N/A', 'Ann Lee', 'Åsa', '1', 1, true),
  fc.string({ maxLength: 3 }),
  fc.integer({ min: 0, max: 5 }),
  fc.constantFrom(new Date(Date.UTC(2024, 0, 1)), new Date(Date.UTC(2024, 0, 2))),
);

describe('column encoding', () => {
  it('matches a brute-force count of distinct values, cells and survivors', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.array(cell, { minLength: 3, maxLength: 3 }), fc.array(cell)), {
          maxLength: 40,
        }),
        fc.array(
          fc.record({
            codes: fc.boolean(),
            values: fc.constantFrom(undefined, 'original' as const, 'both' as const),
            markers: fc.boolean(),
          }),
          { minLength: 3, maxLength: 3 },
        ),
        (pairs, flags) => {
          const original = pairs.map(([row]) => row);
          // Output rows of another width: a cell beyond it is blank.
          const output = pairs.map(([row, other], at) =>
            at % 2 === 0 ? row.map((value, column) => other[column] ?? value) : other,
          );
          const specs: ColumnToEncode[] = flags.map((flag, column) => ({
            column,
            readOutput: !flag.codes,
            codes: flag.codes,
            ...(flag.values ? { values: flag.values } : {}),
            ...(flag.markers ? { missing: new Set(['N/A']) } : {}),
            expectedDistinct: column,
          }));
          const encoded = encodeColumns(original, output, specs);
          specs.forEach((spec, at) =>
            expectMatchesBruteForce(encoded[at]!, spec, original, output),
          );
        },
      ),
      { seed: 29, numRuns: 300 },
    );
  });

  it('grows its table past its first size and reuses it for the next column', () => {
    // 6,000 mostly distinct values with no size hint: the table grows several times; the
    // second column reuses the first one's table after it grew.
    const original: Cell[][] = Array.from({ length: 6_000 }, (_, i) => [
      `id-${i % 5_000}`,
      i % 7 === 0 ? null : `name ${(i * 7919) % 3_001}`,
    ]);
    const output: Cell[][] = original.map((row, i) => [
      i % 3 === 0 ? row[0]! : `new-${i}`,
      i % 2 === 0 ? `name ${i % 2_000}` : row[1]!,
    ]);
    const specs: ColumnToEncode[] = [
      { column: 0, readOutput: true },
      { column: 1, readOutput: true },
      { column: 1, readOutput: true, values: 'both' },
      { column: 0, readOutput: true, values: 'original' },
      { column: 0, readOutput: true, counts: false },
    ];
    const encoded = encodeColumns(original, output, specs);
    specs.forEach((spec, at) => expectMatchesBruteForce(encoded[at]!, spec, original, output));
    expect(encoded[0]!.before.distinct).toBe(5_000);
  });
});
