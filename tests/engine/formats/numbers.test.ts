import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  analyzeNumberText,
  detectNumberLayout,
  excelFormatToNumberLayout,
  formatNumberText,
  parseNumberText,
  settledDecimalSeparator,
} from '../../../src/engine/formats/numbers';
import type { NumberLayout } from '../../../src/engine/types';

const base: NumberLayout = {
  precision: 0,
  integer: true,
  decimalSeparator: '.',
  thousandsSeparator: null,
  prefix: '',
  suffix: '',
  negative: false,
};

interface LayoutCase {
  description: string;
  layout: NumberLayout;
  /** Texts written in the layout; each must survive format(parse(text)). */
  texts: string[];
}

const LAYOUTS: LayoutCase[] = [
  { description: 'plain integers', layout: base, texts: ['0', '7', '123456', '-42'] },
  {
    description: 'two decimals',
    layout: { ...base, precision: 2, integer: false },
    texts: ['0.50', '12.00', '-3.75', '1234567.89'],
  },
  {
    description: 'ten decimals',
    layout: { ...base, precision: 10, integer: false },
    texts: ['0.1234567891', '-1.0000000001'],
  },
  {
    description: 'comma grouping',
    layout: { ...base, thousandsSeparator: ',' },
    texts: ['1', '999', '1,000', '12,345,678', '-1,234'],
  },
  {
    description: 'US money',
    layout: { ...base, precision: 2, integer: false, thousandsSeparator: ',', prefix: '$' },
    texts: ['$0.99', '$1,234.00', '-$1,234.56', '$1,000,000.00'],
  },
  {
    description: 'German decimals (1.234,56)',
    layout: {
      ...base,
      precision: 2,
      integer: false,
      decimalSeparator: ',',
      thousandsSeparator: '.',
    },
    texts: ['1.234,56', '0,50', '-12.000,00', '999,99'],
  },
  {
    description: 'French grouping with no-break space and euro suffix',
    layout: {
      ...base,
      precision: 2,
      integer: false,
      decimalSeparator: ',',
      thousandsSeparator: '\u00a0',
      suffix: '\u00a0€',
    },
    texts: ['1\u00a0234,56\u00a0€', '0,50\u00a0€'],
  },
  {
    description: 'Swiss apostrophes',
    layout: { ...base, precision: 2, integer: false, thousandsSeparator: "'" },
    texts: ["1'234.50", "12'000.00"],
  },
  {
    description: 'percentages',
    layout: { ...base, precision: 2, integer: false, suffix: '%' },
    texts: ['12.50%', '0.00%', '-3.25%', '100.00%'],
  },
  {
    description: 'signed changes',
    layout: { ...base, precision: 1, integer: false, suffix: '%', explicitPlus: true },
    texts: ['+2.5%', '-1.2%', '0.0%'],
  },
  {
    description: 'accounting negatives',
    layout: {
      ...base,
      precision: 2,
      integer: false,
      thousandsSeparator: ',',
      negativeStyle: 'parentheses',
    },
    texts: ['(1,234.00)', '12.50', '(0.99)'],
  },
  {
    description: 'currency code prefix',
    layout: { ...base, precision: 2, integer: false, prefix: 'USD ' },
    texts: ['USD 12.00', '-USD 7.50'],
  },
  {
    description: 'currency code suffix',
    layout: { ...base, precision: 2, integer: false, suffix: ' EUR' },
    texts: ['12.00 EUR', '7.50 EUR'],
  },
  {
    description: 'pound prefix with space',
    layout: { ...base, precision: 2, integer: false, prefix: '£ ' },
    texts: ['£ 12.00', '£ 7.50'],
  },
];

describe('number layouts', () => {
  describe.each(LAYOUTS)('$description', ({ layout, texts }) => {
    it('format(parse(text)) gives the text back', () => {
      for (const text of texts) {
        const value = parseNumberText(text, layout);
        expect(value, text).not.toBeNull();
        if (value !== null) expect(formatNumberText(value, layout)).toBe(text);
      }
    });

    it('parse(format(value)) gives the value back at the layout precision', () => {
      fc.assert(
        fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (raw) => {
          const value = Number(raw.toFixed(layout.precision));
          const text = formatNumberText(value, layout);
          const back = parseNumberText(text, layout);
          expect(back === 0 ? 0 : back).toBe(value === 0 ? 0 : value);
        }),
        { numRuns: 200, seed: 7 },
      );
    });

    it('is what detectNumberLayout learns from the texts', () => {
      const detected = detectNumberLayout(texts);
      expect(detected).not.toBeNull();
      if (!detected) return;
      for (const text of texts) {
        const value = parseNumberText(text, detected);
        expect(value, text).toBe(parseNumberText(text, layout));
        if (value !== null) expect(formatNumberText(value, detected)).toBe(text);
      }
    });
  });

  it.each([
    ['1,234.56', { decimalSeparator: '.', thousandsSeparator: ',' }],
    ['1.234,56', { decimalSeparator: ',', thousandsSeparator: '.' }],
    ['1 234,56', { decimalSeparator: ',', thousandsSeparator: ' ' }],
    ['12,5', { decimalSeparator: ',', thousandsSeparator: null }],
    ['1.234.567', { decimalSeparator: ',', thousandsSeparator: '.' }],
    ['1,234,567', { decimalSeparator: '.', thousandsSeparator: ',' }],
  ])('one text %s settles the separators', (text, expected) => {
    expect(detectNumberLayout([text])).toMatchObject(expected);
  });

  it('reads an ambiguous 1,234 as a decimal when the column says comma is decimal', () => {
    const layout = detectNumberLayout(['1,234', '0,5']);
    expect(layout?.decimalSeparator).toBe(',');
    expect(parseNumberText('1,234', layout ?? base)).toBe(1.234);
  });

  it('reads plain text without a layout', () => {
    expect(parseNumberText('1,234')).toBe(1234);
    expect(parseNumberText('1.5')).toBe(1.5);
    expect(parseNumberText('-$1,234.50')).toBe(-1234.5);
    expect(parseNumberText('1e5')).toBe(100000);
    expect(parseNumberText('12.50%')).toBe(12.5);
  });

  it.each([
    ['NaN'],
    ['Infinity'],
    [''],
    ['abc'],
    ['1.2.3,4,5'],
    ['1,23,456'],
    ['12-34'],
    ['5.'],
    ['.'],
    ['-.'],
    ['.5.1'],
    ['.net'],
    ['$'],
    ['$-'],
    ['--5'],
    ['-5-'],
    ['1-2-'],
    ['1 2'],
  ])('%s is not a number', (text) => {
    expect(parseNumberText(text)).toBeNull();
  });

  it.each([
    ['1.234,56-', -1234.56, { signPosition: 'trailing', decimalSeparator: ',' }],
    ['\u22125', -5, { minusSign: '\u2212' }],
    ['$\u22125.00', -5, { minusSign: '\u2212', signPosition: 'afterPrefix', prefix: '$' }],
    ['.5', 0.5, { bareFraction: true, precision: 1 }],
    ['-.125', -0.125, { bareFraction: true, precision: 3 }],
    ['$-5.00', -5, { signPosition: 'afterPrefix', prefix: '$' }],
    ['$ (5.00)', -5, { signPosition: 'afterPrefix', prefix: '$ ', negativeStyle: 'parentheses' }],
  ] as const)('reads %s and writes it back the same way', (text, value, expected) => {
    expect(parseNumberText(text)).toBe(value);
    const layout = detectNumberLayout([text]);
    expect(layout).toMatchObject(expected);
    expect(layout && formatNumberText(value, layout)).toBe(text);
  });

  it('writes positives of a sign style without a sign', () => {
    const sap = detectNumberLayout(['1.234,56-', '200,00']);
    expect(sap && formatNumberText(1234.56, sap)).toBe('1.234,56');
    const accounting = detectNumberLayout(['$ (5.00)', '$ 12.00']);
    expect(accounting && formatNumberText(12, accounting)).toBe('$ 12.00');
    const bare = detectNumberLayout(['.5', '1.25']);
    expect(bare && formatNumberText(1.5, bare)).toBe('1.50');
  });

  it('refuses texts written in another layout', () => {
    const money: NumberLayout = { ...base, precision: 2, integer: false, prefix: '$' };
    expect(parseNumberText('€12.00', money)).toBeNull();
    expect(parseNumberText('12,00', { ...money, prefix: '' })).toBeNull();
    expect(parseNumberText('(12.00)', money)).toBeNull();
    expect(parseNumberText('+12.00', money)).toBeNull();
  });

  it('accepts fewer digits or no grouping within the layout', () => {
    const layout: NumberLayout = { ...base, precision: 2, integer: false, thousandsSeparator: ',' };
    expect(parseNumberText('1234.5', layout)).toBe(1234.5);
    expect(formatNumberText(1234.5, layout)).toBe('1,234.50');
  });

  it('writes no minus sign for a value that rounds to zero', () => {
    expect(formatNumberText(-0.001, { ...base, precision: 2, integer: false })).toBe('0.00');
  });

  it('notes how a text is written', () => {
    expect(analyzeNumberText('(€1.234,50)')).toMatchObject({
      value: -1234.5,
      negative: true,
      parentheses: true,
      prefix: '€',
      decimalSeparator: ',',
      thousandsSeparator: '.',
    });
    expect(analyzeNumberText('00123')).toMatchObject({ value: 123, integerDigits: '00123' });
    expect(analyzeNumberText('2.5E-3')).toMatchObject({ value: 0.0025, exponent: true });
  });
});

describe('decimal separator evidence', () => {
  const analyses = (texts: string[]) =>
    texts.map((text) => {
      const analysis = analyzeNumberText(text);
      if (!analysis) throw new Error(`not a number: ${text}`);
      return analysis;
    });

  it.each([
    [['1,5', '2,25'], ','],
    [['1.234,56', '7'], ','],
    [['1,234.50', '2'], '.'],
    [['1.5', '1.000'], '.'],
    [['1.000', '250', '12.500'], 'ambiguous'],
    [['250', '300'], null],
  ] as const)('%j → %s', (texts, expected) => {
    expect(settledDecimalSeparator(analyses([...texts]))).toBe(expected);
  });

  it('lets a hint decide only texts that read either way', () => {
    expect(detectNumberLayout(['1.000', '12.500'], ',')).toMatchObject({
      decimalSeparator: ',',
      thousandsSeparator: '.',
      precision: 0,
      integer: true,
    });
    expect(detectNumberLayout(['1.5', '12.500'], ',')?.decimalSeparator).toBe('.');
    expect(detectNumberLayout(['250', '300'], ',')?.decimalSeparator).toBe('.');
    expect(detectNumberLayout(['1.000', '12.500'])?.decimalSeparator).toBe('.');
  });
});

describe('excelFormatToNumberLayout', () => {
  const plain = { prefix: '', suffix: '', thousandsSeparator: null, percent: false };
  it.each([
    ['0.00', plain],
    ['#,##0', { ...plain, thousandsSeparator: ',' }],
    ['"$"#,##0.00', { ...plain, prefix: '$', thousandsSeparator: ',' }],
    ['$#,##0.00', { ...plain, prefix: '$', thousandsSeparator: ',' }],
    [
      '"$"#,##0.00_);[Red]("$"#,##0.00)',
      { ...plain, prefix: '$', thousandsSeparator: ',', negativeStyle: 'parentheses' },
    ],
    [
      '_("$"* #,##0.00_);_("$"* \\(#,##0.00\\);_("$"* "-"??_);_(@_)',
      { ...plain, prefix: '$', thousandsSeparator: ',', negativeStyle: 'parentheses' },
    ],
    ['#,##0.00 [$€-407]', { ...plain, suffix: ' €', thousandsSeparator: ',' }],
    ['[$€-407] #,##0.00', { ...plain, prefix: '€ ', thousandsSeparator: ',' }],
    [
      '_-* #,##0.00 [$€-407]_-;-* #,##0.00 [$€-407]_-;_-* "-"?? [$€-407]_-;_-@_-',
      { ...plain, suffix: ' €', thousandsSeparator: ',' },
    ],
    ['#,##0.00 "EUR"', { ...plain, suffix: ' EUR', thousandsSeparator: ',' }],
    ['0.00%', { ...plain, suffix: '%', percent: true }],
    ['+0.0%;-0.0%', { ...plain, suffix: '%', percent: true, explicitPlus: true }],
    ['[Red]-#,##0.00', { ...plain, thousandsSeparator: ',' }],
  ] as const)('%s', (format, expected) => {
    expect(excelFormatToNumberLayout(format)).toEqual(expected);
  });

  it.each([
    'General',
    '@',
    '0.0E+00',
    '# ?/?',
    'm/d/yyyy',
    '[h]:mm:ss',
    '#,##0,',
    '[<=9999999]###-####;(###) ###-####',
    '000\\-00\\-0000',
  ])('%s is not a plain number format', (format) => {
    expect(excelFormatToNumberLayout(format)).toBeNull();
  });
});
