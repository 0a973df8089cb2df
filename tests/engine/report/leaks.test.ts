import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildReport, type Cell } from '../../../src/engine';
import { LEAK_MINIMUM_LENGTH, LEAK_WINDOW_TOKENS } from '../../../src/engine/report/leaks';
import { schemasOf, withRows, workbookOf } from './report-fixtures';

const TOKEN = /[\p{L}\p{N}]+(?:[.'’@+_-][\p{L}\p{N}]+)*/gu;

/**
 * Cells of `texts` that hold an original, counted the slow way: the whole cell and every run
 * of 1 to LEAK_WINDOW_TOKENS words as written, looked up in a Set of the originals.
 */
function bruteForceLeaks(texts: readonly Cell[], originals: ReadonlySet<string>): number {
  const searched = new Set(
    [...originals].filter((text) => text.trim().length >= LEAK_MINIMUM_LENGTH),
  );
  return texts.filter((cell) => {
    if (typeof cell !== 'string' || cell === '') return false;
    if (searched.has(cell)) return true;
    const tokens = [...cell.matchAll(TOKEN)].map((match) => ({
      start: match.index,
      end: match.index + match[0].length,
    }));
    return tokens.some((first, at) =>
      tokens
        .slice(at, at + LEAK_WINDOW_TOKENS)
        .some((last) => searched.has(cell.slice(first.start, last.end))),
    );
  }).length;
}

const NAMES = ['Mary Smith', 'Wei Chen', 'Olga Nowak-Lee', 'Chen', 'Ravi', 'Ann Marie Kim Lee'];
const WORDS = ['Mary', 'Smith', 'Smith,', 'Wei', 'Chen', 'Nowak-Lee', 'Olga', 'called', 'Ravi'];
const MORE = ['Kim', 'Lee', 'Ann', 'Marie', 'about', 'the', 'order', 'Chen.', 'Mary Smith'];

describe('leaks', () => {
  it('match a brute-force search of originals in kept text, whole and as runs of words', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.constantFrom(...NAMES),
            fc.array(fc.constantFrom(...WORDS, ...MORE), { maxLength: 8 }),
          ),
          { minLength: 2, maxLength: 30 },
        ),
        (rows) => {
          const notes = rows.map(([, words]) => words.join(' '));
          const original = workbookOf(
            ['customer', 'notes'],
            rows.map(([name], at) => [name, notes[at]!]),
          );
          const schemas = schemasOf(original, { customer: 'faker', notes: 'keep' });
          schemas[0]![0]!.rule = { action: 'faker', fakerMethod: 'person.fullName' };
          const output = withRows(
            original,
            rows.map((_, at) => [`Pseudo Nym${at}`, notes[at]!]),
          );
          const report = buildReport({ original, output, schemas, mappingAvailable: false });
          const cells =
            report.leaks.find(
              (leak) => leak.sourceColumn === 'customer' && leak.foundColumn === 'notes',
            )?.cells ?? 0;
          expect(cells).toBe(bruteForceLeaks(notes, new Set(rows.map(([name]) => name))));
        },
      ),
      { seed: 41, numRuns: 200 },
    );
  });
});
