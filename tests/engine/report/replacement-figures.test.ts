import { describe, expect, it } from 'vitest';
import {
  buildReport,
  pseudonymize,
  replacementFigures,
  type Cell,
  type Workbook,
} from '../../../src/engine';
import { schemasOf, withRows, workbookOf } from './report-fixtures';

/*
 * What a run really replaced (report/replacement-figures.ts): the page's claims and the API's
 * stats and report state these figures.
 */

const COLUMNS = ['customer_id', 'first_name', 'notes', 'empty'];
const ROWS: Cell[][] = [
  ['C-1001', 'Mary', 'called back', ''],
  ['C-1002', 'James', '', ''],
  ['C-1003', '', 'left a message', ''],
];

describe('replacementFigures', () => {
  it('counts replaced, kept and emptied columns, and the cells whose output differs', () => {
    const original = workbookOf(COLUMNS, ROWS);
    const schemas = schemasOf(original, { first_name: 'keep', notes: 'blank' });
    // Two of three ids changed, one left as it was (a survivor is not a replaced cell).
    const output = withRows(original, [
      ['X-5001', 'Mary', '', ''],
      ['C-1002', 'James', '', ''],
      ['X-5003', '', '', ''],
    ]);
    expect(replacementFigures(original, output, schemas)).toEqual({
      columnsReplaced: 1,
      columnsKept: 1,
      // notes by its rule, empty by its type.
      columnsBlanked: 2,
      cellsReplaced: 2,
      cellsKept: 2,
      keptColumns: [{ sheet: 'data', column: 'first_name' }],
    });
  });

  it('counts nothing replaced when every column is kept, whatever the output holds', () => {
    const original = workbookOf(
      COLUMNS.slice(0, 2),
      ROWS.map((row) => row.slice(0, 2)),
    );
    const schemas = schemasOf(original, { customer_id: 'keep', first_name: 'keep' });
    const figures = replacementFigures(original, original, schemas);
    expect(figures.columnsReplaced).toBe(0);
    expect(figures.cellsReplaced).toBe(0);
    expect(figures.columnsKept).toBe(2);
    expect(figures.keptColumns.map((kept) => kept.column)).toEqual(['customer_id', 'first_name']);
  });

  it('counts a real run and lands in its report as given', () => {
    const original: Workbook = {
      format: 'xlsx',
      sheets: [
        { name: 'People', columns: ['email', 'city'], rows: [['ann@corp.com', 'Lyon']] },
        { name: 'Empty', columns: ['id'], rows: [] },
      ],
    };
    const schemas = schemasOf(original, { city: 'keep' });
    const { workbook: output } = pseudonymize(original, schemas, { secret: 'figures' });
    const replacement = replacementFigures(original, output, schemas);
    expect(replacement).toMatchObject({
      columnsReplaced: 1,
      columnsKept: 1,
      cellsReplaced: 1,
      cellsKept: 1,
      keptColumns: [{ sheet: 'People', column: 'city' }],
    });
    const report = buildReport({ original, output, schemas, mappingAvailable: true, replacement });
    expect(report.replacement).toEqual(replacement);
  });
});
