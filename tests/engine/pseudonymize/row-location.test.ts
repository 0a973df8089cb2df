import { en } from '@faker-js/faker';
import { describe, expect, it } from 'vitest';
import { detectSchema, pseudonymize, readWorkbook, type Workbook } from '../../../src/engine';
import { isUsCountry, zipInState } from '../../../src/engine/pseudonymize/row-location';
import { usStateAbbr } from '../../../src/engine/text/us-states';

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

function run(workbook: Workbook, secret = 'location-key', scheme?: number) {
  const schema = detectSchema(workbook.sheets[0]!);
  return { schema, out: pseudonymize(workbook, [schema], { secret, scheme }) };
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
      // The country follows the (US) state: the original text, in its own layout.
      expect(country).toBe(rows[r]![3]);
    });
    expect(out.stats.rowRelations?.zipCodesFromStates).toBe(rows.length);
    expect(out.stats.rowRelations?.countriesFromStates).toBe(rows.length);
  });

  it('under scheme 1, leaves every country to its per-value pseudonym', () => {
    const rows = usRows(200, 7);
    const { out } = run(csv(header, rows), 'location-key', 1);
    out.workbook.sheets[0]!.rows.forEach((cells, r) => {
      expect(cells[3]).not.toBe(rows[r]![3]);
    });
    expect(out.stats.scheme).toBe(1);
    expect(out.stats.rowRelations?.countriesFromStates).toBeUndefined();
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

describe('countries that follow their row’s state (scheme 2)', () => {
  const header = ['customer_id', 'state', 'zip', 'country'];

  it.each([
    ['United States', true],
    ['united states of america', true],
    ['U.S.A.', true],
    ['U.S.', true],
    ['usa', true],
    ['US', true],
    ['Canada', false],
    ['United Kingdom', false],
    ['USSR', false],
  ])('reads %j as the US: %s', (text, expected) => {
    expect(isUsCountry(text)).toBe(expected);
  });

  it('writes the US in the layout each row wrote it, beside a pseudonymized US state', () => {
    const layouts = ['United States', 'USA', 'U.S.A.', 'united states of america', 'U.S.', 'us'];
    const rows = usRows(120, 21).map((row, r) => [row[0]!, row[1]!, row[2]!, layouts[r % 6]!]);
    const { out } = run(csv(header, rows));
    const written = out.workbook.sheets[0]!.rows;
    written.forEach((cells, r) => {
      expect(usStateAbbr(String(cells[1]))).toBeDefined();
      expect(cells[3]).toBe(rows[r]![3]);
    });
    expect(out.stats.rowRelations?.countriesFromStates).toBe(rows.length);
  });

  it('keeps the per-value pseudonym where the original country did not agree with the state', () => {
    const us = usRows(60, 5);
    const rows = us.flatMap((row, r) => [
      row,
      [`K${r}`, 'Ontario', `M${r % 10}V ${r % 10}T${r % 10}`, 'Canada'],
      // A US state beside another country, and a US country beside a foreign region.
      [`M${r}`, row[1]!, row[2]!, 'Mexico'],
      [`B${r}`, 'Bavaria', String(80_331 + r), 'United States'],
    ]);
    const { out } = run(csv(header, rows));
    const written = out.workbook.sheets[0]!.rows;
    written.forEach((cells, r) => {
      if (r % 4 === 0) expect(cells[3]).toBe(rows[r]![3]);
      else expect(cells[3]).not.toBe(rows[r]![3]);
    });
    expect(out.stats.rowRelations?.countriesFromStates).toBe(us.length);
  });

  it('follows a US ZIP where the sheet has no state column', () => {
    const rows = usRows(80, 9).map((row) => [row[0]!, row[2]!, row[3]!]);
    const foreign = Array.from({ length: 20 }, (_, r) => [`F${r}`, `SW${r % 9} 1AA`, 'UK']);
    const { out } = run(csv(['customer_id', 'zip', 'country'], [...rows, ...foreign]));
    const written = out.workbook.sheets[0]!.rows;
    rows.forEach((row, r) => expect(written[r]![2]).toBe(row[2]));
    foreign.forEach((row, r) => expect(written[rows.length + r]![2]).not.toBe(row[2]));
    expect(out.stats.rowRelations?.countriesFromStates).toBe(rows.length);
  });

  it('leaves countries beside states that are no US states to their per-value pseudonym', () => {
    const regions = ['Bayern', 'Hessen', 'Sachsen', 'Berlin', 'Hamburg'];
    const rows = Array.from({ length: 60 }, (_, i) => [
      `C${1000 + i}`,
      regions[i % regions.length]!,
      String(10_000 + i * 7),
      'Germany',
    ]);
    const { out } = run(csv(header, rows));
    out.workbook.sheets[0]!.rows.forEach((cells) => expect(cells[3]).not.toBe('Germany'));
    expect(out.stats.rowRelations?.countriesFromStates).toBe(0);
  });
});

describe('a state code that follows its row’s state name (scheme 11)', () => {
  const header = ['patient_id', 'state', 'state_code', 'zip'];
  const rows = usRows(300, 11).map(([id, state, zip]) => {
    const abbr = usStateAbbr(state!)!;
    return [id!, STATES[ABBRS.indexOf(abbr)]!, abbr, zip!];
  });

  it('writes the code of the row’s pseudonymized state, as its ZIP follows it', () => {
    const { schema, out } = run(csv(header, rows));
    expect(schema.map((column) => column.semantic)).toEqual([null, 'state', 'state', 'zipCode']);
    const after = out.workbook.sheets[0]!.rows as string[][];
    after.forEach((row, index) => {
      expect(row[2]).toMatch(/^[A-Z]{2}$/);
      expect(row[2]).toBe(usStateAbbr(row[1]!));
      expect(row[2]).not.toBe(rows[index]![2]);
      expect(zipInState(row[3]!, row[2]!)).toBe(true);
    });
    expect(out.stats.rowRelations?.statesFromStates).toBe(rows.length);
  });

  it('counts Puerto Rico and the capital as US places: codes agree, the other ZIPs still follow', () => {
    const withTerritories = rows.map((row, index) =>
      index % 10 === 0
        ? [row[0]!, 'Puerto Rico', 'PR', '00907']
        : index % 10 === 5
          ? [row[0]!, 'District of Columbia', 'DC', '20001']
          : row,
    );
    const after = run(csv(header, withTerritories)).out.workbook.sheets[0]!.rows as string[][];
    after.forEach((row, index) => {
      expect(row[2]).toBe(usStateAbbr(row[1]!));
      expect(row[2]).not.toBe(withTerritories[index]![2]);
      expect(zipInState(row[3]!, row[2]!)).toBe(true);
    });
    // Under scheme 10 the territories' rows kept ZIPs of no state beside a drawn state.
    const older = run(csv(header, withTerritories), 'location-key', 10).out.workbook.sheets[0]!
      .rows as string[][];
    expect(
      older.filter((row) => !zipInState(row[3]!, usStateAbbr(row[1]!) ?? '')).length,
    ).toBeGreaterThan(0);
  });

  it('drew each on its own under scheme 10', () => {
    const after = run(csv(header, rows), 'location-key', 10).out.workbook.sheets[0]!
      .rows as string[][];
    const agreeing = after.filter((row) => row[2] === usStateAbbr(row[1]!)).length;
    expect(agreeing).toBeLessThan(rows.length / 2);
  });
});
