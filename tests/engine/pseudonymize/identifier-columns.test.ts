import { describe, expect, it } from 'vitest';
import { detectColumn } from '../../../src/engine';
import { isIdentifierColumn, isIdName } from '../../../src/engine/pseudonymize/identifier-columns';

const distinct = ['17', '42', '1093', '7'];
const repeated = ['17', '42', '17', '7'];

describe('isIdName', () => {
  it.each([
    ['id', true],
    ['ID', true],
    ['customer_id', true],
    ['customerId', true],
    ['Customer ID', true],
    ['OrderID', true],
    ['paid', false],
    ['valid', false],
    ['PAID', false],
    ['idea', false],
  ])('%s → %s', (name, expected) => {
    expect(isIdName(name)).toBe(expected);
  });
});

describe('isIdentifierColumn', () => {
  it.each([
    { name: 'customer_id', values: repeated, expected: true, why: 'id-like name' },
    { name: 'order_no', values: distinct, expected: true, why: 'number token, all distinct' },
    { name: 'invoiceNumber', values: distinct, expected: true, why: 'camel-case number token' },
    { name: 'Account Nr', values: distinct, expected: true, why: 'nr token' },
    { name: 'ref', values: distinct, expected: true, why: 'a name of one token' },
    { name: 'order_no', values: repeated, expected: false, why: 'number token, repeats' },
    { name: 'casino', values: distinct, expected: false, why: 'no token, only letters' },
    { name: 'quantity', values: distinct, expected: false, why: 'a measure' },
    { name: 'customer_id', values: ['1.5', '2.25'], expected: false, why: 'decimals' },
    { name: 'customer_id', values: ['$17', '$42'], expected: false, why: 'a prefix' },
    { name: 'customer_id', values: ['1,017', '2,042'], expected: false, why: 'grouped digits' },
  ])('$name with $values → $expected ($why)', ({ name, values, expected }) => {
    expect(isIdentifierColumn(detectColumn(name, values))).toBe(expected);
  });

  it('takes a range the user set as a measure', () => {
    const column = detectColumn('customer_id', distinct);
    expect(isIdentifierColumn({ ...column, rangeSetByUser: true })).toBe(false);
  });

  it('reads spreadsheet integers as identifiers too', () => {
    expect(isIdentifierColumn(detectColumn('CustomerID', [1, 2, 3, 250]))).toBe(true);
  });
});
