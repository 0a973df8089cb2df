import { en } from '@faker-js/faker';
import { describe, expect, it } from 'vitest';
import { detectSchema, pseudonymize, readWorkbook, type Workbook } from '../../../src/engine';
import { usStateAbbr, zipInState } from '../../../src/engine/pseudonymize/row-location';

const STATES = en.location!.state!;
const ABBRS = en.location!.state_abbr!;

/** Deterministic small PRNG so the rows are the same on every run. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** A ZIP of the state, found by walking from a random start until it lies in the state's range. */
function zipOf(abbr: string, next: () => number): string {
  for (let tries = 0; tries < 1_000_000; tries++) {
    const zip = String(Math.floor(next() * 100_000)).padStart(5, '0');
    if (zipInState(zip, abbr)) return zip;
  }
  throw new Error(`no ZIP found for ${abbr}`);
}

function usRows(count: number, seed: number, only: readonly string[] = ABBRS): string[][] {
  const next = rng(seed);
  const countries = ['United States', 'USA', 'US'];
  return Array.from({ length: count }, (_, i) => {
    const abbr = only[Math.floor(next() * only.length)]!;
    const index = ABBRS.indexOf(abbr);
    const state = i % 2 === 0 ? STATES[index]! : abbr;
    const zip = zipOf(abbr, next) + (i % 3 === 0 ? `-${String(i % 10_000).padStart(4, '0')}` : '');
    return [`C${1000 + i}`, state, zip, countries[i % 3]!];
  });
}

function csv(header: string[], rows: string[][]): Workbook {
  const text = [header, ...rows].map((row) => row.join(',')).join('\n') + '\n';
  return readWorkbook(new TextEncoder().encode(text), 'places.csv');
}

function run(workbook: Workbook, secret = 'location-key') {
  const schema = detectSchema(workbook.sheets[0]!);
  return { schema, out: pseudonymize(workbook, [schema], { secret }) };
}

describe('ZIPs that follow their row’s state', () => {
  const header = ['customer_id', 'state', 'zip', 'country'];

  it('draws every ZIP inside its row’s pseudonymized state, never the original', () => {
    const rows = usRows(400, 7);
    const workbook = csv(header, rows);
    const { schema, out } = run(workbook);
    expect(schema.map((column) => column.semantic)).toEqual([null, 'state', 'zipCode', 'country']);
    const written = out.workbook.sheets[0]!.rows;
    written.forEach((cells, r) => {
      const [, state, zip, country] = cells.map(String);
      const abbr = usStateAbbr(state!);
      expect(abbr).toBeDefined();
      expect(zipInState(zip!, abbr!)).toBe(true);
      expect(zip).not.toBe(rows[r]![2]);
      expect(zip!.length).toBe(rows[r]![2]!.length);
      // Countries stay per value: never their original, even in a US-only column.
      expect(country).not.toBe(rows[r]![3]);
    });
    expect(out.stats.rowRelations?.zipCodesFromStates).toBe(rows.length);
  });

  it('gives the same (state, ZIP) the same ZIP in two files under one key', () => {
    // The second file holds the same states row by row (a state's own pseudonym may depend on
    // the file's other states, as names drawn from a short list do), other customers, and
    // other ZIPs on its first 100 rows.
    const rows = usRows(200, 11);
    const changed = rows.map((row, r) => [
      `D${r}`,
      row[1]!,
      r < 100 ? zipOf(usStateAbbr(row[1]!)!, rng(r + 99)) : row[2]!,
      row[3]!,
    ]);
    const first = run(csv(header, rows)).out.workbook.sheets[0]!.rows;
    const second = run(csv(header, changed)).out.workbook.sheets[0]!.rows;
    for (let r = 100; r < 200; r++) {
      expect(second[r]![1]).toBe(first[r]![1]);
      expect(second[r]![2]).toBe(first[r]![2]);
    }
  });

  it('in a mixed file, rebuilds only the US rows whose ZIP lay in their state', () => {
    const us = usRows(60, 5);
    const rows = us.flatMap((row, r) => [
      row,
      [`K${r}`, 'Ontario', `M${r % 10}V ${r % 10}T${r % 10}`, 'Canada'],
    ]);
    const { out } = run(csv(header, rows));
    expect(out.stats.rowRelations?.zipCodesFromStates).toBe(us.length);
    out.workbook.sheets[0]!.rows.forEach((cells, r) => {
      if (r % 2 === 1) return;
      expect(zipInState(String(cells[2]), usStateAbbr(String(cells[1]))!)).toBe(true);
    });
  });

  it('leaves a file without US states as it was', () => {
    const next = rng(3);
    const regions = ['Bayern', 'Hessen', 'Sachsen', 'Berlin', 'Hamburg'];
    const rows = Array.from({ length: 120 }, (_, i) => [
      `C${1000 + i}`,
      regions[i % regions.length]!,
      String(10_000 + Math.floor(next() * 89_999)),
      'Germany',
    ]);
    const withState = run(csv(header, rows));
    expect(withState.out.stats.rowRelations?.zipCodesFromStates).toBe(0);
    // The ZIPs are what the column gets on its own, without a state beside it.
    const alone = run(
      csv(
        ['customer_id', 'zip', 'country'],
        rows.map((row) => [row[0]!, row[2]!, row[3]!]),
      ),
    ).out.workbook.sheets[0]!.rows;
    withState.out.workbook.sheets[0]!.rows.forEach((cells, r) => {
      expect(cells[2]).toBe(alone[r]![1]);
      expect(cells[3]).toBe(alone[r]![2]);
    });
  });
});
