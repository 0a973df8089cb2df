import { describe, expect, it } from 'vitest';
import { codeBuffer, codesToText } from '../../../src/engine/text/char-codes';

describe('codeBuffer', () => {
  it('keeps the codes asked for when it grows, for a text written piece by piece', () => {
    const codes = codeBuffer(2);
    codes[0] = 0x61;
    codes[1] = 0x62;
    const grown = codeBuffer(codes.length + 1000, 2);
    expect(grown.length).toBeGreaterThanOrEqual(codes.length + 1000);
    expect(codesToText(grown, 2)).toBe('ab');
  });

  it('is the same buffer while it is long enough', () => {
    const codes = codeBuffer(8);
    expect(codeBuffer(codes.length)).toBe(codes);
  });
});
