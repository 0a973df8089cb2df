/**
 * A whole run of a large file (8 MB or more) uses a second thread that chooses some of the
 * pseudonyms (generation-thread.ts), unless `--workers 1` allows one thread: the output is the
 * same, byte for byte, either way, and the --json summary counts what the helper chose.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { customerExportCsv } from '../support/customer-export';
import { runCli, useCli } from './cli-process';

const cli = useCli();
const KEY_ENV = { STANDIN_KEY: 'helper test key' };

interface Summary {
  rows: number;
  helperPseudonyms: number;
}

describe('a whole run’s generation thread', () => {
  it('chooses part of a large file’s pseudonyms, and the output is the one thread’s', async () => {
    const text = customerExportCsv(9 * 1024 ** 2, 7);
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
    // How many the helper takes depends on the two threads' speeds (each takes the next
    // namespace whenever it is free), never what they get.
    expect(helped.helperPseudonyms).toBeGreaterThan(0);
    expect(alone.helperPseudonyms).toBe(0);
    const output = readFileSync(path.join(cli.dir(), 'helped.csv'));
    expect(output.equals(readFileSync(path.join(cli.dir(), 'alone.csv')))).toBe(true);
    const firstEmail = /[\w.]+@[\w.]+/.exec(text.split('\n')[1]!)![0];
    expect(output.toString()).not.toContain(firstEmail);
  }, 60_000);
});
