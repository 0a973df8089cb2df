/**
 * Test files of every format, written at test time by the engine's real writers (SheetJS for
 * xlsx/xls), from one small table of the kind Stand-in is for.
 */
import {
  writeWorkbook,
  type Cell,
  type FileFormat,
  type Sheet,
  type Workbook,
} from '../../src/engine';

const FIRST = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald', 'Frances', 'Ken'];
const LAST = ['Lovelace', 'Hopper', 'Turing', 'Dijkstra', 'Liskov', 'Knuth', 'Allen', 'Thompson'];

/** `rows` people: id, first and last name, email, phone, signup date, balance, active flag. */
export function peopleSheet(rows = 40, name = 'People'): Sheet {
  const data: Cell[][] = [];
  for (let index = 0; index < rows; index++) {
    const first = FIRST[index % FIRST.length] ?? 'Ada';
    const last = LAST[(index * 3) % LAST.length] ?? 'Lovelace';
    data.push([
      String(1000 + index),
      first,
      last,
      `${first.toLowerCase()}.${last.toLowerCase()}${index}@example.com`,
      `+1 555-${String(1000 + ((index * 7919) % 9000)).padStart(4, '0')}`,
      `2023-${String((index % 12) + 1).padStart(2, '0')}-${String((index % 28) + 1).padStart(2, '0')}`,
      (index * 37.25 + 10).toFixed(2),
      index % 3 === 0 ? 'true' : 'false',
    ]);
  }
  return {
    name,
    columns: [
      'id',
      'first_name',
      'last_name',
      'email',
      'phone',
      'signup_date',
      'balance',
      'active',
    ],
    rows: data,
  };
}

export function ordersSheet(rows = 15): Sheet {
  const data: Cell[][] = [];
  for (let index = 0; index < rows; index++) {
    data.push([`ORD-${5000 + index}`, `customer${index}@example.org`, (index + 1) * 12.5]);
  }
  return { name: 'Orders', columns: ['order_id', 'customer_email', 'amount'], rows: data };
}

/** The people table as a file of `format`; xlsx/xls also hold an Orders sheet. */
export function fixtureFile(format: FileFormat, rows = 40): Uint8Array {
  const multiSheet = format === 'xlsx' || format === 'xls';
  const workbook: Workbook = {
    format,
    sheets: multiSheet ? [peopleSheet(rows), ordersSheet()] : [peopleSheet(rows)],
  };
  return writeWorkbook(workbook, format);
}

export const EVERY_FORMAT: FileFormat[] = ['csv', 'tsv', 'json', 'xlsx', 'xls'];
