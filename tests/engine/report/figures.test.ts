import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildReport, privacyReportSchema, type Cell } from '../../../src/engine';
import { summarize } from '../../../src/engine/report/distribution';
import { schemasOf, withRows, workbookOf } from './report-fixtures';

/** Equivalence classes counted the slow way: a JSON key per row. */
function bruteForceClasses(rows: Cell[][], columns: number[]): number[] {
  const sizes = new Map<string, number>();
  for (const row of rows) {
    const key = JSON.stringify(columns.map((column) => row[column] ?? ''));
    sizes.set(key, (sizes.get(key) ?? 0) + 1);
  }
  return [...sizes.values()];
}

describe('risk figures', () => {
  it('match a brute-force count of equivalence classes over the kept columns', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.constantFrom('10001', '10002', '10003', ''),
            fc.constantFrom('1980', '1981'),
            fc.constantFrom('F', 'M'),
            fc.string(),
          ),
          { minLength: 1, maxLength: 60 },
        ),
        (tuples) => {
          const rows: Cell[][] = tuples.map((tuple) => [...tuple]);
          const original = workbookOf(['zip', 'year', 'gender', 'note'], rows);
          const schemas = schemasOf(original, {
            zip: 'keep',
            year: 'keep',
            gender: 'keep',
            note: 'blank',
          });
          const output = withRows(
            original,
            rows.map((row) => [...row.slice(0, 3), null]),
          );
          const risk = buildReport({ original, output, schemas, mappingAvailable: false })
            .sheets[0]!.risk;
          const sizes = bruteForceClasses(rows, [0, 1, 2]);
          expect(risk.k).toBe(Math.min(...sizes));
          expect(risk.uniqueRows).toBe(sizes.filter((size) => size === 1).length);
          expect(risk.uniqueShare).toBeCloseTo(risk.uniqueRows / rows.length, 12);
          const bucket = (label: string) => risk.classSizes.find((entry) => entry.label === label)!;
          expect(bucket('2').classes).toBe(sizes.filter((size) => size === 2).length);
          expect(bucket('3-4').classes).toBe(sizes.filter((size) => size >= 3 && size <= 4).length);
          expect(bucket('10+').rows).toBe(
            sizes.filter((size) => size >= 10).reduce((a, b) => a + b, 0),
          );
          for (const entry of risk.contributions) {
            const index = ['zip', 'year', 'gender'].indexOf(entry.column);
            const alone = bruteForceClasses(rows, [index]).filter((size) => size === 1).length;
            expect(entry.uniqueShareAlone).toBeCloseTo(alone / rows.length, 12);
            const rest = [0, 1, 2].filter((column) => column !== index);
            const without = bruteForceClasses(rows, rest).filter((size) => size === 1).length;
            expect(entry.dropWhenLeftOut).toBeCloseTo(
              Math.max(0, risk.uniqueShare - without / rows.length),
              12,
            );
          }
        },
      ),
      { seed: 17, numRuns: 60 },
    );
  });

  it('match a brute-force count when the kept columns have many values', () => {
    // Many classes: combinations too many to index directly go through the hash table.
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 400 }), fc.integer({ min: 0, max: 40 })), {
          minLength: 100,
          maxLength: 300,
        }),
        (pairs) => {
          const rows: Cell[][] = pairs.map(([a, b]) => [`code-${a}`, `group-${b}`, `x${a % 3}`]);
          const original = workbookOf(['code', 'group', 'kind'], rows);
          const schemas = schemasOf(original, { code: 'keep', group: 'keep', kind: 'keep' });
          const risk = buildReport({ original, output: original, schemas, mappingAvailable: false })
            .sheets[0]!.risk;
          const sizes = bruteForceClasses(rows, [0, 1, 2]);
          expect(risk.k).toBe(Math.min(...sizes));
          expect(risk.uniqueRows).toBe(sizes.filter((size) => size === 1).length);
          for (const entry of risk.contributions) {
            const index = ['code', 'group', 'kind'].indexOf(entry.column);
            const rest = [0, 1, 2].filter((column) => column !== index);
            const without = bruteForceClasses(rows, rest).filter((size) => size === 1).length;
            expect(entry.dropWhenLeftOut).toBeCloseTo(
              Math.max(0, risk.uniqueShare - without / rows.length),
              12,
            );
          }
        },
      ),
      { seed: 23, numRuns: 40 },
    );
  });

  it('counts every row as one class when nothing is kept', () => {
    const original = workbookOf(['name'], [['Ann Lee'], ['Bob Ray']]);
    const schemas = schemasOf(original);
    const output = withRows(original, [['Cy Dorn'], ['Di Egan']]);
    const risk = buildReport({ original, output, schemas, mappingAvailable: false }).sheets[0]!
      .risk;
    expect(risk).toMatchObject({ quasiIdentifiers: [], k: 2, uniqueRows: 0, uniqueShare: 0 });
  });
});

describe('column figures', () => {
  it('counts survivors per row and distinct originals found anywhere in the output', () => {
    const original = workbookOf(['id'], [['A-100'], ['A-200'], ['A-300'], ['A-300'], ['A-400']]);
    const schemas = schemasOf(original);
    // A-100 stays in place; trade places; A-400 becomes new.
    const output = withRows(original, [['A-100'], ['A-300'], ['A-200'], ['A-200'], ['B-999']]);
    const column = buildReport({ original, output, schemas, mappingAvailable: false }).sheets[0]!
      .columns[0]!;
    expect(column.survivors).toEqual({ sameCell: 1, sharedValues: 3 });
    expect(column).toMatchObject({ distinctBefore: 4, distinctAfter: 4, uniqueBefore: false });
  });

  it('gives deciles, mean and histograms of numbers', () => {
    const values = Array.from({ length: 101 }, (_, i) => i);
    const original = workbookOf(
      ['amount'],
      values.map((n) => [String(n)]),
    );
    const schemas = schemasOf(original);
    const output = withRows(
      original,
      values.map((n) => [String(n + 1000)]),
    );
    const figures = buildReport({ original, output, schemas, mappingAvailable: false }).sheets[0]!
      .columns[0]!.numbers!;
    expect(figures.before).toEqual({ min: 0, p10: 10, p50: 50, p90: 90, max: 100, mean: 50 });
    expect(figures.after?.p50).toBe(1050);
    expect(figures.ksStatistic).toBe(1);
    expect(figures.histogram!.before.reduce((a, b) => a + b)).toBe(101);
    expect(figures.histogram!.after.reduce((a, b) => a + b)).toBe(101);
    expect(summarize(Float64Array.of(1, 2, 3, 4))?.p10).toBeCloseTo(1.3, 12);
  });

  it('gives date ranges and the share of rows whose date order was kept', () => {
    const original = workbookOf(
      ['ordered', 'shipped'],
      [
        ['2023-01-01', '2023-01-05'],
        ['2023-02-01', '2023-02-03'],
        ['2023-03-01', '2023-03-02'],
        ['2023-04-01', '2023-04-09'],
      ],
    );
    const schemas = schemasOf(original);
    const output = withRows(original, [
      ['2024-01-01', '2024-01-09'],
      ['2024-02-05', '2024-02-03'],
      ['2024-03-01', '2024-03-02'],
      ['2024-04-01', '2024-04-02'],
    ]);
    const report = buildReport({ original, output, schemas, mappingAvailable: false });
    const ordered = report.sheets[0]!.columns[0]!.dates!;
    expect(ordered.rangeBefore).toEqual({ min: '2023-01-01', max: '2023-04-01' });
    expect(ordered.rangeAfter).toEqual({ min: '2024-01-01', max: '2024-04-01' });
    expect(ordered.order).toEqual([{ otherColumn: 'shipped', rows: 4, keptShare: 0.75 }]);
    expect(privacyReportSchema.parse(report)).toEqual(report);
  });

  it('gives the ten largest frequencies as counts and their preservation', () => {
    const rows = ['a', 'a', 'a', 'b', 'b', 'c'].map((v) => [`city-${v}`]);
    const original = workbookOf(['city'], rows);
    const schemas = schemasOf(original);
    const output = withRows(
      original,
      ['x', 'x', 'y', 'y', 'y', 'z'].map((v) => [`town-${v}`]),
    );
    const frequencies = buildReport({ original, output, schemas, mappingAvailable: false })
      .sheets[0]!.columns[0]!.frequencies!;
    expect(frequencies).toEqual({ before: [3, 2, 1], after: [3, 2, 1], preservation: 1 });
  });
});

describe('leaks', () => {
  it('finds originals of replaced columns in other columns, whole and inside text', () => {
    const original = workbookOf(
      ['customer', 'code', 'notes', 'other'],
      [
        ['Mary Smith', '12345', 'Called Mary Smith twice', 'Okafor'],
        ['Wei Chen', '678', 'Wei Chen (VIP), ref 12345', 'Mary Smith'],
        ['Olga Nowak', '99999', 'Nothing to add; ref 678', 'x'],
        ['Joe Okafor', '55555', 'all fine', 'y'],
      ],
    );
    const schemas = schemasOf(original, { notes: 'keep', other: 'keep' });
    const output = withRows(original, [
      ['Ann Lee', '11111', 'Called Mary Smith twice', 'Okafor'],
      ['Bo Ray', '222', 'Wei Chen (VIP), ref 12345', 'Mary Smith'],
      ['Cy Dorn', '33333', 'Nothing to add; ref 678', 'x'],
      ['Di Egan', '44444', 'all fine', 'y'],
    ]);
    const report = buildReport({ original, output, schemas, mappingAvailable: false });
    const found = (source: string, where: string) =>
      report.leaks.find((leak) => leak.sourceColumn === source && leak.foundColumn === where)
        ?.cells ?? 0;
    expect(found('customer', 'notes')).toBe(2);
    // '678' is a number shorter than five digits: not searched for.
    expect(found('code', 'notes')).toBe(1);
    expect(found('customer', 'other')).toBe(1);
    // 'Okafor' alone is not an original: originals are matched whole.
    expect(report.leaks).toHaveLength(3);
  });
});
