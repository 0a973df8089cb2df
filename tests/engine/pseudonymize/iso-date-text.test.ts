import { describe, expect, it } from 'vitest';
import { columnUnderScheme } from '../../support/column-under-scheme';
import { detectSchema, type Sheet } from '../../../src/engine';
import {
  fakeIsoDateText,
  isIsoDateText,
} from '../../../src/engine/pseudonymize/generators/iso-date-text';
import { KeyedRandom } from '../../../src/engine/pseudonymize/keyed-random';

const DAY = 86_400_000;

/** The text's layout: digits as 9, so '2020-01-05T10:00Z' and '2024-12-31T23:59Z' agree. */
const layout = (text: string) => text.replace(/\d/g, '9');

describe('dates in ISO 8601 among text', () => {
  it.each([
    '2020-02-05',
    '2020-01-05T10:00:00Z',
    '2020-05-05 10:00',
    '2023-06-05T01:02:03.000001+02:00',
    '1999-12-31T23:59:59,5-0530',
  ])('%s becomes another real date in the same layout, within 180 days', (text) => {
    const random = new KeyedRandom(new TextEncoder().encode('key'));
    random.reseed('string', text);
    const fake = fakeIsoDateText(text, random)!;
    expect(fake).not.toBe(text);
    expect(layout(fake)).toBe(layout(text));
    expect(isIsoDateText(fake)).toBe(true);
    const day = (value: string) => Date.parse(value.slice(0, 10));
    expect(Math.abs(day(fake) - day(text)) / DAY).toBeGreaterThanOrEqual(1);
    expect(Math.abs(day(fake) - day(text)) / DAY).toBeLessThanOrEqual(180);
  });

  it('takes no text that is no real ISO date', () => {
    for (const text of ['2020-02-30', '2020-13-01', '2020-01-05T24:00', '05/01/2020', 'AB-1234']) {
      expect(isIsoDateText(text)).toBe(false);
    }
  });

  it('gives a text column of mixed ISO layouts dates, not codes of digits (scheme 4)', () => {
    const values = ['2020-01-05T10:00:00Z', '2020-02-05', '2020-03-05T11:30:00Z', '2020-05-05'];
    const sheet: Sheet = {
      name: 'staff',
      columns: ['hired'],
      rows: values.map((value) => [value]),
    };
    const schema = detectSchema(sheet);
    expect(schema[0]!.type).toBe('string');
    const run = (scheme: number) => columnUnderScheme(sheet, 0, scheme);
    run(4).forEach((written, index) => {
      expect(isIsoDateText(written)).toBe(true);
      expect(layout(written)).toBe(layout(values[index]!));
      expect(written).not.toBe(values[index]);
    });
    // Scheme 3 permuted their digits as a code's, which makes no date of most.
    expect(run(3).some((written) => !isIsoDateText(written))).toBe(true);
  });
});
