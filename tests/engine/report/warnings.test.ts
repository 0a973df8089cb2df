import { describe, expect, it } from 'vitest';
import {
  buildReport,
  privacyReportSchema,
  pseudonymize,
  type Cell,
  type PrivacyReport,
} from '../../../src/engine';
import { schemasOf, withRows, workbookOf } from './report-fixtures';

const SECRET = 'report-test-secret';
const FIRST = ['Mary', 'James', 'Chloe', 'Olga', 'Mateo', 'Fatima', 'Aoife', 'Yuki', 'Ravi', 'Wei'];
const LAST = ['Smith', 'Okafor', 'Nowak', 'Rossi', 'Chen', 'Dubois', 'Singh', 'Moore'];

function customers(count: number): Cell[][] {
  return Array.from({ length: count }, (_, i) => [
    String(1000 + i),
    `${FIRST[i % FIRST.length]!} ${LAST[Math.floor(i / FIRST.length) % LAST.length]!}`,
    `${FIRST[i % FIRST.length]!.toLowerCase()}.${i}@example.com`,
    String(10000 + ((i * 7) % 40)),
    `19${50 + (i % 45)}-0${1 + (i % 9)}-1${i % 10}`,
    i % 2 === 0 ? 'F' : 'M',
    i % 3 === 0 ? 'gold' : 'silver',
  ]);
}
const COLUMNS = ['customer_id', 'full_name', 'email', 'zip', 'birth_date', 'gender', 'tier'];

function run(rules: Record<string, 'keep' | 'blank' | 'auto'>, rows = customers(80)) {
  const original = workbookOf(COLUMNS, rows);
  const schemas = schemasOf(original, rules);
  const { workbook } = pseudonymize(original, schemas, { secret: SECRET });
  return { original, schemas, output: workbook };
}

const codes = (report: PrivacyReport) => report.warnings.map((warning) => warning.code);

describe('report warnings', () => {
  it('warns of nothing on a clean run but the mapping reminder, always there with a mapping', () => {
    const { original, schemas, output } = run({
      tier: 'keep',
      zip: 'blank',
      birth_date: 'blank',
      gender: 'blank',
    });
    const withMapping = buildReport({ original, output, schemas, mappingAvailable: true });
    expect(codes(withMapping)).toEqual(['mapping-downloadable']);
    expect(withMapping.warnings[0]!.severity).toBe('low');
    expect(codes(buildReport({ original, output, schemas, mappingAvailable: false }))).toEqual([]);
  });

  it('warns that kept zip, birth date and gender single people out, naming the columns', () => {
    const { original, schemas, output } = run({ zip: 'keep', birth_date: 'keep', gender: 'keep' });
    const report = buildReport({ original, output, schemas, mappingAvailable: false });
    const risk = report.warnings.find((warning) => warning.code === 're-identification-risk')!;
    expect(risk.severity).toBe('high');
    expect(risk.columns).toContain('birth_date');
    expect(risk.figures.uniqueShare).toBeGreaterThan(0.05);
    expect(risk.advice).toMatch(/makes \d+(\.\d)?% of rows unique/);
  });

  it('warns with medium severity of small classes when few rows are unique', () => {
    const rows: Cell[][] = Array.from({ length: 40 }, (_, i) => [
      `Person ${i}`,
      String(10_000 + (i % 20)),
    ]);
    const original = workbookOf(['full_name', 'zip'], rows);
    const schemas = schemasOf(original, { zip: 'keep' });
    const output = withRows(
      original,
      rows.map((row, i) => [`Other ${i}`, row[1]!]),
    );
    const report = buildReport({ original, output, schemas, mappingAvailable: false });
    expect(report.warnings).toEqual([
      expect.objectContaining({
        code: 're-identification-risk',
        severity: 'medium',
        columns: ['zip'],
        figures: { uniqueShare: 0, k: 2, uniqueRows: 0 },
      }),
    ]);
  });

  it('warns of a kept notes column that names replaced customers', () => {
    const rows = customers(40).map((row, i) => [
      ...row,
      i % 4 === 0 ? `Spoke with ${String(row[1])} about the refund` : 'no notes',
    ]);
    const original = workbookOf([...COLUMNS, 'notes'], rows);
    const schemas = schemasOf(original, {
      notes: 'keep',
      zip: 'blank',
      birth_date: 'blank',
      gender: 'blank',
      tier: 'blank',
    });
    const { workbook: output } = pseudonymize(original, schemas, { secret: SECRET });
    const report = buildReport({ original, output, schemas, mappingAvailable: false });
    const leak = report.warnings.find((warning) => warning.code === 'kept-text-mentions-replaced')!;
    expect(leak.columns).toEqual(['notes', 'full_name']);
    expect(leak.figures.cells).toBe(10);
  });

  it('warns of a kept email column', () => {
    const { original, schemas, output } = run({
      email: 'keep',
      zip: 'blank',
      birth_date: 'blank',
      gender: 'blank',
    });
    const report = buildReport({ original, output, schemas, mappingAvailable: false });
    expect(report.warnings).toContainEqual(
      expect.objectContaining({ code: 'kept-pii-column', severity: 'high', columns: ['email'] }),
    );
  });

  it('warns of a replaced column whose pseudonyms repeat where originals were unique', () => {
    const original = workbookOf(['customer_id'], [['C-1001'], ['C-1002'], ['C-1003']]);
    const schemas = schemasOf(original);
    const output = withRows(original, [['X-5001'], ['X-5001'], ['X-5003']]);
    const report = buildReport({ original, output, schemas, mappingAvailable: false });
    expect(report.warnings).toEqual([
      expect.objectContaining({
        code: 'pseudonyms-lost-uniqueness',
        columns: ['customer_id'],
        figures: { distinctBefore: 3, distinctAfter: 2 },
      }),
    ]);
  });

  it('warns of originals left in place in a replaced column', () => {
    const original = workbookOf(['customer_id'], [['C-1001'], ['C-1002']]);
    const output = withRows(original, [['C-1001'], ['X-5002']]);
    const report = buildReport({
      original,
      output,
      schemas: schemasOf(original),
      mappingAvailable: false,
    });
    expect(codes(report)).toEqual(['originals-survive']);
  });
});

describe('report contents', () => {
  it('holds no cell value of a replaced column', () => {
    const { original, schemas, output } = run({ tier: 'keep', zip: 'keep', gender: 'keep' });
    const report = buildReport({ original, output, schemas, mappingAvailable: true });
    expect(privacyReportSchema.parse(report)).toEqual(report);
    // The earliest and latest original date are the one figure allowed to be a value: the
    // page shows the column's date range already. Everything else must hold none.
    const json = JSON.stringify(report, (key, value: unknown) =>
      key === 'rangeBefore' ? null : value,
    );
    const replaced = schemas[0]!.flatMap((schema, column) =>
      schema.rule.action === 'auto' ? [column] : [],
    );
    expect(replaced.length).toBeGreaterThan(2);
    for (const row of original.sheets[0]!.rows) {
      for (const column of replaced) {
        const value = String(row[column]);
        expect(json.includes(`"${value}"`), `column ${column}`).toBe(false);
        if (value.length >= 6) expect(json.includes(value)).toBe(false);
      }
    }
  });

  it('has zero per-row survivors in every replaced column of a real run', () => {
    const { original, schemas, output } = run({});
    const report = buildReport({ original, output, schemas, mappingAvailable: false });
    for (const column of report.sheets[0]!.columns) {
      if (column.replaced && column.type !== 'boolean') expect(column.survivors?.sameCell).toBe(0);
    }
    expect(report.utility.schemaKeptShare).toBe(1);
  });
});
