import { describe, expect, it } from 'vitest';
import {
  buildReport,
  pseudonymize,
  reportPart,
  StreamedReport,
  type Cell,
  type ColumnSchema,
  type PrivacyReport,
  type Sheet,
  type Workbook,
} from '../../../src/engine';
import { seeded } from '../../support/seeded';
import { schemasOf, workbookOf } from './report-fixtures';

const FIRST = ['Mary', 'Wei', 'Olga', 'Ravi', 'Ann', 'Jon', 'Lena', 'Omar', 'Ines', 'Kofi'];
const LAST = ['Smith', 'Chen', 'Nowak', 'Patel', 'Kim', 'Berg', 'Haddad', 'Silva', 'Mensah'];
const CITIES = ['Lyon', 'Porto', 'Graz', 'Turku', 'Cork', 'Gdansk', 'Malmo'];

/**
 * A people table: unique ids and emails, names from short lists, a kept city and birth year
 * (the risk's quasi-identifiers), an amount, two dates in order, and kept notes that name
 * people of other rows (leaks across parts).
 */
function people(rows: number, seed = 11): Workbook {
  const below = seeded(seed);
  const table: Cell[][] = [];
  for (let row = 0; row < rows; row++) {
    const first = FIRST[below(FIRST.length)]!;
    const last = LAST[below(LAST.length)]!;
    const day = 1 + below(27);
    const other = `${FIRST[below(FIRST.length)]!} ${LAST[below(LAST.length)]!}`;
    table.push([
      String(100000 + row * 7),
      first,
      last,
      `${first}.${last}${row}@mail.example`.toLowerCase(),
      CITIES[below(CITIES.length)]!,
      String(1950 + below(50)),
      (below(100000) / 100).toFixed(2),
      `2023-03-${String(day).padStart(2, '0')}`,
      `2024-04-${String(day).padStart(2, '0')}`,
      below(4) === 0 ? `Called ${other} about order ${below(1000)}` : 'No contact',
    ]);
  }
  return workbookOf(
    [
      'id',
      'first_name',
      'last_name',
      'email',
      'city',
      'birth_year',
      'amount',
      'ordered',
      'shipped',
      'notes',
    ],
    table,
    'people',
  );
}

function slice(sheet: Sheet, from: number, to: number): Sheet {
  return { ...sheet, rows: sheet.rows.slice(from, to) };
}

/**
 * The streamed report of a run cut into parts of `partRows`: each part's figures from its rows
 * as read and as written, merged in order; `fileValues` lists the whole file's values of the
 * columns named, as a streaming run's first pass does.
 */
function streamed(
  original: Workbook,
  output: Workbook,
  schemas: ColumnSchema[],
  partRows: number,
  options: { fileValues?: string[]; exactValues?: number } = {},
): PrivacyReport {
  const sheet = original.sheets[0]!;
  const written = output.sheets[0]!;
  const fileValues = schemas.map((schema, column) =>
    options.fileValues?.includes(schema.name)
      ? [...new Set(sheet.rows.map((row) => row[column] ?? null))]
      : undefined,
  );
  const merged = new StreamedReport({
    sheet: sheet.name,
    schemas,
    fileValues: fileValues.map((values) => values !== undefined),
    ...(options.exactValues ? { exactValues: options.exactValues } : {}),
  });
  for (let from = 0; from < sheet.rows.length; from += partRows) {
    merged.add(
      reportPart({
        original: slice(sheet, from, from + partRows),
        output: slice(written, from, from + partRows),
        schemas,
        sampleStride: merged.sampleStride,
        fileValues,
        mappingAvailable: true,
      }),
    );
  }
  return merged.report();
}

function run(rows: number) {
  const original = people(rows);
  const schemas = schemasOf(original, { city: 'keep', birth_year: 'keep', notes: 'keep' });
  const result = pseudonymize(original, schemas, { secret: 'streamed report' });
  const whole = buildReport({
    original,
    output: result.workbook,
    schemas,
    mappingAvailable: true,
  });
  return { original, output: result.workbook, schemas: schemas[0]!, whole };
}

describe('a streamed report', () => {
  it('is the whole run’s report when nothing passes its exact counts or sample', () => {
    const { original, output, schemas, whole } = run(3_000);
    const report = streamed(original, output, schemas, 700, {
      fileValues: ['first_name', 'last_name'],
    });
    const { streaming, ...figures } = report;
    expect(figures).toEqual(whole);
    expect(streaming).toEqual({
      parts: 5,
      exactValues: 65_536,
      estimatedColumns: [],
      estimatedRisk: false,
      leakSourcesByPart: ['id', 'email'],
    });
    // The notes name people of other rows, most in other parts: found across parts.
    const leaked = whole.leaks.find((leak) => leak.sourceColumn === 'last_name');
    expect(leaked?.cells).toBeGreaterThan(500);
  });

  it('finds leaks of a column not listed for the file only within each part', () => {
    const { original, output, schemas, whole } = run(3_000);
    const report = streamed(original, output, schemas, 700);
    const cells = (of: PrivacyReport) =>
      of.leaks.find((leak) => leak.sourceColumn === 'last_name')?.cells ?? 0;
    // Every part holds every last name here, so the part's own originals find them all.
    expect(cells(report)).toBe(cells(whole));
    expect(report.streaming?.leakSourcesByPart).toContain('last_name');
  });

  it('finds an original of one part in the kept text of another through the file values', () => {
    const { original, schemas } = run(3_000);
    const rows = original.sheets[0]!.rows.map((row) => [...row]);
    const [last, notes] = [2, 9];
    rows[0]![last] = 'Zimmermann';
    rows[2_500]![notes] = 'Met Zimmermann at the depot';
    const changed = workbookOf(original.sheets[0]!.columns, rows, 'people');
    const output = pseudonymize(changed, [schemas], { secret: 'streamed report' }).workbook;
    const whole = buildReport({
      original: changed,
      output,
      schemas: [schemas],
      mappingAvailable: true,
    });
    const cells = (of: PrivacyReport) =>
      of.leaks.find((leak) => leak.sourceColumn === 'last_name')?.cells ?? 0;
    const listed = streamed(changed, output, schemas, 700, { fileValues: ['last_name'] });
    const own = streamed(changed, output, schemas, 700);
    expect(cells(listed)).toBe(cells(whole));
    expect(cells(own)).toBe(cells(whole) - 1);
  });

  it('estimates counts past its exact capacity from a sample of the values', () => {
    const { original, output, schemas, whole } = run(12_000);
    const report = streamed(original, output, schemas, 1_000, { exactValues: 2_000 });
    const column = (of: PrivacyReport, name: string) =>
      of.sheets[0]!.columns.find((figures) => figures.name === name)!;
    expect(report.streaming?.estimatedColumns).toEqual(
      expect.arrayContaining(['id', 'email', 'amount']),
    );
    expect(report.streaming?.estimatedColumns).not.toContain('first_name');
    for (const name of ['id', 'email']) {
      // Distinct values: exact for a column of distinct values, which the sample shows.
      expect(column(report, name).distinctBefore).toBe(column(whole, name).distinctBefore);
      expect(column(report, name).uniqueBefore).toBe(true);
      expect(column(report, name).uniqueAfter).toBe(true);
    }
    const amount = column(whole, 'amount').distinctBefore;
    expect(Math.abs(column(report, 'amount').distinctBefore - amount) / amount).toBeLessThan(0.05);
    // Summed figures stay exact.
    expect(column(report, 'email').survivors).toEqual(column(whole, 'email').survivors);
    expect(column(report, 'first_name')).toEqual(column(whole, 'first_name'));
    expect(report.sheets[0]!.rows).toBe(12_000);
  });

  it('estimates the risk from a sample of the classes past its capacity', () => {
    const { original, output, schemas, whole } = run(12_000);
    // City × birth year × notes: about 7 × 50 × 3,000 classes, most of one row.
    const report = streamed(original, output, schemas, 1_000, { exactValues: 1_500 });
    const risk = report.sheets[0]!.risk;
    const exact = whole.sheets[0]!.risk;
    expect(report.streaming?.estimatedRisk).toBe(true);
    expect(Math.abs(risk.uniqueShare - exact.uniqueShare)).toBeLessThan(0.03);
    expect(risk.rows).toBe(exact.rows);
    expect(risk.contributions.map((entry) => entry.column).sort()).toEqual(
      exact.contributions.map((entry) => entry.column).sort(),
    );
  });

  it('keeps an even sample of at most 20,000 rows for the number and date figures', () => {
    const { original, output, schemas, whole } = run(45_000);
    const report = streamed(original, output, schemas, 4_000);
    const amount = (of: PrivacyReport) =>
      of.sheets[0]!.columns.find((figures) => figures.name === 'amount')!.numbers!;
    expect(amount(report).sampleRows).toBeLessThanOrEqual(20_000);
    expect(amount(report).sampleRows).toBeGreaterThan(10_000);
    expect(amount(report).before!.p50).toBeCloseTo(amount(whole).before!.p50, -2);
    const ordered = report.sheets[0]!.columns.find((figures) => figures.name === 'ordered')!;
    expect(ordered.dates!.order[0]!.keptShare).toBe(1);
  });
});
