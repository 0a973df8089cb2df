import { utils, write, type CellObject } from '@e965/xlsx';
import { en } from '@faker-js/faker';
import { describe, expect, it } from 'vitest';
import {
  detectSchema,
  EngineError,
  pseudonymize,
  readWorkbook,
  writeWorkbook,
  type Cell,
  type ColumnSchema,
  type Sheet,
  type Workbook,
} from '../../../src/engine';

function sheet(name: string, columns: string[], rows: Cell[][]): Sheet {
  return { name, columns, rows };
}

function schemasOf(workbook: Workbook): ColumnSchema[][] {
  return workbook.sheets.map((s) => detectSchema(s));
}

/** The schemas with every number column drawing evenly in its range, as before 'distribution'. */
function rangeSchemasOf(workbook: Workbook): ColumnSchema[][] {
  return schemasOf(workbook).map((schema) =>
    schema.map((column) => ({ ...column, numberMode: 'range' as const })),
  );
}

function withRule(schema: ColumnSchema[], name: string, rule: ColumnSchema['rule']) {
  return schema.map((column) => (column.name === name ? { ...column, rule } : column));
}

const customers = sheet(
  'customers',
  ['customer_email', 'first_name', 'age', 'notes'],
  [
    ['ann@corp.com', 'Ann', '34', 'called about refund'],
    ['bob@corp.com', 'Bob', '', ''],
    ['ann@corp.com', 'Ann', '51', 'late delivery again'],
  ],
);
const orders = sheet(
  'orders',
  ['order_id', 'customer_email'],
  [
    ['A-1001', 'bob@corp.com'],
    ['A-1002', 'ann@corp.com'],
  ],
);
const workbook: Workbook = { format: 'xlsx', sheets: [customers, orders] };

describe('pseudonymize', () => {
  it('keeps sheet names, column names, row counts and empty cells', () => {
    const { workbook: out } = pseudonymize(workbook, schemasOf(workbook), { secret: 's' });
    expect(out.sheets.map((s) => s.name)).toEqual(['customers', 'orders']);
    expect(out.sheets.map((s) => s.columns)).toEqual([customers.columns, orders.columns]);
    expect(out.sheets.map((s) => s.rows.length)).toEqual([3, 2]);
    expect(out.sheets[0]!.rows[1]![2]).toBe('');
    expect(out.sheets[0]!.rows[1]![3]).toBe('');
  });

  it('keeps pseudonyms off the originals of a number range too narrow to hold them (range mode)', () => {
    const workbook: Workbook = {
      format: 'csv',
      sheets: [sheet('s', ['amount'], [['-0.01'], [''], ['0.00'], ['-0.01']])],
    };
    for (const secret of ['one', 'two', 'three', 'four']) {
      const out = pseudonymize(workbook, rangeSchemasOf(workbook), { secret }).workbook.sheets[0]!;
      const values = out.rows.map((row) => row[0]);
      expect(values[1]).toBe('');
      expect(values[0]).toBe(values[3]);
      for (const value of [values[0], values[2]]) {
        expect(value).toMatch(/^-?\d+\.\d{2}$/);
        expect(['-0.01', '0.00']).not.toContain(value);
      }
      expect(values[0]).not.toBe(values[2]);
    }
  });

  it('keeps a value off the originals when its side of zero holds few values (range mode)', () => {
    // -0.01 is the only negative the range -0.01..0.13 can write at two decimals.
    const workbook: Workbook = {
      format: 'csv',
      sheets: [sheet('s', ['amount'], [['0.00'], ['-0.01'], ['0.13'], ['-0.05'], ['0.07']])],
    };
    for (const secret of ['one', 'two', 'three', 'four', 'five', 'six']) {
      const out = pseudonymize(workbook, rangeSchemasOf(workbook), { secret }).workbook.sheets[0]!;
      const values = out.rows.map((row) => row[0]);
      for (const value of values)
        expect(['0.00', '-0.01', '0.13', '-0.05', '0.07']).not.toContain(value);
      expect(values[1]).toMatch(/^-\d+\.\d{2}$/);
      expect(values[3]).toMatch(/^-\d+\.\d{2}$/);
      expect(values[2]).toMatch(/^\d+\.\d{2}$/);
      expect(new Set(values).size).toBe(values.length);
    }
  });

  it('keeps a crowded code column off its originals, at the codes’ length', () => {
    const codes = ['0000005', '0000001', '0000000', '0000003', '0000004', '0000008'];
    const workbook: Workbook = {
      format: 'csv',
      sheets: [
        sheet(
          's',
          ['code'],
          codes.map((code) => [code]),
        ),
      ],
    };
    for (const secret of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']) {
      const out = pseudonymize(workbook, schemasOf(workbook), { secret }).workbook.sheets[0]!;
      const values = out.rows.map((row) => row[0] as string);
      for (const value of values) {
        expect(codes).not.toContain(value);
        expect(value).toMatch(/^0\d{6}$/);
      }
      expect(new Set(values).size).toBe(values.length);
    }
  });

  it('draws dates inside the column’s observed range', () => {
    const days = Array.from({ length: 40 }, (_, i) =>
      new Date(Date.UTC(2023, 3, 10) + i * 3 * 86_400_000).toISOString().slice(0, 10),
    );
    const workbook: Workbook = {
      format: 'csv',
      sheets: [
        sheet(
          's',
          ['visit_date'],
          days.map((day) => [day]),
        ),
      ],
    };
    const out = pseudonymize(workbook, schemasOf(workbook), { secret: 's' }).workbook.sheets[0]!;
    const values = out.rows.map((row) => row[0] as string);
    for (const value of values) {
      expect(value >= days[0]! && value <= days.at(-1)!, value).toBe(true);
      expect(days).not.toContain(value);
    }
    expect(new Set(values).size).toBe(days.length);
  });

  it('keeps whole values of a narrow decimal column off the originals (range mode)', () => {
    const texts = ['0', '-0.01', '0.13', '1'];
    const cells = [0.05, 0.1, 1, 0];
    const workbook: Workbook = {
      format: 'xlsx',
      sheets: [
        sheet(
          'text',
          ['amount'],
          texts.map((text) => [text]),
        ),
        sheet(
          'cells',
          ['share'],
          cells.map((cell) => [cell]),
        ),
      ],
    };
    for (const secret of ['a', 'b', 'c', 'd', 'e']) {
      const out = pseudonymize(workbook, rangeSchemasOf(workbook), { secret }).workbook;
      const textOut = out.sheets[0]!.rows.map((row) => row[0]);
      const cellOut = out.sheets[1]!.rows.map((row) => row[0]);
      for (const value of textOut) expect(texts).not.toContain(value);
      for (const value of cellOut) expect(cells).not.toContain(value);
      expect(new Set(textOut).size).toBe(texts.length);
      expect(new Set(cellOut).size).toBe(cells.length);
    }
  });

  it('writes grouped whole numbers as whole numbers', () => {
    const texts = ['2,000', '1,234.50', '15.25', '3,999', '12,500'];
    const workbook: Workbook = {
      format: 'csv',
      sheets: [
        sheet(
          's',
          ['amount'],
          texts.map((text) => [text]),
        ),
      ],
    };
    const out = pseudonymize(workbook, schemasOf(workbook), { secret: 's' }).workbook.sheets[0]!;
    const values = out.rows.map((row) => row[0] as string);
    for (const index of [0, 3, 4]) expect(values[index]).toMatch(/^\d{1,3}(,\d{3})*$/);
    for (const index of [1, 2]) expect(values[index]).toMatch(/^\d{1,3}(,\d{3})*\.\d{2}$/);
  });

  it('leaves no name of the file in another column’s output', () => {
    // Surnames that are also English words, beside 1,500 distinct title-case words as long:
    // their word pseudonyms come from the same lists as those surnames.
    const names = ['Brown', 'King', 'Little', 'Stark', 'Swift', 'White', 'Wolf', 'Bell', 'Hope'];
    const letters = 'bcdfghjklmnprstvwz';
    const word = (i: number): string =>
      `${letters[i % 18]!.toUpperCase()}${'aeiou'[(i >> 2) % 5]}${letters[(i * 7) % 18]}${'aeiou'[i % 5]}${letters[Math.floor(i / 90) % 18]}`;
    const rows = Array.from({ length: 1_500 }, (_, i) => [names[i % names.length]!, word(i)]);
    const workbook: Workbook = {
      format: 'csv',
      sheets: [sheet('s', ['last_name', 'status'], rows)],
    };
    const schemas = schemasOf(workbook);
    expect(schemas[0]!.map((column) => column.semantic)).toEqual(['lastName', null]);
    expect(schemas[0]![1]!.distinctCount).toBeGreaterThan(1_000);
    for (const secret of ['a', 'b', 'c']) {
      const out = pseudonymize(workbook, schemas, { secret }).workbook.sheets[0]!;
      for (const row of out.rows) expect(names).not.toContain(row[1]);
    }
  });

  it('widens an observed range too narrow for pseudonyms, but never a range the user set', () => {
    const workbook: Workbook = {
      format: 'csv',
      sheets: [sheet('s', ['score'], [['1'], ['2'], ['3'], ['2']])],
    };
    // Drawn from the range ('range' mode): a small domain's default permutation stays inside it.
    const observed = schemasOf(workbook)[0]!.map((column) => ({
      ...column,
      numberMode: 'range' as const,
    }));
    const userSet = observed.map((column) => ({ ...column, rangeSetByUser: true }));
    const drawn = (schema: ColumnSchema[]) =>
      pseudonymize(workbook, [schema], { secret: 's' }).workbook.sheets[0]!.rows.map((row) =>
        Number(row[0]),
      );
    expect(drawn(observed).some((value) => value > 3)).toBe(true);
    for (const value of drawn(userSet)) expect(value >= 1 && value <= 3).toBe(true);
  });

  it('gives a number id the same pseudonym in every id column, so foreign keys still join', () => {
    const ids = Array.from({ length: 30 }, (_, i) => String(1000 + i * 7));
    const workbook: Workbook = {
      format: 'xlsx',
      sheets: [
        sheet(
          'customers',
          ['id', 'paid'],
          ids.map((id, i) => [id, String(i * 3)]),
        ),
        sheet(
          'orders',
          ['OrderID', 'customerId', 'Customer ID'],
          ids.map((id, i) => [String(90_000 + i), ids[(i * 11) % 10]!, ids[i % 20]!]),
        ),
      ],
    };
    const out = pseudonymize(workbook, schemasOf(workbook), { secret: 's' }).workbook;
    const pseudonymOf = new Map(out.sheets[0]!.rows.map((row, i) => [ids[i]!, row[0]]));
    workbook.sheets[1]!.rows.forEach((row, i) => {
      const outRow = out.sheets[1]!.rows[i]!;
      expect(outRow[1]).toBe(pseudonymOf.get(row[1] as string));
      expect(outRow[2]).toBe(pseudonymOf.get(row[2] as string));
      // A keyed permutation of the 4-digit integers: never the id itself, its digit count kept.
      expect(outRow[1]).not.toBe(row[1]);
      expect(outRow[1]).toMatch(/^[1-9]\d{3}$/);
    });
    // 'paid' is no identifier: it keeps its own, much smaller range.
    for (const row of out.sheets[0]!.rows) expect(Number(row[1])).toBeLessThan(1000);
  });

  it('quotes its csv as the source did: R and PostgreSQL exports stay theirs', () => {
    const runCsv = (text: string, rule?: [string, ColumnSchema['rule']]) => {
      const workbook = readWorkbook(new TextEncoder().encode(text), 'export.csv');
      let schema = detectSchema(workbook.sheets[0]!);
      if (rule) schema = withRule(schema, rule[0], rule[1]);
      const result = pseudonymize(workbook, [schema], { secret: 'k' });
      return new TextDecoder().decode(writeWorkbook(result.workbook, 'csv')).split('\n');
    };
    // R's write.csv: texts quoted, numbers and NA bare, whatever the pseudonyms.
    const r = runCsv(
      '"","name","city","age"\n"1","Ann Smith","Paris",30\n"2","Bob Jones",NA,41\n"3","Cy Young","Rome",NA\n',
    );
    expect(r[0]).toBe('"","name","city","age"');
    for (const line of r.slice(1, 4)) {
      expect(line).toMatch(/^"\d+","[^"]+",("[^"]+"|NA),(\d+|NA)$/);
    }
    expect(r.slice(1, 4).map((line) => line.split(',').slice(2).join())).toEqual([
      expect.stringMatching(/^"[^"]+",\d+$/),
      expect.stringMatching(/^NA,\d+$/),
      expect.stringMatching(/^"[^"]+",NA$/),
    ]);
    // PostgreSQL: a NULL stays nothing and an empty text stays "", row by row, blanked or not.
    const psql = 'id,name,note\n1,Ann,\n2,Bob,""\n3,,x\n4,"",""\n';
    expect(runCsv(psql).map((line) => line.replace(/^[^,]*,[^,]*,/, ''))).toEqual([
      'note',
      '',
      '""',
      expect.not.stringMatching(/^("")?$/),
      '""',
      '',
    ]);
    expect(runCsv(psql, ['note', { action: 'blank' }]).map((line) => line.split(',')[1])).toEqual([
      'name',
      expect.stringMatching(/^[^",]+$/),
      expect.stringMatching(/^[^",]+$/),
      '',
      '""',
      undefined,
    ]);
  });

  it('keeps the lines above the table, their texts replaced as a wrapper’s', () => {
    const text =
      'Customers of Ann Lee,,\nExported 2024-05-01 by jsmith,,\n,,\nid,name,email\n' +
      '1,Ann Lee,ann.lee@corp.com\n2,Bob Ray,bob@corp.com\n';
    const workbook = readWorkbook(new TextEncoder().encode(text), 'report.csv');
    const result = pseudonymize(workbook, schemasOf(workbook), { secret: 'k' });
    const preamble = result.workbook.sheets[0]!.preamble!;
    expect(preamble.map((line) => line.length)).toEqual([3, 3, 3]);
    expect(preamble[2]).toEqual(['', '', '']);
    const [title, exported] = [String(preamble[0]![0]), String(preamble[1]![0])];
    expect(title).toMatch(/^\w+ \w+ \w+ \w+$/);
    expect(exported).toMatch(/^\w+ \d{4}-\d{2}-\d{2} \w+ \w+$/);
    for (const word of ['Customers', 'Ann', 'Lee', 'Exported', 'jsmith']) {
      expect(`${title} ${exported}`).not.toContain(word);
    }
    const written = new TextDecoder().decode(writeWorkbook(result.workbook, 'csv'));
    expect(written.split('\n').slice(0, 4)).toEqual([
      `${title},,`,
      `${exported},,`,
      ',,',
      'id,name,email',
    ]);
  });

  it('gives people’s names under a header that says nothing names, not replaced words', () => {
    const names = ['Catherine Moore', 'James Smith', 'Olga Ramos', 'Mateo Garcia', 'Susan Wilson'];
    const rows = names.map((name, index) => [String(index + 1), name]);
    const workbook: Workbook = { format: 'csv', sheets: [sheet('s', ['id', 'Customer'], rows)] };
    const schemas = schemasOf(workbook);
    expect(schemas[0]![1]!.semantic).toBe('fullName');
    const output = pseudonymize(workbook, schemas, { secret: 'k' }).workbook;
    const firstNames = new Set(Object.values(en.person!.first_name!).flat());
    output.sheets[0]!.rows.forEach((row, index) => {
      const [first] = String(row[1]).split(' ');
      expect(firstNames.has(first!)).toBe(true);
      expect(row[1]).not.toBe(names[index]);
    });
  });

  it('gives a country column of ISO codes codes of the same length', () => {
    const codes = ['US', 'DE', 'FR', 'GB', 'IT', 'ES', 'NL', 'CA', 'DEU', 'FRA'];
    const rows = Array.from({ length: 60 }, (_, index) => [String(index), codes[index % 10]!]);
    const workbook: Workbook = { format: 'csv', sheets: [sheet('s', ['id', 'country'], rows)] };
    const output = pseudonymize(workbook, schemasOf(workbook), { secret: 'k' }).workbook;
    output.sheets[0]!.rows.forEach((row, index) => {
      expect(row[1]).toMatch(/^[A-Z]{2,3}$/);
      expect(String(row[1])).toHaveLength(rows[index]![1]!.length);
    });
  });

  it('keeps missing-value markers, but pseudonymizes NA (Namibia) in a country code column', () => {
    const workbook: Workbook = {
      format: 'csv',
      sheets: [
        sheet(
          's',
          ['country_code', 'score'],
          [
            ['US', '12'],
            ['NA', 'NA'],
            ['DE', '15'],
            ['FR', '17'],
            ['NA', '19'],
          ],
        ),
      ],
    };
    const schemas = schemasOf(workbook);
    expect(schemas[0]!.map((column) => column.missingMarkers)).toEqual([['NA'], ['NA']]);
    const out = pseudonymize(workbook, schemas, { secret: 's' }).workbook.sheets[0]!;
    expect(out.rows[1]![1]).toBe('NA');
    expect(out.rows[1]![0]).toMatch(/^[A-Z]{2}$/);
    expect(out.rows[1]![0]).not.toBe('NA');
    expect(out.rows[4]![0]).toBe(out.rows[1]![0]);
  });

  it('pseudonymizes padded values by their type and keeps the padding', () => {
    const workbook: Workbook = {
      format: 'csv',
      sheets: [
        sheet(
          's',
          ['visit', 'email', 'uuid', 'qty'],
          [
            ['2023-04-17 ', 'ann@corp.com ', ' 550e8400-e29b-41d4-a716-446655440000 ', ' 123'],
            [' 2023-05-01', ' bob@corp.org', '6ba7b810-9dad-41d1-80b4-00c04fd430c8', '456 '],
            ['2023-06-02', 'kim@corp.net', '7ba7b810-9dad-41d1-80b4-00c04fd430c8', '789'],
          ],
        ),
      ],
    };
    const schemas = schemasOf(workbook);
    expect(schemas[0]!.map((column) => column.type)).toEqual(['date', 'email', 'string', 'number']);
    const result = pseudonymize(workbook, schemas, { secret: 's' });
    const [first, second] = result.workbook.sheets[0]!.rows;
    // Dates move with their row's entity (the uuid), up to 180 days either way.
    expect(first![0]).toMatch(/^202[23]-\d\d-\d\d $/);
    expect(second![0]).toMatch(/^ 202[23]-\d\d-\d\d$/);
    expect(first![1]).toMatch(/^[a-z]+@example\.com $/);
    expect(second![1]).toMatch(/^ [a-z]+@example\.org$/);
    expect(first![2]).toMatch(
      /^ [0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12} $/,
    );
    expect(first![3]).toMatch(/^ \d+$/);
    expect(second![3]).toMatch(/^\d+ $/);
    expect(result.stats.schemaMatch).toBe(1);
  });

  it('keeps how negatives are written: trailing minus, typographic minus, sign after the prefix', () => {
    const workbook: Workbook = {
      format: 'csv',
      sheets: [
        sheet(
          's',
          ['sap', 'typeset', 'price'],
          [
            ['1.234,56-', '−5', '$-5.00'],
            ['12,00', '3', '$12.00'],
            ['5,50-', '−12', '$-7.25'],
            ['100,00', '8', '$3.10'],
          ],
        ),
      ],
    };
    const result = pseudonymize(workbook, schemasOf(workbook), { secret: 's' });
    const rows = result.workbook.sheets[0]!.rows;
    expect(rows[0]![0]).toMatch(/^(\d{1,3}\.)?\d{1,3},\d{2}-$/);
    expect(rows[1]![0]).toMatch(/^(\d{1,3}\.)?\d{1,3},\d{2}$/);
    expect(rows[0]![1]).toMatch(/^−\d+$/);
    expect(rows[0]![2]).toMatch(/^\$-\d+\.\d{2}$/);
    expect(result.stats.schemaMatch).toBe(1);
  });

  it('shows each cell of the mapping with that cell’s own number format', () => {
    const worksheet = utils.aoa_to_sheet([['share'], [0.125], [0.5], [0.25], [7]]);
    const cell = (address: string): CellObject => worksheet[address] as CellObject;
    for (const address of ['A2', 'A3', 'A4']) cell(address).z = '0.00%';
    cell('A5').z = '0';
    const book = utils.book_new();
    utils.book_append_sheet(book, worksheet, 'S');
    const workbook = readWorkbook(
      new Uint8Array(write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer),
      'shares.xlsx',
    );
    const { mapping } = pseudonymize(workbook, schemasOf(workbook), { secret: 's' });
    expect(mapping.rows.map((row) => row[2])).toEqual(['12.50%', '50.00%', '25.00%', '7']);
    for (const row of mapping.rows.slice(0, 3)) expect(row[3]).toMatch(/^\d+\.\d{2}%$/);
    expect(mapping.rows[3]![3]).toMatch(/^\d+$/);
  });

  it('keeps dates off the originals when the observed range is too narrow for them', () => {
    // A sheet each: two date columns of one sheet would move with their row (scheme 8).
    const workbook: Workbook = {
      format: 'csv',
      sheets: [
        sheet('s', ['signup_date'], [['2021-11-24'], ['2021-11-23'], ['']]),
        sheet(
          't',
          ['seen_at'],
          [
            ['2023-04-17T10:00:00+02:00'],
            ['2023-04-17T10:00:02+02:00'],
            ['2023-04-17T10:00:01+02:00'],
          ],
        ),
      ],
    };
    for (const secret of ['a', 'b', 'c', 'd', 'e', 'f']) {
      const { sheets } = pseudonymize(workbook, schemasOf(workbook), { secret }).workbook;
      const dates = sheets[0]!.rows.map((row) => row[0]);
      const times = sheets[1]!.rows.map((row) => row[0]);
      for (const date of dates.slice(0, 2)) {
        expect(['2021-11-23', '2021-11-24']).not.toContain(date);
        expect(date! >= '2021-11-21' && date! <= '2021-11-26', String(date)).toBe(true);
      }
      expect(dates[2]).toBe('');
      for (const time of times) {
        expect(workbook.sheets[1]!.rows.map((row) => row[0])).not.toContain(time);
        // Three seconds seen, widened evenly to seven: 09:59:58 to 10:00:04.
        expect(time).toMatch(/^2023-04-17T(09:59:5[89]|10:00:0[0-4])\+02:00$/);
      }
      expect(new Set(times).size).toBe(3);
    }
  });

  it('reports its progress phase by phase, each phase counting up to its total', () => {
    const heard: [string, number, number][] = [];
    const quiet = pseudonymize(workbook, schemasOf(workbook), { secret: 's' });
    const told = pseudonymize(workbook, schemasOf(workbook), {
      secret: 's',
      onProgress: (phase, done, total) => heard.push([phase, done, total]),
    });
    expect(told.workbook).toEqual(quiet.workbook);
    const phases = [...new Set(heard.map(([phase]) => phase))];
    expect(phases).toEqual(['scan', 'generate', 'rows', 'text']);
    for (const phase of phases) {
      const steps = heard.filter(([name]) => name === phase);
      const total = steps[0]![2];
      expect(steps.every(([, , each]) => each === total)).toBe(true);
      expect(steps[0]![1]).toBe(0);
      expect(steps.at(-1)![1]).toBe(total);
      expect(steps.every(([, done], index) => index === 0 || done >= steps[index - 1]![1])).toBe(
        true,
      );
    }
    // Every column to pseudonymize is scanned, the two sheets' five row rules run, and the two
    // distinct notes are rewritten.
    expect(heard.find(([phase]) => phase === 'scan')![2]).toBe(6);
    expect(heard.find(([phase]) => phase === 'rows')![2]).toBe(10);
    expect(heard.find(([phase]) => phase === 'text')![2]).toBe(2);
  });

  it('does not change its input', () => {
    const copy = structuredClone(workbook);
    pseudonymize(workbook, schemasOf(workbook), { secret: 's' });
    expect(workbook).toEqual(copy);
  });

  it('gives the same email the same pseudonym on every sheet, so joins still work', () => {
    const { workbook: out } = pseudonymize(workbook, schemasOf(workbook), { secret: 's' });
    const first = out.sheets[0]!.rows;
    const second = out.sheets[1]!.rows;
    expect(first[0]![0]).toBe(first[2]![0]);
    expect(second[1]![1]).toBe(first[0]![0]);
    expect(second[0]![1]).toBe(first[1]![0]);
    expect(first[0]![0]).toMatch(/@example\.com$/);
  });

  it('applies keep, blank and faker rules', () => {
    const schemas = schemasOf(workbook);
    schemas[0] = withRule(schemas[0]!, 'first_name', { action: 'keep' });
    schemas[0] = withRule(schemas[0], 'notes', { action: 'blank' });
    schemas[1] = withRule(schemas[1]!, 'order_id', {
      action: 'faker',
      fakerMethod: 'string.uuid',
    });
    const { workbook: out, stats } = pseudonymize(workbook, schemas, { secret: 's' });
    expect(out.sheets[0]!.rows.map((r) => r[1])).toEqual(['Ann', 'Bob', 'Ann']);
    expect(out.sheets[0]!.rows.map((r) => r[3])).toEqual([null, null, null]);
    for (const r of out.sheets[1]!.rows) expect(r[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(stats.columnsPseudonymized).toBe(5);
  });

  it('rejects an unknown Faker method, naming near matches, before doing any work', () => {
    const schemas = schemasOf(workbook);
    schemas[0] = withRule(schemas[0]!, 'notes', {
      action: 'faker',
      fakerMethod: 'lorem.sentance',
    });
    expect(() => pseudonymize(workbook, schemas)).toThrow(EngineError);
    expect(() => pseudonymize(workbook, schemas)).toThrow(/lorem\.sentence/);
  });

  it('rejects schemas that do not match the sheets', () => {
    expect(() => pseudonymize(workbook, [schemasOf(workbook)[0]!])).toThrow(/one schema per sheet/);
  });

  it('uses a fresh random secret when none is given', () => {
    const schemas = schemasOf(workbook);
    const first = pseudonymize(workbook, schemas).workbook.sheets[0]!.rows;
    const second = pseudonymize(workbook, schemas).workbook.sheets[0]!.rows;
    expect(second).not.toEqual(first);
  });

  it('keeps cell types: Excel dates stay dates, numbers stay numbers', () => {
    const book: Workbook = {
      format: 'xlsx',
      sheets: [
        {
          name: 'S',
          columns: ['signup', 'score', 'is_active'],
          rows: [
            [new Date(Date.UTC(2023, 2, 15)), 12.5, true],
            [new Date(Date.UTC(2023, 5, 1)), 99.25, false],
            [new Date(Date.UTC(2022, 0, 9)), 3, true],
          ],
          numberFormats: ['m/d/yyyy', '0.00', null],
        },
      ],
    };
    const schemas = schemasOf(book);
    const { workbook: out } = pseudonymize(book, schemas, { secret: 's' });
    for (const [date, score, active] of out.sheets[0]!.rows) {
      expect(date).toBeInstanceOf(Date);
      expect((date as Date).getTime() % 86_400_000).toBe(0);
      expect((date as Date).getTime()).toBeGreaterThanOrEqual(Date.UTC(2022, 0, 9));
      expect((date as Date).getTime()).toBeLessThanOrEqual(Date.UTC(2023, 5, 1));
      expect(typeof score).toBe('number');
      // Each measure moves by at most 10% (or one unit of its last digit).
      expect(score).toBeGreaterThanOrEqual(2);
      expect(score).toBeLessThanOrEqual(99.25 * 1.1);
      expect(typeof active).toBe('boolean');
    }
    // Through the real xlsx writer and reader: still date and number cells.
    const reread = readWorkbook(writeWorkbook(out, 'xlsx'), 'out.xlsx').sheets[0]!.rows;
    expect(reread[0]![0]).toBeInstanceOf(Date);
    expect(typeof reread[0]![1]).toBe('number');
  });

  it('keeps number layouts: decimals, grouping, currency, percent and sign', () => {
    const book: Workbook = {
      format: 'csv',
      sheets: [
        sheet(
          'S',
          ['price', 'rate', 'delta'],
          [
            ['$1,234.50', '12.5%', '-3'],
            ['$12,000.00', '7.25%', '4'],
            ['$950.10', '0.5%', '-10'],
          ],
        ),
      ],
    };
    const { workbook: out } = pseudonymize(book, schemasOf(book), { secret: 's' });
    out.sheets[0]!.rows.forEach((r, i) => {
      expect(r[0]).toMatch(/^\$\d{1,3}(,\d{3})*\.\d{2}$/);
      expect(r[1]).toMatch(/^\d+\.\d+%$/);
      expect(String(r[1]).split('.')[1]!.length).toBe(
        String(book.sheets[0]!.rows[i]![1]).split('.')[1]!.length,
      );
      expect(String(r[2]).startsWith('-')).toBe(
        String(book.sheets[0]!.rows[i]![2]).startsWith('-'),
      );
    });
  });

  it('keeps date patterns and each value’s time zone', () => {
    const book: Workbook = {
      format: 'csv',
      sheets: [
        sheet(
          'S',
          ['seen'],
          [['2023-04-17T10:00:00+02:00'], ['2023-05-01T08:30:00Z'], ['2023-06-11T23:59:59-05:00']],
        ),
      ],
    };
    const { workbook: out } = pseudonymize(book, schemasOf(book), { secret: 's' });
    const zones = out.sheets[0]!.rows.map((r) => /(Z|[+-]\d{2}:\d{2})$/.exec(String(r[0]))?.[1]);
    expect(zones).toEqual(['+02:00', 'Z', '-05:00']);
    for (const r of out.sheets[0]!.rows) {
      const wallClock = Date.parse(String(r[0]).slice(0, 19) + 'Z');
      expect(wallClock).toBeGreaterThanOrEqual(Date.parse('2023-04-17T10:00:00Z'));
      expect(wallClock).toBeLessThanOrEqual(Date.parse('2023-06-11T23:59:59Z'));
    }
  });

  it('writes date-times whose fractions vary in width, or are left out, as valid date-times', () => {
    // PostgreSQL writes timestamptz with trailing zeros of the fraction trimmed.
    const originals = [
      '2023-04-17 10:00:00.123+00',
      '2023-04-17 10:00:01.5+00',
      '2023-04-17 10:00:02+00',
      '2023-04-18 09:15:03.25+00',
    ];
    const book: Workbook = {
      format: 'csv',
      sheets: [
        sheet(
          'S',
          ['created_at'],
          originals.map((text) => [text]),
        ),
      ],
    };
    const schemas = schemasOf(book);
    expect(schemas[0]![0]!.format).toBe('YYYY-MM-DD HH:mm:ss.SSSZ');
    const { workbook: out } = pseudonymize(book, schemas, { secret: 's' });
    for (const [index, row] of out.sheets[0]!.rows.entries()) {
      expect(row[0]).toMatch(/^2023-04-1[78] \d{2}:\d{2}:\d{2}\.\d{3}\+00$/);
      expect(row[0]).not.toBe(originals[index]);
    }
  });

  it('pseudonymizes values that do not fit the column type by the string rules', () => {
    const rows: Cell[][] = Array.from({ length: 99 }, (_, i) => [String(1000 + i * 7)]);
    rows.push(['N/A-7731']);
    const book: Workbook = { format: 'csv', sheets: [sheet('S', ['amount'], rows)] };
    const schemas = schemasOf(book);
    expect(schemas[0]![0]!.type).toBe('number');
    const { workbook: out } = pseudonymize(book, schemas, { secret: 's' });
    const odd = out.sheets[0]!.rows[99]![0] as string;
    expect(odd).not.toBe('N/A-7731');
    expect(odd).toMatch(/^[A-Z]\/[A-Z]-\d{4}$/);
  });

  it('returns a mapping with one row per distinct (sheet, column, original, pseudonym)', () => {
    const {
      workbook: out,
      mapping,
      mappingRowCount,
    } = pseudonymize(workbook, schemasOf(workbook), {
      secret: 's',
    });
    // Counted before the rows are built, then the same as their number.
    const counted = mappingRowCount();
    expect(mapping.columns).toEqual(['sheet', 'column', 'original', 'pseudonym']);
    expect(mapping.rows).toHaveLength(counted);
    const emailRows = mapping.rows.filter((r) => r[1] === 'customer_email');
    expect(emailRows.map((r) => [r[0], r[2]])).toEqual([
      ['customers', 'ann@corp.com'],
      ['customers', 'bob@corp.com'],
      ['orders', 'bob@corp.com'],
      ['orders', 'ann@corp.com'],
    ]);
    expect(emailRows[0]![3]).toBe(out.sheets[0]!.rows[0]![0]);
    const keys = mapping.rows.map((r) => JSON.stringify(r));
    expect(new Set(keys).size).toBe(keys.length);
    // A mapping is a table like any other: it writes in every format.
    expect(() => writeWorkbook({ format: 'csv', sheets: [mapping] }, 'csv')).not.toThrow();
  });

  it('maps each original of a column mixing text, number and date cells to its pseudonym', () => {
    const day = new Date(Date.UTC(2021, 4, 6));
    const mixed: Workbook = {
      format: 'xlsx',
      sheets: [sheet('s', ['amount'], [['12'], ['7'], [41], ['12'], [day], [41], ['9']])],
    };
    const { workbook: out, mapping } = pseudonymize(mixed, schemasOf(mixed), { secret: 'm' });
    const outCells = out.sheets[0]!.rows.map((row) => row[0]);
    expect(mapping.rows.map((row) => row[2])).toEqual(['12', '7', '41', '2021-05-06', '9']);
    // Each mapping row's pseudonym is the one written where that original first stands.
    const firstRows = [0, 1, 2, 4, 6];
    expect(mapping.rows.map((row) => String(row[3]))).toEqual(
      firstRows.map((row) => {
        const cell = outCells[row];
        return cell instanceof Date ? cell.toISOString().slice(0, 10) : String(cell);
      }),
    );
    expect(outCells[3]).toBe(outCells[0]);
    expect(outCells[5]).toBe(outCells[2]);
    expect(typeof outCells[2]).toBe('number');
  });

  it('reports rows, cells, columns, timings and the schema match', () => {
    const { stats } = pseudonymize(workbook, schemasOf(workbook), { secret: 's' });
    expect(stats.rowsProcessed).toBe(5);
    expect(stats.cellsProcessed).toBe(16);
    expect(stats.columnsPseudonymized).toBe(6);
    expect(stats.schemaMatch).toBe(1);
    expect(Object.keys(stats.timings)).toEqual(
      expect.arrayContaining(['scan', 'generate', 'write', 'verify']),
    );
    expect(stats.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('maps a column of 100,000 distinct values one-to-one', () => {
    const rows: Cell[][] = Array.from({ length: 100_000 }, (_, i) => [
      `user${i}@corp.com`,
      String(i + 1),
      `C-${String(i).padStart(6, '0')}`,
    ]);
    const book: Workbook = { format: 'csv', sheets: [sheet('S', ['email', 'id', 'code'], rows)] };
    const { workbook: out } = pseudonymize(book, schemasOf(book), { secret: 's' });
    for (let c = 0; c < 3; c++) {
      const values = new Set(out.sheets[0]!.rows.map((r) => r[c]));
      expect(values.size).toBe(100_000);
    }
  });

  it('joins same-named number columns on two sheets through one pseudonym', () => {
    const book: Workbook = {
      format: 'xlsx',
      sheets: [
        sheet('customers', ['customer_id'], [[1001], [1002], [1003], [1004]]),
        sheet('orders', ['customer_id'], [[1003], [1001], [1003]]),
      ],
    };
    const { workbook: out } = pseudonymize(book, schemasOf(book), { secret: 's' });
    const [customersOut, ordersOut] = out.sheets.map((s) => s.rows.map((r) => r[0]));
    expect(ordersOut).toEqual([customersOut![2], customersOut![0], customersOut![2]]);
  });

  it('gives up uniqueness gracefully when the target space is smaller than the column', () => {
    const rows: Cell[][] = Array.from({ length: 20_000 }, (_, i) => [`Person ${i}`]);
    const book: Workbook = { format: 'csv', sheets: [sheet('S', ['who'], rows)] };
    const schemas = schemasOf(book);
    schemas[0] = withRule(schemas[0]!, 'who', { action: 'faker', fakerMethod: 'person.prefix' });
    const { workbook: out } = pseudonymize(book, schemas, { secret: 's' });
    const values = out.sheets[0]!.rows.map((r) => r[0]);
    expect(values.every((v) => typeof v === 'string' && v !== '')).toBe(true);
    expect(new Set(values).size).toBeLessThan(20);
  });

  it('reads, pseudonymizes and writes a real CSV byte-identically for one secret', () => {
    const csv =
      'name,email,joined\r\nAnn Lee,ann@corp.com,2023-01-05\r\nBo Chen,bo@corp.com,2022-11-30\r\n';
    const book = readWorkbook(new TextEncoder().encode(csv), 'people.csv');
    const schemas = schemasOf(book);
    const once = writeWorkbook(pseudonymize(book, schemas, { secret: 'k' }).workbook, 'csv');
    const twice = writeWorkbook(pseudonymize(book, schemas, { secret: 'k' }).workbook, 'csv');
    expect(Buffer.from(once).equals(Buffer.from(twice))).toBe(true);
    const text = new TextDecoder().decode(once);
    expect(text).not.toContain('ann@corp.com');
    expect(text).not.toContain('Ann Lee');
  });
});
