import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createKeyedFaker, type FakeSource } from '../../../src/engine/pseudonymize/keyed-faker';
import { KeyedRandom } from '../../../src/engine/pseudonymize/keyed-random';
import { flipBoolean } from '../../../src/engine/pseudonymize/generators/boolean';
import { isLuhnValid } from '../../../src/engine/checksums/luhn';
import { fakeCardNumber } from '../../../src/engine/pseudonymize/generators/card-number';
import { fakeDate } from '../../../src/engine/pseudonymize/generators/date';
import { fakeEmail } from '../../../src/engine/pseudonymize/generators/email';
import { fakeIban } from '../../../src/engine/pseudonymize/generators/iban';
import { fakeNumber } from '../../../src/engine/pseudonymize/generators/number';
import { fakePeptide } from '../../../src/engine/pseudonymize/generators/peptide';
import { fakePhone } from '../../../src/engine/pseudonymize/generators/phone';
import {
  SEMANTIC_GENERATORS,
  semanticGenerator,
} from '../../../src/engine/pseudonymize/generators/semantic';
import {
  isWordLike,
  pseudonymizeText,
  replaceWords,
  substituteCharacters,
} from '../../../src/engine/pseudonymize/generators/text';
import { fakeUuid, isUuid } from '../../../src/engine/pseudonymize/generators/uuid';

/** A source seeded like the engine seeds it: HMAC(fixed secret, kind ␀ original). */
function seeded(kind: string, original: string): FakeSource {
  const random = new KeyedRandom(new TextEncoder().encode('generator snapshots'));
  const source = { random, faker: createKeyedFaker(random) };
  random.reseed(kind, original);
  return source;
}

function ibanChecksumValid(iban: string): boolean {
  const compact = iban.replace(/ /g, '').toUpperCase();
  const rearranged = compact.slice(4) + compact.slice(0, 4);
  const digits = rearranged.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder === 1;
}

const shape = (text: string): string =>
  text.replace(/[A-Z]/g, 'A').replace(/[a-z]/g, 'a').replace(/[0-9]/g, '9');

describe('seeded generators (fixed secret)', () => {
  it('emails', () => {
    const emails = ['jane.doe42@corp.org', 'JDOE@BIGCORP.COM', 'Mary_Ann@mail.net', 'x@y.io'];
    expect(emails.map((email) => fakeEmail(email, seeded('email', email).random)))
      .toMatchInlineSnapshot(`
        [
          "chandler.barton95@example.org",
          "AHERMANN@EXAMPLE.COM",
          "Jessy_Wilkinson@example.net",
          "ckreiger@example.com",
        ]
      `);
  });

  it('phones', () => {
    const phones = ['+44 20 7946 0958', '(555) 123-4567', '555.123.4567 x89', '020 7946 0958'];
    expect(phones.map((phone) => fakePhone(phone, seeded('phone', phone).random)))
      .toMatchInlineSnapshot(`
        [
          "+44 59 5120 6625",
          "(254) 487-6283",
          "365.495.4927 x16",
          "084 4929 1673",
        ]
      `);
  });

  it('uuids', () => {
    const ids = ['3f2504e0-4f89-41d3-9a0c-0305e82c3301', '{3F2504E0-4F89-71D3-BA0C-0305E82C3301}'];
    expect(ids.map((id) => fakeUuid(id, seeded('uuid', id).random))).toMatchInlineSnapshot(`
      [
        "352c49b9-0555-4641-9f03-b5b19a0b77f2",
        "{A4F3D034-37E8-7869-94BA-E2E9CD6442C4}",
      ]
    `);
  });

  it('text', () => {
    const texts = ['Customer asked about a refund', 'ORD-2023-0042', 'Zürich, Schweiz 8001'];
    expect(texts.map((text) => pseudonymizeText(text, seeded('string', text).random)))
      .toMatchInlineSnapshot(`
        [
          "Floodlight into grim ah weight",
          "TUM-9759-0011",
          "Räxxms, Ahyhzjb 1897",
        ]
      `);
  });

  it('numbers, dates and booleans', () => {
    expect([
      fakeNumber(42.5, 1, { min: 0, max: 100 }, seeded('number', '42.5').random),
      fakeNumber(-7, 0, { min: -10, max: 10 }, seeded('number', '-7').random),
      fakeDate(
        { min: Date.UTC(2020, 0, 1), max: Date.UTC(2024, 11, 31), stepMs: 86_400_000 },
        seeded('date', '2021-05-06').random,
      ).toISOString(),
      flipBoolean('Yes', true),
      flipBoolean('Y', true),
      flipBoolean('FALSE', true),
      flipBoolean('1', false),
    ]).toMatchInlineSnapshot(`
      [
        1.8,
        -7,
        "2021-12-02T00:00:00.000Z",
        "No",
        "N",
        "TRUE",
        "1",
      ]
    `);
  });

  it('cards, IBANs and peptides', () => {
    expect([
      fakeCardNumber('4111 1111 1111 1111', seeded('creditCard', '4111').random),
      fakeIban('DE89 3704 0044 0532 0130 00', seeded('iban', 'DE89').faker),
      fakePeptide('MKTAYIAKQRQISFVKSHFSRQ', seeded('peptide', 'MKTA').random),
    ]).toMatchInlineSnapshot(`
      [
        "4606 8257 4101 5440",
        "DE61 0012 0109 0070 0809 23",
        "RSMGLAEKSKDKIHNDARKATL",
      ]
    `);
  });

  it('names, cities and other semantics', () => {
    const cases = [
      ['firstName', 'Jane'],
      ['lastName', 'DOE'],
      ['fullName', 'Doe, Jane'],
      ['city', 'Paris'],
      ['state', 'CA'],
      ['company', 'Acme Inc.'],
      ['jobTitle', 'Engineer'],
      ['username', 'jdoe'],
      ['url', 'http://acme.com/'],
      ['ipv4', '10.0.0.1'],
      ['ipv6', 'fe80::1'],
    ] as const;
    expect(
      cases.map(([semantic, text]) =>
        SEMANTIC_GENERATORS[semantic]!(text, seeded(semantic, text), 0),
      ),
    ).toMatchInlineSnapshot(`
      [
        "Bernie",
        "STAMM",
        "Ullrich-Schamberger, Glenn",
        "Hesselborough",
        "PA",
        "Ruecker-Armstrong and Sons",
        "Dynamic Infrastructure Manager",
        "Bianka16",
        "http://definite-median.org/",
        "14.81.165.71",
        "e5ee:d24d:4caf:deef:22f4:deee:ff0e:8af6",
      ]
    `);
  });
});

describe('generator formats (any seed)', () => {
  const keys = fc.string({ minLength: 1, maxLength: 12 });

  it('phones keep punctuation, spacing, length and the country prefix', () => {
    const phones = fc.oneof(
      fc.stringMatching(/^\+\d{1,3} \d{2,4} \d{3,4} \d{4}$/),
      fc.stringMatching(/^\(\d{3}\) \d{3}-\d{4}$/),
      fc.stringMatching(/^\d{3}\.\d{3}\.\d{4}( x\d{2,4})?$/),
    );
    fc.assert(
      fc.property(phones, keys, (phone, key) => {
        const fake = fakePhone(phone, seeded('phone', key).random);
        expect(shape(fake)).toBe(shape(phone));
        if (phone.startsWith('+')) expect(fake.split(' ')[0]).toBe(phone.split(' ')[0]);
      }),
    );
  });

  it('phones written without separators keep only their country code', () => {
    const cases = [
      ['+447911123456', '+44'],
      ['+14155552671', '+1'],
      ['+4915112345678', '+49'],
      ['+3531234567', '+353'],
      ['0044 20 7946 0958', '0044'],
    ] as const;
    for (const [phone, country] of cases) {
      for (const key of ['a', 'b', 'c', 'd']) {
        const fake = fakePhone(phone, seeded('phone', key).random);
        expect(shape(fake)).toBe(shape(phone));
        expect(fake.startsWith(country)).toBe(true);
        expect(fake.slice(country.length)).not.toBe(phone.slice(country.length));
        expect(fake[country.length]).not.toMatch(/[01]/);
      }
    }
    // A trunk '0' stays, and the digit after it is no '0'.
    for (const key of ['a', 'b', 'c', 'd', 'e', 'f']) {
      expect(fakePhone('07911 123456', seeded('phone', key).random)).toMatch(/^0[1-9]\d{3} \d{6}$/);
    }
  });

  it('phones of the North American plan keep an exchange of 2-9 and a trunk 1 (scheme 10)', () => {
    const keys = Array.from({ length: 200 }, (_, index) => `key ${index}`);
    for (const [phone, layout] of [
      ['(415) 555-0123', /^\([2-9]\d\d\) [2-9]\d\d-\d{4}$/],
      ['415.555.0123', /^[2-9]\d\d\.[2-9]\d\d\.\d{4}$/],
      ['+1 (415) 555-0123', /^\+1 \([2-9]\d\d\) [2-9]\d\d-\d{4}$/],
      ['1-415-555-0123', /^1-[2-9]\d\d-[2-9]\d\d-\d{4}$/],
      ['001 415 555 0123', /^001 [2-9]\d\d [2-9]\d\d \d{4}$/],
      ['6469447078', /^[2-9]\d\d[2-9]\d{6}$/],
      ['16469447078', /^1[2-9]\d\d[2-9]\d{6}$/],
    ] as const) {
      for (const key of keys) {
        expect(fakePhone(phone, seeded('phone', key).random, 10)).toMatch(layout);
      }
    }
    // Scheme 9 drew the exchange from 0-9, and another plan's numbers are as they were.
    const older = keys.map((key) => fakePhone('(415) 555-0123', seeded('phone', key).random, 9));
    expect(older.some((fake) => /^\(\d{3}\) [01]/.test(fake))).toBe(true);
    for (const key of keys.slice(0, 20)) {
      expect(fakePhone('+44 20 7946 0958', seeded('phone', key).random, 10)).toBe(
        fakePhone('+44 20 7946 0958', seeded('phone', key).random, 9),
      );
    }
  });

  it('phones of other plans keep their first national digit, the kind of line (scheme 11)', () => {
    const keys = Array.from({ length: 100 }, (_, index) => `key ${index}`);
    for (const [phone, layout] of [
      ['+44 7700 900123', /^\+44 7\d{3} \d{6}$/],
      ['07700 900123', /^07\d{3} \d{6}$/],
      ['+49 170 1234567', /^\+49 1\d\d \d{7}$/],
      ['0170 1234567', /^01\d\d \d{7}$/],
      ['+33 6 12 34 56 78', /^\+33 6 \d\d \d\d \d\d \d\d$/],
    ] as const) {
      const fakes = keys.map((key) => fakePhone(phone, seeded('phone', key).random, 11));
      for (const fake of fakes) expect(fake).toMatch(layout);
      expect(new Set(fakes).size).toBeGreaterThan(90);
    }
    // Scheme 10 drew it: a British mobile's 7 stayed in about one number in eight.
    const older = keys.map((key) => fakePhone('+44 7700 900123', seeded('phone', key).random, 10));
    expect(older.filter((fake) => fake.startsWith('+44 7')).length).toBeLessThan(40);
    // North American numbers are as scheme 10 drew them.
    for (const key of keys.slice(0, 20)) {
      expect(fakePhone('(415) 555-0123', seeded('phone', key).random, 11)).toBe(
        fakePhone('(415) 555-0123', seeded('phone', key).random, 10),
      );
    }
  });

  it('genders keep the original’s letter case', () => {
    for (const [text, pattern] of [
      ['F', /^[FM]$/],
      ['m', /^[fm]$/],
      ['Female', /^(Female|Male)$/],
      ['MALE', /^(FEMALE|MALE)$/],
    ] as const) {
      for (const key of ['a', 'b', 'c', 'd']) {
        expect(SEMANTIC_GENERATORS.gender!(text, seeded('gender', key), 0)).toMatch(pattern);
      }
    }
  });

  it('genders that name no sex stay such from scheme 9 on, where they became a sex', () => {
    const gender = semanticGenerator('gender', 9)!;
    for (const [text, pattern] of [
      ['Female', /^(Female|Male)$/],
      ['m', /^[fm]$/],
      ['Non-binary', /^(Other|Unspecified|Unknown|Diverse|Prefer not to say)$/],
      ['UNSPECIFIED', /^(NON-BINARY|OTHER|UNKNOWN|DIVERSE|PREFER NOT TO SAY)$/],
      ['X', /^[UOD]$/],
    ] as const) {
      for (const key of ['a', 'b', 'c', 'd']) {
        expect(gender(text, seeded('gender', key), 0)).toMatch(pattern);
      }
    }
    expect(semanticGenerator('gender', 8)!('Non-binary', seeded('gender', 'a'), 0)).toMatch(
      /^(fe)?male$/,
    );
  });

  it('street addresses keep their layout from scheme 9 on', () => {
    const street = semanticGenerator('streetAddress', 9)!;
    for (const [text, pattern] of [
      ['12 Baker Street', /^[1-9]\d [A-Z]/],
      [
        '221B Baker St',
        /^[1-9]\d\d[A-Z] [A-Z][\w' -]* (St|Ave|Rd|Ln|Dr|Blvd|Ct|Pl|Ter|Way|Pkwy|Cir)$/,
      ],
      ['742 Evergreen Terrace, Apt 5', /^[1-9]\d\d [A-Z].*, Apt \d$/],
      ['1600 Pennsylvania Ave NW', /^[1-9]\d{3} .+ [A-Z][a-z]+ NW$/],
      ['Hauptstraße 76', /^[A-Z].* [1-9]\d$/],
      ['5 Main St., Suite 200', /^[1-9] .+\., Suite [1-9]\d\d$/],
      ['PO Box 123', /^PO Box [1-9]\d\d$/],
      ['10 DOWNING STREET', /^[1-9]\d [A-Z0-9 ]+$/],
    ] as const) {
      for (const key of ['a', 'b', 'c']) {
        const fake = street(text, seeded('streetAddress', key), 0)!;
        expect(fake, text).toMatch(pattern);
        expect(fake).not.toContain(
          text.split(/[\s,]/).find((word) => word.length > 3 && !/\d/.test(word)) ?? '@',
        );
      }
    }
    // Before, Faker's address: a number of its own length, no unit.
    expect(
      semanticGenerator('streetAddress', 8)!(
        '742 Evergreen Terrace, Apt 5',
        seeded('streetAddress', 'a'),
        0,
      ),
    ).not.toContain('Apt');
  });

  it('middle initials stay initials from scheme 9 on, dot and case kept', () => {
    const middle = semanticGenerator('middleName', 9)!;
    for (const key of ['a', 'b', 'c']) {
      expect(middle('A.', seeded('middleName', key), 0)).toMatch(/^[A-Z]\.$/);
      expect(middle('c', seeded('middleName', key), 0)).toMatch(/^[a-z]$/);
      expect(middle('Grace', seeded('middleName', key), 0)).toMatch(/^[A-Z][a-z]+/);
    }
    expect(semanticGenerator('middleName', 8)!('A.', seeded('middleName', 'a'), 0)).toMatch(
      /^[A-Z][a-z]+/,
    );
  });

  it('IP addresses keep their network kind and layout from scheme 10 on', () => {
    const ip = semanticGenerator('ipv4', 10)!;
    const numbers = (text: string) => text.split('.').map(Number);
    for (const key of Array.from({ length: 300 }, (_, index) => `key ${index}`)) {
      const [a, b, , d] = numbers(ip('8.8.4.4', seeded('ipv4', key), 0)!);
      expect(a).toBeGreaterThanOrEqual(1);
      expect(a).toBeLessThanOrEqual(223);
      expect([10, 127]).not.toContain(a);
      expect(a === 192 && b === 168).toBe(false);
      expect(d).toBeGreaterThanOrEqual(1);
      expect(d).toBeLessThanOrEqual(254);
      expect(ip('192.168.1.20', seeded('ipv4', key), 0)).toMatch(/^192\.168\.\d+\.\d+$/);
      expect(ip('10.0.3.7', seeded('ipv4', key), 0)).toMatch(/^10\./);
      const [p, q] = numbers(ip('172.20.0.5', seeded('ipv4', key), 0)!);
      expect(p).toBe(172);
      expect(q).toBeGreaterThanOrEqual(16);
      expect(q).toBeLessThanOrEqual(31);
      const v6 = ip('2001:db8:6d7b::e1db', seeded('ipv6', key), 0)!;
      expect(v6).toMatch(/^20[0-9a-f]{2}:[0-9a-f]{3}:[0-9a-f]{4}::[0-9a-f]{4}$/);
    }
    expect(ip('FE80::1', seeded('ipv6', 'a'), 0)).toMatch(/^FE[0-9A-F]{2}::[0-9A-F]$/);
  });

  it('URLs keep their layout from scheme 10 on: path, query keys, fragment, port, extension', () => {
    const url = semanticGenerator('url', 10)!;
    const shapeOf = (text: string) =>
      text
        .replace(/^(\w+:\/\/)(www\.)?[^/?#:]+/, '$1$2HOST')
        .replace(/(?<=[/?#&=-])[A-Za-z]+|^[A-Za-z]+/g, 'w')
        .replace(/\d+/g, 'd');
    for (const key of ['a', 'b', 'c', 'd']) {
      for (const [text, kept] of [
        ['https://shop.example.com/checkout?ref=home', ['?ref=']],
        [
          'https://www.shop.example.com/products/123-blue-lamp?utm_source=google&utm_medium=cpc#reviews',
          ['https://www.', '?utm_source=', '&utm_medium=', '#'],
        ],
        ['http://acme.io:8080/api/v2/orders/55', ['http://', ':8080/']],
        ['https://www.contoso.com/team/about-us.html', ['.html']],
      ] as const) {
        const fake = url(text, seeded('url', key), 0)!;
        for (const piece of kept) expect(fake, text).toContain(piece);
        expect(fake).not.toContain('example.com');
        expect(fake).not.toMatch(/checkout|google|orders|contoso|about/);
        expect(shapeOf(fake).replace(/w/g, '')).toBe(shapeOf(text).replace(/w/g, ''));
      }
    }
    // Scheme 9 wrote Faker's bare URL.
    expect(
      semanticGenerator('url', 9)!('https://a.com/b/c?d=e', seeded('url', 'a'), 0),
    ).not.toContain('?d=');
  });

  it('UUIDs keep version, variant, case and punctuation', () => {
    fc.assert(
      fc.property(fc.uuid(), fc.boolean(), keys, (uuid, upper, key) => {
        const original = upper ? uuid.toUpperCase() : uuid;
        const fake = fakeUuid(original, seeded('uuid', key).random);
        expect(fake.length).toBe(original.length);
        expect(fake[14]).toBe(original[14]);
        expect('89ab'.includes(original[19]!.toLowerCase())).toBe(
          '89ab'.includes(fake[19]!.toLowerCase()),
        );
        if (/[a-f]/i.test(original)) {
          expect(fake === fake.toUpperCase()).toBe(original === original.toUpperCase());
        }
        expect(fake.replace(/[0-9a-f]/gi, 'x')).toBe(original.replace(/[0-9a-f]/gi, 'x'));
      }),
    );
  });

  it('card numbers are Luhn-valid with the same grouping and first digit', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[3-6]\d{3}[ -]?\d{4}[ -]?\d{4}[ -]?\d{4}$/),
        keys,
        (card, key) => {
          const fake = fakeCardNumber(card, seeded('creditCard', key).random);
          expect(isLuhnValid(fake)).toBe(true);
          expect(shape(fake)).toBe(shape(card));
          expect(fake[0]).toBe(card[0]);
        },
      ),
    );
  });

  it('IBANs keep the country and spacing and have valid check digits', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(
          'DE89 3704 0044 0532 0130 00',
          'GB29NWBK60161331926819',
          'FR1420041010050500013M02606',
        ),
        keys,
        (iban, key) => {
          const fake = fakeIban(iban, seeded('iban', key).faker);
          expect(fake.slice(0, 2)).toBe(iban.slice(0, 2));
          expect(fake.includes(' ')).toBe(iban.includes(' '));
          expect(ibanChecksumValid(fake)).toBe(true);
        },
      ),
    );
  });

  it('peptides keep length and residue alphabet', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[ACDEFGHIKLMNPQRSTVWY]{5,40}$/), keys, (peptide, key) => {
        const fake = fakePeptide(peptide, seeded('peptide', key).random);
        expect(fake).toMatch(/^[ACDEFGHIKLMNPQRSTVWY]+$/);
        expect(fake.length).toBe(peptide.length);
      }),
    );
  });

  it('emails are name-based on reserved example domains in the original case', () => {
    fc.assert(
      fc.property(fc.emailAddress(), fc.boolean(), keys, (email, upper, key) => {
        const original = upper ? email.toUpperCase() : email.toLowerCase();
        const fake = fakeEmail(original, seeded('email', key).random);
        expect(fake).toMatch(/^[A-Za-z]+[._-]?[A-Za-z]*\d*@example\.(com|org|net)$/i);
        expect(fake === fake.toLowerCase()).toBe(
          original === original.toLowerCase() || !/[A-Z]/.test(original),
        );
      }),
    );
  });

  it('character substitution keeps every character class, length and leading zeros', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), keys, (text, key) => {
        const fake = substituteCharacters(text, seeded('string', key).random);
        expect(fake.length).toBe(text.length);
        expect(shape(fake.replace(/[\u0080-\uffff]/g, '?'))).toBe(
          shape(text.replace(/[\u0080-\uffff]/g, '?')),
        );
        const zeros = /^0+(?=\d)/.exec(text)?.[0] ?? '';
        expect(fake.startsWith(zeros)).toBe(true);
      }),
    );
  });

  it('character substitution frees leading zeros one by one from the right on retries', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 0, max: 40 }),
        keys,
        (zeros, attempt, key) => {
          const text = `${'0'.repeat(zeros)}5`;
          const fake = substituteCharacters(text, seeded('string', key).random, attempt);
          const kept = Math.max(0, zeros - Math.floor(attempt / 4));
          expect(fake).toMatch(/^\d+$/);
          expect(fake.length).toBe(text.length);
          expect(fake.startsWith('0'.repeat(kept))).toBe(true);
          if (attempt < 4) expect(fake[zeros]).not.toBe('0');
        },
      ),
    );
    // A crowded space: '0000005' alone has nine neighbours; later attempts reach past them.
    const reached = new Set<string>();
    for (let attempt = 0; attempt < 32; attempt++) {
      reached.add(substituteCharacters('0000005', seeded('string', 'crowded').random, attempt));
    }
    expect([...reached].some((fake) => !fake.startsWith('000000'))).toBe(true);
  });

  it('character substitution replaces digits of every script with digits of that script', () => {
    for (const [text, digits] of [
      ['٠١٢٣٤٥٦٧٨٩', /^[٠-٩]{10}$/],
      ['रोल १२३४५६', /^\S+ [०-९]{6}$/],
      ['ＩＤ１２３４５', /^[Ａ-Ｚ]{2}[０-９]{5}$/],
    ] as const) {
      const fakes = ['a', 'b', 'c'].map((key) =>
        substituteCharacters(text, seeded('string', key).random),
      );
      for (const fake of fakes) expect(fake).toMatch(digits);
      expect(fakes.some((fake) => fake !== text)).toBe(true);
      expect(new Set(fakes).size).toBeGreaterThan(1);
    }
  });

  it('character substitution handles texts longer than one buffer chunk', () => {
    const text = 'Ab-12 '.repeat(5_000);
    const fake = substituteCharacters(text, seeded('string', 'long').random);
    expect(fake.length).toBe(text.length);
    expect(shape(fake)).toBe(shape(text));
    expect(fake).not.toBe(text);
  });

  it('word replacement keeps punctuation, spacing and each word’s case', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('Customer', 'asked', 'ABOUT', 'refund,', 'late.', '"VIP"'), {
          minLength: 1,
          maxLength: 8,
        }),
        keys,
        (words, key) => {
          const text = words.join(' ');
          const fake = replaceWords(text, seeded('string', key).random);
          expect(fake.replace(/\p{L}+/gu, 'w')).toBe(text.replace(/\p{L}+/gu, 'w'));
          const caseOf = (word: string) =>
            word === word.toUpperCase() ? 'U' : word[0] === word[0]!.toUpperCase() ? 'T' : 'l';
          expect((fake.match(/\p{L}+/gu) ?? []).map(caseOf)).toEqual(
            (text.match(/\p{L}+/gu) ?? []).map(caseOf),
          );
        },
      ),
    );
  });

  it('word replacement keeps a text in capitals in capitals, words of one or two letters as long (scheme 10)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('SKU', 'RED', 'BLUE', 'M', 'XL', 'S', 'NEW', 'YORK', 'É'), {
          minLength: 2,
          maxLength: 5,
        }),
        fc.constantFrom('-', ' ', '/'),
        keys,
        (words, joiner, key) => {
          const text = words.join(joiner);
          const fake = replaceWords(text, seeded('string', key).random, 10);
          expect(fake).toBe(fake.toUpperCase());
          const lengths = (value: string) =>
            value.split(joiner).map((word) => (word.length <= 2 ? word.length : 'word'));
          expect(lengths(fake)).toEqual(lengths(text));
        },
      ),
    );
    // Scheme 9 read a lone capital as title case, and wrote a word of it.
    const older = Array.from({ length: 40 }, (_, key) =>
      replaceWords('SKU-RED-M', seeded('string', String(key)).random, 9),
    );
    expect(older.some((fake) => fake !== fake.toUpperCase() || fake.length !== 9)).toBe(true);
  });

  it('numbers stay in range, keep their sign and decimals', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1000, max: 1000 }),
        fc.integer({ min: 0, max: 4 }),
        keys,
        (original, decimals, key) => {
          const range = { min: -1000, max: 1000 };
          const fake = fakeNumber(original, decimals, range, seeded('number', key).random);
          expect(fake).toBeGreaterThanOrEqual(range.min);
          expect(fake).toBeLessThanOrEqual(range.max);
          expect(Math.round(fake * 10 ** decimals) / 10 ** decimals).toBe(fake);
          if (original < 0) expect(fake).toBeLessThan(0);
          if (original > 0) expect(fake).toBeGreaterThan(0);
        },
      ),
    );
  });
});

describe('isWordLike: at least 70% alphabetic words, 3+ letters on average, under 100 characters', () => {
  it.each([
    ['Customer asked about a refund', true],
    ['late delivery, call back', true],
    ['VIP VIP VIP account', false],
    ['ORD-2023-0042', false],
    ['a b c d', false],
    ['Zürich Schweiz', true],
    [`${'word '.repeat(20)}end`, false],
    ['', false],
  ])('%j → %s', (text, expected) => {
    expect(isWordLike(text)).toBe(expected);
  });
});

describe('isUuid', () => {
  it.each([
    ['3f2504e0-4f89-41d3-9a0c-0305e82c3301', true],
    ['{3F2504E0-4F89-71D3-BA0C-0305E82C3301}', true],
    ['(3f2504e04f8941d39a0c0305e82c3301)', true],
    ['3f2504e0-4f8941d3-9a0c0305e82c3301', true],
    ['3f2504e0-4f89-41d3-9a0c-0305e82c330', false],
    ['3f2504e0-4f89-41d3-9a0c-0305e82c33011', false],
    ['3f2504e0-4f89-41d3-9a0c--0305e82c3301', false],
    ['3f2504e0-4f89-41d3-9a0g-0305e82c3301', false],
    ['{{3f2504e0-4f89-41d3-9a0c-0305e82c3301', false],
    ['3f2504e0-4f89-41d3-9a0c-0305e82c3301 ', false],
    ['', false],
  ])('%j → %s', (text, expected) => {
    expect(isUuid(text)).toBe(expected);
  });

  it('agrees with the UUID pattern on mutated UUIDs', () => {
    const pattern = /^[{(]?[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}[})]?$/i;
    fc.assert(
      fc.property(
        fc.uuid(),
        fc.nat(40),
        fc.constantFrom('', '-', '0', 'F', 'g', '{', '}', '(', ')', ' '),
        fc.boolean(),
        (uuid, at, insert, replace) => {
          const text = uuid.slice(0, at) + insert + uuid.slice(replace ? at + 1 : at);
          expect(isUuid(text)).toBe(pattern.test(text));
        },
      ),
    );
  });
});
