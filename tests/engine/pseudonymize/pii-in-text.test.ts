import { COMMON_WORDS } from '../../../src/engine/pseudonymize/pii-in-text/common-words';
import { datesInText } from '../../../src/engine/pseudonymize/generators/date-text';
import { describe, expect, it } from 'vitest';
import {
  applyRecipe,
  detectSchema,
  pseudonymize,
  recipeFromSchemas,
  recipeSchema,
  type Cell,
  type ColumnSchema,
  type Sheet,
  type Workbook,
} from '../../../src/engine';
import { isCardNumber } from '../../../src/engine/detect/semantics';

/*
 * Personal data inside free text (issue 16): a note that mentions a customer's email, phone or
 * name carries the same pseudonym its column got; what has no column is found by its pattern
 * and gets its kind's keyed pseudonym, the same in every file under one key.
 */

const SECRET = 'pii-in-text-secret';

const CUSTOMERS: Sheet = {
  name: 'customers',
  columns: ['customer_id', 'full_name', 'email', 'phone', 'city', 'account_code'],
  rows: [
    [
      '1001',
      'Thaddeus Wojciechowski',
      'thaddeus.w@corp.com',
      '(555) 201-3344',
      'Llanfairpwll',
      'C-10042',
    ],
    [
      '1002',
      'Priyanka Raghunathan',
      'priyanka.r@corp.com',
      '(555) 867-5309',
      'Aberystwyth',
      'C-10043',
    ],
    [
      '1003',
      'Margarethe Oyelaran',
      'margarethe.oyelaran@corp.com',
      '+44 20 7946 0958',
      'Machynlleth',
      'C-10044',
    ],
    [
      '1004',
      'Bartholomew Achterberg',
      'b.achterberg@corp.com',
      '(555) 410-7788',
      'Porthmadog',
      'C-10045',
    ],
  ],
};

/** Messages and what each mentions; the last mentions nothing. */
const MESSAGES: readonly { text: string; customer: number }[] = [
  {
    text: 'Thaddeus Wojciechowski asked about the invoice, reply to thaddeus.w@corp.com please',
    customer: 0,
  },
  { text: 'Called Priyanka Raghunathan on (555) 201-3344 about her refund', customer: 1 },
  { text: 'Customer wants the card 4111 1111 1111 1111 removed from the account', customer: 2 },
  {
    text: 'Refund to IBAN GB82 WEST 1234 5698 7654 32 requested by Wojciechowski',
    customer: 0,
  },
  { text: 'See https://status.example.org/incidents/42 for the outage', customer: 3 },
  {
    text: 'Escalated: margarethe.oyelaran@corp.com wrote twice from +44 20 7946 0958 today',
    customer: 2,
  },
  { text: 'Account C-10045 in Porthmadog needs a callback', customer: 3 },
  { text: 'The printer jammed again during the morning shift', customer: 1 },
];

const PLANTED = { email: 2, phone: 2, url: 1, iban: 1, card: 1, name: 3, value: 2 };

const TICKETS: Sheet = {
  name: 'tickets',
  columns: ['ticket_id', 'customer_id', 'message'],
  rows: MESSAGES.map((message, index) => [
    `T-${500 + index}`,
    CUSTOMERS.rows[message.customer]![0]!,
    message.text,
  ]),
};

function copy(sheet: Sheet): Sheet {
  return { ...sheet, columns: [...sheet.columns], rows: sheet.rows.map((row) => [...row]) };
}

function run(sheets: Sheet[], rule?: ColumnSchema['rule']) {
  const workbook: Workbook = { format: 'xlsx', sheets: sheets.map(copy) };
  const schemas = workbook.sheets.map((sheet) =>
    detectSchema(sheet).map((column) =>
      rule && column.name === 'message' ? { ...column, rule } : column,
    ),
  );
  return pseudonymize(workbook, schemas, { secret: SECRET });
}

function column(sheet: Sheet, name: string): Cell[] {
  const index = sheet.columns.indexOf(name);
  return sheet.rows.map((row) => row[index]!);
}

function texts(workbook: Workbook): string[] {
  return workbook.sheets.flatMap((sheet) =>
    sheet.rows.flatMap((row) => row.map((cell) => String(cell))),
  );
}

describe('personal data in free text', () => {
  const result = run([CUSTOMERS, TICKETS]);
  const [customers, tickets] = result.workbook.sheets as [Sheet, Sheet];
  const messages = column(tickets, 'message') as string[];

  it('gives every mention the pseudonym its column got', () => {
    const names = column(customers, 'full_name') as string[];
    const emails = column(customers, 'email') as string[];
    const phones = column(customers, 'phone') as string[];
    expect(messages[0]).toContain(names[0]);
    expect(messages[0]).toContain(emails[0]);
    expect(messages[1]).toContain(names[1]);
    expect(messages[1]).toContain(phones[0]);
    expect(messages[3]).toContain(names[0]!.split(' ')[1]);
    expect(messages[5]).toContain(emails[2]);
    expect(messages[5]).toContain(phones[2]);
    expect(messages[6]).toContain(column(customers, 'account_code')[3]);
    expect(messages[6]).toContain(column(customers, 'city')[3]);
  });

  it('leaves no original of the replaced columns anywhere in the output', () => {
    const originals = ['full_name', 'email', 'phone', 'city', 'account_code'].flatMap((name) =>
      column(CUSTOMERS, name).map(String),
    );
    const words = originals.flatMap((text) => text.split(/\s+/)).filter((w) => w.length >= 5);
    const planted = ['4111 1111 1111 1111', 'GB82 WEST 1234 5698 7654 32', 'status.example.org'];
    const output = texts(result.workbook);
    for (const original of [...originals, ...words, ...planted]) {
      for (const cell of output) expect(cell).not.toContain(original);
    }
  });

  it('finds cards, IBANs and URLs by their pattern and keeps their form', () => {
    const card = /\b4\d{3} \d{4} \d{4} \d{4}\b/.exec(messages[2]!)?.[0] ?? '';
    expect(isCardNumber(card)).toBe(true);
    expect(messages[3]).toMatch(/GB\d{2} [A-Z]{4}( \d{4}){3} \d{2}/);
    expect(messages[4]).toMatch(/https?:\/\/\S+/);
  });

  it('counts the mentions it replaced, by kind', () => {
    expect(result.stats.piiInText).toEqual(PLANTED);
  });

  it('gives emails and phones the same pseudonyms in a file without their columns', () => {
    const alone = run([TICKETS]).workbook.sheets[0]!;
    const aloneMessages = column(alone, 'message') as string[];
    const emails = column(customers, 'email') as string[];
    const phones = column(customers, 'phone') as string[];
    expect(aloneMessages[0]).toContain(emails[0]);
    expect(aloneMessages[1]).toContain(phones[0]);
    expect(aloneMessages[5]).toContain(emails[2]);
    expect(aloneMessages[5]).toContain(phones[2]);
  });
});

describe('mentions of values a row rule rebuilt', () => {
  it('take what the cell became, not the per-value pseudonym', () => {
    const people: Sheet = {
      name: 'people',
      columns: ['first_name', 'last_name', 'email'],
      rows: [
        ['Thaddeus', 'Wojciechowski', 'thaddeus.wojciechowski@corp.com'],
        ['Priyanka', 'Raghunathan', 'priyanka.raghunathan@corp.com'],
        ['Margarethe', 'Oyelaran', 'margarethe.oyelaran@corp.com'],
      ],
    };
    const notes: Sheet = {
      name: 'notes',
      columns: ['note'],
      rows: [['Please write to priyanka.raghunathan@corp.com about the refund today']],
    };
    const result = run([people, notes]);
    const email = result.workbook.sheets[0]!.rows[1]![2] as string;
    expect(result.workbook.sheets[1]!.rows[0]![0]).toContain(email);
  });
});

describe('found values without a column, across files', () => {
  it('give IBANs, cards and URLs the pseudonym a column of their kind gets', () => {
    const accounts: Sheet = {
      name: 'accounts',
      columns: ['iban', 'card_number', 'website'],
      rows: [
        [
          'GB82 WEST 1234 5698 7654 32',
          '4111 1111 1111 1111',
          'https://status.example.org/incidents/42',
        ],
        ['DE89 3704 0044 0532 0130 00', '5500 0000 0000 0004', 'https://shop.example.com/orders'],
      ],
    };
    const [iban, card, url] = run([accounts]).workbook.sheets[0]!.rows[0]! as string[];
    const alone = column(run([TICKETS]).workbook.sheets[0]!, 'message') as string[];
    expect(alone[2]).toContain(card);
    expect(alone[3]).toContain(iban);
    expect(alone[4]).toContain(url);
  });
});

/** A text column beside an id, pseudonymized with its detected rules under `scheme`: its cells. */
function runTextColumn(name: string, texts: readonly string[], scheme: number): string[] {
  const sheet: Sheet = {
    name: 'texts',
    columns: ['id', name],
    rows: texts.map((text, index) => [String(index + 1), text]),
  };
  const workbook: Workbook = { format: 'csv', sheets: [sheet] };
  const result = pseudonymize(workbook, [detectSchema(sheet)], { secret: SECRET, scheme });
  return column(result.workbook.sheets[0]!, name) as string[];
}

describe('free text without personal data (scheme 6 on)', () => {
  const notes = [
    'Called on 01/03 re: invoice 5521',
    'Refund sent',
    `Long story: ${'the parcel came back twice and nobody answered the phone, '.repeat(3)}`,
    'Multi-line:\n- support\n- delivery, card',
    '[{"sku": "A-1", "qty": 2}]',
    'VIP',
  ];
  const runNotes = (scheme: number) => runTextColumn('note', notes, scheme);
  /** The text with every run of letters as 'w' and every run of digits as 'd'. */
  const layout = (text: string) => text.replace(/\p{L}+/gu, 'w').replace(/\d+/g, 'd');

  it('is replaced word by word, digits and punctuation in place, whatever its length', () => {
    const written = runNotes(6);
    for (const index of [0, 1, 2, 3]) {
      expect(layout(written[index]!)).toBe(layout(notes[index]!));
      expect(written[index]).not.toBe(notes[index]);
      // Words of Faker's word lists, not letters drawn one by one.
      const words = written[index]!.match(/\p{L}{3,}/gu) ?? [];
      expect(words.filter((word) => !COMMON_WORDS.has(word.toLowerCase()))).toEqual([]);
    }
    // JSON text keeps its keys; a lone token keeps the string rule.
    const json = JSON.parse(written[4]!) as { sku: unknown; qty: unknown }[];
    expect(json.map((item) => [typeof item.sku, typeof item.qty])).toEqual([['string', 'number']]);
    expect(written[5]).toMatch(/^[A-Z]{3}$/);
  });

  it('had its letters substituted one by one under scheme 5 where it was no word-like text', () => {
    const written = runNotes(5);
    expect(written[0]).toMatch(/^[A-Za-z]+ [a-z]+ \d\d\/\d\d [a-z]+: [a-z]+ \d{4}$/);
    expect(written[0]).not.toBe(runNotes(6)[0]);
  });
});

describe('JSON text with personal data in it (scheme 8 on)', () => {
  /** Settings a database export writes as JSON, some with a phone or an email in them. */
  const settings = [
    '{"theme": "dark", "notify": true, "phone": "(462) 320-9117"}',
    '{"theme": "light", "notify": false, "contact": "ann.lee@example.org", "limit": 250}',
    '{"theme": "dark", "notify": true}',
    '[{"tag": "vip", "since": 2019}]',
  ];
  const runSettings = (scheme: number) => runTextColumn('preferences', settings, scheme);
  /** Keys and the type of each value, which the stand-in must keep. */
  const shape = (text: string) =>
    JSON.stringify(JSON.parse(text), (_, value: unknown): unknown =>
      typeof value === 'object' && value !== null ? value : typeof value,
    );
  const member = (text: string, key: string) => (JSON.parse(text) as Record<string, unknown>)[key];

  it('stays JSON of the same keys and types, its personal data replaced', () => {
    const written = runSettings(8);
    written.forEach((text, index) => {
      expect(shape(text)).toBe(shape(settings[index]!));
      expect(text).not.toBe(settings[index]);
    });
    expect(written[0]).not.toContain('(462) 320-9117');
    expect(member(written[0]!, 'phone')).toMatch(/^\(\d{3}\) \d{3}-\d{4}$/);
    expect(written[1]).not.toContain('ann.lee@example.org');
    expect(member(written[1]!, 'contact')).toMatch(/^[^@\s]+@[^@\s]+$/);
  });

  it('was rewritten as words up to scheme 7, keys and literals included', () => {
    const written = runSettings(7);
    expect(() => JSON.parse(written[0]!) as unknown).toThrow();
  });
});

describe('the redact rule', () => {
  const result = run([CUSTOMERS, TICKETS], { action: 'redact' });
  const messages = column(result.workbook.sheets[1]!, 'message') as string[];
  const customers = result.workbook.sheets[0]!;

  it('keeps the text and replaces only the personal data', () => {
    const name = (column(customers, 'full_name') as string[])[1]!;
    const phone = (column(customers, 'phone') as string[])[0]!;
    expect(messages[1]).toBe(`Called ${name} on ${phone} about her refund`);
    expect(messages[7]).toBe(MESSAGES[7]!.text);
    expect(messages[4]).toMatch(/^See https?:\/\/\S+ for the outage$/);
  });

  it('counts what it replaced', () => {
    expect(result.stats.piiInText).toEqual(PLANTED);
  });
});

describe('the redact rule in a recipe', () => {
  it('is saved and applied like any other rule', () => {
    const schema = detectSchema(TICKETS).map((column) =>
      column.name === 'message' ? { ...column, rule: { action: 'redact' as const } } : column,
    );
    const recipe = recipeFromSchemas([{ name: 'tickets', schema }]);
    const saved = recipeSchema.parse(JSON.parse(JSON.stringify(recipe)));
    const { schemas } = applyRecipe(saved, [{ name: 'tickets', schema: detectSchema(TICKETS) }]);
    expect(schemas[0]!.find((column) => column.name === 'message')?.rule).toEqual({
      action: 'redact',
    });
  });
});

describe('ISO dates in free text (scheme 9 on)', () => {
  const notes = [
    'Hired on 2021-03-15; review due 2022-03-15',
    'Promoted 2023-01-31 after the audit',
    'Call logged 2024-02-29T14:05:00Z by the desk',
    'Ticket 2021-99-99 was mistyped',
  ];
  const isoDates = (text: string) => text.match(/\d{4}-\d{2}-\d{2}(?:T[\d:]+Z)?/g) ?? [];
  const isRealDay = (date: string) => {
    const [year, month, day] = date.slice(0, 10).split('-').map(Number);
    const parsed = new Date(Date.UTC(year!, month! - 1, day));
    return parsed.getUTCMonth() === month! - 1 && parsed.getUTCDate() === day!;
  };

  it('move to another real day within 180 days, in their layout, keyed by the date', () => {
    const written = runTextColumn('note', notes, 9);
    written.slice(0, 3).forEach((text, index) => {
      const before = isoDates(notes[index]!);
      const after = isoDates(text);
      expect(after).toHaveLength(before.length);
      after.forEach((date, at) => {
        expect(isRealDay(date)).toBe(true);
        expect(date.length).toBe(before[at]!.length);
        expect(date).not.toBe(before[at]);
        const days = Math.abs(Date.parse(date.slice(0, 10)) - Date.parse(before[at]!.slice(0, 10)));
        expect(days / 86_400_000).toBeLessThanOrEqual(180);
      });
    });
    // The same date in another note moves alike; the words around are still replaced.
    const again = runTextColumn('note', ['Left on 2021-03-15 for good'], 9)[0]!;
    expect(isoDates(again)[0]).toBe(isoDates(written[0]!)[0]);
    expect(written[1]).not.toContain('Promoted');
    // No such day: digits, as any other run of them.
    expect(written[3]).not.toContain('2021-99-99');
  });

  it('had their digits redrawn one by one under scheme 8, into days that do not exist', () => {
    const written = runTextColumn('note', notes, 8);
    const dates = written.slice(0, 3).flatMap(isoDates);
    expect(dates.some((date) => !isRealDay(date))).toBe(true);
  });
});

describe('dates of other layouts in free text (scheme 10 on)', () => {
  const notes = [
    'Called on 3/14/2023, follow up 04/02/2023 about the refund',
    'Visit booked 14.02.2024 at the office, confirmed',
    'Customer since March 3, 2019 per the old record',
    'Met on 12 Jan 2022 and again on 2022-06-01 to sign',
  ];
  /** Every date of a text, as the module finds them (ISO ones aside). */
  const dates = (text: string) => datesInText(text).map(({ start, end }) => text.slice(start, end));

  it('move to other real days in their layouts, keyed by the date', () => {
    const written = runTextColumn('note', notes, 10);
    written.forEach((text, index) => {
      const before = dates(notes[index]!);
      const after = dates(text);
      expect(after).toHaveLength(before.length);
      after.forEach((date, at) => {
        expect(date).not.toBe(before[at]);
        // Unpadded fields may change their width ('3/14/2023' → '7/1/2023').
        expect(date.replace(/\d+/g, '0').replace(/\p{L}+/gu, 'w')).toBe(
          before[at]!.replace(/\d+/g, '0').replace(/\p{L}+/gu, 'w'),
        );
      });
    });
    // The ISO date beside them moves as before; the same date elsewhere moves alike.
    expect(written[3]).toMatch(/\d{4}-\d{2}-\d{2}/);
    const again = runTextColumn('note', ['Left on 14.02.2024 for good'], 10)[0]!;
    expect(dates(again)[0]).toBe(dates(written[1]!)[0]);
    expect(written[2]).not.toContain('Customer');
  });

  it('had their digits redrawn under scheme 9, into days that do not exist', () => {
    const written = runTextColumn('note', notes, 9);
    expect(written.flatMap(dates).length).toBeLessThan(notes.flatMap(dates).length);
  });

  it('move as a text column’s whole value too, where they were permuted as codes', () => {
    const values = ['3/14/2023', '14.02.2024', 'N/A yet', 'March 3, 2019', 'unknown'];
    const written = runTextColumn('when', values, 10);
    [0, 1, 3].forEach((index) => {
      expect(dates(written[index]!)).toEqual([written[index]]);
      expect(written[index]).not.toBe(values[index]);
    });
  });
});

describe('numbers in free text (scheme 10 on)', () => {
  it('read alike in every text: a number of four digits or more is permuted by its digits', () => {
    const notes = [
      'Re: order #1712 arrived damaged',
      'Customer says order #1712 was left at the door',
      'Invoice 004417 for order #1712, 3 items',
      'Order #1713 is fine',
    ];
    const written = runTextColumn('note', notes, 10);
    const numbers = (text: string) => text.match(/\d{4,}/g) ?? [];
    const [first] = numbers(written[0]!);
    expect(first).toMatch(/^[1-9]\d{3}$/);
    expect(first).not.toBe('1712');
    expect(numbers(written[1]!)).toEqual([first]);
    expect(numbers(written[2]!)).toEqual([expect.stringMatching(/^0\d{5}$/), first]);
    expect(numbers(written[3]!)[0]).not.toBe(first);
    // The same number in another file under the key.
    expect(numbers(runTextColumn('memo', ['Ticket #1712 closed today'], 10)[0]!)).toEqual([first]);
  });

  it('were redrawn text by text under scheme 9', () => {
    const notes = ['Re: order #1712 arrived damaged', 'Customer says order #1712 was left'];
    const written = runTextColumn('note', notes, 9);
    const numbers = written.map((text) => text.match(/\d{4,}/g)?.[0]);
    expect(numbers[0]).not.toBe(numbers[1]);
  });
});

describe('IP addresses in free text (scheme 11 on)', () => {
  const isIpv4 = (text: string) =>
    /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/.test(text);

  it('become addresses of their network kind, alike in every text', () => {
    const notes = [
      'user logged in from 145.1.2.3 after two tries',
      'blocked 145.1.2.3 and 10.0.0.7 for a day',
      'router 192.168.1.20 rebooted',
    ];
    const written = runTextColumn('message', notes, 11);
    const addresses = written.map((text) => text.match(/\d+\.\d+\.\d+\.\d+/g) ?? []);
    expect(addresses.flat().every(isIpv4)).toBe(true);
    expect(addresses[0]).toHaveLength(1);
    expect(addresses[0]![0]).not.toBe('145.1.2.3');
    expect(addresses[1]![0]).toBe(addresses[0]![0]);
    // A private address stays in its block.
    expect(addresses[1]![1]).toMatch(/^10\./);
    expect(addresses[2]![0]).toMatch(/^192\.168\./);
  });

  it('had their digits redrawn into no address under scheme 10', () => {
    const written = runTextColumn('message', ['from 145.1.2.3', 'from 99.88.77.66'], 10);
    const addresses = written.flatMap((text) => text.match(/\d+\.\d+\.\d+\.\d+/g) ?? []);
    expect(addresses.some((address) => !isIpv4(address)) || addresses.length < 2).toBe(true);
  });
});
