import { describe, expect, it } from 'vitest';
import { KeyIndex } from '../../../src/engine/pseudonymize/key-index';
import { KnownValues } from '../../../src/engine/pseudonymize/pii-in-text/known-values';
import type { PiiSpan } from '../../../src/engine/pseudonymize/pii-in-text/pii-span';

/*
 * Which of a dataset's values are found in free text, and which are left alone because they
 * would replace ordinary words (pii-in-text/known-values.ts).
 */

const known = new KnownValues();
for (const value of ['Ann', 'Ann Lee', 'Al', 'Grace', '42', '1042', 'C-1001', 'open']) {
  known.add(value, `<${value}>`, 'value');
}

function found(text: string): string[] {
  const spans: PiiSpan[] = [];
  known.find(text, new Uint8Array(text.length), spans);
  return spans.map((span) => text.slice(span.start, span.end));
}

const CASES: readonly { description: string; text: string; expected: string[] }[] = [
  { description: 'a name of three letters', text: 'Spoke with Ann today', expected: ['Ann'] },
  { description: 'the longest value first', text: 'Ann Lee called', expected: ['Ann Lee'] },
  { description: 'a possessive', text: "Ann's order", expected: ['Ann'] },
  { description: 'no part of a longer word', text: 'Annabel called', expected: [] },
  { description: 'letter case as written', text: 'ann called', expected: [] },
  { description: 'no value of two letters', text: 'Al called', expected: [] },
  {
    description: 'an English word mid-sentence',
    text: 'spoke to Grace today',
    expected: ['Grace'],
  },
  { description: 'no English word opening a sentence', text: 'Grace period ends.', expected: [] },
  { description: 'no lower-case English word', text: 'the ticket is open', expected: [] },
  { description: 'no number under four digits', text: 'sent 42 parcels', expected: [] },
  { description: 'a number of four digits', text: 'customer #1042.', expected: ['1042'] },
  { description: 'no part of a longer code', text: 'see C-1001-B', expected: [] },
  { description: 'a code before punctuation', text: 'see C-1001.', expected: ['C-1001'] },
];

describe('KnownValues.find', () => {
  for (const { description, text, expected } of CASES) {
    it(`finds ${description}`, () => expect(found(text)).toEqual(expected));
  }
});

describe('KnownValues.forSearch', () => {
  /** A column of `values`, each first in row `index`, written as `<value>`. */
  const column = (kind: 'name' | 'value', values: string[]) => {
    const ids = new KeyIndex(values.length);
    for (const value of values) ids.add(value);
    return {
      kind,
      originals: values,
      ids,
      firstRow: Int32Array.from(values, (_, index) => index),
      written: (row: number) => `<${values[row]}>`,
    };
  };
  const texts = [
    'Spoke with Ann Lee about order 10042',
    'Ann called; Bo Chen and 10042 too',
    'Nothing here but words',
    'Mail zoe@example.com or Zoe Park',
  ];
  const known = KnownValues.fromColumns(
    [
      column('name', ['Ann', 'Ann Lee', 'Bo Chen', 'Zoe Park', 'Nobody Here']),
      // A value in two columns: the first column's is the one found.
      column('value', ['10042', 'Ann', '77777']),
    ],
    texts,
  );
  const searched = known.searched();
  const elsewhere = KnownValues.forSearch(structuredClone(searched.texts), structuredClone(texts));

  const spansOf = (values: KnownValues, text: string): PiiSpan[] => {
    const spans: PiiSpan[] = [];
    values.find(text, new Uint8Array(text.length), spans);
    return spans;
  };

  it('holds only the values some text may hold, each text once, in the order of their numbers', () => {
    expect(searched.texts).toEqual(['Ann', 'Ann Lee', 'Bo Chen', 'Zoe Park', '10042']);
    expect([...searched.values]).toEqual([0, 1, 2, 3, 5]);
  });

  it('finds in another thread what the run finds, each value by its place in `searched`', () => {
    for (const text of texts) {
      const here = spansOf(known, text);
      const there = spansOf(elsewhere, text);
      expect(there.map(({ start, end }) => [start, end])).toEqual(
        here.map(({ start, end }) => [start, end]),
      );
      expect(there.map(({ value }) => searched.values[value!])).toEqual(
        here.map(({ value }) => value),
      );
      // The run reads each value's kind and pseudonym itself.
      for (const span of here) expect(span).toMatchObject(known.valueAt(span.value!)!);
    }
    expect(spansOf(known, texts[0]!).map((span) => span.pseudonym)).toEqual([
      '<Ann Lee>',
      '<10042>',
    ]);
  });
});
