import { describe, expect, it } from 'vitest';
import {
  detectSchema,
  pseudonymize,
  readWorkbook,
  writeWorkbook,
  detectColumn,
} from '../../../src/engine';
import { isIdentifierColumn, isIdName } from '../../../src/engine/pseudonymize/identifier-columns';
import { piiKindOfColumn } from '../../../src/engine/pseudonymize/pii-in-text/pii-columns';
import { entityColumnIndex } from '../../../src/engine/pseudonymize/row-date-shift';

const distinct = ['17', '42', '1093', '7'];
const repeated = ['17', '42', '17', '7'];

describe('isIdName', () => {
  it.each([
    ['id', true],
    ['ID', true],
    ['customer_id', true],
    ['customerId', true],
    ['Customer ID', true],
    ['OrderID', true],
    ['paid', false],
    ['valid', false],
    ['PAID', false],
    ['idea', false],
  ])('%s → %s', (name, expected) => {
    expect(isIdName(name)).toBe(expected);
  });
});

describe('isIdentifierColumn', () => {
  it.each([
    { name: 'customer_id', values: repeated, expected: true, why: 'id-like name' },
    { name: 'order_no', values: distinct, expected: true, why: 'number token, all distinct' },
    { name: 'invoiceNumber', values: distinct, expected: true, why: 'camel-case number token' },
    { name: 'Account Nr', values: distinct, expected: true, why: 'nr token' },
    { name: 'ref', values: distinct, expected: true, why: 'a name of one token' },
    { name: 'order_no', values: repeated, expected: false, why: 'number token, repeats' },
    { name: 'casino', values: distinct, expected: false, why: 'no token, only letters' },
    { name: 'quantity', values: distinct, expected: false, why: 'a measure' },
    { name: 'customer_id', values: ['1.5', '2.25'], expected: false, why: 'decimals' },
    { name: 'customer_id', values: ['$17', '$42'], expected: false, why: 'a prefix' },
    { name: 'customer_id', values: ['1,017', '2,042'], expected: false, why: 'grouped digits' },
  ])('$name with $values → $expected ($why)', ({ name, values, expected }) => {
    expect(isIdentifierColumn(detectColumn(name, values))).toBe(expected);
  });

  it('takes a range the user set as a measure', () => {
    const column = detectColumn('customer_id', distinct);
    expect(isIdentifierColumn({ ...column, rangeSetByUser: true })).toBe(false);
  });

  it('reads spreadsheet integers as identifiers too', () => {
    expect(isIdentifierColumn(detectColumn('CustomerID', [1, 2, 3, 250]))).toBe(true);
  });

  it.each([
    { name: 'Kundennr', values: distinct },
    { name: 'Bestellnummer', values: distinct },
    { name: 'Kunden-Nr.', values: distinct },
    { name: 'Numéro', values: distinct },
    { name: 'número de cliente', values: distinct, expected: false },
    { name: 'Factuur nummer', values: distinct },
    { name: 'nº', values: distinct },
    { name: 'index', values: distinct },
    { name: 'idx', values: distinct },
    { name: 'Order #', values: distinct },
    { name: 'Invoice#', values: distinct },
    { name: '#', values: distinct },
    { name: 'column_1', values: distinct },
    { name: 'Unnamed: 0', values: distinct },
    { name: 'Kundennr', values: repeated, expected: false },
    { name: 'column_1', values: repeated, expected: false },
    { name: 'Winner', values: distinct, expected: false },
  ])(
    'from scheme 6 on, $name with $values is one (in other languages, and a table index)',
    ({ name, values, expected = true }) => {
      const column = detectColumn(name, values);
      expect(isIdentifierColumn(column, 6)).toBe(expected);
      // 'Account Nr' was one before; these were measures up to scheme 5.
      expect(isIdentifierColumn(column, 5)).toBe(expected && name === 'Kunden-Nr.');
    },
  );
});

describe('a column of another row’s id, from scheme 7 on', () => {
  it.each([
    { name: 'ReportsTo', expected: true },
    { name: 'reports_to', expected: true },
    { name: 'Manager', expected: true },
    { name: 'line manager', expected: true },
    { name: 'supervisor', expected: true },
    { name: 'parent', expected: true },
    { name: 'ReferredBy', expected: true },
    { name: 'manager_rating', expected: false },
    { name: 'parents', expected: false },
  ])('$name over repeated ids: $expected', ({ name, expected }) => {
    const column = detectColumn(name, repeated);
    expect(isIdentifierColumn(column, 7)).toBe(expected);
    expect(isIdentifierColumn(column, 6)).toBe(false);
  });
});

describe('an identifier named by its acronym, from scheme 11 on', () => {
  const npis = Array.from({ length: 60 }, (_, index) => String(1_000_000_000 + index * 7_654_321));

  it.each([
    { name: 'attending_npi', expected: true },
    { name: 'MRN', expected: true },
    { name: 'ssn_nodash', expected: true },
    { name: 'employer EIN', expected: true },
    { name: 'spin', expected: false },
    { name: 'amount', expected: false },
  ])('$name over repeated numbers: $expected', ({ name, expected }) => {
    const column = detectColumn(name, repeated);
    expect(isIdentifierColumn(column, 11)).toBe(expected);
    expect(isIdentifierColumn(column, 10)).toBe(false);
  });

  it('keeps its digit count and joins, where a measure’s draw lost a digit', () => {
    const rows = [...npis, ...npis.slice(0, 20)].map((npi, index) => [String(index), npi]);
    const sheet = { name: 'visits', columns: ['visit', 'attending_npi'], rows };
    const run = (scheme: number) =>
      pseudonymize({ format: 'csv' as const, sheets: [sheet] }, [detectSchema(sheet)], {
        secret: 'k',
        scheme,
      }).workbook.sheets[0]!.rows.map((row) => String(row[1]));
    const after = run(11);
    after.forEach((npi, index) => {
      expect(npi).toMatch(/^[1-9]\d{9}$/);
      expect(npi).not.toBe(rows[index]![1]);
    });
    // A repeated provider keeps one pseudonym.
    expect(after.slice(60)).toEqual(after.slice(0, 20));
    expect(run(10).some((npi) => npi.length !== 10)).toBe(true);
  });
});

describe('a pandas or R index column, from scheme 6 on', () => {
  const rows = Array.from({ length: 200 }, (_, index) => `${index},P${index % 7},${index * 3}.5`);
  const text = `,name,amount\n${rows.join('\n')}\n`;
  const indexOut = (scheme: number) => {
    const workbook = readWorkbook(new TextEncoder().encode(text), 'frame.csv');
    const schemas = [detectSchema(workbook.sheets[0]!)];
    const result = pseudonymize(workbook, schemas, { secret: 'k', scheme });
    const written = new TextDecoder().decode(writeWorkbook(result.workbook, 'csv'));
    return written
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(',')[0]!);
  };

  it('stays distinct, each value another, as pandas needs to read its index back', () => {
    const index = indexOut(6);
    expect(new Set(index).size).toBe(200);
    index.forEach((value, row) => {
      expect(value).toMatch(/^\d+$/);
      expect(value).not.toBe(String(row));
    });
  });

  it('repeated values as a measure under scheme 5', () => {
    expect(new Set(indexOut(5)).size).toBeLessThan(200);
  });

  it('names no entity whose dates move together, and no value free text mentions', () => {
    const index = detectColumn('column_1', distinct);
    const customer = detectColumn('Kundennr', repeated);
    const customerNumbers = detectColumn('Kundennr', distinct);
    const signup = detectColumn('signup', ['2024-01-02', '2024-02-03', '2024-03-04', '2024-04-05']);
    expect(entityColumnIndex([index, customerNumbers, signup], 6)).toBe(1);
    const rowNumbers = detectColumn('#', distinct);
    expect(isIdentifierColumn(rowNumbers, 6)).toBe(true);
    expect(entityColumnIndex([rowNumbers, customerNumbers, signup], 6)).toBe(1);
    expect(entityColumnIndex([detectColumn('Order #', distinct), signup], 6)).toBe(0);
    expect(entityColumnIndex([index, customer, signup], 6)).toBe(-1);
    expect(entityColumnIndex([index, customerNumbers, signup], 5)).toBe(-1);
    expect(piiKindOfColumn(index, 6)).toBeNull();
    expect(piiKindOfColumn(customerNumbers, 6)).toBe('value');
    expect(piiKindOfColumn(customerNumbers, 5)).toBeNull();
  });
});
