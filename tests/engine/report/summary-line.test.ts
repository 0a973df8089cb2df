import { describe, expect, it } from 'vitest';
import { buildReport, reportSummaryParts, type Cell, type RuleAction } from '../../../src/engine';
import { schemasOf, withRows, workbookOf } from './report-fixtures';

/** The report of `output` written for `rows`, under the rules given by column name. */
function summaryOf(
  columns: string[],
  rows: Cell[][],
  output: Cell[][],
  rules: Record<string, RuleAction> = {},
  mappingAvailable = false,
): string[] {
  const original = workbookOf(columns, rows);
  const schemas = schemasOf(original, rules);
  return reportSummaryParts(
    buildReport({ original, output: withRows(original, output), schemas, mappingAvailable }),
  );
}

const IDS: Cell[][] = [['C-1001'], ['C-1002'], ['C-1003'], ['C-1004']];
const PSEUDONYMS: Cell[][] = [['X-5001'], ['X-5002'], ['X-5003'], ['X-5004']];

describe('the report summary line', () => {
  it('says that no original survives, counts the warnings and has no kept columns to link', () => {
    expect(summaryOf(['customer_id'], IDS, PSEUDONYMS)).toEqual([
      'No original survives',
      'No warnings',
      'No kept columns to link',
    ]);
    expect(summaryOf(['customer_id'], IDS, PSEUDONYMS, {}, true)).toEqual([
      'No original survives',
      '1 warning',
      'No kept columns to link',
    ]);
  });

  it('counts the originals left in place in replaced columns', () => {
    const output: Cell[][] = [['C-1001'], ['C-1002'], ['X-5003'], ['X-5004']];
    expect(summaryOf(['customer_id'], IDS, output)[0]).toBe('2 originals survive in place');
    expect(summaryOf(['customer_id'], IDS, [['C-1001'], ...PSEUDONYMS.slice(1)])[0]).toBe(
      '1 original survives in place',
    );
  });

  it('leaves out booleans, which a keyed swap leaves equal half the time by design', () => {
    const rows: Cell[][] = IDS.map(([id], i) => [id!, i % 2 === 0 ? 'true' : 'false']);
    const output: Cell[][] = PSEUDONYMS.map(([id], i) => [id!, i % 2 === 0 ? 'true' : 'false']);
    expect(summaryOf(['customer_id', 'active'], rows, output)[0]).toBe('No original survives');
  });

  it('counts cells of other columns that hold replaced originals', () => {
    const columns = ['full_name', 'notes'];
    const names = ['Mary Okafor', 'James Nowak', 'Chloe Rossi', 'Olga Smith'];
    const rows: Cell[][] = names.map((name, i) => [name, i < 3 ? `Called ${name} today` : 'none']);
    const output: Cell[][] = rows.map(([, notes], i) => [`Other Person ${i}`, notes!]);
    expect(summaryOf(columns, rows, output, { notes: 'keep' })).toEqual([
      'No original survives in replaced columns',
      'Originals kept in notes',
      '3 cells elsewhere hold replaced originals',
      // The leak, and the kept notes single every row out.
      '2 warnings',
      'k = 1 on kept columns',
    ]);
  });

  it('never says no original survives while a kept column holds them, and names it', () => {
    const rows: Cell[][] = IDS.map(([id], i) => [id!, `Name ${i}`, `City ${i % 2}`]);
    const output: Cell[][] = PSEUDONYMS.map(([id], i) => [id!, `Name ${i}`, `Town ${i % 2}`]);
    const columns = ['customer_id', 'first_name', 'city'];
    const some = summaryOf(columns, rows, output, { first_name: 'keep' });
    expect(some.slice(0, 2)).toEqual([
      'No original survives in replaced columns',
      'Originals kept in first_name',
    ]);
    expect(some.join(' · ')).not.toMatch(/^No original survives ·/);
    const all = summaryOf(columns, rows, rows, {
      customer_id: 'keep',
      first_name: 'keep',
      city: 'keep',
    });
    expect(all.slice(0, 2)).toEqual([
      'Nothing replaced',
      'Originals kept in customer_id, first_name and city',
    ]);
    expect(all.join(' · ')).not.toContain('No original survives');
  });

  it('says a file without data rows replaced nothing', () => {
    expect(summaryOf(['customer_id', 'email'], [], [])[0]).toBe('No data rows: nothing replaced');
  });

  it('says an emptied column keeps no original, and names redacted text', () => {
    expect(
      summaryOf(
        ['customer_id'],
        IDS,
        IDS.map(() => ['']),
        { customer_id: 'blank' },
      ),
    ).toEqual(['Nothing replaced', 'No original kept', 'No warnings', 'No kept columns to link']);
    const notes: Cell[][] = IDS.map(([id]) => [id!, `Order for ${String(id)} shipped`]);
    const redacted = summaryOf(['customer_id', 'notes'], notes, notes, { notes: 'redact' });
    expect(redacted.slice(0, 2)).toEqual([
      '4 originals survive in place in replaced columns',
      'Text kept around the personal data replaced in notes',
    ]);
  });

  it('gives the smallest class on the kept columns as k', () => {
    const rows: Cell[][] = ['10115', '10115', '10115', '20095', '20095'].map((zip, i) => [
      `C-${1001 + i}`,
      zip,
    ]);
    const output: Cell[][] = rows.map(([, zip], i) => [`X-${5001 + i}`, zip!]);
    expect(summaryOf(['customer_id', 'zip'], rows, output, { zip: 'keep' })).toContain(
      'k = 2 on kept columns',
    );
  });
});
