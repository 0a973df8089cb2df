import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { detectSchema, readWorkbook } from '../../../src/engine';
import type { ColumnSchema } from '../../../src/engine/types';

/**
 * A realistic multi-sheet workbook written by SheetJS at test time: real date cells (serial
 * numbers with date formats), formatted numbers, text codes, and the messy text columns people
 * paste into spreadsheets. Every column of every sheet is detected after a real read.
 */

const ROWS = 60;
const FIRST = ['Ana', 'Bob', 'Chloé', 'Dmitri', 'Ewa', 'Femi', 'Gita', 'Hiro'];
const LAST = ['Lopez', 'Smith', 'Müller', "O'Brien", 'Nakamura', 'Okafor'];
const CITIES = ['Lyon', 'Boston', 'Kraków', 'Osaka', 'Lagos', 'Porto'];
const PHONES = ['(555) 123-4567', '+44 20 7946 0958', '555.987.6543', '+1 555-000-1234'];
const IBANS = [
  'GB82 WEST 1234 5698 7654 32',
  'DE89370400440532013000',
  'FR1420041010050500013M02606',
];
const CARDS = ['4111 1111 1111 1111', '5500 0000 0000 0004', '4012 8888 8888 1881'];
const PEPTIDES = ['MKTAYIAKQRQISFVKSHFSRQ', 'GSHMLEDPVDAFQWTCPKLL', 'ACDEFGHIKLMNPQRSTVWYGG'];

/** Excel serial of a wall-clock date (1900 date system). */
function serial(year: number, month: number, day: number, hour = 0, minute = 0): number {
  return Date.UTC(year, month - 1, day, hour, minute) / 86_400_000 + 25_569;
}

function pick<T>(list: readonly T[], i: number): T {
  return list[i % list.length] as T;
}

/** A sheet from a header and rows of SheetJS cell objects or plain values. */
function sheetOf(header: string[], rows: unknown[][]): XLSX.WorkSheet {
  const sheet = XLSX.utils.aoa_to_sheet([header]);
  rows.forEach((row, r) => {
    row.forEach((value, c) => {
      const address = XLSX.utils.encode_cell({ r: r + 1, c });
      if (value === null || value === undefined) return;
      if (typeof value === 'object') sheet[address] = value as XLSX.CellObject;
      else if (typeof value === 'number') sheet[address] = { t: 'n', v: value };
      else if (typeof value === 'boolean') sheet[address] = { t: 'b', v: value };
      else if (typeof value === 'string') sheet[address] = { t: 's', v: value };
    });
  });
  sheet['!ref'] = XLSX.utils.encode_range({
    s: { r: 0, c: 0 },
    e: { r: rows.length, c: header.length - 1 },
  });
  return sheet;
}

function buildWorkbook(bookType: 'xlsx' | 'xls'): Uint8Array {
  const customers = sheetOf(
    [
      'id',
      'customer_id',
      'First Name',
      'surname',
      'email',
      'phone',
      'city',
      'zip',
      'signup_date',
      'last_login',
      'balance',
      'discount',
      'is_active',
      'notes',
      'unused',
    ],
    Array.from({ length: ROWS }, (_, i) => [
      i + 1,
      `${(0x10000000 + i * 7919).toString(16)}-58cc-4372-a567-0e02b2c3d4${String(i).padStart(2, '0')}`,
      pick(FIRST, i),
      pick(LAST, i),
      `${pick(FIRST, i).toLowerCase()}.${i}@example.com`,
      pick(PHONES, i),
      pick(CITIES, i),
      String(1000 + i * 37).padStart(5, '0'),
      { t: 'n', v: serial(2020, 1 + (i % 12), 1 + (i % 28)), z: 'yyyy-mm-dd' },
      {
        t: 'n',
        v: serial(2023, 1 + (i % 12), 1 + (i % 28), i % 24, (i * 7) % 60),
        z: 'm/d/yyyy h:mm AM/PM',
      },
      { t: 'n', v: Math.round((i * 123.45 - 1000) * 100) / 100, z: '#,##0.00' },
      { t: 'n', v: (i % 20) / 100, z: '0.0%' },
      i % 3 !== 0,
      i % 4 === 0 ? 'Called back, left a message' : i % 4 === 1 ? 'VIP' : null,
      null,
    ]),
  );
  const orders = sheetOf(
    [
      'order_id',
      'customer_email',
      'order_date',
      'amount',
      'status',
      'client_ip',
      'iban',
      'card_number',
    ],
    Array.from({ length: ROWS }, (_, i) => [
      100_000 + i,
      `${pick(FIRST, i).toLowerCase()}.${i}@example.com`,
      { t: 'n', v: serial(2024, 1 + (i % 12), 1 + (i % 28)), z: 'dd.mm.yyyy' },
      { t: 'n', v: 10 + i * 2.5, z: '[$€-407] #,##0.00' },
      pick(['shipped', 'pending', 'cancelled'], i),
      `192.168.${i % 256}.${(i * 13) % 256}`,
      pick(IBANS, i),
      pick(CARDS, i),
    ]),
  );
  const lab = sheetOf(
    ['sample_id', 'sequence', 'measured', 'measured_at', 'verified', 'ratio'],
    Array.from({ length: ROWS }, (_, i) => [
      String(i + 1).padStart(6, '0'),
      pick(PEPTIDES, i),
      Math.round(i * 3.14159 * 1000) / 1000,
      `2024-03-${String(1 + (i % 28)).padStart(2, '0')}T${String(i % 24).padStart(2, '0')}:15:00+02:00`,
      i % 2 === 0 ? 'Yes' : 'No',
      i === 7 ? 'n/a' : String(i / 4),
    ]),
  );
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, customers, 'Customers');
  XLSX.utils.book_append_sheet(book, orders, 'Orders');
  XLSX.utils.book_append_sheet(book, lab, 'Lab');
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType }) as ArrayBuffer);
}

type Expected = Record<string, Partial<ColumnSchema>>;

const EXPECTED: Record<string, Expected> = {
  Customers: {
    id: { type: 'number', precision: 0, range: { min: 1, max: ROWS } },
    customer_id: { type: 'string', semantic: 'uuid' },
    'First Name': { type: 'string', semantic: 'firstName', distinctCount: FIRST.length },
    surname: { type: 'string', semantic: 'lastName' },
    email: { type: 'email', semantic: 'email', distinctCount: ROWS },
    phone: { type: 'phone', semantic: 'phone' },
    city: { type: 'string', semantic: 'city' },
    zip: {
      type: 'string',
      semantic: 'zipCode',
      code: { minLength: 5, maxLength: 5, leadingZeros: true },
    },
    signup_date: {
      type: 'date',
      format: 'YYYY-MM-DD',
      examples: ['2020-01-01', '2020-02-02', '2020-03-03', '2020-04-04', '2020-05-05'],
    },
    last_login: { type: 'datetime', format: 'M/D/YYYY h:mm A' },
    balance: {
      type: 'number',
      precision: 2,
      range: { min: -1000, max: (ROWS - 1) * 123.45 - 1000 },
    },
    discount: { type: 'number', precision: 3 },
    is_active: { type: 'boolean', boolean: { trueText: 'true', falseText: 'false' } },
    notes: { type: 'string', semantic: null, nonEmptyCount: ROWS / 2 },
    unused: { type: 'blank', nonEmptyCount: 0 },
  },
  Orders: {
    order_id: { type: 'number', range: { min: 100_000, max: 100_000 + ROWS - 1 } },
    customer_email: { type: 'email' },
    order_date: {
      type: 'date',
      format: 'DD.MM.YYYY',
      dateRange: { min: '2024-01-01', max: '2024-12-24' },
    },
    amount: { type: 'number', precision: 2 },
    status: { type: 'string', semantic: null, distinctCount: 3 },
    client_ip: { type: 'string', semantic: 'ipv4' },
    iban: { type: 'string', semantic: 'iban' },
    card_number: { type: 'string', semantic: 'creditCard' },
  },
  Lab: {
    sample_id: { type: 'string', code: { minLength: 6, maxLength: 6, leadingZeros: true } },
    sequence: { type: 'string', semantic: 'peptide' },
    measured: { type: 'number', precision: 3 },
    measured_at: { type: 'datetime', format: 'YYYY-MM-DDTHH:mm:ssZ', timeZone: '+02:00' },
    verified: { type: 'boolean', boolean: { trueText: 'Yes', falseText: 'No' } },
    ratio: { type: 'number', precision: 2, invalidCount: 0, missingMarkers: ['n/a'] },
  },
};

describe.each(['xlsx', 'xls'] as const)('detecting every column of a %s workbook', (bookType) => {
  const workbook = readWorkbook(buildWorkbook(bookType), `customers.${bookType}`);

  it('reads every sheet', () => {
    expect(workbook.sheets.map((sheet) => sheet.name)).toEqual(Object.keys(EXPECTED));
  });

  for (const [sheetName, columns] of Object.entries(EXPECTED)) {
    describe(sheetName, () => {
      const sheet = workbook.sheets.find((candidate) => candidate.name === sheetName);
      const schema = sheet ? detectSchema(sheet) : [];

      it('describes every column, in order', () => {
        expect(schema.map((column) => column.name)).toEqual(Object.keys(columns));
      });

      it.each(Object.entries(columns))('%s', (name, expected) => {
        const column = schema.find((candidate) => candidate.name === name);
        expect(column).toMatchObject({ name, rule: { action: 'auto' }, ...expected });
        expect(column?.description).not.toBe('');
      });
    });
  }
});

describe('detectSchema across columns', () => {
  it("reads ambiguous '1.000' as thousands in a file whose other columns use decimal commas", () => {
    const csv = [
      'Kunde;Betrag;Menge;Preis',
      'Müller;1,5;1.000;12,00 €',
      'Schmidt;2,25;250;1.234,50 €',
      'Weber;-3;12.500;0,99 €',
    ].join('\r\n');
    const workbook = readWorkbook(new TextEncoder().encode(csv), 'de.csv');
    const sheet = workbook.sheets[0];
    if (!sheet) throw new Error('no sheet');
    const menge = detectSchema(sheet).find((column) => column.name === 'Menge');
    expect(menge).toMatchObject({
      type: 'number',
      range: { min: 250, max: 12_500 },
      number: { decimalSeparator: ',', thousandsSeparator: '.', integer: true, precision: 0 },
    });
  });

  it("keeps ambiguous '1.000' a decimal when the other columns use decimal points", () => {
    const csv = ['a,b', '1.5,1.000', '2.25,12.500', '3,2.750'].join('\n');
    const sheet = readWorkbook(new TextEncoder().encode(csv), 'en.csv').sheets[0];
    if (!sheet) throw new Error('no sheet');
    expect(detectSchema(sheet)[1]).toMatchObject({
      type: 'number',
      range: { min: 1, max: 12.5 },
      number: { decimalSeparator: '.', precision: 3 },
    });
  });
});
