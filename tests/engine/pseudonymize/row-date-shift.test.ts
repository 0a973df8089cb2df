import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { columnUnderScheme } from '../../support/column-under-scheme';
import {
  detectSchema,
  pseudonymize,
  type Cell,
  type ColumnSchema,
  type Sheet,
  type Workbook,
} from '../../../src/engine';
import { parseDateTextLoosely } from '../../../src/engine/formats/dates';
import { defaultDatePattern, stepOf } from '../../../src/engine/pseudonymize/date-ranges';
import { dateShiftPlans } from '../../../src/engine/pseudonymize/row-date-shift';

const DAY = 86_400_000;
const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/** '4/17/2023 3:04:05 PM', as customer exports write a last login. */
function usDateTime(ms: number): string {
  const d = new Date(ms);
  const hours = d.getUTCHours() % 12 === 0 ? 12 : d.getUTCHours() % 12;
  return (
    `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()} ` +
    `${hours}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} ${d.getUTCHours() < 12 ? 'AM' : 'PM'}`
  );
}

/** A cell's wall-clock instant as its column writes it. */
function instantOf(cell: Cell, column: ColumnSchema): number {
  if (cell instanceof Date) return cell.getTime();
  const pattern = column.format ?? defaultDatePattern(column);
  const parsed = parseDateTextLoosely(String(cell), pattern, { fractionDigits: 0 });
  if (!parsed) throw new Error(`unreadable date in ${column.name}`);
  return parsed.date.getTime();
}

const row = fc.record({
  id: fc.integer({ min: 1000, max: 999_999 }),
  signupDay: fc.integer({ min: 0, max: 3000 }),
  loginAfterS: fc.integer({ min: 0, max: 400 * 86_400 }),
  shippedAfterDays: fc.integer({ min: 0, max: 90 }),
});

type RowSpec = { id: number; signupDay: number; loginAfterS: number; shippedAfterDays: number };

/** Rows with a date, a US date-time and an ISO date-time with zone; xlsx gets a Date cell. */
function workbookOf(rows: RowSpec[], format: 'csv' | 'xlsx'): Workbook {
  const start = Date.UTC(2018, 0, 1);
  const cells: Cell[][] = rows.map((r, index) => {
    const signup = start + r.signupDay * DAY;
    const login = signup + r.loginAfterS * 1000;
    const shipped = signup + r.shippedAfterDays * DAY;
    return [
      String(r.id * 1000 + index),
      new Date(signup).toISOString().slice(0, 10),
      usDateTime(login),
      format === 'xlsx'
        ? new Date(shipped)
        : `${new Date(shipped).toISOString().slice(0, 19)}+02:00`,
    ];
  });
  const sheet: Sheet = {
    name: 'customers',
    columns: ['customer_id', 'signup_date', 'last_login', 'shipped'],
    rows: cells,
    ...(format === 'xlsx' ? { numberFormats: [null, null, null, 'yyyy-mm-dd'] } : {}),
  };
  return { format, sheets: [sheet] };
}

describe('dates that move with their row', () => {
  it('keeps the order and the exact intervals of every pair of dates in a row', () => {
    fc.assert(
      fc.property(
        fc.array(row, { minLength: 3, maxLength: 25 }),
        fc.constantFrom('csv' as const, 'xlsx' as const),
        (rows, format) => {
          const workbook = workbookOf(rows, format);
          const schema = detectSchema(workbook.sheets[0]!);
          const out = pseudonymize(workbook, [schema], { secret: 'row key' });
          const before = workbook.sheets[0]!.rows;
          const after = out.workbook.sheets[0]!.rows;
          expect(schema.slice(1).map((c) => c.type)).toEqual([
            'date',
            'datetime',
            format === 'xlsx' ? 'date' : 'datetime',
          ]);
          before.forEach((original, r) => {
            const shifts = [1, 2, 3].map(
              (c) => instantOf(after[r]![c]!, schema[c]!) - instantOf(original[c]!, schema[c]!),
            );
            // One offset for the whole row, whole days, never none.
            expect(new Set(shifts).size).toBe(1);
            expect(Math.abs(shifts[0]! % DAY)).toBe(0);
            expect(shifts[0]).not.toBe(0);
            expect(Math.abs(shifts[0]!)).toBeLessThanOrEqual(180 * DAY);
          });
          expect(out.stats.rowRelations?.datesShiftedByEntity).toBe(rows.length * 3);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('shifts the same entity alike in two files under one key', () => {
    const a = workbookOf([{ id: 7, signupDay: 10, loginAfterS: 5000, shippedAfterDays: 3 }], 'csv');
    const b = workbookOf(
      [
        { id: 9, signupDay: 900, loginAfterS: 99, shippedAfterDays: 1 },
        { id: 8, signupDay: 1500, loginAfterS: 7, shippedAfterDays: 2 },
      ],
      'csv',
    );
    // The same customer id in both files, with other dates.
    b.sheets[0]!.rows[1]![0] = a.sheets[0]!.rows[0]![0]!;
    const shiftOf = (workbook: Workbook, r: number): number => {
      const schema = detectSchema(workbook.sheets[0]!);
      const out = pseudonymize(workbook, [schema], { secret: 'shared' });
      return (
        instantOf(out.workbook.sheets[0]!.rows[r]![1]!, schema[1]!) -
        instantOf(workbook.sheets[0]!.rows[r]![1]!, schema[1]!)
      );
    };
    expect(shiftOf(a, 0)).toBe(shiftOf(b, 1));
  });

  it('lists in the mapping every pair written, a date once per entity offset', () => {
    const workbook = workbookOf(
      [
        { id: 1, signupDay: 5, loginAfterS: 10, shippedAfterDays: 1 },
        { id: 2, signupDay: 5, loginAfterS: 10, shippedAfterDays: 1 },
      ],
      'csv',
    );
    const schema = detectSchema(workbook.sheets[0]!);
    const out = pseudonymize(workbook, [schema], { secret: 'k' });
    // Counted before the rows are built, as the server does to answer early.
    const counted = out.mappingRowCount();
    expect(counted).toBe(out.mapping.rows.length);
    const signups = out.mapping.rows.filter((m) => m[1] === 'signup_date');
    const written = out.workbook.sheets[0]!.rows.map((r) => r[1]);
    expect(signups.map((m) => m[3])).toEqual([...new Set(written)]);
    expect(signups.every((m) => m[2] === '2018-01-06')).toBe(true);
  });

  it('draws birth dates per value, and follows a chosen entity column', () => {
    const sheet: Sheet = {
      name: 's',
      columns: ['id', 'dob', 'joined'],
      rows: [
        ['1', '1980-05-01', '2020-01-01'],
        ['2', '1990-07-02', '2021-02-02'],
        ['3', '1985-03-09', '2021-02-09'],
      ],
    };
    const schema = detectSchema(sheet);
    const out = pseudonymize({ format: 'csv', sheets: [sheet] }, [schema], { secret: 'k' });
    expect(out.stats.rowRelations?.datesShiftedByEntity).toBe(3);
    const chosen = schema.map((c) =>
      c.name === 'dob' ? { ...c, dateShift: { entityColumn: 'id', windowDays: 30 } } : c,
    );
    const again = pseudonymize({ format: 'csv', sheets: [sheet] }, [chosen], { secret: 'k' });
    expect(again.stats.rowRelations?.datesShiftedByEntity).toBe(6);
  });

  it('draws times of day per value (scheme 4), where a shift by whole days kept every one', () => {
    const times = ['09:00', '12:15', '06:00', '22:45', '18:30', '07:05'];
    const csv: Sheet = {
      name: 'shifts',
      columns: ['emp_id', 'shift_start', 'signup_date'],
      rows: times.map((time, index) => [String(index + 1), time, `2020-01-0${index + 1}`]),
    };
    const schema = detectSchema(csv);
    expect(schema[1]).toMatchObject({ type: 'datetime', format: 'HH:mm' });
    expect(dateShiftPlans(schema)[1]).toBeNull();
    // Scheme 3 moved them with the row, and a recipe of it still does.
    expect(dateShiftPlans(schema, 3)[1]).toMatchObject({ entityColumn: 'emp_id' });
    const out = pseudonymize({ format: 'csv', sheets: [csv] }, [schema], { secret: 'k' });
    const written = out.workbook.sheets[0]!.rows;
    written.forEach((cells, index) => {
      expect(cells[1]).toMatch(/^\d\d:\d\d$/);
      expect(cells[1]).not.toBe(times[index]);
    });
    // The calendar date beside them still moves with the row.
    expect(out.stats.rowRelations?.datesShiftedByEntity).toBe(times.length);

    // A spreadsheet's time cells (a fraction of a day) stay times, not dates of 1900.
    const xlsx: Sheet = {
      name: 'shifts',
      columns: ['emp_id', 'shift_start'],
      rows: times.map((time, index) => [
        String(index + 1),
        new Date(Date.UTC(1899, 11, 30, Number(time.slice(0, 2)), Number(time.slice(3)))),
      ]),
      numberFormats: [null, 'h:mm AM/PM'],
    };
    const cells = pseudonymize({ format: 'xlsx', sheets: [xlsx] }, [detectSchema(xlsx)], {
      secret: 'k',
    }).workbook.sheets[0]!.rows.map((cells) => cells[1]);
    cells.forEach((cell, index) => {
      expect(cell).toBeInstanceOf(Date);
      expect((cell as Date).getTime()).not.toBe(xlsx.rows[index]![1]!.valueOf());
      expect(Math.floor((cell as Date).getTime() / DAY)).toBe(Date.UTC(1899, 11, 30) / DAY);
    });
  });

  it("writes each shifted time's fraction of a second as the original did (scheme 4)", () => {
    const stamps = [
      '2023-01-05 13:45:00.123456+02',
      '2023-06-05 01:02:03.000001+02',
      '2023-06-05 01:02:03.5+02',
      '2024-02-29 23:59:59+01',
    ];
    const sheet: Sheet = {
      name: 'events',
      columns: ['id', 'ts_local'],
      rows: stamps.map((stamp, index) => [String(index + 1), stamp]),
    };
    const run = (scheme: number) => columnUnderScheme(sheet, 1, scheme);
    const fraction = (text: string) => /:\d\d([.,]\d+)?/.exec(text.slice(11))?.[1] ?? '';
    run(4).forEach((written, index) => {
      expect(written.slice(0, 10)).not.toBe(stamps[index]!.slice(0, 10));
      expect(written.slice(10)).toBe(stamps[index]!.slice(10));
      expect(fraction(written)).toBe(fraction(stamps[index]!));
    });
    // Scheme 3 wrote the pattern's fraction to the millisecond: '.000001' lost its microsecond.
    expect(run(3)[1]).toMatch(/\.000000\+02$/);
  });

  it('tells the page which column each date column shifts with, as the run picks it', () => {
    const sheet: Sheet = {
      name: 's',
      columns: ['name', 'customer_id', 'email', 'dob', 'joined', 'last_login'],
      rows: [
        ['Ann', '101', 'ann@example.org', '1980-05-01', '2020-01-01', '2024-01-01'],
        ['Bob', '102', 'bob@example.org', '1990-07-02', '2021-02-02', '2024-02-02'],
        ['Cy', '103', 'cy@example.org', '1985-03-09', '2021-02-09', '2024-03-03'],
      ],
    };
    const schema = detectSchema(sheet);
    const chosen = schema.map((c) =>
      c.name === 'last_login' ? { ...c, dateShift: { entityColumn: 'email', windowDays: 30 } } : c,
    );
    expect(dateShiftPlans(chosen)).toEqual([
      null,
      null,
      null,
      {
        entityColumn: null,
        automatic: true,
        automaticColumn: null,
        birthDate: true,
        windowDays: 180,
      },
      {
        entityColumn: 'customer_id',
        automatic: true,
        automaticColumn: 'customer_id',
        birthDate: false,
        windowDays: 180,
      },
      {
        entityColumn: 'email',
        automatic: false,
        automaticColumn: 'customer_id',
        birthDate: false,
        windowDays: 30,
      },
    ]);
    // The run moves exactly the columns the plans say, by their entity.
    const out = pseudonymize({ format: 'csv', sheets: [sheet] }, [chosen], { secret: 'k' });
    expect(out.stats.rowRelations?.datesShiftedByEntity).toBe(6);
  });
});

describe('scheme 3: per-value dates drawn only for the rows the shift leaves', () => {
  /** Rows of the property test, some without a customer id (left to the per-value draw). */
  const rowsWithBlanks = fc.array(fc.tuple(row, fc.boolean()), { minLength: 3, maxLength: 30 });

  function withBlankIds(rows: [RowSpec, boolean][]): Workbook {
    const workbook = workbookOf(
      rows.map(([r]) => r),
      'csv',
    );
    rows.forEach(([, blank], index) => {
      if (blank) workbook.sheets[0]!.rows[index]![0] = '';
    });
    return workbook;
  }

  it('gives every date a pseudonym that is not its original, shifted or drawn', () => {
    fc.assert(
      fc.property(rowsWithBlanks, (rows) => {
        // A sheet with some customer id, so its dates move with it.
        fc.pre(rows.some(([, blank]) => !blank));
        const workbook = withBlankIds(rows);
        const schema = detectSchema(workbook.sheets[0]!);
        const out = pseudonymize(workbook, [schema], { secret: 'k', scheme: 3 });
        const blanks = rows.filter(([, blank]) => blank).length;
        const dateColumns = schema.filter((c) => c.type === 'date' || c.type === 'datetime');
        expect(out.stats.rowRelations?.datesPerValue).toBe(blanks * dateColumns.length);
        workbook.sheets[0]!.rows.forEach((original, r) => {
          const written = out.workbook.sheets[0]!.rows[r]!;
          for (const column of dateColumns) {
            const index = schema.indexOf(column);
            expect(written[index]).not.toBe('');
            expect(written[index]).not.toBeNull();
            expect(written[index]).not.toBe(original[index]);
            // Readable as the column writes dates.
            instantOf(written[index]!, column);
          }
        });
      }),
      { numRuns: 40 },
    );
  });

  it('writes what scheme 2 wrote when no draw collided, and maps the left rows', () => {
    fc.assert(
      fc.property(rowsWithBlanks, (rows) => {
        const workbook = withBlankIds(rows);
        const schema = detectSchema(workbook.sheets[0]!);
        const two = pseudonymize(workbook, [schema], { secret: 'k', scheme: 2 });
        fc.pre(two.stats.fileDependentPseudonyms === 0);
        const three = pseudonymize(workbook, [schema], { secret: 'k', scheme: 3 });
        expect(three.workbook.sheets[0]!.rows).toEqual(two.workbook.sheets[0]!.rows);
        expect(three.mapping.rows).toEqual(two.mapping.rows);
      }),
      { numRuns: 40 },
    );
  });

  it('draws no per-value date when every row moves with its entity', () => {
    const workbook = workbookOf(
      [
        { id: 1, signupDay: 5, loginAfterS: 10, shippedAfterDays: 1 },
        { id: 2, signupDay: 9, loginAfterS: 70, shippedAfterDays: 4 },
      ],
      'csv',
    );
    const schema = detectSchema(workbook.sheets[0]!);
    const two = pseudonymize(workbook, [schema], { secret: 'k', scheme: 2 });
    const three = pseudonymize(workbook, [schema], { secret: 'k', scheme: 3 });
    expect(three.workbook.sheets[0]!.rows).toEqual(two.workbook.sheets[0]!.rows);
    // Scheme 2 drew a date per value and counted those that had to be redrawn; scheme 3 draws none.
    expect(three.stats.rowRelations?.datesPerValue).toBe(0);
  });
});

describe('a sheet without an entity column (scheme 8 on)', () => {
  /** Invoices with no id, email or UUID: a date, a due date 30 days on, and an amount. */
  const invoices = (count: number): Sheet => ({
    name: 'invoices',
    columns: ['invoice_date', 'due_date', 'amount'],
    rows: Array.from({ length: count }, (_, index) => {
      const issued = Date.UTC(2022, 0, 1) + ((index * 37) % 365) * DAY;
      return [
        new Date(issued).toISOString().slice(0, 10),
        new Date(issued + 30 * DAY).toISOString().slice(0, 10),
        (100 + index * 7.31).toFixed(2),
      ];
    }),
  });

  it("moves a row's dates by one offset keyed by its first date, keeping order and intervals", () => {
    const sheet = invoices(60);
    const issued = columnUnderScheme(sheet, 0, 8);
    const due = columnUnderScheme(sheet, 1, 8);
    sheet.rows.forEach((original, row) => {
      expect(issued[row]).not.toBe(original[0]);
      expect(Date.parse(due[row]!) - Date.parse(issued[row]!)).toBe(30 * DAY);
    });
    // The anchor's pseudonym depends on its value alone: the same date moves alike in any file.
    const fewer = invoices(10);
    expect(columnUnderScheme(fewer, 0, 8)).toEqual(issued.slice(0, 10));
  });

  it('drew each date on its own up to scheme 7, putting due dates before their invoices', () => {
    const sheet = invoices(60);
    const issued = columnUnderScheme(sheet, 0, 7);
    const due = columnUnderScheme(sheet, 1, 7);
    const kept = sheet.rows.filter(
      (_, row) => Date.parse(due[row]!) - Date.parse(issued[row]!) === 30 * DAY,
    );
    expect(kept.length).toBeLessThan(5);
  });

  it('tells the page the first date column is the anchor, and leaves a lone date per value', () => {
    const schema = detectSchema(invoices(5));
    const anchored = {
      entityColumn: 'invoice_date',
      automatic: true,
      automaticColumn: 'invoice_date',
      birthDate: false,
      windowDays: 180,
    };
    expect(dateShiftPlans(schema, 8)).toEqual([anchored, anchored, null]);
    expect(dateShiftPlans(schema, 7)[1]).toMatchObject({ entityColumn: null });
    const lone = invoices(5);
    lone.rows = lone.rows.map(([issued, , amount]) => [issued!, 'paid', amount!]);
    expect(dateShiftPlans(detectSchema(lone), 8)[0]).toMatchObject({ entityColumn: null });
  });
});

describe("a person's rows moving as one (scheme 10 on)", () => {
  /** A user's events: a unique event id, then the user's id (40 users), a timestamp a day apart. */
  const events = (count: number): Sheet => ({
    name: 'events',
    columns: ['event_id', 'user_id', 'occurred_at'],
    rows: Array.from({ length: count }, (_, index) => [
      String(900_000 + index),
      String(1000 + (index % 40)),
      new Date(Date.UTC(2024, 2, 1) + Math.floor(index / 40) * DAY).toISOString().slice(0, 10),
    ]),
  });
  const customers: Sheet = {
    name: 'customers',
    columns: ['user_id', 'signup_date'],
    rows: Array.from({ length: 40 }, (_, index) => [String(1000 + index), '2024-02-01']),
  };

  it("moves a user's events by one offset: their order and intervals kept", () => {
    const sheet = events(400);
    const moved = columnUnderScheme(sheet, 2, 10);
    for (let user = 0; user < 40; user++) {
      const rows = sheet.rows.flatMap((_, row) => (row % 40 === user ? [row] : []));
      const offsets = new Set(
        rows.map((row) => Date.parse(moved[row]!) - Date.parse(sheet.rows[row]![2] as string)),
      );
      expect(offsets.size, `user ${user}`).toBe(1);
      expect([...offsets][0]).not.toBe(0);
    }
    // Scheme 9 moved each event by its own id.
    const older = columnUnderScheme(sheet, 2, 9);
    const firstUser = sheet.rows.flatMap((_, row) => (row % 40 === 0 ? [row] : []));
    const olderOffsets = new Set(
      firstUser.map((row) => Date.parse(older[row]!) - Date.parse(sheet.rows[row]![2] as string)),
    );
    expect(olderOffsets.size).toBeGreaterThan(1);
  });

  it("moves a patient's visits as one in a sheet without a row id, from scheme 11 on", () => {
    // Two dates a row and no unique id: the first date was each row's anchor, so each visit
    // of a patient moved on its own.
    const visits: Sheet = {
      name: 'encounters',
      columns: ['patient_id', 'admitted', 'discharged'],
      rows: events(400).rows.map(([, user, day]) => [
        `P${String(user)}`,
        day!,
        new Date(Date.parse(day as string) + 3 * DAY).toISOString().slice(0, 10),
      ]),
    };
    const offsetsPerPatient = (scheme: number): number[] => {
      const admitted = columnUnderScheme(visits, 1, scheme);
      const discharged = columnUnderScheme(visits, 2, scheme);
      const offsets = new Map<string, Set<number>>();
      visits.rows.forEach((row, index) => {
        const offset = Date.parse(admitted[index]!) - Date.parse(row[1] as string);
        expect(Date.parse(discharged[index]!) - Date.parse(admitted[index]!)).toBe(3 * DAY);
        const patient = String(row[0]);
        offsets.set(patient, (offsets.get(patient) ?? new Set()).add(offset));
      });
      return [...offsets.values()].map((each) => each.size);
    };
    expect(offsetsPerPatient(11).every((count) => count === 1)).toBe(true);
    expect(offsetsPerPatient(10).some((count) => count > 1)).toBe(true);
    expect(dateShiftPlans(detectSchema(visits), 11)[1]).toMatchObject({
      entityColumn: 'patient_id',
    });
  });

  it('moves a user as the users file moves them, so a signup stays before their events', () => {
    const eventRows = columnUnderScheme(events(400), 2, 10);
    const signups = columnUnderScheme(customers, 1, 10);
    const sheet = events(400);
    sheet.rows.forEach((row, index) => {
      const user = Number(row[1]) - 1000;
      const shift = Date.parse(eventRows[index]!) - Date.parse(row[2] as string);
      expect(Date.parse(signups[user]!) - Date.parse('2024-02-01')).toBe(shift);
    });
  });

  it('tells the page the user column is the entity; a category-like or sparse one is not', () => {
    expect(dateShiftPlans(detectSchema(events(400)), 10)[2]).toMatchObject({
      entityColumn: 'user_id',
    });
    expect(dateShiftPlans(detectSchema(events(400)), 9)[2]).toMatchObject({
      entityColumn: 'event_id',
    });
    // Ten users only: a category, its many rows would share one offset.
    const few = events(400);
    few.rows.forEach((row, index) => (row[1] = String(1000 + (index % 10))));
    expect(dateShiftPlans(detectSchema(few), 10)[2]).toMatchObject({ entityColumn: 'event_id' });
    // A user id missing on some rows would leave them to the per-value draw.
    const sparse = events(400);
    sparse.rows.forEach((row, index) => index % 7 === 0 && (row[1] = ''));
    expect(dateShiftPlans(detectSchema(sparse), 10)[2]).toMatchObject({
      entityColumn: 'event_id',
    });
  });
});

describe('dates written as numbers: Unix time and 20230415', () => {
  it('draws Unix time on its own unit, where a datetime pattern without seconds draws minutes', () => {
    expect([
      stepOf('X', true, 11),
      stepOf('x', true, 11),
      stepOf('YYYY-MM-DD HH:mm', true, 11),
    ]).toEqual([1000, 1, 60_000]);
  });

  const DAYS_180 = 180 * DAY;
  /** Orders as an API or pandas' to_json writes them: seconds and milliseconds since 1970. */
  function orders(asNumbers: boolean): Sheet {
    const rows: Cell[][] = Array.from({ length: 120 }, (_, index) => {
      const created = 1_600_000_000 + index * 7_919 * 13;
      const updatedMs = (created + 3_600 + index * 61) * 1000 + (index % 1000);
      return [
        String(5000 + index),
        asNumbers ? created : String(created),
        asNumbers ? updatedMs : String(updatedMs),
        // A row without its id moves by a draw of its own.
        index % 40 === 39 ? '' : `${(index * 37) % 500}.25`,
      ];
    });
    rows[7]![0] = '';
    return { name: 'orders', columns: ['order_id', 'created_at', 'updated_at', 'total'], rows };
  }

  it.each([
    ['text (csv)', false],
    ['numbers (JSON)', true],
  ])("moves a row's Unix times by one offset, written in their unit, as %s", (_, asNumbers) => {
    const sheet = orders(asNumbers);
    const schema = detectSchema(sheet);
    expect(schema.slice(1, 3).map((column) => [column.type, column.format])).toEqual([
      ['datetime', 'X'],
      ['datetime', 'x'],
    ]);
    const out = pseudonymize({ format: asNumbers ? 'json' : 'csv', sheets: [sheet] }, [schema], {
      secret: 'k',
    });
    const after = out.workbook.sheets[0]!.rows;
    sheet.rows.forEach((row, index) => {
      const [, created, updated] = after[index]!;
      expect(typeof created).toBe(asNumbers ? 'number' : 'string');
      expect(typeof updated).toBe(asNumbers ? 'number' : 'string');
      expect(String(created)).toMatch(/^\d{10}$/);
      expect(String(updated)).toMatch(/^\d{13}$/);
      expect(created).not.toEqual(row[1]);
      const createdMs = Number(created) * 1000;
      if (row[0] === '') {
        // No entity: each value drawn within its column's range.
        expect(createdMs).toBeGreaterThanOrEqual(Date.parse(schema[1]!.dateRange!.min + 'Z'));
        return;
      }
      const shift = createdMs - Number(row[1]) * 1000;
      expect(Math.abs(shift)).toBeLessThanOrEqual(DAYS_180);
      expect(Math.abs(shift % DAY)).toBe(0);
      expect(Number(updated) - Number(row[2])).toBe(shift);
    });
  });

  it.each([
    ['text (csv)', false],
    ['numbers (JSON)', true],
  ])('moves compact dates (20230415) with their row, written as %s', (_, asNumbers) => {
    const rows: Cell[][] = Array.from({ length: 90 }, (_, index) => {
      const ordered = Date.UTC(2023, 0, 1) + index * 3 * DAY;
      const compact = (ms: number): string =>
        new Date(ms).toISOString().slice(0, 10).replace(/-/g, '');
      const cells = [compact(ordered), compact(ordered + (index % 9) * DAY)];
      return [String(9000 + index), ...(asNumbers ? cells.map(Number) : cells)];
    });
    const sheet: Sheet = { name: 'orders', columns: ['order_id', 'order_date', 'ship_date'], rows };
    const schema = detectSchema(sheet);
    expect(schema[1]).toMatchObject({ type: 'date', format: 'YYYYMMDD' });
    const out = pseudonymize({ format: asNumbers ? 'json' : 'csv', sheets: [sheet] }, [schema], {
      secret: 'k',
    });
    const read = (cell: Cell): number =>
      parseDateTextLoosely(String(cell), 'YYYYMMDD', { fractionDigits: 0 })!.date.getTime();
    out.workbook.sheets[0]!.rows.forEach((after, index) => {
      const before = rows[index]!;
      expect(typeof after[1]).toBe(asNumbers ? 'number' : 'string');
      expect(after[1]).not.toEqual(before[1]);
      expect(read(after[2]!) - read(after[1]!)).toBe(read(before[2]!) - read(before[1]!));
    });
  });
});

describe('months without days (scheme 11 on)', () => {
  /** Payroll rows: an employee, the month paid and the period it covers, a month earlier. */
  const payroll = (): Sheet => ({
    name: 'payroll',
    columns: ['employee_id', 'pay_month', 'period'],
    rows: Array.from({ length: 240 }, (_, index) => {
      const month = Date.UTC(2020, index % 48, 1);
      const earlier = Date.UTC(2020, (index % 48) - 1, 1);
      const iso = (ms: number) => new Date(ms).toISOString().slice(0, 7);
      const [year, monthOfYear] = iso(earlier).split('-');
      // Every fifth row has no employee: its months are drawn per value.
      return [
        index % 5 === 4 ? '' : String(1000 + (index % 60)),
        iso(month),
        `${monthOfYear}/${year}`,
      ];
    }),
  });

  it('reads them as dates and moves a row by whole months, never onto the month it had', () => {
    const sheet = payroll();
    const schema = detectSchema(sheet);
    expect(schema.slice(1).map((column) => [column.type, column.format])).toEqual([
      ['date', 'YYYY-MM'],
      ['date', 'MM/YYYY'],
    ]);
    const months = columnUnderScheme(sheet, 1, 11);
    const periods = columnUnderScheme(sheet, 2, 11);
    const monthIndex = (text: string, layout: 'iso' | 'us'): number => {
      const [a, b] = layout === 'iso' ? text.split('-') : text.split('/').reverse();
      return Number(a) * 12 + Number(b) - 1;
    };
    sheet.rows.forEach((row, index) => {
      expect(months[index]).toMatch(/^\d{4}-(0[1-9]|1[0-2])$/);
      expect(periods[index]).toMatch(/^(0[1-9]|1[0-2])\/\d{4}$/);
      expect(months[index]).not.toBe(row[1]);
      if (row[0] === '') return;
      const moved = monthIndex(months[index]!, 'iso') - monthIndex(row[1] as string, 'iso');
      expect(moved).not.toBe(0);
      expect(Math.abs(moved)).toBeLessThanOrEqual(6);
      // The period a month before the pay month stays a month before it.
      expect(monthIndex(periods[index]!, 'us')).toBe(monthIndex(months[index]!, 'iso') - 1);
    });
  });

  it('moved them by days up to scheme 10, which often left a month as it was', () => {
    const sheet = payroll();
    const months = columnUnderScheme(sheet, 1, 10);
    expect(months.filter((month, index) => month === sheet.rows[index]![1]).length).toBeGreaterThan(
      5,
    );
  });
});
