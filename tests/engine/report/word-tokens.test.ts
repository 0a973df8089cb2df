import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { forEachToken, WORD_TOKEN } from '../../../src/engine/report/word-tokens';

function tokensOf(text: string): [number, number][] {
  const tokens: [number, number][] = [];
  forEachToken(text, (start, end) => tokens.push([start, end]));
  return tokens;
}

function regexTokens(text: string): [number, number][] {
  return [...text.matchAll(WORD_TOKEN)].map((match) => [
    match.index,
    match.index + match[0].length,
  ]);
}

describe('word tokens', () => {
  it.each([
    [
      "Call O'Brien, 555-1234",
      [
        [0, 4],
        [5, 12],
        [14, 22],
      ],
    ],
    ['mary.smith@example.com.', [[0, 22]]],
    [
      'Zoë Łukasz 李雷 -x- a--b',
      [
        [0, 3],
        [4, 10],
        [11, 13],
        [15, 16],
        [18, 19],
        [21, 22],
      ],
    ],
    [
      '𝒜bc 😀 d',
      [
        [0, 4],
        [8, 9],
      ],
    ],
    ['', []],
  ] as [string, [number, number][]][])(
    'reads %j as the regular expression does',
    (text, tokens) => {
      expect(tokensOf(text)).toEqual(tokens);
      expect(regexTokens(text)).toEqual(tokens);
    },
  );

  it('matches the regular expression on random text', () => {
    const unit = fc.constantFrom(
      'a',
      'Z',
      '7',
      ' ',
      ',',
      '.',
      "'",
      '’',
      '@',
      '+',
      '_',
      '-',
      '(',
      'é',
      'Ł',
      '李',
      '٣',
      '\u{1d49c}',
      '😀',
      '\ud800',
      '\udc00',
      '\n',
    );
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 30 }), (units) => {
        const text = units.join('');
        expect(tokensOf(text)).toEqual(regexTokens(text));
      }),
      { seed: 5, numRuns: 2_000 },
    );
  });
});
