import { describe, expect, it } from 'vitest';
import { detectColumn } from '../../../src/engine';
import { sameShape } from '../../../src/engine/pseudonymize/schema-match';

describe('sameShape', () => {
  const grouped = detectColumn('amount', ['1.234,56', '12,50', '3.100,10']);

  it('accepts output under 1,000 that cannot show the column’s digit grouping', () => {
    expect(grouped.number?.thousandsSeparator).toBe('.');
    expect(sameShape(grouped, detectColumn('amount', ['312,56', '12,51', '99,10']))).toBe(true);
  });

  it('rejects output that shows no grouping where it should, or other decimals', () => {
    expect(sameShape(grouped, detectColumn('amount', ['1312,56', '12,51']))).toBe(false);
    expect(sameShape(grouped, detectColumn('amount', ['312,5', '12,1']))).toBe(false);
    expect(sameShape(grouped, detectColumn('amount', ['2023-01-02', '2023-01-03']))).toBe(false);
  });
});
