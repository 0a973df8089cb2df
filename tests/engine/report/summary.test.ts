import { describe, expect, it } from 'vitest';
import {
  buildReport,
  hasTwoValues,
  pseudonymize,
  reportSummaryParts,
  survivingCells,
  type Cell,
} from '../../../src/engine';
import { schemasOf, workbookOf } from './report-fixtures';

/*
 * The summary line the page and the printable report share, and which originals left in place
 * count as survivors (report/summary.ts).
 */

const STATES = ['Ohio', 'Texas', 'Oregon', 'Maine', 'Utah', 'Iowa', 'Idaho', 'Nevada'];
const COLUMNS = ['customer_id', 'city', 'state', 'country', 'active'];

/** US customers (the country names the US beside each US state) and a few from Canada. */
function customers(count: number): Cell[][] {
  return Array.from({ length: count }, (_, i) => [
    String(5000 + i),
    `Springfield ${i % 7}`,
    i % 10 === 9 ? '' : STATES[i % STATES.length]!,
    i % 10 === 9 ? 'Canada' : 'United States',
    i % 2 === 0 ? 'true' : 'false',
  ]);
}

function report() {
  const original = workbookOf(COLUMNS, customers(60));
  const schemas = schemasOf(original);
  const { workbook: output } = pseudonymize(original, schemas, { secret: 'summary-test' });
  return { report: buildReport({ original, output, schemas, mappingAvailable: false }), output };
}

describe('report summary', () => {
  it('counts no survivor where a country follows its row’s US state, or a boolean is swapped in place', () => {
    const { report: built, output } = report();
    const columns = built.sheets[0]!.columns;
    const country = columns.find((column) => column.name === 'country')!;
    // The US rows keep 'United States' beside their pseudonymized state: measured, not hidden.
    const keptUs = output.sheets[0]!.rows.filter((row) => row[3] === 'United States').length;
    expect(keptUs).toBe(54);
    expect(country.survivors?.sameCell).toBe(54);
    expect(survivingCells(country)).toBe(0);
    expect(columns.every((column) => survivingCells(column) === 0)).toBe(true);
    expect(built.warnings.map((warning) => warning.code)).not.toContain('originals-survive');
    expect(reportSummaryParts(built)[0]).toBe('No original survives');
  });

  it('counts no survivor where a country code (US) follows its row’s US state', () => {
    const rows = customers(60).map((row) => [
      ...row.slice(0, 3),
      row[3] === 'Canada' ? 'CA' : 'US',
    ]);
    const original = workbookOf(COLUMNS.slice(0, 4), rows);
    const schemas = schemasOf(original);
    expect(schemas[0]![3]!.semantic).toBe('countryCode');
    const { workbook: output } = pseudonymize(original, schemas, { secret: 'summary-test' });
    const built = buildReport({ original, output, schemas, mappingAvailable: false });
    const code = built.sheets[0]!.columns[3]!;
    expect(code.survivors?.sameCell).toBe(54);
    expect(survivingCells(code)).toBe(0);
    expect(built.warnings.map((warning) => warning.code)).not.toContain('originals-survive');
  });

  it('tells columns of two values: booleans and measures of 0 and 1, not other measures', () => {
    const original = workbookOf(
      ['active', 'churned', 'amount'],
      Array.from({ length: 40 }, (_, i) => [
        i % 3 === 0 ? 'true' : 'false',
        i % 4 === 0 ? '1' : '0',
        (i * 3.5 + 1).toFixed(2),
      ]),
    );
    const schemas = schemasOf(original);
    const { workbook: output } = pseudonymize(original, schemas, { secret: 'summary-test' });
    const columns = buildReport({ original, output, schemas, mappingAvailable: false }).sheets[0]!
      .columns;
    expect(columns.map(hasTwoValues)).toEqual([true, true, false]);
    // Drawn row by row, a flag's cells equal their originals by design, never counted.
    expect(columns[1]!.survivors?.sameCell).toBeGreaterThan(0);
    expect(columns.map(survivingCells)).toEqual([0, 0, 0]);
  });

  it('reads warnings and k in words', () => {
    const original = workbookOf(COLUMNS, customers(60));
    const schemas = schemasOf(original, { city: 'keep', state: 'keep' });
    const { workbook: output } = pseudonymize(original, schemas, { secret: 'summary-test' });
    const built = buildReport({ original, output, schemas, mappingAvailable: true });
    const parts = reportSummaryParts(built);
    expect(parts.slice(0, 2)).toEqual([
      'No original survives in replaced columns',
      'Originals kept in city and state',
    ]);
    expect(parts).toContain(
      built.warnings.length === 1 ? '1 warning' : `${built.warnings.length} warnings`,
    );
    expect(parts.at(-1)).toBe(`k = ${built.sheets[0]!.risk.k} on kept columns`);
  });
});

describe('lost uniqueness', () => {
  it('is no warning for a date column whose unique days meet once they move with their rows', () => {
    // One day per customer, two customers a day apart: shifted by their own offsets, some meet.
    const rows: Cell[][] = Array.from({ length: 400 }, (_, i) => [
      String(7000 + i),
      new Date(Date.UTC(2020, 0, 1 + i)).toISOString().slice(0, 10),
    ]);
    const original = workbookOf(['customer_id', 'signup_date'], rows);
    const schemas = schemasOf(original);
    const { workbook: output } = pseudonymize(original, schemas, { secret: 'summary-test' });
    const built = buildReport({ original, output, schemas, mappingAvailable: false });
    const dates = built.sheets[0]!.columns.find((column) => column.name === 'signup_date')!;
    expect(dates.uniqueBefore).toBe(true);
    expect(dates.uniqueAfter).toBe(false);
    expect(built.warnings).toEqual([]);
  });
});

describe('lost uniqueness of measures', () => {
  it('is no warning for amounts whose pseudonyms meet, and the column says it is a measure', () => {
    const rows: Cell[][] = Array.from({ length: 400 }, (_, i) => [
      String(7000 + i),
      (12.5 + i * 0.25).toFixed(2),
    ]);
    const original = workbookOf(['customer_id', 'amount'], rows);
    const schemas = schemasOf(original);
    const { workbook: output } = pseudonymize(original, schemas, { secret: 'summary-test' });
    const built = buildReport({ original, output, schemas, mappingAvailable: false });
    const [id, amount] = built.sheets[0]!.columns;
    expect(id!.measure).toBe(false);
    expect(amount!.measure).toBe(true);
    expect(amount!.uniqueBefore).toBe(true);
    expect(amount!.uniqueAfter).toBe(false);
    expect(built.warnings).toEqual([]);
  });
});
