/** Test files written at test time by the real writers (SheetJS, JSON.stringify). */
import * as XLSX from '@e965/xlsx';
import Papa from 'papaparse';

export const PEOPLE_COLUMNS = [
  'id',
  'first_name',
  'email',
  'city',
  'signup_date',
  'amount',
  'notes',
];

const FIRST = [
  'Alice',
  'Bruno',
  'Chiara',
  'Dmitri',
  'Elena',
  'Farid',
  'Greta',
  'Hiro',
  'Ines',
  'Jonas',
];
const CITIES = ['Lisbon', 'Berlin', 'Osaka', 'Toronto', 'Nairobi', 'Lyon', 'Porto', 'Austin'];

/** Twelve rows of a typical customer table, every value derived from the row number. */
export function peopleRows(count = 12): string[][] {
  return Array.from({ length: count }, (_, index) => {
    const first = FIRST[index % FIRST.length] ?? 'Alice';
    return [
      String(1001 + index),
      first,
      `${first.toLowerCase()}.${index}@example.org`,
      CITIES[index % CITIES.length] ?? 'Lisbon',
      `2023-${String((index % 12) + 1).padStart(2, '0')}-${String((index % 27) + 1).padStart(2, '0')}`,
      (12.5 + index * 3.25).toFixed(2),
      `Customer since ${2010 + (index % 10)}`,
    ];
  });
}

export function delimited(separator: ',' | '\t', rows = peopleRows()): Buffer {
  const lines = [PEOPLE_COLUMNS, ...rows].map((row) => row.join(separator));
  return Buffer.from(`${lines.join('\n')}\n`, 'utf8');
}

export function json(rows = peopleRows()): Buffer {
  const records = rows.map((row) =>
    Object.fromEntries(PEOPLE_COLUMNS.map((column, index) => [column, row[index] ?? null])),
  );
  return Buffer.from(JSON.stringify(records, null, 2), 'utf8');
}

/** A workbook with the people sheet and, when asked, a second `Orders` sheet. */
export function workbook(bookType: 'xlsx' | 'xls', withOrders = false): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(
    book,
    XLSX.utils.aoa_to_sheet([PEOPLE_COLUMNS, ...peopleRows()]),
    'Customers',
  );
  if (withOrders) {
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(orderRows()), 'Orders');
  }
  return XLSX.write(book, { type: 'buffer', bookType }) as Buffer;
}

export function orderRows(): (string | number)[][] {
  return [
    ['order_id', 'customer_email', 'total'],
    ...Array.from({ length: 6 }, (_, index) => [
      `ORD-${5000 + index}`,
      `buyer${index}@shop.example`,
      19.99 + index,
    ]),
  ];
}

/** Reads a downloaded file into sheets of rows of display text (header row first). */
export function readDownload(bytes: Buffer, format: string): Record<string, string[][]> {
  if (format === 'csv' || format === 'tsv') {
    const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
    const parsed = Papa.parse<string[]>(text, {
      delimiter: format === 'tsv' ? '\t' : ',',
      skipEmptyLines: true,
    });
    return { [format]: parsed.data };
  }
  if (format === 'json') {
    const records = JSON.parse(bytes.toString('utf8')) as Record<string, unknown>[];
    const columns = Object.keys(records[0] ?? {});
    return {
      json: [columns, ...records.map((record) => columns.map((column) => textOf(record[column])))],
    };
  }
  const book = XLSX.read(bytes, { type: 'buffer' });
  return Object.fromEntries(
    book.SheetNames.map((name) => [
      name,
      XLSX.utils.sheet_to_json<string[]>(book.Sheets[name] as XLSX.WorkSheet, {
        header: 1,
        raw: false,
        defval: '',
      }),
    ]),
  );
}

function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}
