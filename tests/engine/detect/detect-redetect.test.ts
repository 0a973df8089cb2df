import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectColumn } from '../../../src/engine/detect/column';
import {
  DATE_PATTERN_CATALOGUE,
  datePatternName,
  formatDateText,
  patternHasTime,
  patternHasZone,
} from '../../../src/engine/formats/dates';
import { formatNumberText } from '../../../src/engine/formats/numbers';
import type { NumberLayout } from '../../../src/engine/types';

/**
 * What the pseudonymizer relies on: a column written in a pattern or layout (as its generated
 * output is) is detected with that same pattern or layout again.
 */

const MIN = Date.UTC(1990, 0, 1);
const MAX = Date.UTC(2030, 11, 31);

describe('a column written in a date pattern re-detects with that pattern', () => {
  it.each(DATE_PATTERN_CATALOGUE.map((entry) => entry.pattern))('%s', (pattern) => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: MIN, max: MAX }), { minLength: 200, maxLength: 200 }),
        fc.constantFrom('Z', '+02:00', '-05:00'),
        (times, zone) => {
          const values = times.map((time) => formatDateText(new Date(time), pattern, zone));
          const schema = detectColumn('when', values);
          expect(schema.type).toBe(patternHasTime(pattern) ? 'datetime' : 'date');
          expect(schema.format).toBe(datePatternName(pattern));
          expect(schema.invalidCount).toBe(0);
          if (patternHasZone(pattern)) expect(schema.timeZone).toBe(zone);
        },
      ),
      { numRuns: 3, seed: 11 },
    );
  });
});

const LAYOUTS: NumberLayout[] = [
  {
    precision: 0,
    integer: true,
    decimalSeparator: '.',
    thousandsSeparator: null,
    prefix: '',
    suffix: '',
    negative: false,
  },
  {
    precision: 2,
    integer: false,
    decimalSeparator: '.',
    thousandsSeparator: ',',
    prefix: '$',
    suffix: '',
    negative: true,
  },
  {
    precision: 2,
    integer: false,
    decimalSeparator: ',',
    thousandsSeparator: '.',
    prefix: '',
    suffix: ' €',
    negative: false,
  },
  {
    precision: 1,
    integer: false,
    decimalSeparator: '.',
    thousandsSeparator: null,
    prefix: '',
    suffix: '%',
    negative: true,
  },
  {
    precision: 3,
    integer: false,
    decimalSeparator: ',',
    thousandsSeparator: ' ',
    prefix: '',
    suffix: '',
    negative: false,
  },
  {
    precision: 2,
    integer: false,
    decimalSeparator: '.',
    thousandsSeparator: ',',
    prefix: '',
    suffix: '',
    negative: true,
    negativeStyle: 'parentheses',
  },
  {
    precision: 2,
    integer: false,
    decimalSeparator: ',',
    thousandsSeparator: '.',
    prefix: '',
    suffix: '',
    negative: true,
    signPosition: 'trailing',
  },
  {
    precision: 1,
    integer: false,
    decimalSeparator: '.',
    thousandsSeparator: null,
    prefix: '',
    suffix: '',
    negative: true,
    minusSign: '\u2212',
  },
  {
    precision: 2,
    integer: false,
    decimalSeparator: '.',
    thousandsSeparator: ',',
    prefix: '$',
    suffix: '',
    negative: true,
    signPosition: 'afterPrefix',
  },
  {
    precision: 2,
    integer: false,
    decimalSeparator: '.',
    thousandsSeparator: ',',
    prefix: '$ ',
    suffix: '',
    negative: true,
    negativeStyle: 'parentheses',
    signPosition: 'afterPrefix',
  },
];

describe('a column written in a number layout re-detects with that layout', () => {
  it.each(LAYOUTS.map((layout) => [JSON.stringify(layout), layout] as const))('%s', (_, layout) => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: layout.negative ? -5_000_000 : 0, max: 5_000_000 }), {
          minLength: 200,
          maxLength: 200,
        }),
        (hundredths) => {
          // Values spread over the range, with every fraction digit used somewhere.
          const scale = 10 ** layout.precision;
          const values = hundredths.map((value, i) =>
            formatNumberText((value * 7 + (i % 9) + 0.1) / scale + (i === 0 ? 12345 : 0), layout),
          );
          if (layout.negative) values.push(formatNumberText(-1234.5, layout));
          const schema = detectColumn('amount', values);
          expect(schema.type).toBe('number');
          expect(schema.invalidCount).toBe(0);
          expect(schema.number).toMatchObject(layout);
        },
      ),
      { numRuns: 3, seed: 5 },
    );
  });
});

describe('number ranges', () => {
  it('are exactly the values the texts write', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.integer({ min: -99_999_999, max: 99_999_999 }),
            fc.integer({ min: 0, max: 10 }),
          ),
          { minLength: 1, maxLength: 50 },
        ),
        (parts) => {
          const texts = parts.map(([digits, fraction]) => {
            const sign = digits < 0 ? '-' : '';
            const body = String(Math.abs(digits)).padStart(fraction + 1, '0');
            return fraction === 0
              ? `${sign}${body}`
              : `${sign}${body.slice(0, -fraction)}.${body.slice(-fraction)}`;
          });
          const values = texts.map(Number);
          const schema = detectColumn('amount', texts);
          expect(schema.type).toBe('number');
          expect(schema.range).toEqual({ min: Math.min(...values), max: Math.max(...values) });
        },
      ),
      { numRuns: 300, seed: 3 },
    );
  });
});
