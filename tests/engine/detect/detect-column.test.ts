import { describe, expect, it } from 'vitest';
import { detectColumn, type DetectOptions } from '../../../src/engine/detect/column';
import type { Cell, ColumnSchema, NumberLayout } from '../../../src/engine/types';

interface Case {
  description: string;
  /** Column header; 'value' when not given. */
  name?: string;
  values: Cell[];
  numberFormat?: string;
  options?: DetectOptions;
  expected: Partial<ColumnSchema>;
}

/** A two-decimal layout grouped with ',' with the given differences. */
function expectedLayout(overrides: Partial<NumberLayout>): NumberLayout {
  return {
    precision: 2,
    integer: false,
    decimalSeparator: '.',
    thousandsSeparator: ',',
    prefix: '',
    suffix: '',
    negative: false,
    ...overrides,
  };
}

/** `count` values made by `make(i)`. */
function series(count: number, make: (i: number) => Cell): Cell[] {
  return Array.from({ length: count }, (_, i) => make(i));
}

function pad2(value: number): string {
  return String(value).padStart(2, '0');
}

const utc = (...parts: [number, number, number, number?, number?, number?]): Date =>
  new Date(Date.UTC(parts[0], parts[1] - 1, parts[2], parts[3] ?? 0, parts[4] ?? 0, parts[5] ?? 0));

const BLANK_SINGLE_AND_MIXED: Case[] = [
  {
    description: 'an all-empty column is blank',
    values: ['', '', null],
    expected: { type: 'blank', nonEmptyCount: 0 },
  },
  {
    description: 'a column of nulls only is blank',
    values: [null, null],
    expected: { type: 'blank' },
  },
  { description: 'a column with no rows is blank', values: [], expected: { type: 'blank' } },
  {
    description: 'a single integer is a number',
    values: ['42'],
    expected: { type: 'number', precision: 0, range: { min: 42, max: 42 } },
  },
  {
    description: 'a single word is a string',
    values: ['hello'],
    expected: { type: 'string', semantic: null },
  },
  {
    description: 'a single email is an email',
    values: ['ana@example.com'],
    expected: { type: 'email', semantic: 'email' },
  },
  {
    description: 'a single date is a date',
    values: ['2023-04-17'],
    expected: { type: 'date', format: 'YYYY-MM-DD' },
  },
  {
    description: 'words, numbers and dates mixed are a string',
    values: ['abc', '12', '2023-01-01', 'x@y.com'],
    expected: { type: 'string' },
  },
  {
    description: 'half numbers half words are a string',
    values: ['1', '2', 'three', 'four'],
    expected: { type: 'string' },
  },
  {
    description: 'numbers and dates mixed are a string',
    values: ['12', '2023-01-01', '14', '2023-01-02'],
    expected: { type: 'string' },
  },
  {
    description: 'emails with many non-emails are a string',
    values: ['a@example.com', 'n/a yet', 'unknown', 'b@example.com'],
    expected: { type: 'string' },
  },
  {
    description: 'blank cells between values are ignored',
    values: ['1', '', null, '2', ''],
    expected: { type: 'number', nonEmptyCount: 2 },
  },
];

/** Values padded with spaces, as database dumps and fixed-width exports write them. */
const PADDED_VALUES: Case[] = [
  {
    description: 'numbers padded with spaces and tabs are numbers, their text kept as examples',
    values: [' 123', '456 ', ' 7 ', '\t42'],
    expected: {
      type: 'number',
      invalidCount: 0,
      range: { min: 7, max: 456 },
      examples: [' 123', '456 ', ' 7 ', '\t42'],
    },
  },
  {
    description: 'emails with a trailing space are emails',
    values: ['a@example.com ', 'c@example.org', ' d@example.net'],
    expected: { type: 'email', invalidCount: 0 },
  },
  {
    description: 'dates padded with spaces are dates',
    values: ['2023-04-17 ', ' 2023-05-01'],
    expected: {
      type: 'date',
      format: 'YYYY-MM-DD',
      description: 'Dates like 2023-04-17 (YYYY-MM-DD)',
      dateRange: { min: '2023-04-17', max: '2023-05-01' },
    },
  },
  {
    description: 'phones padded with spaces are phones',
    values: [' (555) 123-4567', '(555) 987-6543  '],
    expected: { type: 'phone' },
  },
  {
    description: 'yes/no padded with spaces is a boolean',
    values: ['yes ', 'no', ' yes', 'no  '],
    expected: { type: 'boolean', boolean: { trueText: 'yes', falseText: 'no' } },
  },
  {
    description: 'CHAR-padded zero-led codes are codes',
    values: ['00123   ', '00456   ', '01000   '],
    expected: { type: 'string', code: { minLength: 5, maxLength: 5, leadingZeros: true } },
  },
  {
    description: 'padded UUIDs keep their meaning',
    values: [' f47ac10b-58cc-4372-a567-0e02b2c3d479', '123e4567-e89b-12d3-a456-426614174000 '],
    expected: { type: 'string', semantic: 'uuid' },
  },
  {
    description: 'a padded NULL and whitespace-only values are missing markers',
    values: ['1', ' NULL ', '2', '   ', '3'],
    expected: { type: 'number', invalidCount: 0, missingMarkers: [' NULL ', '   '] },
  },
];

const NINETY_EIGHT_PERCENT_RULE: Case[] = [
  {
    description: 'a number column with 2% junk is a number with 2 invalid values',
    values: [...series(98, (i) => String(i + 1)), 'oops', 'ask'],
    expected: { type: 'number', invalidCount: 2 },
  },
  {
    description: 'a number column with 3% junk is a string',
    values: [...series(97, (i) => String(i + 1)), 'oops', 'bad', 'worse'],
    expected: { type: 'string', invalidCount: 0 },
  },
  {
    description: 'an email column with 1% junk is email with 1 invalid',
    values: [...series(99, (i) => `user${i}@example.com`), 'not an email'],
    expected: { type: 'email', invalidCount: 1 },
  },
  {
    description: 'a date column with 2% junk is a date with 2 invalid values',
    values: [...series(98, (i) => `2023-01-${pad2((i % 28) + 1)}`), 'later', 'soon'],
    expected: { type: 'date', format: 'YYYY-MM-DD', invalidCount: 2 },
  },
  {
    description: 'a boolean column with 1% junk keeps its vocabulary',
    values: [...series(99, (i) => (i % 2 ? 'yes' : 'no')), 'maybe'],
    expected: { type: 'boolean', invalidCount: 1, boolean: { trueText: 'yes', falseText: 'no' } },
  },
  {
    description: 'a phone column with 2% junk is phone',
    values: [...series(98, (i) => `(555) 123-${String(1000 + i)}`), 'ask', 'none given'],
    expected: { type: 'phone', invalidCount: 2 },
  },
];

const MISSING_MARKERS: Case[] = [
  {
    description: "'NaN' among decimals is a missing marker, not junk",
    values: ['1.5', 'NaN', '2.25', 'NaN'],
    expected: { type: 'number', invalidCount: 0, precision: 2, missingMarkers: ['NaN'] },
  },
  {
    description: "'NULL' and 'N/A' among dates are missing markers",
    values: ['2023-04-17', 'NULL', '2023-04-18', 'N/A'],
    expected: { type: 'date', invalidCount: 0, nonEmptyCount: 4 },
  },
  {
    description: 'a column of only NaN is a string',
    values: ['NaN', 'NaN'],
    expected: { type: 'string' },
  },
  {
    description: "MySQL's and PostgreSQL's \\N among dates is a missing marker",
    values: ['2023-04-17 10:00:00', '\\N', '2023-04-18 11:30:00', '\\N'],
    expected: { type: 'datetime', invalidCount: 0, missingMarkers: ['\\N'] },
  },
  {
    description: "typed placeholders ('unknown', 'TBD', 'n.a.') among dates are missing markers",
    values: ['1985-03-12', 'unknown', '1990-07-30', 'TBD', '1979-12-01', 'n.a.'],
    expected: { type: 'date', invalidCount: 0, missingMarkers: ['unknown', 'TBD', 'n.a.'] },
  },
  {
    description: 'a dash in a number column is a missing marker',
    values: ['10', '-', '20'],
    expected: { type: 'number', invalidCount: 0 },
  },
];

const NUMBERS: Case[] = [
  {
    description: 'integers',
    values: ['1', '20', '300'],
    expected: {
      type: 'number',
      precision: 0,
      range: { min: 1, max: 300 },
      number: {
        precision: 0,
        integer: true,
        decimalSeparator: '.',
        thousandsSeparator: null,
        prefix: '',
        suffix: '',
        negative: false,
      },
    },
  },
  {
    description: 'negative integers set the sign',
    values: ['-5', '10', '-20'],
    expected: { type: 'number', range: { min: -20, max: 10 } },
  },
  {
    description: 'decimals take the largest count of fraction digits',
    values: ['1.5', '2.25', '3.125'],
    expected: { type: 'number', precision: 3 },
  },
  {
    description: 'a zero-padded decimal keeps its precision',
    values: ['1.50', '2.00'],
    expected: { type: 'number', precision: 2 },
  },
  {
    description: 'precision stops at 10 fraction digits',
    values: ['0.123456789012', '1.5'],
    expected: { type: 'number', precision: 10 },
  },
  {
    description: 'zero is a number, not a code',
    values: ['0', '10', '0'],
    expected: { type: 'number' },
  },
  {
    description: 'decimals below one are numbers, not codes',
    values: ['0.5', '0.25'],
    expected: { type: 'number', precision: 2 },
  },
  {
    description: 'thousands separators',
    values: ['1,234', '56,789', '1,000,000'],
    expected: { type: 'number', range: { min: 1234, max: 1_000_000 } },
  },
  {
    description: 'thousands and decimals',
    values: ['1,234.50', '999.99', '12,345.00'],
    expected: { type: 'number', precision: 2, range: { min: 999.99, max: 12345 } },
  },
  {
    description: 'decimal comma with dot grouping (1.234,56)',
    values: ['1.234,56', '99,10', '12.000,00'],
    expected: { type: 'number', precision: 2, range: { min: 99.1, max: 12000 } },
  },
  {
    description: 'decimal comma alone',
    values: ['0,5', '12,75', '3,1'],
    expected: { type: 'number', precision: 2, range: { min: 0.5, max: 12.75 } },
  },
  {
    description: 'space grouping with decimal comma (French)',
    values: ['1 234,56', '12 000,00', '5,10'],
    expected: { type: 'number', precision: 2, range: { min: 5.1, max: 12000 } },
  },
  {
    description: 'apostrophe grouping (Swiss)',
    values: ["1'234.50", "12'000.00"],
    expected: { type: 'number', range: { min: 1234.5, max: 12000 } },
  },
  {
    description: 'dollar amounts ($1,234.00)',
    values: ['$1,234.00', '$12.50', '$0.99'],
    expected: { type: 'number', precision: 2, range: { min: 0.99, max: 1234 } },
  },
  {
    description: 'negative dollar amounts',
    values: ['-$1,234.00', '$12.50'],
    expected: { type: 'number', range: { min: -1234, max: 12.5 } },
  },
  {
    description: 'accounting negatives in parentheses',
    values: ['(1,234.00)', '12.50', '(0.99)'],
    expected: { type: 'number', range: { min: -1234, max: 12.5 } },
  },
  {
    description: 'SAP trailing minus (1.234,56-)',
    values: ['1.234,56-', '200,00', '5,00-'],
    expected: {
      type: 'number',
      range: { min: -1234.56, max: 200 },
      number: {
        precision: 2,
        integer: false,
        decimalSeparator: ',',
        thousandsSeparator: '.',
        prefix: '',
        suffix: '',
        negative: true,
        signPosition: 'trailing',
      },
    },
  },
  {
    description: 'the typographic minus sign (−5, U+2212)',
    values: ['\u22125', '3', '\u22122.5'],
    expected: {
      type: 'number',
      range: { min: -5, max: 3 },
      number: expect.objectContaining({ minusSign: '\u2212', negative: true }) as NumberLayout,
    },
  },
  {
    description: 'decimals below one without a leading zero (.5, as Oracle writes them)',
    values: ['.5', '.25', '1.75', '-.125'],
    expected: {
      type: 'number',
      precision: 3,
      range: { min: -0.125, max: 1.75 },
      number: expect.objectContaining({ bareFraction: true }) as NumberLayout,
    },
  },
  {
    description: 'a minus after the currency sign ($-5.00)',
    values: ['$-5.00', '$3.00', '$1,234.50'],
    expected: {
      type: 'number',
      range: { min: -5, max: 1234.5 },
      number: expectedLayout({ prefix: '$', negative: true, signPosition: 'afterPrefix' }),
    },
  },
  {
    description: 'accounting text with parentheses after the currency sign ($ (5.00))',
    values: [' $ 1,234.00 ', ' $ (5.00)', ' $ 12.00 '],
    expected: {
      type: 'number',
      range: { min: -5, max: 1234 },
      number: expectedLayout({
        prefix: '$ ',
        negative: true,
        negativeStyle: 'parentheses',
        signPosition: 'afterPrefix',
      }),
    },
  },
  {
    description: 'euro suffix with a space',
    values: ['12,50 €', '1.234,00 €'],
    expected: { type: 'number', precision: 2, range: { min: 12.5, max: 1234 } },
  },
  {
    description: 'euro prefix',
    values: ['€12.50', '€7.00'],
    expected: { type: 'number', precision: 2 },
  },
  {
    description: 'currency code suffix',
    values: ['12.00 USD', '7.50 USD'],
    expected: { type: 'number', range: { min: 7.5, max: 12 } },
  },
  {
    description: 'percentages (12.50%)',
    values: ['12.50%', '3.25%', '100.00%'],
    expected: { type: 'number', precision: 2, range: { min: 3.25, max: 100 } },
  },
  {
    description: 'whole percentages',
    values: ['12%', '3%'],
    expected: { type: 'number', precision: 0 },
  },
  {
    description: 'signed percentage changes',
    values: ['+2.5%', '-1.2%', '+0.3%'],
    expected: { type: 'number', range: { min: -1.2, max: 2.5 } },
  },
  {
    description: "scientific notation '1e5' reads as a number",
    values: ['1e5', '2.5e3', '1E-2'],
    expected: { type: 'number', range: { min: 0.01, max: 100000 } },
  },
  {
    description: 'pandas floats with an occasional exponent',
    values: ['0.5', '1e-05', '2.25'],
    expected: { type: 'number', precision: 5 },
  },
  {
    description: 'ambiguous 1.234 alone is a decimal',
    values: ['1.234', '5.678'],
    expected: { type: 'number', precision: 3, range: { min: 1.234, max: 5.678 } },
  },
  {
    description: 'ambiguous 1,234 alone groups thousands',
    values: ['1,234', '5,678'],
    expected: { type: 'number', precision: 0, range: { min: 1234, max: 5678 } },
  },
  {
    description: 'a column of 1.234 and 0,5 decides the comma is decimal',
    values: ['1.234', '0,5'],
    expected: { type: 'number', range: { min: 0.5, max: 1234 } },
  },
  {
    description: "a sheet's decimal comma makes 1.000 and 12.500 grouped thousands",
    name: 'Menge',
    values: ['1.000', '250', '12.500'],
    options: { decimalSeparatorHint: ',' },
    expected: {
      type: 'number',
      range: { min: 250, max: 12_500 },
      precision: 0,
      number: {
        precision: 0,
        integer: true,
        decimalSeparator: ',',
        thousandsSeparator: '.',
        prefix: '',
        suffix: '',
        negative: false,
      },
    },
  },
  {
    description: "a sheet's decimal point keeps ambiguous 1.234 a decimal",
    values: ['1.234', '5.678'],
    options: { decimalSeparatorHint: '.' },
    expected: { type: 'number', precision: 3, range: { min: 1.234, max: 5.678 } },
  },
  {
    description: "values that settle their decimal separator win over the sheet's",
    values: ['1.5', '2.000', '3.25'],
    options: { decimalSeparatorHint: ',' },
    expected: { type: 'number', precision: 3, range: { min: 1.5, max: 3.25 } },
  },
  {
    description: "plain integers keep a decimal point whatever the sheet's separator",
    values: ['250', '300'],
    options: { decimalSeparatorHint: ',' },
    expected: {
      type: 'number',
      number: {
        precision: 0,
        integer: true,
        decimalSeparator: '.',
        thousandsSeparator: null,
        prefix: '',
        suffix: '',
        negative: false,
      },
    },
  },
  {
    description: '15-digit integers are still numbers',
    values: ['123456789012345', '223456789012345'],
    expected: { type: 'number' },
  },
  {
    description: 'a year column is a number',
    values: ['1999', '2004', '2023'],
    expected: { type: 'number' },
  },
  {
    description: 'compact dates (20230417) are numbers',
    values: ['20230417', '20230418'],
    expected: { type: 'number' },
  },
  {
    description: 'a plain 10-digit integer column is a number, never a phone',
    values: ['5551234567', '5559876543'],
    expected: { type: 'number', semantic: null },
  },
  {
    description: '1/0 without a flag header is a number',
    name: 'count',
    values: ['1', '0', '1'],
    expected: { type: 'number' },
  },
  {
    description: 'numeric JSON cells are numbers',
    values: [1.5, 2.25, 3],
    expected: { type: 'number', precision: 2, range: { min: 1.5, max: 3 } },
  },
  {
    description: 'numeric cells keep the precision a number format fixes',
    values: [1.5, 2, 3.25],
    numberFormat: '0.000',
    expected: { type: 'number', precision: 3 },
  },
  {
    description: 'a quoted ";" in a number format does not end its first section',
    values: [1, 2, 3],
    numberFormat: '0.00" days;"',
    expected: {
      type: 'number',
      precision: 2,
      number: expect.objectContaining({ precision: 2, suffix: ' days;' }) as NumberLayout,
    },
  },
  {
    description: 'currency-formatted cells keep two decimals',
    values: [1234.5, 12],
    numberFormat: '#,##0.00 [$€-407]',
    expected: { type: 'number', precision: 2 },
  },
  {
    description: 'a variable-decimals format uses observed precision',
    values: [1.5, 2.25],
    numberFormat: '0.0#',
    expected: { type: 'number', precision: 2 },
  },
  {
    description: 'percent-formatted cells add two digits of precision',
    values: [0.125, 0.5],
    numberFormat: '0.0%',
    expected: { type: 'number', precision: 3 },
  },
  {
    description: 'dollar-formatted cells get the dollar prefix and grouping of their format',
    values: [1234, -5.5],
    numberFormat: '"$"#,##0.00',
    expected: {
      type: 'number',
      precision: 2,
      number: {
        precision: 2,
        integer: false,
        decimalSeparator: '.',
        thousandsSeparator: ',',
        prefix: '$',
        suffix: '',
        negative: true,
      },
      description: 'Amounts in $ with 2 decimals from -$5.50 to $1,234.00',
    },
  },
  {
    description: 'accounting-formatted cells write negatives in parentheses',
    values: [45_000.5, -12],
    numberFormat: '"$"#,##0.00_);[Red]("$"#,##0.00)',
    expected: {
      type: 'number',
      number: expectedLayout({ prefix: '$', negativeStyle: 'parentheses', negative: true }),
    },
  },
  {
    description: 'a locale-tagged euro suffix reaches the layout',
    values: [1234.5, 2],
    numberFormat: '#,##0.00 [$€-407]',
    expected: {
      type: 'number',
      number: expectedLayout({ suffix: ' €' }),
      description: 'Amounts in € with 2 decimals from 2.00 € to 1,234.50 €',
    },
  },
  {
    description: 'a locale-tagged euro prefix reaches the layout',
    values: [45_000.5, 2],
    numberFormat: '[$€-407] #,##0.00',
    expected: { type: 'number', number: expectedLayout({ prefix: '€ ' }) },
  },
  {
    description: 'percent-formatted cells are percentages described as the sheet shows them',
    values: [0.125, 0.5],
    numberFormat: '0.00%',
    expected: {
      type: 'number',
      precision: 4,
      range: { min: 0.125, max: 0.5 },
      number: {
        precision: 4,
        integer: false,
        decimalSeparator: '.',
        thousandsSeparator: null,
        prefix: '',
        suffix: '%',
        negative: false,
      },
      examples: ['12.50%', '50.00%'],
      description: 'Percentages with 2 decimals from 12.50% to 50.00%',
    },
  },
  {
    description: 'signed percent-formatted cells keep their explicit plus',
    values: [0.025, -0.01],
    numberFormat: '+0.0%;-0.0%',
    expected: {
      type: 'number',
      number: expect.objectContaining({ suffix: '%', explicitPlus: true }) as NumberLayout,
    },
  },
  {
    description: 'scientific-formatted cells keep a plain layout',
    values: [45_000.5, 2],
    numberFormat: '0.0E+00',
    expected: {
      type: 'number',
      number: expect.objectContaining({ prefix: '', suffix: '' }) as NumberLayout,
    },
  },
  {
    description: 'numeric cells with an occasional text marker stay numbers',
    values: [1, 2, 'N/A', 4],
    expected: { type: 'number', invalidCount: 0 },
  },
  {
    description: 'negative numeric cells set the sign',
    values: [-1, 5],
    expected: { type: 'number', range: { min: -1, max: 5 } },
  },
  {
    description: 'latitude numbers get the latitude meaning',
    name: 'lat',
    values: ['40.7128', '-33.8688'],
    expected: { type: 'number', semantic: 'latitude', suggestedMethod: 'location.latitude' },
  },
  {
    description: 'longitude numbers get the longitude meaning',
    name: 'Longitude',
    values: [-74.006, 151.2093],
    expected: { type: 'number', semantic: 'longitude' },
  },
];

const CODES: Case[] = [
  {
    description: 'leading zeros (00123) make a code, not a number',
    values: ['00123', '00456', '12345'],
    expected: { type: 'string', code: { minLength: 5, maxLength: 5, leadingZeros: true } },
  },
  {
    description: 'one zero-padded value turns a digit column into codes',
    values: ['123', '456', '0789'],
    expected: { type: 'string', code: { minLength: 3, maxLength: 4, leadingZeros: true } },
  },
  {
    description: 'a 20-digit string (16142028098527942586) is a code',
    values: ['16142028098527942586', '26142028098527942586'],
    expected: { type: 'string', code: { minLength: 20, maxLength: 20, leadingZeros: false } },
  },
  {
    description: 'a 16-digit string is a code',
    values: ['1234567890123456'],
    expected: { type: 'string' },
  },
  {
    description: 'zip codes under a zip header are codes even without a leading zero',
    name: 'zip',
    values: ['90210', '10001'],
    expected: {
      type: 'string',
      semantic: 'zipCode',
      code: { minLength: 5, maxLength: 5, leadingZeros: false },
    },
  },
  {
    description: 'zip codes with leading zeros',
    name: 'postal_code',
    values: ['02134', '90210'],
    expected: { type: 'string', semantic: 'zipCode' },
  },
  {
    description: 'a digit-only phone header with leading zeros is a phone',
    name: 'phone',
    values: ['0612345678', '0798765432'],
    expected: { type: 'phone', semantic: 'phone' },
  },
  {
    description: 'account numbers under their header are codes',
    name: 'account_number',
    values: ['12345678', '87654321'],
    expected: { type: 'string', semantic: 'accountNumber' },
  },
];

const BOOLEANS: Case[] = [
  {
    description: 'true/false',
    values: ['true', 'false', 'true'],
    expected: { type: 'boolean', boolean: { trueText: 'true', falseText: 'false' } },
  },
  {
    description: 'TRUE/FALSE upper case (Excel CSV)',
    values: ['TRUE', 'FALSE'],
    expected: { type: 'boolean', boolean: { trueText: 'TRUE', falseText: 'FALSE' } },
  },
  {
    description: 'True/False title case (Python)',
    values: ['True', 'False', 'False'],
    expected: { type: 'boolean', boolean: { trueText: 'True', falseText: 'False' } },
  },
  {
    description: 'yes/no',
    values: ['yes', 'no'],
    expected: { type: 'boolean', boolean: { trueText: 'yes', falseText: 'no' } },
  },
  {
    description: 'Yes/No',
    values: ['Yes', 'No', 'Yes'],
    expected: { type: 'boolean', boolean: { trueText: 'Yes', falseText: 'No' } },
  },
  {
    description: 'Y/N',
    values: ['Y', 'N', 'N'],
    expected: { type: 'boolean', boolean: { trueText: 'Y', falseText: 'N' } },
  },
  {
    description: 'y/n',
    values: ['y', 'n'],
    expected: { type: 'boolean', boolean: { trueText: 'y', falseText: 'n' } },
  },
  {
    description: 't/f',
    values: ['t', 'f', 't'],
    expected: { type: 'boolean', boolean: { trueText: 't', falseText: 'f' } },
  },
  {
    description: 'T/F',
    values: ['T', 'F'],
    expected: { type: 'boolean', boolean: { trueText: 'T', falseText: 'F' } },
  },
  {
    description: 'Ja/Nein (German and Dutch exports)',
    values: ['Ja', 'Nein', 'Ja'],
    expected: { type: 'boolean', boolean: { trueText: 'Ja', falseText: 'Nein' } },
  },
  {
    description: 'oui/non and VRAI/FAUX (French exports)',
    values: ['oui', 'non', 'non'],
    expected: { type: 'boolean', boolean: { trueText: 'oui', falseText: 'non' } },
  },
  {
    description: 'VRAI/FAUX (a French Excel)',
    values: ['VRAI', 'FAUX'],
    expected: { type: 'boolean', boolean: { trueText: 'VRAI', falseText: 'FAUX' } },
  },
  {
    description: "a column of only 'T' is not a boolean",
    values: ['T', 'T', 'T'],
    expected: { type: 'string' },
  },
  {
    description: "a column of only 'Y' is not a boolean",
    values: ['Y', 'Y'],
    expected: { type: 'string' },
  },
  {
    description: "only 'Y' under a flag header is a boolean",
    name: 'is_member',
    values: ['Y', 'Y'],
    expected: { type: 'boolean' },
  },
  {
    description: "only 't' under a glued flag header (PostgreSQL's activebool) is a boolean",
    name: 'activebool',
    values: ['t', 't', 't'],
    expected: { type: 'boolean', boolean: { trueText: 't', falseText: 'f' } },
  },
  { description: 'a single true is a boolean', values: ['true'], expected: { type: 'boolean' } },
  {
    description: 'mixed case True/false is a string',
    values: ['True', 'false', 'TRUE', 'False', 'true', 'FALSE'],
    expected: { type: 'string' },
  },
  {
    description: 'sizes S/M/L/XL are not booleans',
    values: ['S', 'M', 'L', 'XL', 'T'],
    expected: { type: 'string' },
  },
  {
    description: '1/0 under is_active is a boolean',
    name: 'is_active',
    values: ['1', '0', '1'],
    expected: { type: 'boolean', boolean: { trueText: '1', falseText: '0' } },
  },
  {
    description: '1/0 under hasChildren is a boolean',
    name: 'hasChildren',
    values: ['0', '1'],
    expected: { type: 'boolean' },
  },
  {
    description: '1/0 under enabled is a boolean',
    name: 'enabled',
    values: ['1', '1', '0'],
    expected: { type: 'boolean' },
  },
  {
    description: '1/0/2 under a flag header is a number',
    name: 'is_active',
    values: ['1', '0', '2'],
    expected: { type: 'number' },
  },
  {
    description: 'numeric 1/0 cells under a flag header are booleans',
    name: 'verified',
    values: [1, 0, 1],
    expected: { type: 'boolean', boolean: { trueText: '1', falseText: '0' } },
  },
  {
    description: 'boolean cells are booleans',
    values: [true, false, null],
    expected: { type: 'boolean', boolean: { trueText: 'true', falseText: 'false' } },
  },
];

const DATES: Case[] = [
  {
    description: 'YYYY-MM-DD',
    values: ['2023-04-17', '2024-12-01'],
    expected: {
      type: 'date',
      format: 'YYYY-MM-DD',
      dateRange: { min: '2023-04-17', max: '2024-12-01' },
    },
  },
  {
    description: 'MM/DD/YYYY',
    values: ['04/17/2023', '12/01/2024'],
    expected: { type: 'date', format: 'MM/DD/YYYY' },
  },
  {
    description: 'M/D/YYYY (1/2/2023 is month first)',
    values: ['1/2/2023', '3/4/2023', '12/25/2023'],
    expected: {
      type: 'date',
      format: 'M/D/YYYY',
      dateRange: { min: '2023-01-02', max: '2023-12-25' },
    },
  },
  {
    description: '13/2/2023 in the column makes it day first',
    values: ['1/2/2023', '13/2/2023', '5/6/2023'],
    expected: {
      type: 'date',
      format: 'D/M/YYYY',
      dateRange: { min: '2023-02-01', max: '2023-06-05' },
    },
  },
  {
    description: 'day-first decided by a late value above 12',
    values: [...series(50, (i) => `0${(i % 9) + 1}/0${(i % 9) + 1}/2023`), '25/12/2023'],
    expected: { type: 'date', format: 'DD/MM/YYYY', invalidCount: 0 },
  },
  {
    description: 'day first decided by the whole column: days above 12 after 3,000 ambiguous dates',
    values: [
      ...series(3000, (i) => `01/${pad2((i % 12) + 1)}/2023`),
      ...series(40, (i) => `${13 + (i % 15)}/03/2023`),
    ],
    expected: {
      type: 'date',
      format: 'DD/MM/YYYY',
      invalidCount: 0,
      dateRange: { min: '2023-01-01', max: '2023-12-01' },
    },
  },
  {
    description: 'day first decided by the whole column: two late values above 12 (unpadded)',
    values: [
      ...series(2100, (i) => `${(i % 12) + 1}/${(i % 12) + 1}/2023`),
      '13/2/2023',
      '25/12/2023',
    ],
    expected: {
      type: 'date',
      format: 'D/M/YYYY',
      invalidCount: 0,
      dateRange: { min: '2023-01-01', max: '2023-12-25' },
    },
  },
  {
    description: 'day first decided by the whole column for date-times too',
    values: [
      ...series(2500, (i) => `0${(i % 9) + 1}/0${(i % 9) + 1}/2023 10:${pad2(i % 60)}`),
      ...series(200, (i) => `${13 + (i % 15)}/03/2023 08:00`),
    ],
    expected: { type: 'datetime', format: 'DD/MM/YYYY HH:mm', invalidCount: 0 },
  },
  {
    description: 'more late values with a day above 12 than with a month above 12: day first',
    values: [
      ...series(2500, (i) => `0${(i % 9) + 1}/0${(i % 9) + 1}/2023`),
      ...series(30, (i) => `${13 + (i % 15)}/03/2023`),
      ...series(10, (i) => `03/${13 + (i % 15)}/2023`),
    ],
    expected: { type: 'date', format: 'DD/MM/YYYY', invalidCount: 10 },
  },
  {
    description: 'late values with a month above 12 keep a large column month first',
    values: [
      ...series(3000, (i) => `0${(i % 9) + 1}/0${(i % 9) + 1}/2023`),
      ...series(40, (i) => `03/${13 + (i % 15)}/2023`),
    ],
    expected: { type: 'date', format: 'MM/DD/YYYY', invalidCount: 0 },
  },
  {
    description: 'a second field above 12 keeps month first',
    values: ['01/02/2023', '01/25/2023'],
    expected: { type: 'date', format: 'MM/DD/YYYY' },
  },
  {
    description: 'DD-MM-YYYY',
    values: ['17-04-2023', '01-12-2024'],
    expected: { type: 'date', format: 'DD-MM-YYYY' },
  },
  {
    description: 'ambiguous dashes with the day above 12 elsewhere',
    values: ['01-02-2023', '28-02-2023'],
    expected: { type: 'date', format: 'DD-MM-YYYY' },
  },
  {
    description: 'MM-DD-YYYY when the second field is above 12',
    values: ['04-17-2023', '01-02-2023'],
    expected: { type: 'date', format: 'MM-DD-YYYY' },
  },
  {
    description: 'DD.MM.YYYY (German)',
    values: ['17.04.2023', '01.12.2024'],
    expected: { type: 'date', format: 'DD.MM.YYYY' },
  },
  {
    description: 'D.M.YYYY',
    values: ['7.4.2023', '1.12.2024'],
    expected: { type: 'date', format: 'D.M.YYYY' },
  },
  {
    description: 'YYYY/MM/DD',
    values: ['2023/04/17', '2024/12/01'],
    expected: { type: 'date', format: 'YYYY/MM/DD' },
  },
  {
    description: 'D MMM YYYY',
    values: ['7 Apr 2023', '17 Dec 2024'],
    expected: { type: 'date', format: 'D MMM YYYY' },
  },
  {
    description: 'DD-MMM-YYYY',
    values: ['07-Apr-2023', '17-Dec-2024'],
    expected: { type: 'date', format: 'DD-MMM-YYYY' },
  },
  {
    description: 'DD-MMM-YY (Oracle-style)',
    values: ['07-Apr-23', '17-Dec-24'],
    expected: {
      type: 'date',
      format: 'DD-MMM-YY',
      dateRange: { min: '2023-04-07', max: '2024-12-17' },
    },
  },
  {
    description: 'MMM D, YYYY',
    values: ['Apr 7, 2023', 'Dec 17, 2024'],
    expected: { type: 'date', format: 'MMM D, YYYY' },
  },
  {
    description: 'MMMM D, YYYY',
    values: ['April 7, 2023', 'December 17, 2024'],
    expected: { type: 'date', format: 'MMMM D, YYYY' },
  },
  {
    description: 'two-digit years M/D/YY',
    values: ['4/7/23', '12/17/99'],
    expected: {
      type: 'date',
      format: 'M/D/YY',
      dateRange: { min: '1999-12-17', max: '2023-04-07' },
    },
  },
  {
    description: 'an impossible date (Feb 30) is junk',
    values: [...series(60, (i) => `2023-03-${pad2((i % 28) + 1)}`), '2023-02-30'],
    expected: { type: 'date', invalidCount: 1 },
  },
  {
    description: 'leap day 2024-02-29 is a date',
    values: ['2024-02-29', '2023-02-28'],
    expected: { type: 'date' },
  },
  {
    description: 'birth dates get the birthDate meaning',
    name: 'date_of_birth',
    values: ['1980-01-31', '1975-07-04'],
    expected: { type: 'date', semantic: 'birthDate', suggestedMethod: 'date.birthdate' },
  },
];

const DATETIMES: Case[] = [
  {
    description: 'ISO 8601 with an offset records the zone',
    values: ['2023-04-17T10:00:00+02:00', '2023-04-18T11:30:00+02:00'],
    expected: {
      type: 'datetime',
      format: 'YYYY-MM-DDTHH:mm:ssZ',
      timeZone: '+02:00',
      dateRange: { min: '2023-04-17T10:00:00', max: '2023-04-18T11:30:00' },
    },
  },
  {
    description: 'ISO 8601 with Z',
    values: ['2023-04-17T10:00:00Z', '2023-04-18T11:30:00Z'],
    expected: { type: 'datetime', format: 'YYYY-MM-DDTHH:mm:ssZ', timeZone: 'Z' },
  },
  {
    description: 'toISOString output is the spec name ISO 8601',
    values: ['2023-04-17T10:00:00.000Z', '2023-04-17T10:00:00.120Z'],
    expected: { type: 'datetime', format: 'ISO 8601', timeZone: 'Z' },
  },
  {
    description: 'mixed offsets record the most common one',
    values: ['2023-04-17T10:00:00+02:00', '2023-01-17T10:00:00+01:00', '2023-05-17T10:00:00+02:00'],
    expected: { type: 'datetime', timeZone: '+02:00', invalidCount: 0 },
  },
  {
    description: 'compact offsets (+0200)',
    values: ['2023-04-17T10:00:00+0200', '2023-04-18T10:00:00+0200'],
    expected: { type: 'datetime', timeZone: '+0200' },
  },
  {
    description: 'negative offsets',
    values: ['2023-04-17T10:00:00-05:00'],
    expected: { type: 'datetime', timeZone: '-05:00' },
  },
  {
    description: 'ISO 8601 without seconds',
    values: ['2023-04-17T10:00', '2023-04-18T23:59'],
    expected: { type: 'datetime', format: 'YYYY-MM-DDTHH:mm' },
  },
  {
    description: 'ISO 8601 with microseconds keeps six digits',
    values: ['2023-04-17T10:00:00.123456', '2023-04-17T10:00:01.000001'],
    expected: { type: 'datetime', format: 'YYYY-MM-DDTHH:mm:ss.SSSSSS' },
  },
  {
    description: 'fractions of varying width, some left out (PostgreSQL timestamptz)',
    values: [
      '2023-04-17 10:00:00.123+00',
      '2023-04-17 10:00:01.5+00',
      '2023-04-17 10:00:02+00',
      '2023-04-17 10:00:03.25+00',
    ],
    expected: {
      type: 'datetime',
      format: 'YYYY-MM-DD HH:mm:ss.SSSZ',
      timeZone: '+00',
      invalidCount: 0,
    },
  },
  {
    description: 'a UTC suffix (BigQuery, Rails)',
    values: ['2023-04-17 10:00:00 UTC', '2023-04-18 23:59:59 UTC'],
    expected: { type: 'datetime', format: 'YYYY-MM-DD HH:mm:ss [UTC]', invalidCount: 0 },
  },
  {
    description: 'YYYY-MM-DD HH:mm:ss',
    values: ['2023-04-17 10:00:00', '2023-04-17 23:59:59'],
    expected: { type: 'datetime', format: 'YYYY-MM-DD HH:mm:ss' },
  },
  {
    description: 'YYYY-MM-DD HH:mm:ss.SSS (SQL export)',
    values: ['2023-04-17 10:00:00.123', '2023-04-17 23:59:59.999'],
    expected: { type: 'datetime', format: 'YYYY-MM-DD HH:mm:ss.SSS' },
  },
  {
    description: 'Postgres timestamptz (+02)',
    values: ['2023-04-17 10:00:00+02', '2023-04-17 11:00:00+02'],
    expected: { type: 'datetime', format: 'YYYY-MM-DD HH:mm:ssZ', timeZone: '+02' },
  },
  {
    description: 'M/D/YYYY h:mm:ss A',
    values: ['4/17/2023 3:05:00 PM', '12/1/2023 11:00:00 AM'],
    expected: { type: 'datetime', format: 'M/D/YYYY h:mm:ss A' },
  },
  {
    description: 'M/D/YYYY h:mm A',
    values: ['4/17/2023 3:05 PM', '12/1/2023 12:00 AM'],
    expected: {
      type: 'datetime',
      format: 'M/D/YYYY h:mm A',
      dateRange: { min: '2023-04-17T15:05:00', max: '2023-12-01T00:00:00' },
    },
  },
  {
    description: 'MM/DD/YYYY HH:mm:ss',
    values: ['04/17/2023 15:05:00', '12/01/2023 00:00:00'],
    expected: { type: 'datetime', format: 'MM/DD/YYYY HH:mm:ss' },
  },
  {
    description: 'MM/DD/YYYY HH:mm',
    values: ['04/17/2023 15:05', '12/01/2023 00:00'],
    expected: { type: 'datetime', format: 'MM/DD/YYYY HH:mm' },
  },
  {
    description: 'DD/MM/YYYY HH:mm with a day above 12',
    values: ['17/04/2023 15:05', '01/12/2023 00:00'],
    expected: { type: 'datetime', format: 'DD/MM/YYYY HH:mm' },
  },
  {
    description: 'DD.MM.YYYY HH:mm:ss',
    values: ['17.04.2023 15:05:00'],
    expected: { type: 'datetime', format: 'DD.MM.YYYY HH:mm:ss' },
  },
  {
    description: 'lower-case am/pm',
    values: ['4/17/2023 3:05 pm', '4/18/2023 9:15 am'],
    expected: { type: 'datetime', format: 'M/D/YYYY h:mm a' },
  },
  {
    description: 'a datetime column at midnight stays a datetime',
    values: ['2023-04-17 00:00:00', '2023-04-18 00:00:00'],
    expected: { type: 'datetime' },
  },
  {
    description: 'an hour of 25 is junk',
    values: [...series(60, (i) => `2023-04-17 ${pad2(i % 24)}:00:00`), '2023-04-17 25:00:00'],
    expected: { type: 'datetime', invalidCount: 1 },
  },

  {
    description: 'times of day alone are datetimes with a time pattern',
    values: ['09:30', '14:05', '23:59'],
    expected: {
      type: 'datetime',
      format: 'HH:mm',
      dateRange: { min: '1970-01-01T09:30:00', max: '1970-01-01T23:59:00' },
    },
  },
  {
    description: 'times with seconds and AM/PM',
    values: ['9:30:00 AM', '2:05:10 PM'],
    expected: { type: 'datetime', format: 'h:mm:ss A' },
  },
  {
    description: 'ratios like 3:1 are not times',
    values: ['3:1', '16:9', '4:3'],
    expected: { type: 'string' },
  },
  {
    description: 'RFC 2822 date-times (mail headers)',
    values: ['Mon, 17 Apr 2023 10:00:00 +0200', 'Tue, 2 May 2023 08:15:00 +0200'],
    expected: { type: 'datetime', format: 'ddd, D MMM YYYY HH:mm:ss Z', timeZone: '+0200' },
  },
  {
    description: 'long dates with weekday names',
    values: ['Monday, April 17, 2023', 'Friday, December 1, 2023'],
    expected: { type: 'date', format: 'dddd, MMMM D, YYYY' },
  },
];

const SPREADSHEET_DATE_CELLS: Case[] = [
  {
    description: 'date cells with m/d/yyyy are M/D/YYYY dates',
    values: [utc(2023, 4, 17), utc(2024, 1, 2)],
    numberFormat: 'm/d/yyyy',
    expected: {
      type: 'date',
      format: 'M/D/YYYY',
      examples: ['4/17/2023', '1/2/2024'],
      dateRange: { min: '2023-04-17', max: '2024-01-02' },
    },
  },
  {
    description: 'date cells with yyyy-mm-dd hh:mm:ss are datetimes',
    values: [utc(2023, 4, 17, 10, 30, 15)],
    numberFormat: 'yyyy-mm-dd hh:mm:ss',
    expected: {
      type: 'datetime',
      format: 'YYYY-MM-DD HH:mm:ss',
      examples: ['2023-04-17 10:30:15'],
    },
  },
  {
    description: 'date cells with an AM/PM format',
    values: [utc(2023, 4, 17, 15, 5)],
    numberFormat: 'm/d/yyyy h:mm AM/PM',
    expected: { type: 'datetime', format: 'M/D/YYYY h:mm A', examples: ['4/17/2023 3:05 PM'] },
  },
  {
    description: 'date cells with d-mmm-yy',
    values: [utc(2023, 4, 7)],
    numberFormat: 'd-mmm-yy',
    expected: { type: 'date', format: 'D-MMM-YY', examples: ['7-Apr-23'] },
  },
  {
    description: 'date cells with dd.mm.yyyy',
    values: [utc(2023, 4, 7), utc(2023, 12, 24)],
    numberFormat: 'dd.mm.yyyy',
    expected: { type: 'date', format: 'DD.MM.YYYY', examples: ['07.04.2023', '24.12.2023'] },
  },
  {
    description: 'elapsed-time cells ([h]:mm:ss) are durations, not dates',
    values: [utc(1899, 12, 31, 12), utc(1899, 12, 30, 1, 30, 5), utc(1899, 12, 30, 0, 45)],
    numberFormat: '[h]:mm:ss',
    expected: {
      type: 'string',
      examples: ['36:00:00', '1:30:05', '0:45:00'],
      description: 'Durations like 36:00:00 ([h]:mm:ss) · 3 distinct values',
      dateRange: { min: '1899-12-30T00:45:00', max: '1899-12-31T12:00:00' },
      semantic: null,
    },
  },
  {
    description: 'minute-second cells (mm:ss.0) are durations, not dates',
    values: [utc(1899, 12, 30, 0, 1, 30), utc(1899, 12, 30, 0, 12, 5)],
    numberFormat: 'mm:ss.0',
    expected: {
      type: 'string',
      examples: ['01:30.0', '12:05.0'],
      description: 'Durations like 01:30.0 (mm:ss.0) · 2 distinct values',
    },
  },
  {
    description: 'time-of-day cells stay date-times with a time pattern',
    values: [utc(1899, 12, 30, 12), utc(1899, 12, 30, 18, 30)],
    numberFormat: 'h:mm',
    expected: { type: 'datetime', format: 'H:mm', examples: ['12:00', '18:30'] },
  },
  {
    description: 'date cells without a format are ISO dates',
    values: [utc(2023, 4, 7), utc(2023, 12, 24)],
    expected: { type: 'date', format: 'YYYY-MM-DD' },
  },
  {
    description: 'date cells with times and no format are ISO datetimes',
    values: [utc(2023, 4, 7, 8, 30)],
    expected: { type: 'datetime', format: 'YYYY-MM-DD HH:mm:ss' },
  },
  {
    description: 'date cells with a locale-tagged format',
    values: [utc(2023, 4, 7, 8, 30, 5)],
    numberFormat: '[$-409]m/d/yy h:mm:ss AM/PM;@',
    expected: { type: 'datetime', format: 'M/D/YY h:mm:ss A' },
  },
];

const EMAILS: Case[] = [
  {
    description: 'email addresses',
    name: 'contact',
    values: ['ana.lopez@example.com', 'BOB@EXAMPLE.ORG', 'x+tag@mail.co.uk'],
    expected: { type: 'email', semantic: 'email', suggestedMethod: 'internet.email' },
  },
  {
    description: 'email-like text without a TLD is not an email',
    values: ['user@localhost', 'admin@server'],
    expected: { type: 'string' },
  },
  {
    description: 'text containing an @ is not an email',
    values: ['meet @ noon', 'call me @home'],
    expected: { type: 'string' },
  },

  {
    description: 'internationalized email addresses',
    values: ['chloé.2@example.fr', 'zoë.müller@beispiel.de'],
    expected: { type: 'email' },
  },
];

const PHONES: Case[] = [
  {
    description: '(555) 123-4567',
    values: ['(555) 123-4567', '(555) 987-6543'],
    expected: { type: 'phone', semantic: 'phone', suggestedMethod: 'phone.number' },
  },
  {
    description: '+44 20 7946 0958',
    values: ['+44 20 7946 0958', '+44 20 7946 0000'],
    expected: { type: 'phone' },
  },
  {
    description: 'E.164 without separators',
    values: ['+442079460958', '+15551234567'],
    expected: { type: 'phone' },
  },
  {
    description: 'dashes (555-123-4567)',
    values: ['555-123-4567', '555-987-6543'],
    expected: { type: 'phone' },
  },
  {
    description: 'dots (555.123.4567)',
    values: ['555.123.4567', '555.987.6543'],
    expected: { type: 'phone' },
  },
  {
    description: 'French pairs with dots (06.12.34.56.78)',
    values: ['06.12.34.56.78', '07.98.76.54.32'],
    expected: { type: 'phone' },
  },
  {
    description: 'extensions (x123, ext. 45)',
    values: ['555-123-4567 x123', '(555) 123-4567 ext. 45'],
    expected: { type: 'phone' },
  },
  {
    description: 'mixed phone layouts in one column',
    values: ['(555) 123-4567', '+1 555-123-4567', '555.123.4567', '+44 20 7946 0958'],
    expected: { type: 'phone' },
  },
  {
    description: 'under a phone header, bare digits mixed with written layouts are phones',
    name: 'phone',
    values: ['+1 555 123 4567', '5551234567', '(555) 222-3333'],
    expected: { type: 'phone', semantic: 'phone', invalidCount: 0 },
  },
  {
    description: 'under a mobile header, national digits with a trunk zero mixed with E.164',
    name: 'Mobile Number',
    values: ['0612345678', '+33 6 12 34 56 78', '06 12 34 56 78', '+33612345678'],
    expected: { type: 'phone', invalidCount: 0 },
  },
  {
    description: 'without a phone header, bare digits mixed with phone layouts are a string',
    values: ['+1 555 123 4567', '5551234567', '(555) 222-3333'],
    expected: { type: 'string' },
  },
  {
    description: 'under a phone header, short digit strings are not phones',
    name: 'phone',
    values: ['12345', '(555) 222-3333', '555-1234'],
    expected: { type: 'string' },
  },
  {
    description: 'six digits with a dash are not a phone',
    values: ['123-456', '654-321'],
    expected: { type: 'string' },
  },
  {
    description: 'IPv4 addresses are not phones',
    values: ['192.168.1.10', '10.0.0.254'],
    expected: { type: 'string', semantic: 'ipv4' },
  },
  {
    description: 'SSNs under an ssn header are not phones',
    name: 'ssn',
    values: ['123-45-6789', '987-65-4321'],
    expected: { type: 'string', semantic: 'ssn', suggestedMethod: null },
  },

  {
    description: 'SSN-shaped values without a header are SSNs, not phones',
    values: ['123-45-6789', '987-65-4321'],
    expected: { type: 'string', semantic: 'ssn' },
  },
  {
    description: 'ZIP+4 codes are postal codes, not phones',
    values: ['02134-1234', '90210-0001'],
    expected: { type: 'string', semantic: 'zipCode' },
  },
  {
    description: 'MySQL zero dates among ISO dates are missing markers, never phones',
    values: [
      ...series(97, (i) => `2023-${pad2((i % 12) + 1)}-${pad2((i % 28) + 1)}`),
      ...series(3, () => '0000-00-00'),
    ],
    expected: {
      type: 'date',
      format: 'YYYY-MM-DD',
      invalidCount: 0,
      missingMarkers: ['0000-00-00'],
      semantic: null,
    },
  },
  {
    description: "Outlook's 0/0/00 for a contact without a birthday is a missing marker",
    name: 'Birthday',
    values: ['10/28/1975', '0/0/00', '3/4/1980', '0/0/00', '12/1/1969'],
    expected: {
      type: 'date',
      semantic: 'birthDate',
      invalidCount: 0,
      missingMarkers: ['0/0/00'],
    },
  },
  {
    description: 'MySQL zero datetimes among datetimes are missing markers',
    values: ['2023-04-17 10:00:00', '0000-00-00 00:00:00', '2023-05-01 08:30:00'],
    expected: { type: 'datetime', format: 'YYYY-MM-DD HH:mm:ss', invalidCount: 0 },
  },
  {
    description: 'ISO and day-first dates mixed in one column are a string, never phones',
    values: ['2023-04-17', '17/04/2023', '2023-05-01', '01/05/2023'],
    expected: { type: 'string', semantic: null },
  },
  {
    description: 'dates with too many impossible days are a string, never phones',
    values: ['02/30/2023', '04/17/2023', '12/01/2023'],
    expected: { type: 'string', semantic: null },
  },
  {
    description: 'a date column 4% of whose dates are impossible is a string, never phones',
    values: [
      ...series(96, (i) => `2023-04-${pad2((i % 28) + 1)}`),
      ...series(4, () => '2023-13-45'),
    ],
    expected: { type: 'string', semantic: null },
  },
  {
    description: 'hyphenated ISBN-13s are not phones',
    name: 'isbn',
    values: ['978-3-16-148410-0', '978-0-306-40615-7'],
    expected: { type: 'string', semantic: null },
  },
  {
    description: 'year-prefixed order numbers (2023-0001234) are not phones',
    name: 'order',
    values: ['2023-0001234', '2023-0001235', '2024-0000017'],
    expected: { type: 'string', semantic: null },
  },
  {
    description: 'Hong Kong numbers written 2123-4567 are still phones',
    values: ['2123-4567', '2012-3456', '3456-7890'],
    expected: { type: 'phone' },
  },
  {
    description: 'grouped 15-digit Amex numbers are cards, not phones',
    values: ['3782 822463 10005', '3714 496353 98431'],
    expected: { type: 'string', semantic: 'creditCard' },
  },
];

const MEANINGS_FROM_VALUES: Case[] = [
  {
    description: 'UUIDs',
    name: 'id',
    values: ['f47ac10b-58cc-4372-a567-0e02b2c3d479', '123E4567-E89B-12D3-A456-426614174000'],
    expected: { type: 'string', semantic: 'uuid', suggestedMethod: 'string.uuid' },
  },
  {
    description: 'IPv6 addresses',
    values: ['2001:db8::8a2e:370:7334', '::1', 'fe80::1ff:fe23:4567:890a'],
    expected: { type: 'string', semantic: 'ipv6', suggestedMethod: 'internet.ipv6' },
  },
  {
    description: 'IBANs with a valid checksum',
    values: ['GB82 WEST 1234 5698 7654 32', 'DE89370400440532013000'],
    expected: { type: 'string', semantic: 'iban', suggestedMethod: 'finance.iban' },
  },
  {
    description: 'IBAN-shaped text with a bad checksum has no meaning',
    values: ['GB83 WEST 1234 5698 7654 32', 'DE88370400440532013000'],
    expected: { type: 'string', semantic: null },
  },
  {
    description: 'Luhn-valid card numbers',
    values: ['4111 1111 1111 1111', '5500-0000-0000-0004'],
    expected: {
      type: 'string',
      semantic: 'creditCard',
      suggestedMethod: 'finance.creditCardNumber',
    },
  },
  {
    description: 'Luhn-valid 16-digit card numbers without spaces are codes with card meaning',
    values: ['4111111111111111', '4012888888881881'],
    expected: { type: 'string', semantic: 'creditCard' },
  },
  {
    description: 'lower-case IBANs with a valid checksum',
    values: ['gb82 west 1234 5698 7654 32', 'de89370400440532013000'],
    expected: { type: 'string', semantic: 'iban' },
  },
  {
    description: 'UUIDs in braces (Windows GUIDs)',
    values: ['{F47AC10B-58CC-4372-A567-0E02B2C3D479}', '{123e4567-e89b-12d3-a456-426614174000}'],
    expected: { type: 'string', semantic: 'uuid' },
  },
  {
    description: 'Luhn-valid 15-digit Amex numbers without a header are card codes',
    values: ['378282246310005', '371449635398431', '378734493671000'],
    expected: {
      type: 'string',
      semantic: 'creditCard',
      code: { minLength: 15, maxLength: 15, leadingZeros: false },
    },
  },
  {
    description: '15-digit integer ids stay numbers even when a few pass the Luhn check',
    values: series(50, (i) => String(340_000_000_000_000 + i * 7)),
    expected: { type: 'number', semantic: null },
  },
  {
    description: 'Luhn-valid 15-digit numbers without a card prefix stay numbers',
    values: ['100000000000009', '200000000000008', '500000000000005'],
    expected: { type: 'number', semantic: null },
  },
  {
    description: 'URLs',
    values: ['https://example.com/a?b=1', 'http://www.example.org'],
    expected: { type: 'string', semantic: 'url', suggestedMethod: 'internet.url' },
  },
  {
    description: 'MAC addresses',
    values: ['00:1A:2B:3C:4D:5E', '00-1a-2b-3c-4d-5f'],
    expected: { type: 'string', semantic: 'mac' },
  },
  {
    description: 'peptide sequences',
    name: 'seq_id',
    values: ['MKTAYIAKQRQISFVKSHFSRQ', 'GSHMLEDPVDAFQWTCPKLL', 'ACDEFGHIKLMNPQRSTVWY'],
    expected: { type: 'string', semantic: 'peptide', suggestedMethod: null },
  },
  {
    description: 'short peptides under a sequence header',
    name: 'peptide_sequence',
    values: ['GLP', 'KRAS', 'MHC'],
    expected: { type: 'string', semantic: 'peptide' },
  },
  {
    description: 'upper-case department words are not peptides',
    values: ['MARKETING', 'FINANCE', 'SALES', 'ENGINEERING'],
    expected: { type: 'string', semantic: null },
  },
  {
    description: 'values beat a misleading header',
    name: 'name',
    values: ['f47ac10b-58cc-4372-a567-0e02b2c3d479'],
    expected: { semantic: 'uuid' },
  },
];

const MEANINGS_FROM_HEADERS: Case[] = [
  {
    description: "Shopify's order 'Name' (#1001) is no person's name: its values hold no letter",
    name: 'Name',
    values: ['#1001', '#1002', '#1003'],
    expected: { type: 'string', semantic: null },
  },
  {
    description: 'a name column with a few numbers is still names',
    name: 'Name',
    values: ['Ann Lee', '#1002', 'Bob Roe'],
    expected: { semantic: 'fullName' },
  },
  {
    description: 'first_name',
    name: 'first_name',
    values: ['Ana', 'Bob'],
    expected: { type: 'string', semantic: 'firstName', suggestedMethod: 'person.firstName' },
  },
  {
    description: 'First Name',
    name: 'First Name',
    values: ['Ana'],
    expected: { semantic: 'firstName' },
  },
  { description: 'fname', name: 'fname', values: ['Ana'], expected: { semantic: 'firstName' } },
  {
    description: 'givenName',
    name: 'givenName',
    values: ['Ana'],
    expected: { semantic: 'firstName' },
  },
  {
    description: 'surname',
    name: 'Surname',
    values: ['Lopez'],
    expected: { semantic: 'lastName', suggestedMethod: 'person.lastName' },
  },
  {
    description: 'last name',
    name: 'last name',
    values: ['Lopez'],
    expected: { semantic: 'lastName' },
  },
  {
    description: 'full name',
    name: 'Full Name',
    values: ['Ana Lopez'],
    expected: { semantic: 'fullName', suggestedMethod: 'person.fullName' },
  },
  {
    description: 'name alone is a full name',
    name: 'name',
    values: ['Ana Lopez'],
    expected: { semantic: 'fullName' },
  },
  {
    description: 'a sales region of codes is no state',
    name: 'Region',
    values: ['EMEA', 'APAC', 'NA', 'LATAM', 'EMEA', 'APAC'],
    expected: { semantic: null },
  },
  {
    description: 'a region of US states is states',
    name: 'region',
    values: ['California', 'Texas', 'New York', 'Ohio'],
    expected: { semantic: 'state' },
  },
  {
    description: 'name alone over products holds no people (Northwind)',
    name: 'Name',
    values: ['Chai', 'Chang', 'Aniseed Syrup', 'Ikura', 'Queso Cabrales', 'Konbu', 'Tofu'],
    expected: { semantic: null },
  },
  {
    description: 'name alone over people from many places is full names',
    name: 'names',
    values: ['Wei Zhang', 'Hiroshi Tanaka', 'Ngozi Okafor', 'Priya Sharma', 'Catherine Moore'],
    expected: { semantic: 'fullName' },
  },
  {
    description: 'customer_name is a full name',
    name: 'customer_name',
    values: ['Ana Lopez'],
    expected: { semantic: 'fullName' },
  },
  {
    description: 'username is not a name',
    name: 'username',
    values: ['ana_l'],
    expected: { semantic: 'username', suggestedMethod: 'internet.username' },
  },
  {
    description: 'a username header over display names is a full name',
    name: 'user.name',
    values: ['Ann Lee', 'Bob Ray', 'ana_l'],
    expected: { semantic: 'fullName', suggestedMethod: 'person.fullName' },
  },
  {
    description: 'a username header over logins with a display name among them stays usernames',
    name: 'User Name',
    values: ['ana_l', 'bob.ray', 'Carl Stone'],
    expected: { semantic: 'username' },
  },
  {
    description: "people's names under a header that says nothing are full names",
    name: 'Customer',
    values: ['Catherine Moore', 'James Smith', 'Olga Ramos', 'Smith, Susan', "Mary-Kate O'Brien"],
    expected: { semantic: 'fullName', suggestedMethod: 'person.fullName' },
  },
  {
    description: 'places whose first word may be a first name are no names',
    name: 'place',
    values: ['Santa Clara', 'San Jose', 'Los Angeles', 'Santa Monica', 'San Diego'],
    expected: { semantic: null },
  },
  {
    description: 'companies named after people are no names',
    name: 'account',
    values: ['Morgan Stanley', 'Goldman Sachs', 'Wells Fargo', 'Kelly Services', 'Bank Of America'],
    expected: { semantic: null },
  },
  {
    description: 'sentences that start with a name are no names',
    name: 'note',
    values: ['Mary called back', 'Refund sent today', 'Late delivery', 'James asked for a call'],
    expected: { semantic: null },
  },
  {
    description: 'a country header over ISO codes is country codes',
    name: 'country',
    values: ['US', 'DE', 'FR', 'GBR', 'US'],
    expected: { semantic: 'countryCode', suggestedMethod: 'location.countryCode' },
  },
  {
    description: 'a country header over names and codes mixed stays countries',
    name: 'Country',
    values: ['United States', 'USA', 'US', 'Germany'],
    expected: { semantic: 'country', suggestedMethod: 'location.country' },
  },
  {
    description: 'a bare Title of job titles is job titles (Chinook and Northwind employees)',
    name: 'Title',
    values: ['General Manager', 'Sales Support Agent', 'IT Staff', 'Sales Manager', 'Owner'],
    expected: { semantic: 'jobTitle', suggestedMethod: 'person.jobTitle' },
  },
  {
    description: "a person's title is a job title",
    name: 'ContactTitle',
    values: ['Sales Representative', 'Owner', 'Order Administrator'],
    expected: { semantic: 'jobTitle', suggestedMethod: 'person.jobTitle' },
  },
  {
    description: 'a Title of books stays free text',
    name: 'Title',
    values: ['The Old Man and the Sea', 'Moby Dick', 'War and Peace', 'Sales Manager'],
    expected: { semantic: null },
  },
  {
    description: 'honorifics are prefixes whatever the header',
    name: 'TitleOfCourtesy',
    values: ['Ms.', 'Dr.', 'Mrs.', 'Mr.', 'Ms.'],
    expected: { semantic: 'prefix', suggestedMethod: 'person.prefix' },
  },
  {
    description: 'a few honorifics among other words are no prefixes',
    name: 'Title',
    values: ['Dr.', 'Moby Dick', 'War and Peace', 'Mr.'],
    expected: { semantic: null },
  },
  {
    description: 'company_name is a company',
    name: 'company_name',
    values: ['Acme Inc.'],
    expected: { semantic: 'company', suggestedMethod: 'company.name' },
  },
  {
    description: 'file_name has no person meaning',
    name: 'file_name',
    values: ['report.pdf'],
    expected: { semantic: null },
  },
  {
    description: 'product_name has no person meaning',
    name: 'product_name',
    values: ['Widget'],
    expected: { semantic: null },
  },
  {
    description: 'billing_city is a city',
    name: 'billing_city',
    values: ['Lyon'],
    expected: { semantic: 'city', suggestedMethod: 'location.city' },
  },
  {
    description: 'Country',
    name: 'Country',
    values: ['France'],
    expected: { semantic: 'country' },
  },
  { description: 'state', name: 'state', values: ['Ohio'], expected: { semantic: 'state' } },
  {
    description: 'order_state is not a US state',
    name: 'order_state',
    values: ['shipped'],
    expected: { semantic: null },
  },
  {
    description: 'street address',
    name: 'Street Address',
    values: ['1 Main St'],
    expected: { semantic: 'streetAddress', suggestedMethod: 'location.streetAddress' },
  },
  {
    description: 'job title',
    name: 'job_title',
    values: ['Engineer'],
    expected: { semantic: 'jobTitle', suggestedMethod: 'person.jobTitle' },
  },
  {
    description: 'password',
    name: 'password',
    values: ['hunter2!'],
    expected: { semantic: 'password' },
  },
  {
    description: 'bic',
    name: 'BIC',
    values: ['DEUTDEFF'],
    expected: { semantic: 'bic', suggestedMethod: 'finance.bic' },
  },
  {
    description: 'an email header over non-email text has no meaning',
    name: 'email',
    values: ['ask reception', 'unknown'],
    expected: { type: 'string', semantic: null },
  },
  {
    description: 'a city header over numbers has no meaning',
    name: 'city',
    values: ['1', '2'],
    expected: { type: 'number', semantic: null },
  },
];

/** One table per behaviour, so a failure names its section and `-t` can pick one. */
const TABLES: [section: string, cases: Case[]][] = [
  ['blank, single values and mixed', BLANK_SINGLE_AND_MIXED],
  ['values padded with spaces', PADDED_VALUES],
  ['the 98% rule', NINETY_EIGHT_PERCENT_RULE],
  ['missing markers', MISSING_MARKERS],
  ['numbers', NUMBERS],
  ['codes', CODES],
  ['booleans', BOOLEANS],
  ['dates', DATES],
  ['datetimes', DATETIMES],
  ['spreadsheet date cells', SPREADSHEET_DATE_CELLS],
  ['emails', EMAILS],
  ['phones', PHONES],
  ['meanings from values', MEANINGS_FROM_VALUES],
  ['meanings from headers', MEANINGS_FROM_HEADERS],
];

describe('detectColumn', () => {
  it('has at least 120 cases', () => {
    expect(TABLES.flatMap(([, cases]) => cases).length).toBeGreaterThanOrEqual(120);
  });

  for (const [section, cases] of TABLES) {
    describe(section, () => {
      it.each(cases)('$description', ({ name, values, numberFormat, options, expected }) => {
        const schema = detectColumn(name ?? 'value', values, numberFormat ?? null, options);
        expect(schema).toMatchObject(expected);
      });
    });
  }
});

describe('detectColumn on dates written as numbers', () => {
  const seconds = series(50, (i) => 1_600_000_000 + i * 86_399);

  it.each([
    ['created_at', seconds.map(String), 'X'],
    ['updatedAt', seconds.map((value) => String(Number(value) * 1000 + 7)), 'x'],
    ['login_ts_ms', seconds.map((value) => Number(value) * 1000), 'x'],
    ['timestamp', seconds, 'X'],
    ['Signup Date', seconds.map((value) => Number(value) * 1000), 'x'],
  ])('reads %s of whole seconds or milliseconds as date-times', (name, values, pattern) => {
    const column = detectColumn(name, values);
    expect(column).toMatchObject({ type: 'datetime', format: pattern, invalidCount: 0 });
    expect(column.dateRange?.min).toMatch(/^2020-09-13T12:26:40(\.007)?$/);
    expect(column.description).toContain(`Unix time in ${pattern === 'X' ? 'seconds' : 'milli'}`);
  });

  it.each([
    ['text', series(50, (i) => String(20230101 + (i % 28)))],
    ['numbers', series(50, (i) => 19991201 + (i % 31))],
  ])('reads compact dates (20230415) as %s under a date header', (_, values) => {
    expect(detectColumn('order_date', values)).toMatchObject({ type: 'date', format: 'YYYYMMDD' });
    expect(detectColumn('dob', values).format).toBe('YYYYMMDD');
  });

  it.each([
    ['a header naming no instant', 'amount', seconds],
    ['an identifier', 'created_by_id', seconds],
    ['a count', 'login_count', seconds],
    ['a duration', 'session_duration', seconds],
    ['numbers past the calendar', 'order_date', series(50, (i) => 20230101 + i)],
    ['compact dates under no date header', 'batch', series(50, (i) => 20230101 + (i % 28))],
    ['numbers past 2100', 'created_at', series(50, (i) => 5_000_000_000 + i)],
    [
      'units mixed',
      'created_at',
      [...seconds.slice(0, 25), ...seconds.slice(25).map((v) => Number(v) * 1000)],
    ],
    ['fractions', 'created_at', seconds.map((value) => Number(value) + 0.5)],
  ])('keeps numbers for %s', (_, name, values) => {
    expect(detectColumn(name, values).type).toBe('number');
  });
});

describe('detectColumn on months without days', () => {
  const months = Array.from({ length: 36 }, (_, i) =>
    new Date(Date.UTC(2022, i, 1)).toISOString().slice(0, 7),
  );
  it.each<[string, string[]]>([
    ['YYYY-MM', months],
    ['MM/YYYY', months.map((month) => `${month.slice(5)}/${month.slice(0, 4)}`)],
    ['M/YYYY', months.map((month) => `${Number(month.slice(5))}/${month.slice(0, 4)}`)],
    ['MMM YYYY', ['Jan 2024', 'Feb 2024', 'Mar 2024', 'Dec 2023']],
    ['MMMM YYYY', ['January 2024', 'February 2024', 'March 2024']],
  ])('reads %s as dates of no day', (pattern, values) => {
    expect(detectColumn('period', values)).toMatchObject({
      type: 'date',
      format: pattern,
    });
  });

  it('leaves codes of that shape that are no months as text', () => {
    expect(detectColumn('code', ['2020-13', '1234-56', '2021-44']).type).toBe('string');
  });
});

describe('detectColumn on hostile values', () => {
  it('reads a huge URL-like value and a huge header without blowing up', () => {
    const huge = `http://${'a'.repeat(200_000)} `;
    const schema = detectColumn('A'.repeat(100_000), [huge, `www.${'b'.repeat(200_000)} x`]);
    expect(schema.type).toBe('string');
    expect(schema.semantic).toBeNull();
  });

  it('reads megabyte-long digit and letter strings as text', () => {
    const schema = detectColumn('value', ['9'.repeat(1_000_000), 'Z'.repeat(1_000_000)]);
    expect(schema.type).toBe('string');
  });
});

describe('detectColumn counts and cards', () => {
  it('counts distinct and non-empty values and lists the first distinct examples', () => {
    const schema = detectColumn('email', [
      'a@x.io',
      'b@x.io',
      'a@x.io',
      '',
      'c@x.io',
      'd@x.io',
      'e@x.io',
      'f@x.io',
    ]);
    expect(schema.nonEmptyCount).toBe(7);
    expect(schema.distinctCount).toBe(6);
    expect(schema.examples).toEqual(['a@x.io', 'b@x.io', 'c@x.io', 'd@x.io', 'e@x.io']);
    expect(schema.description).toBe('Email addresses · 6 distinct values');
    expect(schema.rule).toEqual({ action: 'auto' });
  });

  it('describes dates with their first example and pattern', () => {
    expect(detectColumn('d', ['2023-04-17', '2023-04-18']).description).toBe(
      'Dates like 2023-04-17 (YYYY-MM-DD)',
    );
  });

  it('says how many values do not fit', () => {
    const values = [...series(99, (i) => String(i)), 'oops'];
    expect(detectColumn('n', values).description).toContain('1 value of another kind');
  });

  it('writes large counts with grouping', () => {
    const values = series(1204, (i) => `user${i}@example.com`);
    expect(detectColumn('email', values).description).toBe(
      'Email addresses · 1,204 distinct values',
    );
  });

  it('samples large columns but counts, ranges and misfits cover every value', () => {
    const values = series(30_000, (i) => String(i + 1));
    values[29_990] = 'late junk';
    values[29_999] = '-5';
    const schema = detectColumn('n', values, null, { sampleSize: 1000 });
    expect(schema.type).toBe('number');
    expect(schema.invalidCount).toBe(1);
    expect(schema.range).toEqual({ min: -5, max: 29_999 });
    expect(schema.nonEmptyCount).toBe(30_000);
    expect(schema.distinctCount).toBe(30_000);
  });

  it('turns a column whose misfits all sit past the sample into a string', () => {
    const values = [...series(1000, (i) => String(i)), ...series(100, () => 'text')];
    expect(detectColumn('n', values, null, { sampleSize: 1000 }).type).toBe('string');
  });
});
