import { describe, expect, it } from 'vitest';
import {
  buildReport,
  detectSchema,
  pseudonymize,
  survivingCells,
  type Cell,
  type PseudonymizeOptions,
  type Sheet,
} from '../../../src/engine';

/*
 * Two-valued columns (scheme 10 on): booleans in any spelling and measures of 0 and 1 only are
 * drawn row by row by keyed randomized response that keeps each column's share of true.
 */

const ROWS = 4000;

/**
 * Customers: 'active' 9 in 10 true, 'churned' 1 in 14 (0 and 1), 'vip' 'Y'/'N' 1 in 25, and
 * 'survived' true for 3 in 4 of the 'F' rows and 1 in 5 of the 'M' rows.
 */
function flags(rows = ROWS, firstId = 1): Sheet {
  return {
    name: 'flags',
    columns: ['customer_id', 'active', 'churned', 'vip', 'sex', 'survived'],
    rows: Array.from({ length: rows }, (_, index) => {
      const id = firstId + index;
      const female = id % 2 === 0;
      return [
        String(id),
        id % 10 === 0 ? 'false' : 'true',
        id % 14 === 0 ? '1' : '0',
        id % 25 === 0 ? 'Y' : 'N',
        female ? 'F' : 'M',
        (female ? id % 4 !== 0 : id % 5 === 0) ? 'TRUE' : 'FALSE',
      ];
    }),
  };
}

function run(sheet: Sheet, secret: string, options: Partial<PseudonymizeOptions> = {}) {
  return pseudonymize({ format: 'csv', sheets: [sheet] }, [detectSchema(sheet)], {
    secret,
    ...options,
  });
}

const column = (rows: readonly Cell[][], index: number) => rows.map((row) => row[index]!);
const share = (cells: readonly Cell[], truth: Cell) =>
  cells.filter((cell) => cell === truth).length / cells.length;

const SECRETS = ['k', 'other', 'a', 'b', 'c', 'd'];

describe('two-valued columns (scheme 10 on)', () => {
  const sheet = flags();

  it('keep each column’s share of true, in its own spelling, under any key', () => {
    for (const secret of SECRETS) {
      const result = run(sheet, secret);
      const rows = result.workbook.sheets[0]!.rows;
      for (const [index, truth] of [
        [1, 'true'],
        [2, '1'],
        [3, 'Y'],
        [5, 'TRUE'],
      ] as const) {
        const before = share(column(sheet.rows, index), truth);
        const after = share(column(rows, index), truth);
        // Randomized response: the share stays up to chance, about 1/√rows.
        expect(Math.abs(after - before), `${secret} ${sheet.columns[index]}`).toBeLessThan(0.03);
        const spellings = new Set(column(sheet.rows, index));
        expect(column(rows, index).every((cell) => spellings.has(cell))).toBe(true);
      }
      expect(result.stats.rowRelations?.twoValuedRedrawn).toBe(4 * ROWS);
    }
  });

  it('tell no cell’s original for sure: a rare value lands on other rows too', () => {
    for (const secret of SECRETS) {
      const rows = run(sheet, secret).workbook.sheets[0]!.rows;
      const falseBefore = sheet.rows.filter((row) => row[1] === 'false').length;
      const stayedFalse = rows.filter(
        (row, r) => row[1] === 'false' && sheet.rows[r]![1] === 'false',
      ).length;
      const falseAfter = rows.filter((row) => row[1] === 'false').length;
      // About half the false cells turn true, and as many true cells turn false.
      expect(stayedFalse / falseBefore).toBeGreaterThan(0.35);
      expect(stayedFalse / falseBefore).toBeLessThan(0.65);
      expect(stayedFalse / falseAfter).toBeLessThan(0.7);
    }
  });

  it('keep about half of a column’s link to the others', () => {
    const rate = (rows: readonly Cell[][], sex: string) => {
      const group = rows.filter((row) => row[4] === sex);
      return group.filter((row) => row[5] === 'TRUE').length / group.length;
    };
    const gapBefore = rate(sheet.rows, 'F') - rate(sheet.rows, 'M');
    for (const secret of SECRETS) {
      // Kept: the sex column stays as it is, so the survival gap can be read off.
      const schema = detectSchema(sheet).map((c) =>
        c.name === 'sex' ? { ...c, rule: { action: 'keep' as const } } : c,
      );
      const rows = pseudonymize({ format: 'csv', sheets: [sheet] }, [schema], { secret }).workbook
        .sheets[0]!.rows;
      const gapAfter = rate(rows, 'F') - rate(rows, 'M');
      expect(gapAfter / gapBefore).toBeGreaterThan(0.35);
      expect(gapAfter / gapBefore).toBeLessThan(0.65);
    }
  });

  it('draw alike for one customer in every file under the key', () => {
    const all = run(sheet, 'k').workbook.sheets[0]!.rows;
    // The last thousand customers alone, in another file, with the first file's shares (as a
    // part of it would be given): the same draws.
    const part = flags(1000, ROWS - 999);
    const wholeShares = [1, 2, 3].map((index) =>
      share(column(sheet.rows, index), index === 1 ? 'true' : index === 2 ? '1' : 'Y'),
    );
    const shares = [[undefined, ...wholeShares]];
    const rows = run(part, 'k', { twoValuedShares: shares }).workbook.sheets[0]!.rows;
    rows.forEach((row, r) => {
      const same = all[ROWS - 1000 + r]!;
      expect([row[1], row[2], row[3]]).toEqual([same[1], same[2], same[3]]);
    });
  });

  it('draw by the shares given for a part, not the part’s own', () => {
    const part = flags(400);
    const own = run(part, 'k').workbook.sheets[0]!.rows;
    const given = run(part, 'k', { twoValuedShares: [[undefined, 0.5]] }).workbook.sheets[0]!.rows;
    expect(column(given, 1)).not.toEqual(column(own, 1));
    // Columns without a given share draw by their own.
    expect(column(given, 2)).toEqual(column(own, 2));
  });

  it('count as no survivors in the report, booleans and measures of 0 and 1 alike', () => {
    const result = run(sheet, 'k');
    const report = buildReport({
      original: { format: 'csv', sheets: [sheet] },
      output: result.workbook,
      schemas: [detectSchema(sheet)],
      mappingAvailable: false,
    });
    const columns = report.sheets[0]!.columns.filter((c) =>
      ['active', 'churned', 'vip', 'survived'].includes(c.name),
    );
    expect(columns).toHaveLength(4);
    for (const reported of columns) {
      expect(reported.survivors?.sameCell, reported.name).toBeGreaterThan(0);
      expect(survivingCells(reported), reported.name).toBe(0);
    }
  });

  it('were kept or swapped as a whole under scheme 9, by the key', () => {
    for (const secret of SECRETS) {
      const rows = run(sheet, secret, { scheme: 9 }).workbook.sheets[0]!.rows;
      const same = rows.filter((row, r) => row[1] === sheet.rows[r]![1]).length;
      expect([0, ROWS]).toContain(same);
    }
  });

  it('leave a measure of other small whole numbers to its own rule', () => {
    const classes: Sheet = {
      name: 'classes',
      columns: ['pclass'],
      rows: [1, 3, 2, 3, 3, 1, 2, 3].map((value) => [String(value)]),
    };
    const result = run(classes, 'k');
    expect(result.stats.rowRelations?.twoValuedRedrawn).toBe(0);
  });
});
