/**
 * A customer table built to trigger each warning of the privacy and utility report, written as
 * CSV by PapaParse, with its rows kept so tests count the report's figures themselves.
 */
import Papa from 'papaparse';

export const REPORT_COLUMNS = [
  'customer_id',
  'full_name',
  'email',
  'phone',
  'city',
  'zip',
  'birth_date',
  'gender',
  'tier',
  'amount',
  'signup_date',
  'notes',
] as const;

export type ReportColumn = (typeof REPORT_COLUMNS)[number];

const FIRST = ['Mary', 'James', 'Chloe', 'Olga', 'Mateo', 'Fatima', 'Aoife', 'Yuki', 'Ravi', 'Wei'];
const LAST = ['Smith', 'Okafor', 'Nowak', 'Rossi', 'Chen', 'Dubois', 'Singh', 'Moore'];
const CITIES = ['Lisbon', 'Berlin', 'Osaka', 'Toronto', 'Nairobi', 'Porto'];

export interface Table {
  columns: string[];
  rows: string[][];
}

/**
 * `count` customers (at most 80, so names stay unique): unique id, name, email and phone; zip,
 * birth date and gender that single most of them out; a tier of two values; every fourth
 * row's notes name the customer.
 */
export function customerTable(count = 80): Table {
  const rows = Array.from({ length: count }, (_, i) => {
    const first = FIRST[i % FIRST.length]!;
    const last = LAST[Math.floor(i / FIRST.length) % LAST.length]!;
    const name = `${first} ${last}`;
    return [
      `CUST-${10_000 + i * 7}`,
      name,
      `${first.toLowerCase()}.${last.toLowerCase()}${i}@example.org`,
      `+1 415 555 ${String(1000 + i * 13).slice(-4)}`,
      CITIES[i % CITIES.length]!,
      String(10_000 + ((i * 7) % 40)),
      `19${50 + (i % 45)}-0${1 + (i % 9)}-1${i % 10}`,
      i % 2 === 0 ? 'F' : 'M',
      i % 3 === 0 ? 'gold' : 'silver',
      (125 + ((i * 373) % 9000) / 4).toFixed(2),
      `2023-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 27) + 1).padStart(2, '0')}`,
      i % 4 === 0 ? `Spoke with ${name} about the refund` : 'no notes',
    ];
  });
  return { columns: [...REPORT_COLUMNS], rows };
}

/** The table with some columns only, in the order given. */
export function pick(table: Table, columns: readonly string[]): Table {
  const indexes = columns.map((name) => {
    const index = table.columns.indexOf(name);
    if (index < 0) throw new Error(`no column ${name}`);
    return index;
  });
  return { columns: [...columns], rows: table.rows.map((row) => indexes.map((i) => row[i]!)) };
}

/** The table renamed: `renames` maps old column names to new ones. */
export function renamed(table: Table, renames: Record<string, string>): Table {
  return { ...table, columns: table.columns.map((name) => renames[name] ?? name) };
}

export function csvOf(table: Table): string {
  return Papa.unparse({ fields: table.columns, data: table.rows });
}

/** One column's cells. */
export function columnOf(table: Table, name: string): string[] {
  const index = table.columns.indexOf(name);
  if (index < 0) throw new Error(`no column ${name}`);
  return table.rows.map((row) => row[index]!);
}
