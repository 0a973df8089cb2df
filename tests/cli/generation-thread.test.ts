/**
 * A whole run of a large file (8 MB or more) uses a second thread that chooses some of the
 * pseudonyms (generation-thread.ts), and another that finds the personal data in its free texts,
 * unless `--workers 1` allows one thread: the output is the same, byte for byte, either way, and
 * the --json summary counts what the helpers did.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { customerExportCsv } from '../support/customer-export';
import { customerNotesCsv } from '../support/customer-notes';
import { runCli, useCli } from './cli-process';

const cli = useCli();
const KEY_ENV = { STANDIN_KEY: 'helper test key' };

interface Summary {
  rows: number;
  helperPseudonyms: number;
  helperTexts: number;
}

/** The --json summary of a whole run of `input` into `output` on `workers` threads. */
async function runWhole(input: string, workers: string, output: string): Promise<Summary> {
  const result = await runCli(
    ['run', input, '--key-env', 'STANDIN_KEY', '--whole', '--workers', workers].concat([
      '-o',
      output,
      '--json',
    ]),
    { cwd: cli.dir(), env: KEY_ENV },
  );
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout.toString()) as Summary;
}

/**
 * Whole runs of `text` (over 8 MB) on two threads and on one: their --json summaries, and the
 * output, which is the same byte for byte.
 */
async function runBothWays(text: string, name: string) {
  expect(text.length).toBeGreaterThan(8 * 1024 ** 2);
  writeFileSync(path.join(cli.dir(), `${name}.csv`), text);
  const helped = await runWhole(`${name}.csv`, '2', `${name}-helped.csv`);
  const alone = await runWhole(`${name}.csv`, '1', `${name}-alone.csv`);
  const output = readFileSync(path.join(cli.dir(), `${name}-helped.csv`));
  expect(output.equals(readFileSync(path.join(cli.dir(), `${name}-alone.csv`)))).toBe(true);
  return { helped, alone, output: output.toString() };
}

describe('a whole run’s generation thread', () => {
  it('chooses part of a large file’s pseudonyms, and the output is the one thread’s', async () => {
    const text = customerExportCsv(9 * 1024 ** 2, 7);
    const { helped, alone, output } = await runBothWays(text, 'large');
    // How many the helper takes depends on the two threads' speeds (each takes the next
    // namespace whenever it is free), never what they get.
    expect(helped.helperPseudonyms).toBeGreaterThan(0);
    expect(alone.helperPseudonyms).toBe(0);
    const firstEmail = /[\w.]+@[\w.]+/.exec(text.split('\n')[1]!)![0];
    expect(output).not.toContain(firstEmail);
  }, 60_000);

  it('finds the personal data in a large file’s free texts, and the output is the one thread’s', async () => {
    const text = customerNotesCsv(90_000);
    const { helped, alone, output } = await runBothWays(text, 'notes');
    expect(helped.helperTexts).toBe(90_000);
    expect(alone.helperTexts).toBe(0);
    const firstNote = text.split('\n')[1]!.split(',"')[2]!;
    expect(output).not.toContain(firstNote);
  }, 60_000);
});
