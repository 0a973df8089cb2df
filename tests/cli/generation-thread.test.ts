/**
 * A whole run of a large file (8 MB or more) uses a second thread that chooses some of the
 * pseudonyms (generation-thread.ts), unless `--workers 1` allows one thread: the output is the
 * same, byte for byte, either way, and the --json summary counts what the helper chose.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, useCli } from './cli-process';

const cli = useCli();
const KEY_ENV = { STANDIN_KEY: 'helper test key' };

/** About 9 MB of customers: ids, UUID-like codes, names, emails, phones, amounts. */
function customersCsv(rows: number): string {
  const first = ['Mary', 'James', 'Chloe', 'Wei', 'Olga', 'Mateo', 'Fatima', 'Aoife', 'Yuki'];
  const last = ['Smith', 'Okafor', 'Nowak', 'Rossi', 'Chen', 'Dubois', 'Singh', 'Kim', 'Moore'];
  const lines = ['customer_id,account_code,first_name,last_name,email,phone,amount,city'];
  for (let row = 0; row < rows; row++) {
    const name = first[row % first.length]!;
    const surname = last[(row * 5) % last.length]!;
    lines.push(
      [
        100_000 + row * 7,
        `AC-${String(row * 13).padStart(8, '0')}-${String.fromCharCode(65 + (row % 26))}`,
        name,
        surname,
        `${name}.${surname}${row}@mail.com`.toLowerCase(),
        `(555) ${String(100 + (row % 900))}-${String(row % 10_000).padStart(4, '0')}`,
        ((row * 37) % 1_000_000) / 100,
        ['Boston', 'Austin', 'Denver', 'Seattle'][row % 4],
      ].join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}

interface Summary {
  rows: number;
  helperPseudonyms: number;
}

describe('a whole run’s generation thread', () => {
  it('chooses part of a large file’s pseudonyms, and the output is the one thread’s', async () => {
    const text = customersCsv(100_000);
    expect(text.length).toBeGreaterThan(8 * 1024 ** 2);
    writeFileSync(path.join(cli.dir(), 'large.csv'), text);
    const run = async (workers: string, output: string) => {
      const result = await runCli(
        ['run', 'large.csv', '--key-env', 'STANDIN_KEY', '--whole', '--workers', workers].concat([
          '-o',
          output,
          '--json',
        ]),
        { cwd: cli.dir(), env: KEY_ENV },
      );
      expect(result.code, result.stderr).toBe(0);
      return JSON.parse(result.stdout.toString()) as Summary;
    };
    const helped = await run('2', 'helped.csv');
    const alone = await run('1', 'alone.csv');
    expect(helped.rows).toBe(100_000);
    expect(helped.helperPseudonyms).toBeGreaterThan(100_000);
    expect(alone.helperPseudonyms).toBe(0);
    const output = readFileSync(path.join(cli.dir(), 'helped.csv'));
    expect(output.equals(readFileSync(path.join(cli.dir(), 'alone.csv')))).toBe(true);
    expect(output.toString()).not.toContain('mary.smith0@mail.com');
  }, 60_000);
});
