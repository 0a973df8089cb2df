import { describe, expect, it } from 'vitest';
import { detectSchema, pseudonymize, readWorkbook, writeWorkbook } from '../../../src/engine';

/** A CSV run under one key and scheme: its rows as records of the written text. */
function run(csv: string, scheme: number, name = 'table.csv'): Record<string, string>[] {
  const workbook = readWorkbook(new TextEncoder().encode(csv), name);
  const schemas = workbook.sheets.map((sheet) => detectSchema(sheet));
  const result = pseudonymize(workbook, schemas, { secret: 'related tables', scheme });
  return records(new TextDecoder().decode(writeWorkbook(result.workbook, 'csv')));
}

function records(csv: string): Record<string, string>[] {
  const [header, ...lines] = csv.trim().split(/\r?\n/);
  const names = header!.split(',');
  return lines.map((line) => {
    const cells = line.split(',');
    return Object.fromEntries(names.map((name, index) => [name, cells[index] ?? '']));
  });
}

/** Each original of `column` to what it became, checked to be one pseudonym per original. */
function mapping(
  before: Record<string, string>[],
  after: Record<string, string>[],
  column: string,
): Map<string, string> {
  const map = new Map<string, string>();
  before.forEach((row, index) => {
    const original = row[column]!;
    if (original === '') return;
    const pseudonym = after[index]![column]!;
    expect(map.get(original) ?? pseudonym).toBe(pseudonym);
    map.set(original, pseudonym);
  });
  return map;
}

describe('a column of another row’s id (scheme 7 on)', () => {
  // Chinook's and Northwind's employees: ReportsTo names the EmployeeId of the manager.
  const employees = [
    'EmployeeId,LastName,FirstName,Title,ReportsTo',
    '1,Adams,Andrew,General Manager,',
    '2,Edwards,Nancy,Sales Manager,1',
    '3,Peacock,Jane,Sales Support Agent,2',
    '4,Park,Margaret,Sales Support Agent,2',
    '5,Johnson,Steve,Sales Support Agent,2',
    '6,Mitchell,Michael,IT Manager,1',
    '7,King,Robert,IT Staff,6',
    '8,Callahan,Laura,IT Staff,6',
    '',
  ].join('\n');
  const before = records(employees);

  const joined = (scheme: number) => {
    const after = run(employees, scheme);
    const ids = mapping(before, after, 'EmployeeId');
    const managers = mapping(before, after, 'ReportsTo');
    return [...managers].filter(([original, pseudonym]) => ids.get(original) === pseudonym).length;
  };

  it('still names the same row: its pseudonym is its id’s', () => {
    expect(joined(7)).toBe(3);
  });

  it('was a measure drawn near its values under scheme 6, so the join broke', () => {
    expect(joined(6)).toBeLessThan(3);
  });

  it('keeps blank where the row names no one', () => {
    expect(run(employees, 7)[0]!.ReportsTo).toBe('');
  });
});

describe('a text identifier of word-like codes (scheme 7 on)', () => {
  // Northwind: five capitals per customer, some of which spell words.
  const codes = ['ALFKI', 'ANATR', 'ANTON', 'AROUT', 'BERGS', 'BLAUS', 'BLONP', 'BOLID', 'BONAP'];
  const more = ['BOTTM', 'THEBI', 'GREAL', 'FRANK', 'QUICK', 'SPLIR', 'WOLZA', 'LILAS', 'OCEAN'];
  const all = [...codes, ...more];
  const customers = `CustomerID,CompanyName\n${all.map((code) => `${code},${code} Trading`).join('\n')}\n`;
  const orders = `OrderID,CustomerID,Freight\n${all
    .flatMap((code, index) => [
      `${10248 + index * 2},${code},3.5`,
      `${10249 + index * 2},${code},8.25`,
    ])
    .reverse()
    .join('\n')}\n`;

  it('keeps five capitals, one pseudonym per code, none its own', () => {
    const after = mapping(records(customers), run(customers, 7), 'CustomerID');
    expect(new Set(after.values()).size).toBe(all.length);
    for (const [original, pseudonym] of after) {
      expect(pseudonym).toMatch(/^[A-Z]{5}$/);
      expect(pseudonym).not.toBe(original);
    }
  });

  it('joins two files run one by one under one key', () => {
    const fromCustomers = mapping(
      records(customers),
      run(customers, 7, 'customers.csv'),
      'CustomerID',
    );
    const fromOrders = mapping(records(orders), run(orders, 7, 'orders.csv'), 'CustomerID');
    expect(fromOrders).toEqual(fromCustomers);
  });

  it('got words of other lengths under scheme 6', () => {
    const after = mapping(records(customers), run(customers, 6), 'CustomerID');
    expect([...after.values()].some((pseudonym) => !/^[A-Z]{5}$/.test(pseudonym))).toBe(true);
  });
});

describe('a country column’s abbreviations (scheme 7 on)', () => {
  const countries = ['Germany', 'UK', 'Mexico', 'USA', 'France', 'UK', 'Sweden', 'USA'];
  const csv = `id,Country\n${countries.map((country, index) => `${index + 1},${country}`).join('\n')}\n`;

  it('get codes of their length; names stay names', () => {
    const after = mapping(records(csv), run(csv, 7), 'Country');
    expect(after.get('UK')).toMatch(/^[A-Z]{2}$/);
    expect(after.get('USA')).toMatch(/^[A-Z]{3}$/);
    expect(after.get('UK')).not.toBe('UK');
    expect(after.get('USA')).not.toBe('USA');
    expect(after.get('Germany')).toMatch(/^[A-Z][a-z]/);
  });

  it('got country names in capitals under scheme 6', () => {
    const after = mapping(records(csv), run(csv, 6), 'Country');
    expect(after.get('UK')!.length).toBeGreaterThan(3);
  });
});

describe('an email of a first and last name, in a file without the names (scheme 9 on)', () => {
  const customers = [
    'customer_id,first_name,last_name,email',
    '1,Catherine,Moore,catherine.moore@yahoo.com',
    '2,Donald,Jenkins,Donald.Jenkins@outlook.com',
    '3,Wei,Chen,wei_chen42@company.org',
    '4,Maria,Garcia,mgarcia@gmail.com',
  ].join('\n');
  const orders = [
    'order_id,customer_email,total',
    '1001,wei_chen42@company.org,10.50',
    '1002,catherine.moore@yahoo.com,20.00',
    '1003,Donald.Jenkins@outlook.com,5.25',
    '1004,mgarcia@gmail.com,99.99',
    '1005,catherine.moore@yahoo.com,7.00',
  ].join('\n');
  const emailsOf = (scheme: number) => ({
    customers: mapping(records(customers), run(customers, scheme), 'email'),
    orders: mapping(records(orders), run(orders, scheme), 'customer_email'),
  });

  it('gets the address its row rebuilds of the names’ pseudonyms, so the files join', () => {
    const { customers: rebuilt, orders: alone } = emailsOf(9);
    for (const email of ['catherine.moore@yahoo.com', 'Donald.Jenkins@outlook.com']) {
      expect(alone.get(email)).toBe(rebuilt.get(email));
    }
    expect(alone.get('wei_chen42@company.org')).toBe(rebuilt.get('wei_chen42@company.org'));
    // Layout, case and digit count kept; the names are those of the customers' name columns.
    const written = run(customers, 9);
    expect(written[0]!.email).toBe(
      `${written[0]!.first_name!.toLowerCase()}.${written[0]!.last_name!.toLowerCase()}@example.com`,
    );
    expect(alone.get('Donald.Jenkins@outlook.com')).toMatch(
      /^[A-Z][a-z]+\.[A-Z][a-z]+@example\.com$/,
    );
    expect(alone.get('wei_chen42@company.org')).toMatch(/^[a-z]+_[a-z]+\d\d@example\.org$/);
  });

  it('did not join under scheme 8, where an email alone drew names of its own', () => {
    const { customers: rebuilt, orders: alone } = emailsOf(8);
    expect(alone.get('catherine.moore@yahoo.com')).not.toBe(
      rebuilt.get('catherine.moore@yahoo.com'),
    );
  });

  it('leaves an initial and a name glued together to their draw: no names to read in them', () => {
    const { customers: rebuilt, orders: alone } = emailsOf(9);
    expect(alone.get('mgarcia@gmail.com')).toMatch(/^[a-z]+@example\.com$/);
    expect(rebuilt.get('mgarcia@gmail.com')).toMatch(/^[a-z]+@example\.com$/);
  });
});
