import { describe, expect, it } from 'vitest';
import { jsonLinesOf } from '../../src/cli/json-lines';

const lines = (json: string) =>
  new TextDecoder().decode(jsonLinesOf(new TextEncoder().encode(json)));

describe('jsonLinesOf', () => {
  it.each([
    { description: 'an array', json: '[\n{"a":1},\n{"a":2}\n]\n', expected: '{"a":1}\n{"a":2}\n' },
    {
      description: 'the records of a wrapper object, without it',
      json: '{"data":[\n{"a":1},\n{"a":2}\n],"total":2}\n',
      expected: '{"a":1}\n{"a":2}\n',
    },
    { description: 'no records', json: '[]\n', expected: '' },
    { description: 'no records in a wrapper', json: '{"data":[],"total":0}\n', expected: '' },
  ])('takes $description', ({ json, expected }) => {
    expect(lines(json)).toBe(expected);
  });

  it('refuses JSON the engine does not write', () => {
    expect(() => lines('{"a":1}\n')).toThrow(/not the JSON array/);
    expect(() => lines('[\n{"a":1}\n{"a":2}\n]\n')).toThrow(/not the JSON array/);
  });
});
