import { describe, expect, it } from 'vitest';
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
