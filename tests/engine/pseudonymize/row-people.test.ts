import * as fakerLocale from '@faker-js/faker';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  detectSchema,
  pseudonymize,
  type Cell,
  type SharedAddresses,
  type Sheet,
} from '../../../src/engine';
import {
  LAYOUTS,
  nameLayout,
  partText,
  type NamePart,
} from '../../../src/engine/pseudonymize/row-people';
import { splitFullName } from '../../../src/engine/text/person-names';
import { plain } from '../../support/name-letters';

const FIRST = ['Catherine', 'James', 'Chloé', 'Olga', 'Mateo', 'Fatima', 'Quentin', 'Susan'];
const LAST = ['Moore', 'Smith', 'Rempel', 'Garcia', 'Nguyen', 'Wilson', 'Ramos', 'Jenkins'];
const DOMAINS = ['yahoo.com', 'gmail.com', 'corp.org'];

type Layout = 'first.last' | 'flast' | 'first_last' | 'other';

const person = fc.record({
  first: fc.constantFrom(...FIRST),
  last: fc.constantFrom(...LAST),
  layout: fc.constantFrom<Layout>('first.last', 'flast', 'first_last', 'other'),
  digits: fc.integer({ min: 0, max: 999 }).map((n) => (n < 300 ? '' : String(n))),
  domain: fc.constantFrom(...DOMAINS),
  commaName: fc.boolean(),
});

function localOf(first: string, last: string, layout: Layout, digits: string): string {
  const f = plain(first);
  const l = plain(last);
  if (layout === 'first.last') return `${f}.${l}${digits}`;
  if (layout === 'flast') return `${f[0]}${l}${digits}`;
  if (layout === 'first_last') return `${f}_${l}${digits}`;
  return `customer${digits}`;
}

describe('people that stay coherent within a row', () => {
  it('rebuilds emails and full names from the row’s pseudonymized names', () => {
    fc.assert(
      fc.property(fc.array(person, { minLength: 4, maxLength: 30 }), (people) => {
        const rows: Cell[][] = people.map((p, i) => [
          String(1000 + i),
          p.first,
          p.last,
          p.commaName ? `${p.last}, ${p.first}` : `${p.first} ${p.last}`,
          `${localOf(p.first, p.last, p.layout, p.digits)}${i}@${p.domain}`,
        ]);
        const sheet: Sheet = {
          name: 's',
          columns: ['id', 'first_name', 'last_name', 'full_name', 'email'],
          rows,
        };
        const schema = detectSchema(sheet);
        expect(schema.map((c) => c.semantic ?? c.type)).toEqual([
          expect.anything(),
          'firstName',
          'lastName',
          'fullName',
          'email',
        ]);
        const out = pseudonymize({ format: 'csv', sheets: [sheet] }, [schema], { secret: 'k' });
        const after = out.workbook.sheets[0]!.rows;
        const emails = new Set<string>();
        people.forEach((p, r) => {
          const [, first, last, full, email] = after[r]! as string[];
          expect(full).toBe(p.commaName ? `${last}, ${first}` : `${first} ${last}`);
          expect(email).not.toBe(rows[r]![4]);
          emails.add(email!);
          const local = email!.slice(0, email!.indexOf('@'));
          // An address not made of the names is drawn, and a draw may happen to spell the row's
          // new names ('jsmith5819' beside John Smith), so only its change is checked.
          if (p.layout === 'other') return;
          const digits = /\d*$/.exec(String(rows[r]![4]).split('@')[0]!)![0];
          expect(local).toMatch(/\d*$/);
          expect(local.replace(/\d+$/, '')).toBe(
            localOf(first!, last!, p.layout, '').replace(/\d+$/, ''),
          );
          // Digits stay in place: as many, or one more per retry for namesakes.
          expect(/\d*$/.exec(local)![0].length).toBeGreaterThanOrEqual(digits.length);
          expect(email!.endsWith(`@example.${p.domain.endsWith('.org') ? 'org' : 'com'}`)).toBe(
            true,
          );
        });
        // Every row's original email is distinct, and so are the pseudonyms.
        expect(emails.size).toBe(people.length);
      }),
      { numRuns: 40 },
    );
  });

  it('counts an address whose rebuilt form a namesake took first as depending on the file', () => {
    const run = (emails: string[]) => {
      const sheet: Sheet = {
        name: 's',
        columns: ['id', 'first_name', 'last_name', 'email'],
        rows: emails.map((email, i) => [String(1000 + i), 'Catherine', 'Moore', email]),
      };
      return pseudonymize({ format: 'csv', sheets: [sheet] }, [detectSchema(sheet)], {
        secret: 'k',
      });
    };
    const alone = run(['catherine.moore@gmail.com']);
    const namesakes = run(['catherine.moore@gmail.com', 'catherine.moore@yahoo.com']);
    const [first, second] = namesakes.workbook.sheets[0]!.rows.map((row) => String(row[3]));
    // Both rebuild to the same first.last@example.com: the second in the file takes a digit, so
    // what it gets depends on the file holding the first.
    expect(first!.split('@')[0]).not.toMatch(/\d/);
    expect(second!.split('@')[0]).toMatch(/\d$/);
    expect(second!.replace(/\d+@/, '@')).toBe(first);
    expect(namesakes.stats.fileDependentPseudonyms).toBe(alone.stats.fileDependentPseudonyms + 1);
  });

  it('keeps rebuilt addresses apart across the parts of a file that share them', () => {
    const rows: Cell[][] = [];
    for (let index = 0; index < 40; index++) {
      const domain = index < 20 ? 'gmail.com' : 'yahoo.com';
      rows.push([String(100 + index), 'Catherine', 'Moore', `catherine.moore@${domain}`]);
    }
    const columns = ['id', 'first_name', 'last_name', 'email'];
    const sheet = (part: Cell[][]): Sheet => ({ name: 's', columns, rows: part });
    const schema = detectSchema(sheet(rows));
    const emails = (part: Cell[][], sharedAddresses?: SharedAddresses) =>
      pseudonymize({ format: 'csv', sheets: [sheet(part)] }, [schema], {
        secret: 'k',
        ...(sharedAddresses ? { sharedAddresses } : {}),
      }).workbook.sheets[0]!.rows.map((row) => String(row[3]));
    // What a caller such as the command line's streaming run keeps between its parts.
    const owners = new Map<string, string>();
    let turns = 0;
    const shared: SharedAddresses = {
      enter: () => turns++,
      takenByAnother: (address, original) => (owners.get(address) ?? original) !== original,
      take: (address, original) => void owners.set(address, owners.get(address) ?? original),
      leave: () => {},
    };
    const whole = emails(rows);
    const parts = [...emails(rows.slice(0, 20), shared), ...emails(rows.slice(20), shared)];
    expect(turns).toBe(2);
    expect(parts).toEqual(whole);
    expect(new Set(whole).size).toBe(2);
    // Without them, the second part gives its namesake the plain form the first part gave.
    const apart = [...emails(rows.slice(0, 20)), ...emails(rows.slice(20))];
    expect(new Set(apart).size).toBe(1);
  });

  it('reads the layouts of a local part made of names', () => {
    expect(nameLayout('catherine.moore', 'Catherine', 'Moore')?.parts).toEqual(['first', 'last']);
    expect(nameLayout('cmoore42', 'Catherine', 'Moore')).toMatchObject({
      parts: ['firstInitial', 'last'],
      digits: '42',
    });
    expect(nameLayout('Moore_Catherine', 'Catherine', 'Moore')).toMatchObject({
      parts: ['last', 'first'],
      separator: '_',
      letterCase: 'title',
    });
    expect(nameLayout('chlo.smith', 'Chloé', 'Smith')?.parts).toEqual(['first', 'last']);
    expect(nameLayout('sales', 'Catherine', 'Moore')).toBeNull();
  });

  it('reads a layout as the pattern of a word, a separator, a word and digits says', () => {
    // The reading the layout follows, written with the pattern and lower-case copies.
    const LOCAL_PART = /^([A-Za-z]+)(?:([._-])([A-Za-z]+))?(\d*)$/;
    const byPattern = (local: string, first: string, last: string) => {
      const [f, l] = [first.toLowerCase(), last.toLowerCase()];
      const match = LOCAL_PART.exec(local);
      if (f.length < 2 || l.length < 2 || !match) return null;
      const separator = match[2] ?? '';
      const word = match[1]!.toLowerCase();
      const second = separator ? match[3]!.toLowerCase() : '';
      const letterCase =
        local.toLowerCase() === local ? 'lower' : local.toUpperCase() === local ? 'upper' : 'title';
      for (const parts of LAYOUTS) {
        const head = partText(parts[0]!, f, l);
        const tail = parts.length === 2 ? partText(parts[1]!, f, l) : null;
        const fits = separator
          ? tail !== null && head === word && tail === second
          : tail === null
            ? head === word
            : word === head + tail;
        if (fits) return { parts, separator, digits: match[4] ?? '', letterCase };
      }
      return null;
    };
    const name = fc.constantFrom('Ann', 'Lee', 'Al', 'Bo', 'Catherine', 'Moore', 'A', 'Xi');
    // Pieces made of the names themselves, in any case, or of other letters.
    const piece = fc.record({
      of: fc.constantFrom('first', 'last', 'firstInitial', 'lastInitial', 'other', 'none'),
      casing: fc.constantFrom('lower', 'upper', 'title'),
      other: fc.constantFrom('x', 'sales', 'é', 'ann2'),
    });
    const glue = fc.constantFrom('', '.', '_', '-', '+', '..');
    const digits = fc.constantFrom('', '7', '42', '2024', '4a');
    const write = (p: { of: string; casing: string; other: string }, f: string, l: string) => {
      const text =
        p.of === 'none' ? '' : p.of === 'other' ? p.other : partText(p.of as NamePart, f, l);
      if (p.casing === 'upper') return text.toUpperCase();
      if (p.casing === 'title') return text.slice(0, 1).toUpperCase() + text.slice(1);
      return text;
    };
    fc.assert(
      fc.property(name, name, piece, glue, piece, digits, (first, last, a, g, b, d) => {
        const [f, l] = [first.toLowerCase(), last.toLowerCase()];
        const local = `${write(a, f, l)}${g}${write(b, f, l)}${d}`;
        expect(nameLayout(local, first, last)).toEqual(byPattern(local, first, last));
      }),
      { numRuns: 5000 },
    );
  });

  it('makes a gender and a title agree with the first name where the original did', () => {
    const { en } = fakerLocale;
    const female = new Set(en.person!.first_name!.female!.map((n) => n.toLowerCase()));
    const male = new Set(en.person!.first_name!.male!.map((n) => n.toLowerCase()));
    const sexOf = (name: string): string | null => {
      const key = name.toLowerCase();
      return female.has(key) === male.has(key) ? null : female.has(key) ? 'F' : 'M';
    };
    const names = [
      ['Mary', 'F', 'Mrs.'],
      ['Patricia', 'Female', 'Ms.'],
      ['James', 'M', 'Mr.'],
      ['Robert', 'MALE', 'Mr.'],
      ['Linda', 'F', 'Ms.'],
      ['Michael', 'M', 'Mr.'],
      ['Susan', 'M', 'Dr.'], // disagreed: kept to its per-value pseudonym
    ];
    const sheet: Sheet = {
      name: 's',
      columns: ['first_name', 'last_name', 'gender', 'salutation'],
      rows: names.map(([first, gender, title], i) => [
        first!,
        `Lastname${'abcdefg'[i]}`,
        gender!,
        title!,
      ]),
    };
    const schema = detectSchema(sheet);
    expect(schema.map((c) => c.semantic)).toEqual(['firstName', 'lastName', 'gender', 'prefix']);
    const out = pseudonymize({ format: 'csv', sheets: [sheet] }, [schema], { secret: 'k' });
    const rows = out.workbook.sheets[0]!.rows as string[][];
    let agreeing = 0;
    for (const [first, , gender, title] of rows.slice(0, 6)) {
      const sex = sexOf(first!);
      if (sex === null) continue;
      agreeing++;
      expect(gender!.toUpperCase().startsWith(sex === 'F' ? 'F' : 'M')).toBe(true);
      expect(title!.startsWith(sex === 'F' ? 'M' : 'Mr')).toBe(true);
      if (sex === 'M') expect(title).toBe('Mr.');
      else expect(title).not.toBe('Mr.');
    }
    expect(agreeing).toBeGreaterThan(0);
    expect(out.stats.rowRelations?.gendersFromNames).toBe(2 * agreeing);
  });

  it('lists each written email in the mapping', () => {
    const sheet: Sheet = {
      name: 's',
      columns: ['first_name', 'last_name', 'email'],
      rows: [
        ['Catherine', 'Moore', 'catherine.moore@yahoo.com'],
        ['James', 'Smith', 'jsmith@gmail.com'],
        ['Olga', 'Ramos', 'info@corp.org'],
      ],
    };
    const out = pseudonymize({ format: 'csv', sheets: [sheet] }, [detectSchema(sheet)], {
      secret: 'k',
    });
    const written = out.workbook.sheets[0]!.rows.map((r) => r[2]);
    const mapped = out.mapping.rows.filter((m) => m[1] === 'email').map((m) => m[3]);
    expect(mapped).toEqual(written);
    expect(out.stats.rowRelations?.addressesFromNames).toBe(2);
  });
});

describe('people rebuilt from names, across sheets (scheme 5)', () => {
  // The orders sheet comes first: what it writes waits for the customers sheet's rebuild.
  const orders: Sheet = {
    name: 'orders',
    columns: ['order_id', 'customer_email', 'customer_name', 'total'],
    rows: [
      ['10', 'catherine.moore@yahoo.com', 'Catherine Moore', '5.50'],
      ['11', 'jsmith@gmail.com', 'Smith, James', '7.25'],
      ['12', 'catherine.moore@yahoo.com', 'Catherine Moore', '9.00'],
      ['13', 'info@corp.org', 'Olga Ramos', '3.10'],
    ],
  };
  const customers: Sheet = {
    name: 'customers',
    columns: ['first_name', 'last_name', 'full_name', 'email'],
    rows: [
      ['Catherine', 'Moore', 'Catherine Moore', 'catherine.moore@yahoo.com'],
      ['James', 'Smith', 'Smith, James', 'jsmith@gmail.com'],
      ['Olga', 'Ramos', 'Olga Ramos', 'info@corp.org'],
    ],
  };
  const run = (scheme: number) =>
    pseudonymize(
      { format: 'xlsx', sheets: [orders, customers] },
      [orders, customers].map((sheet) => detectSchema(sheet)),
      { secret: 'k', scheme },
    );
  /** Per original, the pseudonyms a sheet's column wrote for it. */
  const written = (result: ReturnType<typeof run>, sheet: number, column: number) => {
    const input = [orders, customers][sheet]!;
    const output = result.workbook.sheets[sheet]!;
    const pairs = new Map<Cell, Set<Cell>>();
    input.rows.forEach((row, index) => {
      const set = pairs.get(row[column]!) ?? new Set();
      set.add(output.rows[index]![column]!);
      pairs.set(row[column]!, set);
    });
    return pairs;
  };

  it('writes an email and a full name rebuilt in a sheet with names the same in a sheet without', () => {
    const result = run(5);
    const customerEmails = written(result, 1, 3);
    const orderEmails = written(result, 0, 1);
    for (const [original, pseudonyms] of orderEmails) {
      expect(pseudonyms).toEqual(customerEmails.get(original));
      expect(pseudonyms.size).toBe(1);
    }
    // Rebuilt from the names in the customers sheet, so the join holds on the rebuilt form.
    const [first, last] = result.workbook.sheets[1]!.rows[0]!;
    expect([...customerEmails.get('catherine.moore@yahoo.com')!][0]).toMatch(
      new RegExp(`^${plain(String(first))}\\.${plain(String(last))}@`),
    );
    const customerNames = written(result, 1, 2);
    for (const [original, pseudonyms] of written(result, 0, 2)) {
      expect(pseudonyms).toEqual(customerNames.get(original));
    }
    // Three emails ('info@corp.org' was made of no names: its per-value pseudonym in both
    // sheets) and four full names.
    expect(result.stats.rowRelations?.peopleFromOtherSheets).toBe(3 + 4);
    // The mapping lists what the orders sheet wrote.
    const mapped = result.mapping.rows
      .filter((row) => row[0] === 'orders' && row[1] === 'customer_email')
      .map((row) => `${String(row[2])} ${String(row[3])}`);
    expect(new Set(mapped)).toEqual(
      new Set(
        [...orderEmails].map(([original, set]) => `${String(original)} ${String([...set][0])}`),
      ),
    );
  });

  it('keeps scheme 4’s per-value pseudonyms in the sheet without names', () => {
    const result = run(4);
    const customerEmails = written(result, 1, 3);
    const orderEmails = written(result, 0, 1);
    expect(orderEmails.get('catherine.moore@yahoo.com')).not.toEqual(
      customerEmails.get('catherine.moore@yahoo.com'),
    );
    expect(result.stats.rowRelations?.peopleFromOtherSheets).toBeUndefined();
  });
});

describe('full names with titles and suffixes (scheme 9 on)', () => {
  const staff: Sheet = {
    name: 'staff',
    columns: ['first_name', 'last_name', 'full_name'],
    rows: [
      ['John', 'Smith', 'Dr. John Smith'],
      ['Mary', 'Jones', 'Ms. Mary Jones'],
      ['James', 'Moore', 'Mr. James Moore Jr.'],
      ['Olga', 'Nowak', 'Nowak, Olga'],
    ],
  };
  const run = (scheme: number) =>
    pseudonymize({ format: 'csv', sheets: [staff] }, [detectSchema(staff)], {
      secret: 'k',
      scheme,
    }).workbook.sheets[0]!.rows as string[][];

  it('are rebuilt from the row’s names, titles and suffixes kept around them', () => {
    const rows = run(9);
    expect(rows[0]![2]).toBe(`Dr. ${rows[0]![0]} ${rows[0]![1]}`);
    expect(rows[2]![2]).toMatch(new RegExp(`^M\\w+\\. ${rows[2]![0]} ${rows[2]![1]} Jr\\.$`));
    expect(rows[3]![2]).toBe(`${rows[3]![1]}, ${rows[3]![0]}`);
    // A title of the first name's sex follows its pseudonym's sex.
    const female = new Set(fakerLocale.en.person!.first_name!.female!.map((n) => n.toLowerCase()));
    const male = new Set(fakerLocale.en.person!.first_name!.male!.map((n) => n.toLowerCase()));
    const fake = rows[1]![0]!.toLowerCase();
    if (female.has(fake) !== male.has(fake)) {
      expect(rows[1]![2]).toBe(`${female.has(fake) ? 'Ms' : 'Mr'}. ${rows[1]![0]} ${rows[1]![1]}`);
    }
  });

  it('were not rebuilt under scheme 8, and lost their titles', () => {
    const rows = run(8);
    expect(rows[0]![2]).not.toContain('Dr.');
    expect(rows[0]![2]).not.toBe(`${rows[0]![0]} ${rows[0]![1]}`);
  });

  it('keep their titles in a column of their own, a drawn name between', () => {
    const names: Sheet = {
      name: 'names',
      columns: ['full_name'],
      rows: [['Dr. Yuki Williams'], ['Prof. Ann Lee, PhD'], ['Ravi Singh']],
    };
    const rows = pseudonymize({ format: 'csv', sheets: [names] }, [detectSchema(names)], {
      secret: 'k',
    }).workbook.sheets[0]!.rows.map((row) => String(row[0]));
    expect(rows[0]).toMatch(/^Dr\. [A-Z][\w'-]+ [A-Z][\w' -]+$/);
    expect(rows[0]).not.toContain('Yuki');
    expect(rows[1]).toMatch(/^Prof\. .+, PhD$/);
    expect(rows[2]).not.toMatch(/\./);
  });
});

describe('full names that follow their row’s email (scheme 6 on)', () => {
  const contacts: Sheet = {
    name: 'contacts',
    columns: ['Name', 'Email'],
    rows: [
      ['Catherine Moore', 'catherine.moore@yahoo.com'],
      ['Dr. James Smith Jr.', 'james_smith42@gmail.com'],
      ['GARCIA, OLGA', 'olga.garcia@corp.org'],
      ['Susan Wilson', 'swilson@corp.org'],
      ['Mateo Ramos', 'support@corp.org'],
    ],
  };
  const orders: Sheet = {
    name: 'orders',
    columns: ['order_id', 'customer_email'],
    rows: contacts.rows.map((row, index) => [String(100 + index), row[1]!]),
  };
  const run = (sheet: Sheet, scheme?: number) => {
    const result = pseudonymize({ format: 'csv', sheets: [sheet] }, [detectSchema(sheet)], {
      secret: 'k',
      ...(scheme ? { scheme } : {}),
    });
    return { rows: result.workbook.sheets[0]!.rows as string[][], stats: result.stats };
  };

  it('writes a name made into its email as the names of the email’s pseudonym', () => {
    const { rows, stats } = run(contacts);
    const [moore, smith, garcia, wilson, ramos] = rows;
    const words = (email: string, separator: string) =>
      email.split('@')[0]!.replace(/\d+$/, '').split(separator).map(plain);
    expect(words(moore![1]!, '.')).toEqual(moore![0]!.split(' ').map(plain));
    // From scheme 9 on, its title and suffix stay around the names.
    expect(smith![0]).toMatch(/^Dr\. \S+ \S+ Jr\.$/);
    expect(words(smith![1]!, '_')).toEqual(smith![0]!.split(' ').slice(1, 3).map(plain));
    // Its own order, comma and case.
    expect(garcia![0]).toMatch(/^[A-Z'-]+, [A-Z'-]+$/);
    const [last, first] = garcia![0]!.split(', ');
    expect(words(garcia![1]!, '.')).toEqual([plain(first!), plain(last!)]);
    // Not made of the name (an initial, no names): the name keeps its per-value pseudonym.
    for (const row of [wilson!, ramos!]) expect(row[0]).toMatch(/^\S+ \S+$/);
    expect(stats.rowRelations?.fullNamesFromEmails).toBe(3);
  });

  it('keeps every email its per-value pseudonym, so a file without names still joins', () => {
    const alone = run(orders).rows.map((row) => row[1]);
    expect(run(contacts).rows.map((row) => row[1])).toEqual(alone);
  });

  it('keeps distinct names distinct where two emails’ pseudonyms spell one name (scheme 12 on)', () => {
    // 40 people of 10 first names and 4 last names, each email their names: under scheme 11,
    // two emails' pseudonyms ('ann.lee@…', 'ann.lee1@…') gave two people one name for some keys.
    const people: Sheet = {
      name: 'people',
      columns: ['full_name', 'email'],
      rows: Array.from({ length: 40 }, (_, index) => {
        const first = [
          'Mary',
          'James',
          'Chloe',
          'Olga',
          'Mateo',
          'Fatima',
          'Aoife',
          'Yuki',
          'Ravi',
          'Wei',
        ][index % 10]!;
        const last = ['Smith', 'Okafor', 'Nowak', 'Rossi'][Math.floor(index / 10)]!;
        return [`${first} ${last}`, `${first.toLowerCase()}.${last.toLowerCase()}@example.org`];
      }),
    };
    // The same people in one sheet, and in two (a name is not handed out twice in a run).
    const halves = [0, 1].map((half) => ({
      ...people,
      name: `people ${half}`,
      rows: people.rows.filter((_, index) => index % 2 === half),
    }));
    const keysWithRepeats = (sheets: Sheet[], scheme: number) =>
      Array.from({ length: 120 }, (_, key) => `key-${key}`).filter((secret) => {
        const result = pseudonymize(
          { format: 'xlsx', sheets },
          sheets.map((sheet) => detectSchema(sheet)),
          {
            secret,
            scheme,
          },
        );
        const names = result.workbook.sheets.flatMap((sheet) => sheet.rows.map((row) => row[0]));
        return new Set(names).size < 40;
      });
    for (const sheets of [[people], halves]) {
      expect(keysWithRepeats(sheets, 11).length).toBeGreaterThan(0);
      expect(keysWithRepeats(sheets, 12)).toEqual([]);
    }
  });

  it('dropped the title and suffix under scheme 8', () => {
    const smith = run(contacts, 8).rows[1]!;
    expect(smith[0]).toMatch(/^\S+ \S+$/);
  });

  it('leaves the names their per-value pseudonyms under scheme 5', () => {
    const { rows, stats } = run(contacts, 5);
    expect(stats.rowRelations?.fullNamesFromEmails).toBeUndefined();
    expect(rows[0]![0]!.split(' ').map(plain)).not.toEqual(
      rows[0]![1]!.split('@')[0]!.split('.').map(plain),
    );
  });

  it.each([
    ['Ann Lee', { first: 'Ann', last: 'Lee' }],
    ['Mrs. Ann Lee', { first: 'Ann', last: 'Lee' }],
    ['Ann Marie Lee III', { first: 'Ann', last: 'Lee' }],
    ['Lee, Ann Marie', { first: 'Ann', last: 'Lee' }],
    ['Lee, Jr.', null],
    ['Ann', null],
    ['', null],
  ])('splits %j into its first and last name', (text, expected) => {
    expect(splitFullName(text)).toEqual(expected);
  });
});

describe('addresses that spell their names another way (scheme 11 on)', () => {
  const rows: Cell[][] = [
    ['1', 'Klaus', 'Jäger', 'klaus.jaeger@web.de'],
    ['2', 'Änne', 'Schröder', 'aenne.schroeder@gmx.de'],
    ['3', 'José', 'Williams', 'josé.williams98@mail.com'],
    ['4', 'Mary', 'Smith-Jones', 'mary.smith-jones@corp.com'],
    ['5', 'Jürgen', 'Groß', 'j.gross@firma.de'],
    ['6', 'Søren', 'Kierkegaard', 'soren.kierkegaard@mail.dk'],
    ['7', 'Åse', 'Nørgaard', 'aase.noergaard@mail.no'],
    ['8', 'Anne-Marie', 'Moore', 'anne-marie.moore@corp.com'],
  ];
  const sheet: Sheet = { name: 'kunden', columns: ['id', 'vorname', 'nachname', 'email'], rows };
  const run = (scheme: number) => {
    const schema = detectSchema(sheet);
    expect(schema.map((column) => column.semantic ?? column.type)).toEqual([
      expect.anything(),
      'firstName',
      'lastName',
      'email',
    ]);
    return pseudonymize({ format: 'csv', sheets: [sheet] }, [schema], { secret: 'k', scheme })
      .workbook.sheets[0]!.rows as string[][];
  };

  it('rebuilds them from the row’s new names, in the layout and digits they had', () => {
    const after = run(11);
    const [jaeger, schroeder, jose, smithJones, gross] = after
      .slice(0, 5)
      .map(([, first, last, email]) => ({
        first: plain(first!),
        last: plain(last!),
        local: email!.slice(0, email!.indexOf('@')),
      }));
    expect(jaeger!.local).toBe(`${jaeger!.first}.${jaeger!.last}`);
    expect(schroeder!.local).toBe(`${schroeder!.first}.${schroeder!.last}`);
    expect(jose!.local).toMatch(new RegExp(`^${jose!.first}\\.${jose!.last}\\d\\d$`));
    expect(smithJones!.local).toBe(`${smithJones!.first}.${smithJones!.last}`);
    expect(gross!.local).toBe(`${gross!.first[0]}.${gross!.last}`);
    for (const spelled of [after[5]!, after[6]!, after[7]!]) {
      expect(spelled[3]!.slice(0, spelled[3]!.indexOf('@'))).toBe(
        `${plain(spelled[1]!)}.${plain(spelled[2]!)}`,
      );
    }
    after.forEach((row, index) => expect(row[3]).not.toBe(rows[index]![3]));
  });

  it('drew them apart from the row’s names under scheme 10', () => {
    const after = run(10);
    const fromNames = after.filter(([, first, last, email]) =>
      email!.startsWith(`${plain(first!)}.${plain(last!)}`),
    );
    expect(fromNames).toEqual([]);
  });
});

describe('titles in their own words, following names on no list (scheme 11 on)', () => {
  const people = [
    ['Frau', 'Heike', 'Schröder'],
    ['Herr', 'Jürgen', 'Groß'],
    ['Frau', 'Änne', 'Jäger'],
    ['Herr', 'Dieter', 'Hoffmann'],
  ];
  const sheet: Sheet = {
    name: 'kunden',
    columns: ['id', 'Anrede', 'Vorname', 'Nachname'],
    rows: Array.from({ length: 40 }, (_, index) => [String(index + 1), ...people[index % 4]!]),
  };
  const FEMALE = new Set(fakerLocale.en.person!.first_name!.female);
  const MALE = new Set(fakerLocale.en.person!.first_name!.male);
  const run = (scheme: number) => {
    const schema = detectSchema(sheet);
    expect(schema[1]!.semantic).toBe('prefix');
    return pseudonymize({ format: 'csv', sheets: [sheet] }, [schema], { secret: 'k', scheme })
      .workbook.sheets[0]!.rows as string[][];
  };

  it('writes Herr or Frau for the sex of the row’s new first name', () => {
    for (const [, title, first] of run(11)) {
      expect(['Herr', 'Frau']).toContain(title);
      if (FEMALE.has(first!) && !MALE.has(first!)) expect(title).toBe('Frau');
      if (MALE.has(first!) && !FEMALE.has(first!)) expect(title).toBe('Herr');
    }
  });

  it('mixed in Faker’s English titles under scheme 10', () => {
    expect(run(10).some(([, title]) => title !== 'Herr' && title !== 'Frau')).toBe(true);
  });
});
