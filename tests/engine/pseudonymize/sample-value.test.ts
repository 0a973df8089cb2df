import { describe, expect, it } from 'vitest';
import { detectColumn, sampleValue, type ColumnSchema } from '../../../src/engine';
import { COMMON_WORDS } from '../../../src/engine/pseudonymize/pii-in-text/common-words';

function column(name: string, values: string[], rule?: ColumnSchema['rule']): ColumnSchema {
  const schema = detectColumn(name, values);
  return rule ? { ...schema, rule } : schema;
}

describe('sampleValue', () => {
  it.each([
    ['email', ['ann@corp.com'], /^[A-Za-z._-]+\d*@example\.com$/],
    ['phone', ['(555) 123-4567', '(555) 987-6543'], /^\(\d{3}\) \d{3}-\d{4}$/],
    ['signup', ['2023-04-17', '2023-05-02'], /^\d{4}-\d{2}-\d{2}$/],
    ['amount', ['12.50', '7.25'], /^\d+\.\d{2}$/],
    ['id', ['3f2504e0-4f89-41d3-9a0c-0305e82c3301'], /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-/],
    ['note', ['Customer asked about a refund'], /^[A-Z][a-z]+( [a-z]+){4}$/],
    ['customer_id', ['17', '42'], /^[1-9]\d$/],
    ['sku', ['AB-0042-X', 'QZ-1234-B'], /^[A-Z]{2}-0\d{3}-[A-Z]$/],
  ])('%s: shaped like the first example, and different from it', (name, values, shape) => {
    const schema = column(name, values);
    const sample = sampleValue(schema);
    expect(sample).toMatch(shape);
    expect(sample).not.toBe(values[0]);
  });

  it('shows free text as a run writes it: in words, whatever its numbers', () => {
    const sample = sampleValue(column('note', ['Called on 01/03 re: invoice 5521', 'Sent']));
    expect(sample).toMatch(/^\p{L}+ \p{L}+ \d\d\/\d\d \p{L}+: \p{L}+ \d{4}$/u);
    const words = sample.match(/\p{L}{3,}/gu) ?? [];
    expect(words.filter((word) => !COMMON_WORDS.has(word.toLowerCase()))).toEqual([]);
  });

  it('is deterministic from name, first example, type and method', () => {
    const schema = column('email', ['ann@corp.com']);
    expect(sampleValue(schema)).toBe(sampleValue({ ...schema }));
    expect(sampleValue({ ...schema, name: 'contact' })).not.toBe(sampleValue(schema));
  });

  it('uses the spec’s texts for blank, keep and invalid methods', () => {
    expect(sampleValue(column('empty', ['', '']))).toBe('(blank)');
    expect(sampleValue(column('x', ['a'], { action: 'blank' }))).toBe('(blank)');
    expect(sampleValue(column('x', ['Ann'], { action: 'keep' }))).toBe('Ann');
    expect(sampleValue({ ...column('x', ['Ann'], { action: 'keep' }), examples: [] })).toBe(
      'original value',
    );
    expect(sampleValue(column('x', ['Ann'], { action: 'faker', fakerMethod: 'nope.nope' }))).toBe(
      'Invalid faker method',
    );
  });

  it('runs the chosen Faker method', () => {
    const sample = sampleValue(
      column('x', ['Ann'], { action: 'faker', fakerMethod: 'string.uuid' }),
    );
    expect(sample).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/);
  });

  it('falls back to header-based guesses and defaults without examples', () => {
    const base = column('first_name', ['Ann']);
    expect(sampleValue({ ...base, examples: [] })).toMatch(/^[A-Z][a-z]+/);
    const number = { ...column('qty', ['1', '2']), examples: [], range: undefined };
    const value = Number(sampleValue(number));
    expect(value).toBeGreaterThanOrEqual(1);
    expect(value).toBeLessThanOrEqual(10_000);
    const date = {
      ...column('d', ['2023-01-01', '2023-02-01']),
      examples: [],
      dateRange: undefined,
    };
    expect(sampleValue(date) >= '2020-01-01' && sampleValue(date) <= '2024-12-31').toBe(true);
  });
});
