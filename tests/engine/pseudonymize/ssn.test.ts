import { describe, expect, it } from 'vitest';
import { columnUnderScheme } from '../../support/column-under-scheme';
import { detectSchema, pseudonymize, type Cell, type Sheet } from '../../../src/engine';
import { CodePermutation } from '../../../src/engine/pseudonymize/code-permutation';
import { ssnIsValid, ssnPseudonym } from '../../../src/engine/pseudonymize/generators/ssn';
import { MixedRadixPermutation } from '../../../src/engine/pseudonymize/mixed-radix-permutation';

const pad = (value: number, width: number): string => String(value).padStart(width, '0');

/** Every SSN of areas 001-002 and 665-667 with groups 00-02 and the serials 0000-0003. */
function smallSsnSpace(separator: string): string[] {
  const out: string[] = [];
  for (const area of [1, 2, 665, 666, 667])
    for (let group = 0; group < 3; group++)
      for (let serial = 0; serial < 4; serial++)
        out.push([pad(area, 3), pad(group, 2), pad(serial, 4)].join(separator));
  return out;
}

describe('US Social Security numbers (scheme 11 on)', () => {
  it('tells the numbers the SSA issues from the others', () => {
    expect(['123-45-6789', '001 01 0001', '899010001'].map(ssnIsValid)).toEqual([true, true, true]);
    expect(
      ['000-12-3456', '666-12-3456', '900-12-3456', '123-00-4567', '123-45-0000'].map(ssnIsValid),
    ).toEqual([false, false, false, false, false]);
    expect(['123-45-678', '123-4567-89', 'ABC-DE-FGHI', '123-45 6789'].map(ssnIsValid)).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });

  it('walks a code permutation to a bijection within each kind, never a number to itself', () => {
    const codes = new CodePermutation(new MixedRadixPermutation(new Uint8Array(16).fill(7)), 11);
    const next = (text: string) => codes.pseudonym(text);
    for (const separator of ['-', '']) {
      // Distinct numbers get distinct pseudonyms of their own kind (a pattern's whole space is
      // too large to list here).
      const originals = smallSsnSpace(separator);
      const fakes = originals.map((text) => ssnPseudonym(text, next)!);
      expect(new Set(fakes).size).toBe(originals.length);
      fakes.forEach((fake, index) => {
        expect(fake).not.toBe(originals[index]);
        expect(ssnIsValid(fake)).toBe(ssnIsValid(originals[index]!));
        expect(fake).toMatch(separator ? /^\d{3}-\d{2}-\d{4}$/ : /^\d{9}$/);
      });
    }
  });

  it('keeps every pseudonym of an SSN column valid, unique and joined alike, where scheme 10 did not', () => {
    const rows: Cell[][] = Array.from({ length: 2000 }, (_, index) => {
      const area = 1 + ((index * 7919) % 899);
      const ssn = `${pad(area === 666 ? 667 : area, 3)}-${pad(1 + (index % 99), 2)}-${pad(1 + ((index * 31) % 9999), 4)}`;
      return [String(index + 1), ssn];
    });
    rows.push(['2001', '987-65-4321']);
    const sheet: Sheet = { name: 'people', columns: ['id', 'ssn'], rows };
    const schema = detectSchema(sheet);
    expect(schema[1]!.semantic).toBe('ssn');
    const run = (scheme: number) => columnUnderScheme(sheet, 1, scheme);
    const fakes = run(11);
    expect(fakes.slice(0, -1).filter((fake) => !ssnIsValid(fake))).toEqual([]);
    expect(ssnIsValid(fakes.at(-1)!)).toBe(false);
    expect(new Set(fakes).size).toBe(rows.length);
    fakes.forEach((fake, index) => expect(fake).not.toBe(rows[index]![1]));
    // Alone in another file, a number gets the same pseudonym.
    const alone: Sheet = { name: 'other', columns: ['id', 'ssn'], rows: rows.slice(5, 6) };
    const aloneOut = pseudonymize({ format: 'csv', sheets: [alone] }, [schema], { secret: 'k' });
    expect(aloneOut.workbook.sheets[0]!.rows[0]![1]).toBe(fakes[5]);
    expect(run(10).filter((fake) => !ssnIsValid(fake)).length).toBeGreaterThan(100);
  });
});

describe('US Social Security numbers held as numbers (scheme 11 on)', () => {
  it('stay nine-digit numbers the SSA issues, unique, under a header naming them', () => {
    const rows = Array.from({ length: 3000 }, (_, index) => {
      const area = 100 + ((index * 7919) % 799);
      const number = area * 1_000_000 + (1 + (index % 99)) * 10_000 + 1 + ((index * 31) % 9999);
      return [String(index + 1), String(area === 666 ? number + 1_000_000 : number)];
    });
    const sheet: Sheet = { name: 'staff', columns: ['employee_id', 'ssn_nodash'], rows };
    const schema = detectSchema(sheet);
    expect(schema[1]!.type).toBe('number');
    const run = (scheme: number) => columnUnderScheme(sheet, 1, scheme);
    const fakes = run(11);
    expect(fakes.filter((fake) => !/^\d{9}$/.test(fake) || !ssnIsValid(fake))).toEqual([]);
    expect(new Set(fakes).size).toBe(rows.length);
    expect(run(10).filter((fake) => !ssnIsValid(fake)).length).toBeGreaterThan(100);
  });
});
