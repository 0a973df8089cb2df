import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readWorkbook } from '../../../src/engine';

const root = dirname(createRequire(import.meta.url).resolve('csv-spectrum/package.json'));
const names = readdirSync(join(root, 'csvs')).map((file) => file.replace(/\.csv$/, ''));

describe('csv-spectrum', () => {
  it('has the cases this suite expects', () => {
    expect(names.length).toBeGreaterThanOrEqual(12);
  });

  it.each(names)('parses %s to its expected JSON', (name) => {
    const bytes = readFileSync(join(root, 'csvs', `${name}.csv`));
    let expected = JSON.parse(readFileSync(join(root, 'json', `${name}.json`), 'utf8')) as
      Record<string, string>[] | Record<string, string>;
    if (name === 'location_coordinates' && !Array.isArray(expected)) {
      // Upstream mistake in csv-spectrum 2.0: this one expectation is a bare object and its phone
      // number differs from the CSV's (2095257564); every other field is checked as given.
      expected = [{ ...expected, 'Contact Phone Number': '2095257564' }];
    }
    const sheet = readWorkbook(new Uint8Array(bytes), `${name}.csv`).sheets[0];
    const records = sheet?.rows.map((row) =>
      Object.fromEntries(sheet.columns.map((column, index) => [column, row[index]])),
    );
    expect(records).toEqual(expected);
  });
});
