import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { columnUnderScheme } from '../../support/column-under-scheme';
import { detectSchema, pseudonymize, type Sheet, type Workbook } from '../../../src/engine';
import { fakeMeasure, roundness } from '../../../src/engine/pseudonymize/generators/measure';
import { KeyedRandom } from '../../../src/engine/pseudonymize/keyed-random';
import { createSeededRandom } from '../../../scripts/lib/seeded-random';

/*
 * Measures (number columns that are no identifiers) keep their distribution by default: each
 * value moves by a keyed 2-10%, so every decile stays within ±15%.
 *
 * Tolerance of a decile: |out − in| ≤ 15% of |in|, plus 5% of the interdecile range (q90 − q10)
 * and one unit of the last digit. The extra terms are for deciles near zero, where a relative
 * bound means nothing (a decile of 0 becomes ±0.01, a decile of 1 in a whole-number column 2).
 */

function normal(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

const SHAPES = {
  uniform: (random: () => number) => random() * 1000,
  logNormal: (random: () => number) => Math.exp(4 + 1.2 * normal(random)),
  bimodal: (random: () => number) =>
    random() < 0.6 ? 50 + 5 * normal(random) : 500 + 40 * normal(random),
  zerosAndNegatives: (random: () => number) => {
    const dice = random();
    if (dice < 0.2) return 0;
    if (dice < 0.5) return -Math.exp(3 + normal(random));
    return Math.exp(4 + normal(random));
  },
} as const;
type Shape = keyof typeof SHAPES;

/** A column of `count` values of a shape, written with `decimals` fraction digits. */
function values(shape: Shape, seed: number, count: number, decimals: number): string[] {
  const random = createSeededRandom(seed);
  return Array.from({ length: count }, () => {
    const text = SHAPES[shape](random).toFixed(decimals);
    return Number(text) === 0 ? (0).toFixed(decimals) : text; // no '-0.00'
  });
}

function amountSheet(texts: string[]): Sheet {
  return { name: 'orders', columns: ['amount'], rows: texts.map((text) => [text]) };
}

/** The pseudonyms of a column of texts, in row order, under the default rules. */
function pseudonymsOf(texts: string[], secret: string): string[] {
  const workbook: Workbook = { format: 'csv', sheets: [amountSheet(texts)] };
  const schemas = workbook.sheets.map((sheet) => detectSchema(sheet));
  expect(schemas[0]![0]!.type).toBe('number');
  const { workbook: out } = pseudonymize(workbook, schemas, { secret });
  return out.sheets[0]!.rows.map((row) => String(row[0]));
}

function quantile(sorted: number[], share: number): number {
  const at = (sorted.length - 1) * share;
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (at - low);
}

function sortedNumbers(texts: string[]): number[] {
  return texts.map(Number).sort((a, b) => a - b);
}

function expectDecilesKept(input: string[], output: string[], unit: number): void {
  const before = sortedNumbers(input);
  const after = sortedNumbers(output);
  const spread = quantile(before, 0.9) - quantile(before, 0.1);
  for (let decile = 1; decile <= 9; decile++) {
    const was = quantile(before, decile / 10);
    const is = quantile(after, decile / 10);
    const tolerance = 0.15 * Math.abs(was) + 0.05 * spread + unit;
    expect(Math.abs(is - was), `decile ${decile}: ${was} → ${is}`).toBeLessThanOrEqual(tolerance);
  }
}

const column = fc.record({
  shape: fc.constantFrom(...(Object.keys(SHAPES) as Shape[])),
  seed: fc.integer(),
  count: fc.integer({ min: 50, max: 400 }),
  decimals: fc.constantFrom(0, 2),
});

describe('measures keep their distribution', () => {
  it('keeps every decile within ±15%, the sign, the precision, and never the value', () => {
    fc.assert(
      fc.property(column, ({ shape, seed, count, decimals }) => {
        const input = values(shape, seed, count, decimals);
        const output = pseudonymsOf(input, `secret ${seed}`);
        const unit = 10 ** -decimals;
        expectDecilesKept(input, output, unit);
        const digits = decimals === 0 ? /^-?\d+$/ : /^-?\d+\.\d{2}$/;
        output.forEach((pseudonym, row) => {
          const original = input[row]!;
          expect(pseudonym).toMatch(digits);
          expect(pseudonym).not.toBe(original);
          const value = Number(original);
          if (value === 0) expect(Math.abs(Number(pseudonym))).toBeCloseTo(unit, 10);
          else expect(Math.sign(Number(pseudonym))).toBe(Math.sign(value));
        });
      }),
      { numRuns: 25 },
    );
  });

  it('gives a value the same pseudonym in two different tables under one key', () => {
    fc.assert(
      fc.property(column, fc.integer(), ({ shape, seed, count, decimals }, otherSeed) => {
        const first = values(shape, seed, count, decimals);
        const shared = first.slice(0, 20);
        const second = [...values('logNormal', otherSeed, 60, decimals), ...shared];
        const firstOut = pseudonymsOf(first, 'one key');
        const secondOut = pseudonymsOf(second, 'one key');
        // Zero's sign follows its column (negative only without positives): both have some.
        shared.forEach((original, index) => {
          expect(secondOut[60 + index], original).toBe(firstOut[index]);
        });
      }),
      { numRuns: 15 },
    );
  });

  it('keeps median, mean and the 10th and 90th percentiles of a skewed amount column', () => {
    // Like the shared 50 MB customer export: 70% of amounts up to 200, 30% up to 10,000.
    const random = createSeededRandom(16);
    const input = Array.from({ length: 20_000 }, () =>
      (
        (random() < 0.7 ? Math.floor(random() * 20_000) : Math.floor(random() * 1_000_000)) / 100
      ).toFixed(2),
    );
    const output = pseudonymsOf(input, 'export key');
    const before = sortedNumbers(input);
    const after = sortedNumbers(output);
    for (const share of [0.1, 0.5, 0.9]) {
      const was = quantile(before, share);
      expect(Math.abs(quantile(after, share) - was)).toBeLessThanOrEqual(0.15 * was);
    }
    const mean = (list: number[]) => list.reduce((sum, value) => sum + value, 0) / list.length;
    expect(Math.abs(mean(after) - mean(before))).toBeLessThanOrEqual(0.15 * mean(before));
  });

  it('keeps the layout: prefixes, suffixes, parentheses and decimal commas', () => {
    // The text around the digits and the fraction digits after the decimal separator.
    const shape = (text: string) => {
      const match = /^(\D*)([\d., ]*\d)(\D*)$/.exec(text)!;
      return [match[1], match[3], /,\d{2}$/.test(match[2]!), /\.\d{2}$/.test(match[2]!)];
    };
    const cases = [
      ['$1,234.50', '$12.00', '$980.25'],
      ['(1.234,50)', '12,00', '(980,25)', '5.432,10'],
      ['1 234 €', '12 €', '980 €'],
    ];
    for (const texts of cases) {
      const output = pseudonymsOf(texts, 'layout key');
      output.forEach((pseudonym, index) => {
        expect(pseudonym).not.toBe(texts[index]);
        expect(shape(pseudonym), `${texts[index]} → ${pseudonym}`).toEqual(shape(texts[index]!));
      });
    }
  });

  it('moves small whole numbers by one unit, never to zero, and zero to one unit', () => {
    const random = new KeyedRandom(new TextEncoder().encode('key'));
    for (const value of [1, -1, 2, 5, 0]) {
      random.reseed('number', String(value));
      const fake = fakeMeasure(value, 0, 1, random);
      expect(fake).not.toBe(value);
      expect(Number.isInteger(fake)).toBe(true);
      if (value === 0) expect(fake).toBe(1);
      else expect(Math.sign(fake)).toBe(Math.sign(value));
      expect(Math.abs(fake - value)).toBeLessThanOrEqual(Math.max(1, Math.abs(value) * 0.1));
    }
    random.reseed('number', '0');
    expect(fakeMeasure(0, 2, -1, random)).toBe(-0.01);
  });

  it('moves round whole values by units of their roundness (scheme 10)', () => {
    expect([85000, 52300, 300, 100000, 7, 0, -4500, 12.5].map(roundness)).toEqual([
      3, 2, 0, 3, 0, 0, 1, 0,
    ]);
    const salaries = Array.from({ length: 300 }, (_, i) =>
      String(40_000 + ((i * 7919) % 600) * 100),
    );
    const sheet = { name: 'staff', columns: ['salary'], rows: salaries.map((text) => [text]) };
    const after = columnUnderScheme(sheet, 0, 10);
    after.forEach((text, row) => {
      const [before, moved] = [Number(salaries[row]), Number(text)];
      expect(moved % 100, text).toBe(0);
      expect(moved).not.toBe(before);
      expect(Math.abs(moved - before) / before).toBeLessThanOrEqual(0.11);
    });
    // Scheme 9 moved them by ones: their zeros were lost.
    const older = columnUnderScheme(sheet, 0, 9);
    expect(older.filter((text) => Number(text) % 100 === 0).length).toBeLessThan(30);
    // Exactly: a power of ten, no floating-point dust.
    const random = new KeyedRandom(new TextEncoder().encode('key'));
    random.reseed('number', '85000');
    expect(String(fakeMeasure(85000, -3, 1, random))).toMatch(/^\d{2}000$/);
  });

  it('keeps scientific notation, its letter, signs and exponent width (scheme 4)', () => {
    const texts = ['1e-05', '2.5e-3', '1.2E+10', '-3.75E+08', '9.9e+01', '4E+2', '6.02e23'];
    const sheet: Sheet = { name: 'm', columns: ['score'], rows: texts.map((text) => [text]) };
    const schema = detectSchema(sheet);
    expect(schema[0]!.type).toBe('number');
    const run = (scheme: number) => columnUnderScheme(sheet, 0, scheme);
    const shape = (text: string) =>
      text
        .replace(/^(-?)\d/, '$1D')
        .replace(/\.\d+/, (digits) => '.' + 'd'.repeat(digits.length - 1))
        .replace(/\d+$/, (digits) => 'x'.repeat(digits.length));
    run(4).forEach((written, index) => {
      const original = texts[index]!;
      expect(written).not.toBe(original);
      expect(shape(written), `${original} → ${written}`).toBe(shape(original));
      // At most one unit of the last mantissa digit, or 10%, away.
      const unit =
        10 **
        (Number(original.split(/e/i)[1]) - (original.split(/[eE]/)[0]!.split('.')[1]?.length ?? 0));
      expect(Math.abs(Number(written) - Number(original))).toBeLessThanOrEqual(
        Math.max(unit, Math.abs(Number(original)) * 0.1) * 1.000001,
      );
    });
    // Scheme 3 wrote plain digits: '1e-05' became a decimal like '0.00002'.
    expect(run(3)[0]).not.toMatch(/e/i);
  });

  it("moves a spreadsheet's numbers by the last decimal their format shows (scheme 4)", () => {
    // Rates shown as '0%' and prices as '$0.00': whole values and zero among them.
    const rates = [0.5, 1, 0.25, 1, 0.75, 0.1];
    const prices = [0, 10, 9.99, 25, 0, 100];
    const sheet: Sheet = {
      name: 'prices',
      columns: ['rate', 'price'],
      rows: rates.map((rate, index) => [rate, prices[index]!]),
      numberFormats: ['0%', '"$"#,##0.00'],
    };
    const workbook: Workbook = { format: 'xlsx', sheets: [sheet] };
    const schema = detectSchema(sheet);
    expect(schema.map((column) => column.precision)).toEqual([2, 2]);
    const run = (scheme: number) =>
      pseudonymize(workbook, [schema], { secret: 'k', scheme }).workbook.sheets[0]!.rows;
    for (const [row, cells] of run(4).entries()) {
      const [rate, price] = cells as [number, number];
      expect(Math.abs(rate / rates[row]! - 1)).toBeLessThanOrEqual(0.11);
      expect(rate).not.toBe(rates[row]);
      if (prices[row] === 0) expect(price).toBe(0.01);
      else expect(Math.abs(price / prices[row]! - 1)).toBeLessThanOrEqual(0.11);
    }
    // Scheme 3 moved 100% to 200% (one unit of its own last digit), and $0.00 to $1.00.
    const three = run(3);
    expect(three[1]![0]).toBe(2);
    expect(three[0]![1]).toBe(1);
  });
});

describe("measures in 'range' mode", () => {
  it('draw evenly across the range the user set', () => {
    const texts = values('logNormal', 7, 300, 2);
    const workbook: Workbook = { format: 'csv', sheets: [amountSheet(texts)] };
    const schema = detectSchema(workbook.sheets[0]!).map((column) => ({
      ...column,
      range: { min: 1000, max: 2000 },
      rangeSetByUser: true,
    }));
    const out = pseudonymize(workbook, [schema], { secret: 'k' }).workbook.sheets[0]!;
    for (const [cell] of out.rows) {
      expect(Number(cell)).toBeGreaterThanOrEqual(1000);
      expect(Number(cell)).toBeLessThanOrEqual(2000);
    }
    const withMode = schema.map((column) => ({ ...column, numberMode: 'distribution' as const }));
    const kept = pseudonymize(workbook, [withMode], { secret: 'k' }).workbook.sheets[0]!;
    expectDecilesKept(
      texts,
      kept.rows.map((row) => String(row[0])),
      0.01,
    );
  });
});

describe('a small domain of whole numbers (scheme 7 on)', () => {
  /** A sheet of one column: Titanic's `Pclass`, a rating, a year; as text or as xlsx numbers. */
  function sheetOf(values: number[], asNumbers: boolean): Sheet {
    return {
      name: 'passengers',
      columns: ['level'],
      rows: values.map((value) => [asNumbers ? value : String(value)]),
    };
  }

  it('is permuted among its own range: each value another, near it, none merged', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3000 }),
        fc.integer({ min: 2, max: 20 }),
        fc.array(fc.nat(), { minLength: 2, maxLength: 60 }),
        fc.boolean(),
        (low, size, draws, asNumbers) => {
          // Both ends present, so the detected range is low..low+size-1.
          const values = [low, low + size - 1, ...draws.map((draw) => low + (draw % size))];
          const out = columnUnderScheme(sheetOf(values, asNumbers), 0, 7).map(Number);
          const images = new Map<number, number>();
          values.forEach((value, row) => {
            const image = out[row]!;
            expect(image).not.toBe(value);
            expect(Math.abs(image - value)).toBeLessThanOrEqual(2);
            expect(image).toBeGreaterThanOrEqual(low);
            expect(image).toBeLessThanOrEqual(low + size - 1);
            expect(images.get(value) ?? image).toBe(image);
            images.set(value, image);
          });
          expect(new Set(images.values()).size).toBe(images.size);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('keeps a 0/1 column 0/1 and three classes three, where scheme 6 made 1/2 and merged them', () => {
    const survived = [0, 1, 1, 0, 0, 1, 0];
    const classes = [3, 1, 3, 1, 3, 3, 1, 3, 3, 2];
    const run = (values: number[], scheme: number) =>
      columnUnderScheme(sheetOf(values, false), 0, scheme);
    expect(new Set(run(survived, 7))).toEqual(new Set(['0', '1']));
    expect(new Set(run(classes, 7))).toEqual(new Set(['1', '2', '3']));
    expect(new Set(run(survived, 6))).toEqual(new Set(['1', '2']));
    expect(new Set(run(classes, 6)).size).toBeLessThan(3);
  });

  it('leaves wider ranges and negative ones to the keyed 2-10% move', () => {
    const wide = Array.from({ length: 21 }, (_, index) => index * 100);
    const out = columnUnderScheme(sheetOf(wide, false), 0, 7).map(Number);
    expect(out.some((value) => value % 100 !== 0)).toBe(true);
    const negative = [-1, 0, 1, 2];
    expect(columnUnderScheme(sheetOf(negative, false), 0, 7)).toEqual(
      columnUnderScheme(sheetOf(negative, false), 0, 6),
    );
  });
});

describe('whole values written with decimals (scheme 9 on)', () => {
  // pandas writes a column of whole numbers with a missing value as floats: '38.0'.
  const ages = ['38.0', '45.0', '', '29.0', '51.0', '62.0', '33.0', '47.0'];
  const sheet: Sheet = {
    name: 'people',
    columns: ['age'],
    rows: ages.map((age) => [age]),
  };

  it('are detected as such', () => {
    const [age] = detectSchema(sheet);
    expect(age?.number).toMatchObject({ precision: 1, integer: false, wholeValues: true });
    const mixed: Sheet = { ...sheet, rows: [['38.0'], ['38.5']] };
    expect(detectSchema(mixed)[0]?.number?.wholeValues).toBeUndefined();
  });

  it('move by whole units and keep their zero decimals', () => {
    const out = columnUnderScheme(sheet, 0, 9);
    out.forEach((text, index) => {
      if (ages[index] === '') return expect(text).toBe('');
      expect(text).toMatch(/^\d+\.0$/);
      expect(text).not.toBe(ages[index]);
      const change = Math.abs(Number(text) / Number(ages[index]) - 1);
      expect(change).toBeLessThanOrEqual(0.11);
    });
  });

  it('got fractions under scheme 8', () => {
    const out = columnUnderScheme(sheet, 0, 8).filter((text) => text !== '');
    expect(out.some((text) => !text.endsWith('.0'))).toBe(true);
  });
});
