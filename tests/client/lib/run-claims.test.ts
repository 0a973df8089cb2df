import { describe, expect, it } from 'vitest';
import { runLine, runNotice, runOutcome, type RunStats } from '../../../src/client/lib/runClaims';

/* What the page says about a run (lib/runClaims.ts): a success only when it protected all. */

function stats(overrides: Partial<RunStats>): RunStats {
  return {
    scheme: 12,
    rowsProcessed: 120,
    cellsProcessed: 720,
    columnsPseudonymized: 6,
    columnsReplaced: 6,
    columnsKept: 0,
    columnsBlanked: 0,
    cellsReplaced: 720,
    cellsKept: 0,
    keptColumns: [],
    schemaMatch: 1,
    fileDependentPseudonyms: 0,
    timings: {},
    durationMs: 80,
    ...overrides,
  };
}

const KEPT = { columnsReplaced: 5, cellsReplaced: 600, columnsKept: 1, cellsKept: 120 };

describe('the claims about a run', () => {
  it.each([
    {
      case: 'every column replaced',
      given: {},
      outcome: 'protected',
      title: 'Success',
      description: 'Data has been successfully pseudonymized! 720 cells in 6 columns replaced.',
      line: '120 rows pseudonymized · 720 cells replaced',
    },
    {
      case: 'one column kept',
      given: { ...KEPT, keptColumns: [{ sheet: 'data', column: 'first_name' }] },
      outcome: 'partly',
      title: 'Pseudonymized, with originals kept',
      description: '600 cells in 5 columns replaced; originals kept in first_name (120 cells).',
      line: '120 rows · 600 cells replaced · first_name kept',
    },
    {
      case: 'every column kept',
      given: {
        columnsReplaced: 0,
        cellsReplaced: 0,
        columnsKept: 2,
        cellsKept: 240,
        keptColumns: [
          { sheet: 'Orders', column: 'id' },
          { sheet: 'People', column: 'id' },
        ],
      },
      outcome: 'nothing',
      title: 'Nothing replaced',
      description:
        'The output holds the originals: originals kept in id (Orders) and id (People) (240 cells). Choose Auto on a column to replace it.',
      line: '120 rows · nothing replaced',
    },
    {
      case: 'no data rows',
      given: { rowsProcessed: 0, cellsReplaced: 0 },
      outcome: 'empty',
      title: 'No data rows',
      description: 'The file has a header but no data rows: nothing was replaced.',
      line: 'No data rows',
    },
  ])('$case', ({ given, outcome, title, description, line }) => {
    const run = stats(given);
    expect(runOutcome(run)).toBe(outcome);
    expect(runNotice(run)).toEqual({
      title,
      description,
      tone: outcome === 'protected' ? 'success' : 'notice',
    });
    expect(runLine(run)).toBe(line);
  });
});
