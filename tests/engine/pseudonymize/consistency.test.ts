import { en } from '@faker-js/faker';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  detectSchema,
  pseudonymize,
  PSEUDONYM_SCHEME_VERSION,
  readWorkbook,
  type Cell,
  type PseudonymizeResult,
  type Workbook,
} from '../../../src/engine';
import { PSEUDONYM_SCHEME_VERSION as BROWSER_SCHEME_VERSION } from '../../../src/engine/browser';

/*
 * Consistency across files (issue 15): under one key, a value's pseudonym depends only on the
 * key, its kind and format, and itself, never on the other values of its file.
 */

const FIRST = ['Mary', 'James', 'Chloe', 'Wei', 'Olga', 'Mateo', 'Fatima', 'Aoife', 'Yuki', 'Ravi'];
const LAST = ['Smith', 'Okafor', 'Nowak', 'Rossi', 'Chen', 'Dubois', 'Singh', 'Kim', 'Moore'];
const COLUMNS = ['customer_id', 'code', 'sku', 'email', 'full_name'];

/** One row's values, one per column of COLUMNS. */
const rowValues = fc.tuple(
  fc.integer({ min: 1, max: 9_999_999 }).map(String),
  // Digit codes: zero-padded (the column is a code column) and plain, of varied lengths.
  fc
    .tuple(fc.boolean(), fc.integer({ min: 0, max: 999_999 }), fc.integer({ min: 4, max: 9 }))
    .map(([padded, n, width]) =>
      padded ? `0${String(n).padStart(width - 1, '0')}` : String(n + 1_000_000),
    ),
  fc
    .tuple(
      fc.stringMatching(/^[A-Z]{2}$/),
      fc.integer({ min: 0, max: 9999 }),
      fc.stringMatching(/^[A-Z]$/),
    )
    .map(([letters, n, check]) => `${letters}-${String(n).padStart(4, '0')}-${check}`),
  fc
    .tuple(fc.constantFrom(...FIRST), fc.constantFrom(...LAST), fc.integer({ min: 0, max: 999 }))
    .map(([first, last, n]) => `${first.toLowerCase()}.${last.toLowerCase()}${n}@corp.com`),
  fc
    .tuple(fc.constantFrom(...FIRST), fc.constantFrom(...LAST))
    .map(([first, last]) => `${first} ${last}`),
);

/** A shared set of rows, and what each of two files holds besides them. */
const twoFiles = fc.record({
  shared: fc.array(rowValues, { minLength: 1, maxLength: 15 }),
  onlyA: fc.array(rowValues, { minLength: 0, maxLength: 25 }),
  onlyB: fc.array(rowValues, { minLength: 0, maxLength: 25 }),
});

/** A CSV-like workbook; a zero-padded code in the first row keeps `code` a code column. */
function workbookOf(rows: readonly (readonly string[])[]): Workbook {
  const first = ['1', '0042', 'AA-0001-A', 'ann.lee1@corp.com', 'Ann Lee'];
  return {
    format: 'csv',
    sheets: [{ name: 'data', columns: [...COLUMNS], rows: [first, ...rows].map((r) => [...r]) }],
  };
}

function run(workbook: Workbook, secret: string): PseudonymizeResult {
  return pseudonymize(
    workbook,
    workbook.sheets.map((sheet) => detectSchema(sheet)),
    { secret },
  );
}

/** The written rows of a result, from its `from`-th row on. */
function writtenRows(result: PseudonymizeResult, from: number, count: number): Cell[][] {
  return result.workbook.sheets[0]!.rows.slice(from, from + count);
}

describe('pseudonyms across files', () => {
  it('gives a shared value the same pseudonym under one key, whatever else its file holds', () => {
    fc.assert(
      fc.property(twoFiles, ({ shared, onlyA, onlyB }) => {
        const fileA = workbookOf([...shared, ...onlyA]);
        // Another order, other company: the shared values come last in B.
        const fileB = workbookOf([...onlyB, ...[...shared].reverse()]);
        const resultA = run(fileA, 'one key');
        const resultB = run(fileB, 'one key');
        // The shared rows as each file wrote them, row for row: a full name written as its
        // row's email pseudonym (scheme 6) depends on its row, so values are compared in their
        // rows, not as one pseudonym per value.
        const a = writtenRows(resultA, 1, shared.length);
        const b = writtenRows(resultB, 1 + onlyB.length, shared.length).reverse();
        let differing = 0;
        COLUMNS.forEach((name, c) => {
          shared.forEach((row, index) => {
            const same = a[index]![c] === b[index]![c];
            // Identifiers and codes are keyed bijections: no exception at all.
            if (['customer_id', 'code', 'sku'].includes(name)) {
              expect(b[index]![c], `${name} ${row[c]}`).toBe(a[index]![c]);
            } else if (!same) differing++;
          });
        });
        // Emails and names drawn from finite lists: only values that collided may differ.
        const fileDependent =
          resultA.stats.fileDependentPseudonyms + resultB.stats.fileDependentPseudonyms;
        expect(differing).toBeLessThanOrEqual(fileDependent);
      }),
      { numRuns: 25 },
    );
  });

  it('shares almost no identifier pseudonym between two keys', () => {
    const ids = Array.from({ length: 1000 }, (_, i) => String(i + 1));
    const book: Workbook = {
      format: 'csv',
      sheets: [{ name: 's', columns: ['id'], rows: ids.map((id) => [id]) }],
    };
    const [first, second] = ['key one', 'key two'].map((secret) =>
      run(book, secret).workbook.sheets[0]!.rows.map((row) => row[0]),
    );
    const same = first!.filter((pseudonym, i) => pseudonym === second![i]);
    // 1..9 map among 0..9, so about one in nine of those agree by chance; 2 or 3 in all.
    expect(same.length).toBeLessThan(10);
    for (const pseudonyms of [first!, second!]) {
      expect(new Set(pseudonyms).size).toBe(ids.length);
      pseudonyms.forEach((pseudonym, i) => {
        expect(pseudonym).not.toBe(ids[i]);
        expect(String(pseudonym)).toHaveLength(Math.max(1, ids[i]!.length));
      });
    }
  });

  it('keeps every join of customers and orders pseudonymized apart with one secret', () => {
    const customerRows = Array.from({ length: 200 }, (_, i) => {
      const first = FIRST[i % FIRST.length]!;
      const last = LAST[Math.floor(i / FIRST.length) % LAST.length]!;
      return [String(i + 1), `${first} ${last}`, `${first}.${last}${i}@corp.com`.toLowerCase()];
    });
    // 40 orders of 30 customers spread over the id range (1- to 3-digit ids), some twice.
    const orderRows = Array.from({ length: 40 }, (_, i) => {
      const customer = customerRows[((i % 30) * 37 + 3) % 200]!;
      return [`A-${1000 + i}`, customer[0]!, customer[2]!];
    });
    const csv = (header: string, rows: string[][]) =>
      new TextEncoder().encode([header, ...rows.map((row) => row.join(','))].join('\n') + '\n');
    const customers = readWorkbook(csv('customer_id,name,email', customerRows), 'customers.csv');
    const orders = readWorkbook(
      csv('order_ref,customer_id,customer_email', orderRows),
      'orders.csv',
    );
    const customersOut = run(customers, 'shop secret').workbook.sheets[0]!.rows;
    const ordersOut = run(orders, 'shop secret').workbook.sheets[0]!.rows;

    const idOf = new Map(customerRows.map((row, i) => [row[0]!, customersOut[i]![0]]));
    const emailOf = new Map(customerRows.map((row, i) => [row[2]!, customersOut[i]![2]]));
    orderRows.forEach((row, i) => {
      expect(ordersOut[i]![1], `customer ${row[1]}`).toBe(idOf.get(row[1]!));
      expect(ordersOut[i]![2], `email ${row[2]}`).toBe(emailOf.get(row[2]!));
    });
    // Ids keep their digit count, in both files.
    customerRows.forEach((row, i) => expect(customersOut[i]![0]).toHaveLength(row[0]!.length));
    orderRows.forEach((row, i) => expect(ordersOut[i]![1]).toHaveLength(row[1]!.length));
  });
});

describe('file-dependent pseudonyms', () => {
  it('counts none where every value has a bijection', () => {
    const book: Workbook = {
      format: 'csv',
      sheets: [
        {
          name: 's',
          columns: ['id', 'sku'],
          rows: Array.from({ length: 500 }, (_, i) => [String(i + 1), `SKU-${i}`]),
        },
      ],
    };
    expect(run(book, 'k').stats.fileDependentPseudonyms).toBe(0);
  });

  it('counts the names whose first draw was a name of the file', () => {
    // Faker's own first names: many first draws land on another value of the column.
    const names = [...new Set(en.person?.first_name?.generic ?? [])].slice(0, 300);
    const book: Workbook = {
      format: 'csv',
      sheets: [{ name: 's', columns: ['first_name'], rows: names.map((name) => [name]) }],
    };
    const lonely = names.map(
      (name) =>
        run({ ...book, sheets: [{ ...book.sheets[0]!, rows: [[name]] }] }, 'k').workbook.sheets[0]!
          .rows[0]![0],
    );
    const result = run(book, 'k');
    const together = result.workbook.sheets[0]!.rows.map((row) => row[0]);
    const differing = together.filter((pseudonym, i) => pseudonym !== lonely[i]).length;
    expect(differing).toBeGreaterThan(0);
    expect(result.stats.fileDependentPseudonyms).toBe(differing);
  });

  it('walks a code whose image is a name of the file on to a free one', () => {
    const sku = ['QZ-17', 'AB-99', 'XY-01'];
    const book = (lastNames: string[]): Workbook => ({
      format: 'csv',
      sheets: [
        {
          name: 's',
          columns: ['sku', 'last_name'],
          rows: sku.map((code, i) => [code, lastNames[i]!]),
        },
      ],
    });
    const image = run(book(['Smith', 'Jones', 'Brown']), 'k').workbook.sheets[0]!.rows[0]![0];
    const lastNames = [String(image), 'Jones', 'Brown'];
    const result = run(book(lastNames), 'k');
    const pseudonym = result.workbook.sheets[0]!.rows[0]![0];
    expect(pseudonym).not.toBe(image);
    expect(pseudonym).toMatch(/^[A-Z]{2}-\d{2}$/);
    expect(lastNames).not.toContain(pseudonym);
    expect(result.stats.fileDependentPseudonyms).toBeGreaterThanOrEqual(1);
  });
});

describe('PSEUDONYM_SCHEME_VERSION', () => {
  it('is 12, from the engine and its browser entry alike', () => {
    expect(PSEUDONYM_SCHEME_VERSION).toBe(12);
    expect(BROWSER_SCHEME_VERSION).toBe(PSEUDONYM_SCHEME_VERSION);
  });
});
