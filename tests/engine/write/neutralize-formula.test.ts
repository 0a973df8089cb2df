import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentHostileFiles } from '../../../scripts/lib/hostile-files';
import { neutralizeFormula, readWorkbook, restoreFormula } from '../../../src/engine';

/** International phone numbers as people write them: + before digits, spaces and punctuation. */
const PHONES = [
  '+44 20 7946 0958',
  '+44 (0)20 7946 0958',
  '+442079460958',
  '+1 (555) 123-4567',
  '+1-555-123-4567',
  '+1.555.123.4567',
  '+1 555 123 4567',
  '+49 30 901820',
  '+49 (0) 30 901820',
  '+49 89/123456',
  '+33 1 23 45 67 89',
  '+33\u00a01\u00a023\u00a045\u00a067\u00a089',
  '+33\u202f1\u202f23\u202f45\u202f67\u202f89',
  '+81 3-1234-5678',
  '+86 10 1234 5678',
  '+91 98765 43210',
  '+55 (11) 91234-5678',
  '+61 2 9876 5432',
  '+7 495 123-45-67',
  '+353 1 234 5678',
  '+27 21 123 4567',
  '+1 (555) 123-4567 #12',
  '+1 555-201-3344 ext. 12',
  '+1 555-201-3344 ext 12',
];

/** Texts a spreadsheet could at most compute, never call anything with: written as they are. */
const KEPT = [
  ...PHONES,
  // Signed numbers.
  '-2.5',
  '+3',
  '-1e5',
  '+1.5E-3',
  '-.5',
  '-1,234.50',
  '-1.234,50',
  '-10%',
  '-$1,234.56',
  '-262,46 €',
  '-1 234,56 €',
  '-£12.50',
  // Arithmetic on numbers alone: it computes, but calls nothing and reaches no cell.
  '-2-3',
  '-2+3',
  '+1-555-123-4567',
  '-(555) 123.4567',
  '-1/0',
  '- 1',
  '+2*3^2',
  '-',
  '+',
  '--',
  // Invisible characters before something harmless.
  ' +44 20 7946 0958',
  '\t-2.5',
  '\tx',
  '\r\nline',
  '\0x',
  // Plain text, and quotes before something that is not a formula.
  'plain',
  '',
  ' ',
  'a=b',
  'x+1',
  'ada@example.com',
  "'already",
  "'+44 20 7946 0958",
  "'-2-3",
];

/** Texts a spreadsheet could run to call something, each gaining one leading quote. */
const NEUTRALIZED = [
  '=1+1',
  '=',
  '=HYPERLINK("http://x","y")',
  '@',
  '@SUM(A1)',
  '@ada',
  // A sign before a name, a reference or a DDE call.
  '+cmd',
  "+cmd|' /C calc'!A0",
  "-2+3+cmd|' /C calc'!A0",
  "-1+cmd|' /C calc'!A0",
  '-SUM(1,2)',
  '+A1',
  '-HYPERLINK("http://x")',
  '+1-A1',
  '-1e5+A1',
  '+R1C1',
  '+Sheet1!A1',
  "+'Sheet 1'!A1",
  '-[1]Sheet1!A1',
  '-1:2',
  '+"text"',
  '-{1,2}',
  '+1 555 123 4567 x12',
  '+1 555 123 4567 ext12',
  '+1 555 ext. 12+A1',
  // Whatever a spreadsheet might skip before the formula.
  ' =1+1',
  '   =cmd|x!A0',
  '\t=1+1',
  '\r=1+1',
  '\n=1+1',
  '\r\n@SUM(A1)',
  '\0=1',
  '\u00a0=1',
  '\u200b=1',
  '\ufeff=1',
  ' +A1',
  "\t-cmd|' /C calc'!A0",
  // Quotes before a formula get one more, so that restoring is exact.
  "'=1+1",
  "''=1+1",
  "' =1",
];

describe('neutralizeFormula', () => {
  it.each(KEPT.map((text) => [JSON.stringify(text), text]))('keeps %s as written', (_, text) => {
    expect(neutralizeFormula(text)).toBe(text);
    expect(restoreFormula(text)).toBe(text);
  });

  it.each(NEUTRALIZED.map((text) => [JSON.stringify(text), text]))(
    'puts one quote before %s and restores it exactly',
    (_, text) => {
      expect(neutralizeFormula(text)).toBe(`'${text}`);
      expect(restoreFormula(`'${text}`)).toBe(text);
    },
  );

  it('neutralizes every call of the hostile formula corpus and keeps its plain arithmetic', () => {
    const file = contentHostileFiles().find(({ fileName }) => fileName === 'injection.csv');
    if (!file) throw new Error('the hostile corpus has no formula injection file');
    const notes = readWorkbook(file.bytes, file.fileName).sheets[0]?.rows.map((row) => row[1]);
    expect(notes?.map((note) => neutralizeFormula(String(note)))).toEqual([
      `'=HYPERLINK("http://evil.example","click")`,
      "'+cmd|' /C calc'!A0",
      "'@SUM(1+1)",
      '-2+3',
    ]);
  });

  const texts = fc.string({
    unit: fc.oneof(
      fc.constantFrom("'", '=', '+', '-', '@', ' ', '\t', '\r', '\n', '\0', '\u00a0', '|', '!'),
      fc.constantFrom('1', '2', '(', ')', '.', ',', '/', '%', 'A', 'x', ':'),
      fc.string({ unit: 'grapheme', maxLength: 1 }),
    ),
    maxLength: 12,
  });

  it('is undone exactly by restoreFormula, adding at most one leading quote', () => {
    fc.assert(
      fc.property(texts, (text) => {
        const neutralized = neutralizeFormula(text);
        expect([text, `'${text}`]).toContain(neutralized);
        expect(restoreFormula(neutralized)).toBe(text);
      }),
      { numRuns: 2000 },
    );
  });

  it('leaves every text that starts with a sign and holds no letter, | or ! as it is', () => {
    const arithmetic = fc
      .tuple(
        fc.constantFrom('+', '-'),
        fc.string({ unit: fc.constantFrom(...'0123456789 +-*/^%().,#$'), maxLength: 16 }),
      )
      .map(([sign, rest]) => sign + rest);
    fc.assert(
      fc.property(arithmetic, (text) => {
        expect(neutralizeFormula(text)).toBe(text);
      }),
      { numRuns: 1000 },
    );
  });
});
