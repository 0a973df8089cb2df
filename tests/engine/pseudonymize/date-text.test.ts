import { describe, expect, it } from 'vitest';
import {
  datesInText,
  fakeDateText,
  isDateText,
} from '../../../src/engine/pseudonymize/generators/date-text';
import { KeyedRandom } from '../../../src/engine/pseudonymize/keyed-random';

const DAY = 86_400_000;
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const FULL_MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** How the test reads a date back: the order of its numbers, or month names. */
type Order = 'MDY' | 'DMY' | 'YMD' | 'named';

/** A fresh generator under a key, reseeded for one value as the caller does. */
function randomFor(text: string, key = 'key'): KeyedRandom {
  const random = new KeyedRandom(new TextEncoder().encode(key));
  random.reseed('string', text);
  return random;
}

const fake = (text: string, key = 'key') => fakeDateText(text, randomFor(text, key));

const found = (text: string) => datesInText(text).map(({ start, end }) => text.slice(start, end));

/** The UTC day a date text names under an order, or NaN when it names none. */
function dayOf(text: string, order: Order): number {
  const numbers = (text.match(/\d+/g) ?? []).map(Number);
  let year: number;
  let month: number;
  let day: number;
  if (order === 'named') {
    const word = (text.match(/[a-z]+/gi) ?? [])
      .map((letters) => letters.toLowerCase())
      .find((letters) => MONTHS.includes(letters.slice(0, 3)))!;
    month = MONTHS.indexOf(word.slice(0, 3)) + 1;
    year = numbers.find((value) => value >= 1000)!;
    // A month and year only reads as the middle of the month.
    day = numbers.find((value) => value < 1000) ?? 15;
  } else if (order === 'YMD') [year, month, day] = numbers as [number, number, number];
  else if (order === 'MDY') [month, day, year] = numbers as [number, number, number];
  else [day, month, year] = numbers as [number, number, number];
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  return back.getUTCMonth() === month - 1 && back.getUTCDate() === day ? ms : NaN;
}

/** Two-digit years in the order's last place: '3.4.20' is 2020, '1/20/50' is 1950. */
function dayOfShort(text: string, order: 'MDY' | 'DMY'): number {
  const [a, b, yy] = text.split(/[./-]/).map(Number) as [number, number, number];
  const year = (yy < 50 ? 2000 : 1900) + yy;
  const [month, day] = order === 'MDY' ? [a, b] : [b, a];
  const ms = Date.UTC(year, month - 1, day);
  return new Date(ms).getUTCDate() === day && new Date(ms).getUTCMonth() === month - 1 ? ms : NaN;
}

const KEYS = Array.from({ length: 300 }, (_, index) => `key-${index}`);

describe('dates in free text', () => {
  it.each([
    ['Called on 3/14/2023, follow up 04/02/2023', ['3/14/2023', '04/02/2023']],
    ['Born 14.03.1987 in Graz', ['14.03.1987']],
    ['Visit 3.4.20; paid', ['3.4.20']],
    ['Due 31-12-2024 latest', ['31-12-2024']],
    ['Due 2/29/2024 (leap day)', ['2/29/2024']],
    ['Shipped 1/2/99', ['1/2/99']],
    ['Logged 2023/03/14 and 2023.3.4', ['2023/03/14', '2023.3.4']],
    ['Signed on 3.4.2020.', ['3.4.2020']],
    ['Dates: 3/4/2020, 5/6/2020 and 7/8/2020', ['3/4/2020', '5/6/2020', '7/8/2020']],
    ['(12/31/1999)', ['12/31/1999']],
    ['Seen March 3, 2019 again', ['March 3, 2019']],
    ['Seen Mar 3 2019 again', ['Mar 3 2019']],
    ['Seen Mar. 3, 2019 again', ['Mar. 3, 2019']],
    ['Seen 3 March 2019 again', ['3 March 2019']],
    ['Seen 12 Jan 2022 again', ['12 Jan 2022']],
    ['Seen 3rd March 2019 again', ['3rd March 2019']],
    ['Seen on the 3rd of March 2019', ['3rd of March 2019']],
    ['Seen March 3rd, 2019 again', ['March 3rd, 2019']],
    ['Since January 2020 only', ['January 2020']],
    ['Since Sept. 2019 only', ['Sept. 2019']],
    ['JAN 12, 2022: renewal', ['JAN 12, 2022']],
    ['sept 5, 2019 was a thursday', ['sept 5, 2019']],
    ['Export 14-MAR-23 and 3-Mar-2019', ['14-MAR-23', '3-Mar-2019']],
    ['From 1 Feb 2020 to May 2020', ['1 Feb 2020', 'May 2020']],
  ])('finds the dates in %j', (text, expected) => {
    expect(found(text)).toEqual(expected);
  });

  it('gives start and end offsets, left to right', () => {
    expect(datesInText('on 3/14/2023 or 14 Mar 2023')).toEqual([
      { start: 3, end: 12 },
      { start: 16, end: 27 },
    ]);
  });

  it.each([
    ['version 2.10.2020.1', 'a version with a fourth part'],
    ['1.2.3.4', 'an address-like run'],
    ['12/34/5678/9', 'a longer run of digits and slashes'],
    ['call 06.12.34.56.78', 'a French phone number'],
    ['call 555-12-2020', 'a phone number'],
    ['total 1,234.56', 'an amount'],
    ['1,3.4.2020', 'a date glued to an amount'],
    ['13/13/2020', 'no month under either reading'],
    ['2/30/2021', 'a day February lacks'],
    ['31.04.2021', 'a day April lacks'],
    ['29.02.2021', 'a leap day outside a leap year'],
    ['0/5/2020', 'month zero'],
    ['3/14', 'no year'],
    ['3/4/202', 'a three-digit year'],
    ['3/4/0999', 'a year before 1000'],
    ['3/4/3020', 'a year after 2999'],
    ['3/4-2020', 'two different separators'],
    ['2020-03-14', 'ISO 8601, left to iso-date-text'],
    ['2020-03-14T10:00:00Z', 'an ISO date-time'],
    ['a3/4/2020', 'a letter glued before'],
    ['3/4/2020b', 'a letter glued after'],
    ['ID-3/4/2020', 'a code with a dash'],
    ['3/4/2020-3/5/2020', 'a range written as one run'],
    ['31 Feb 2019', 'a day February lacks, named'],
    ['31st of February 2019', 'the same with an ordinal'],
    ['February 30, 2019', 'the same, month first'],
    ['Marching 2019', 'no month word'],
    ['March 3, 20190', 'a five-digit year'],
    ['no digits at all in March', 'no digit'],
  ])('finds no date in %j (%s)', (text) => {
    expect(datesInText(text)).toEqual([]);
  });
});

describe('fake dates in the same layout', () => {
  it.each<[string, Order, RegExp]>([
    ['3/14/2023', 'MDY', /^\d{1,2}\/\d{1,2}\/\d{4}$/],
    ['04/02/2023', 'MDY', /^\d\d\/\d\d\/\d{4}$/],
    ['12/03/2020', 'MDY', /^\d\d\/\d\d\/\d{4}$/],
    ['14.03.1987', 'DMY', /^\d\d\.\d\d\.\d{4}$/],
    ['14.3.1987', 'DMY', /^\d{1,2}\.\d{1,2}\.\d{4}$/],
    ['31-12-2024', 'DMY', /^\d{1,2}-\d{1,2}-\d{4}$/],
    ['25/12/2019', 'DMY', /^\d{1,2}\/\d{1,2}\/\d{4}$/],
    ['2023/03/14', 'YMD', /^\d{4}\/\d\d\/\d\d$/],
    ['2023.3.14', 'YMD', /^\d{4}\.\d{1,2}\.\d{1,2}$/],
    // Two digits each and no leading zero: padded where the layout mostly is.
    ['2024/11/30', 'YMD', /^\d{4}\/\d\d\/\d\d$/],
    ['30.11.2024', 'DMY', /^\d\d\.\d\d\.\d{4}$/],
    ['30/11/2024', 'DMY', /^\d\d\/\d\d\/\d{4}$/],
    ['March 3, 2019', 'named', /^[A-Z][a-z]+ \d{1,2}, \d{4}$/],
    ['Mar 3 2019', 'named', /^[A-Z][a-z]{2} \d{1,2} \d{4}$/],
    ['Mar. 3, 2019', 'named', /^[A-Z][a-z]{2}\. \d{1,2}, \d{4}$/],
    ['3 March 2019', 'named', /^\d{1,2} [A-Z][a-z]+ \d{4}$/],
    ['12 Jan 2022', 'named', /^\d{1,2} [A-Z][a-z]{2} \d{4}$/],
    ['03 Jan 2022', 'named', /^\d\d [A-Z][a-z]{2} \d{4}$/],
    ['3rd March 2019', 'named', /^\d{1,2}(st|nd|rd|th) [A-Z][a-z]+ \d{4}$/],
    ['3rd of March 2019', 'named', /^\d{1,2}(st|nd|rd|th) of [A-Z][a-z]+ \d{4}$/],
    ['March 3rd, 2019', 'named', /^[A-Z][a-z]+ \d{1,2}(st|nd|rd|th), \d{4}$/],
    ['JAN 12, 2022', 'named', /^[A-Z]{3} \d{1,2}, \d{4}$/],
    ['MARCH 12,2022', 'named', /^[A-Z]+ \d{1,2},\d{4}$/],
    ['mar. 3, 2019', 'named', /^[a-z]{3}\. \d{1,2}, \d{4}$/],
    ['march  3 2019', 'named', /^[a-z]+ {2}\d{1,2} \d{4}$/],
    ['3-Mar-2019', 'named', /^\d{1,2}-[A-Z][a-z]{2}-\d{4}$/],
    ['Sept 5, 2019', 'named', /^[A-Z][a-z]{2,3} \d{1,2}, \d{4}$/],
  ])('%s becomes another real date in its layout, within 180 days', (text, order, layout) => {
    for (const key of KEYS.slice(0, 40)) {
      const written = fake(text, key)!;
      expect(written).toMatch(layout);
      expect(found(written)).toEqual([written]);
      const moved = dayOf(written, order);
      const days = Math.abs(moved - dayOf(text, order)) / DAY;
      expect(days).toBeGreaterThanOrEqual(1);
      expect(days).toBeLessThanOrEqual(180);
    }
  });

  it('keeps a field unpadded when the new value fits in one digit', () => {
    const seen = new Set<string>();
    for (const key of KEYS) {
      const [month, day] = fake('3/14/2023', key)!.split('/') as [string, string];
      for (const field of [month, day]) {
        expect(field[0]).not.toBe('0');
        seen.add(field.length === 1 ? 'one digit' : 'two digits');
      }
    }
    expect(seen).toEqual(new Set(['one digit', 'two digits']));
  });

  it('writes a US date of two-digit fields unpadded where the new one fits in a digit', () => {
    const fakes = KEYS.map((key) => fake('11/30/2024', key)!);
    expect(fakes.some((date) => /^\d\//.test(date) || /^\d+\/\d\//.test(date))).toBe(true);
    expect(fakes.every((date) => !/(^|\/)0/.test(date))).toBe(true);
  });

  it('tells a whole value that is one date (isDateText)', () => {
    for (const text of ['3/14/2023', '14.02.2024', 'March 3, 2019', '12 Jan 2022', '2024/11/30']) {
      expect(isDateText(text)).toBe(true);
    }
    for (const text of [
      'on 3/14/2023',
      '3/14/2023 10:00',
      'v2.10.2020.1',
      '2023-03-14',
      '13/13/2020',
    ]) {
      expect(isDateText(text)).toBe(false);
    }
  });

  it('keeps a leading zero in day-first named dates', () => {
    const days = KEYS.map((key) => fake('03 Jan 2022', key)!.slice(0, 2));
    expect(days.every((day) => /^\d\d$/.test(day))).toBe(true);
    expect(days.some((day) => day.startsWith('0'))).toBe(true);
  });

  it('is deterministic for one key and value, and differs across keys', () => {
    for (const text of ['3/14/2023', 'March 3rd, 2019', 'January 2020', '3.4.20']) {
      expect(fake(text, 'one')).toBe(fake(text, 'one'));
      const outputs = new Set(KEYS.slice(0, 20).map((key) => fake(text, key)));
      expect(outputs.size).toBeGreaterThan(10);
    }
  });

  it.each([
    ['3/4/2020', /^\d{1,2}\/\d{1,2}\/\d{4}$/],
    ['04.05.2021', /^\d\d\.\d\d\.\d{4}$/],
    ['12-12-2020', /^\d{1,2}-\d{1,2}-\d{4}$/],
    ['1/12/2020', /^\d{1,2}\/\d{1,2}\/\d{4}$/],
    ['12/1/20', /^\d{1,2}\/\d{1,2}\/\d\d$/],
  ])('keeps the ambiguous %s a real date under both readings', (text, layout) => {
    for (const key of KEYS) {
      const written = fake(text, key)!;
      expect(written).toMatch(layout);
      const [first, second] = written.split(/[./-]/).map(Number) as [number, number];
      expect(first).toBeLessThanOrEqual(12);
      expect(second).toBeLessThanOrEqual(12);
      const short = !/\d{4}$/.test(written);
      const read = (order: 'MDY' | 'DMY') =>
        short ? dayOfShort(written, order) : dayOf(written, order);
      const origin = (order: 'MDY' | 'DMY') =>
        short ? dayOfShort(text, order) : dayOf(text, order);
      // One reading is the one the day moved under: 1 to 180 days away.
      const moves = (['MDY', 'DMY'] as const).map((order) => Math.abs(read(order) - origin(order)));
      expect(moves.some((ms) => ms >= DAY && ms <= 180 * DAY)).toBe(true);
    }
  });

  it('moves an ambiguous date into range by rule when the draws keep missing', () => {
    /** Every draw moves the day by one, in one direction. */
    class OneDay extends KeyedRandom {
      constructor(private readonly later: boolean) {
        super(new TextEncoder().encode('key'));
      }
      override int(count: number): number {
        return count === 2 && this.later ? 1 : 0;
      }
    }
    // January 12th: the next day is the 13th, so the day before is taken.
    expect(fakeDateText('1/12/2020', new OneDay(true))).toBe('1/11/2020');
    expect(fakeDateText('12.1.2020', new OneDay(true))).toBe('11.1.2020');
    // February 1st: the day before is January 31st, so the day after is taken.
    expect(fakeDateText('2/1/2020', new OneDay(false))).toBe('2/2/2020');
    // The draw itself when it fits.
    expect(fakeDateText('1/5/2020', new OneDay(true))).toBe('1/6/2020');
    expect(fakeDateText('1/5/2020', new OneDay(false))).toBe('1/4/2020');
    // An unambiguous date takes the draw as it is.
    expect(fakeDateText('1/13/2020', new OneDay(true))).toBe('1/14/2020');
  });

  it('reads two-digit years as 1950 to 2049 and keeps them inside', () => {
    for (const [text, order] of [
      ['1/20/50', 'MDY'],
      ['20.12.49', 'DMY'],
      ['3.4.20', 'DMY'],
    ] as const) {
      for (const key of KEYS) {
        const written = fake(text, key)!;
        expect(written).toMatch(/^\d{1,2}[./]\d{1,2}[./]\d\d$/);
        const days = Math.abs(dayOfShort(written, order) - dayOfShort(text, order)) / DAY;
        expect(days).toBeGreaterThanOrEqual(1);
        expect(days).toBeLessThanOrEqual(180);
      }
    }
  });

  it('keeps four-digit years at the edges of the range four digits wide', () => {
    for (const key of KEYS) {
      expect(fake('1/20/1000', key)).toMatch(/^\d{1,2}\/\d{1,2}\/1000$/);
      expect(fake('12/20/2999', key)).toMatch(/^\d{1,2}\/\d{1,2}\/2999$/);
    }
  });

  it.each([
    ['March 3, 2019', (name: string) => FULL_MONTHS.includes(name.toLowerCase()), /^[A-Z][a-z]+$/],
    ['MAR 3, 2019', (name: string) => MONTHS.includes(name.toLowerCase()), /^[A-Z]{3}$/],
    ['mar. 3, 2019', (name: string) => MONTHS.includes(name.slice(0, 3)), /^[a-z]{3}\.$/],
    ['march 3, 2019', (name: string) => FULL_MONTHS.includes(name), /^[a-z]+$/],
    ['MARCH 3, 2019', (name: string) => FULL_MONTHS.includes(name.toLowerCase()), /^[A-Z]+$/],
    ['Mar 3, 2019', (name: string) => MONTHS.includes(name.toLowerCase()), /^[A-Z][a-z]{2}$/],
  ])('writes the month of %s in the same form and case', (text, isName, shape) => {
    const names = new Set<string>();
    for (const key of KEYS) {
      const name = fake(text, key)!.split(' ')[0]!;
      expect(name).toMatch(shape);
      expect(isName(name)).toBe(true);
      names.add(name);
    }
    expect(names.size).toBeGreaterThan(5);
  });

  it('keeps Sept four letters for September only', () => {
    for (const key of KEYS) {
      const name = fake('Sept 5, 2019', key)!.split(' ')[0]!;
      if (name.startsWith('Sep')) expect(name).toBe('Sept');
      else expect(name).toMatch(/^[A-Z][a-z]{2}$/);
    }
  });

  it('recomputes the ordinal for the new day', () => {
    const suffix = (day: number) =>
      day >= 11 && day <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][day % 10] ?? 'th');
    const suffixes = new Set<string>();
    for (const key of KEYS) {
      for (const text of ['3rd March 2019', 'March 3rd, 2019', '11TH of May 2020']) {
        const [, digits, written] = /(\d+)([a-z]+)/i.exec(fake(text, key)!)!;
        const expected = suffix(+digits!);
        expect(written).toBe(text.startsWith('11TH') ? expected.toUpperCase() : expected);
        suffixes.add(written!.toLowerCase());
      }
    }
    expect(suffixes).toEqual(new Set(['st', 'nd', 'rd', 'th']));
  });

  it('writes another month and year for a month and year only', () => {
    for (const key of KEYS) {
      const written = fake('January 2020', key)!;
      expect(written).toMatch(/^[A-Z][a-z]+ \d{4}$/);
      expect(written).not.toBe('January 2020');
      const days = Math.abs(dayOf(written, 'named') - dayOf('January 2020', 'named')) / DAY;
      // 180 days from the middle of the month, read back as the middle of another.
      expect(days).toBeLessThanOrEqual(196);
    }
  });

  it.each([
    'on 3/4/2020',
    '3/4/2020.',
    '3/4/2020 and 5/6/2020',
    '2/30/2021',
    '13/13/2020',
    '2020-03-14',
    'March',
    '',
  ])('gives null for %j, which is not exactly one date', (text) => {
    expect(fake(text)).toBeNull();
  });
});
