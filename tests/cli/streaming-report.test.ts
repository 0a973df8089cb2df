/**
 * The report of a streaming run (issue 19: "the mapping and the report stream too"): every part's
 * figures merged into one report over every row, which for a small file is the whole run's
 * report, leaks found across parts included; and `--strict` judged on it at the end.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PrivacyReport } from '../../src/engine';
import { runCli, useCli, type CliResult } from './cli-process';

const cli = useCli();

/** Parts of about 2 KB: the file below makes about twenty. */
const TINY_PARTS = ['--part-mb', '0.002', '--workers', '2'];

const FIRST = ['Mary', 'Wei', 'Olga', 'Ravi', 'Ann', 'Jon', 'Lena', 'Omar', 'Ines', 'Kofi'];
const LAST = ['Lindqvist', 'Okonkwo', 'Nakamura', 'Castellanos', 'Van der Berg', 'Haddad'];
const CITIES = ['Lyon', 'Porto', 'Graz', 'Turku', 'Cork'];

/**
 * Orders with a kept note. A last name holds a block of 100 rows (several parts); `mentions`:
 * which rows' notes name a customer by the last name of a block 300 rows away, which no row of
 * their own part has; other notes name nobody.
 */
function orders(rows: number, mentions: (row: number) => boolean): string {
  const lines = ['order_id,first_name,last_name,email,city,amount,ordered,note'];
  for (let row = 0; row < rows; row++) {
    const block = Math.floor(row / 100);
    const far = LAST[(block + 3) % LAST.length]!;
    const note = mentions(row) ? `Called ${far} about the delivery` : 'Left at the door';
    lines.push(
      [
        String(500_000 + row * 3),
        FIRST[(row * 7) % FIRST.length],
        LAST[block % LAST.length],
        `buyer${row % 9}@shop.example`,
        CITIES[row % CITIES.length],
        (row * 13.75 + 5).toFixed(2),
        `2024-${String((row % 12) + 1).padStart(2, '0')}-${String((row % 28) + 1).padStart(2, '0')}`,
        note,
      ].join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}

function write(name: string, content: string): void {
  writeFileSync(path.join(cli.dir(), name), content);
}

function read(name: string): string {
  return readFileSync(path.join(cli.dir(), name), 'utf8');
}

function exists(name: string): boolean {
  return existsSync(path.join(cli.dir(), name));
}

function standin(args: string[]): Promise<CliResult> {
  const quietly = args[0] === 'run' ? ['--key-file', 'key', '--quiet'] : [];
  return runCli([...args, ...quietly], { cwd: cli.dir() });
}

/** A streaming run of `file` in tiny parts under the recipe, with `more` arguments. */
function streamRun(file: string, more: string[]): Promise<CliResult> {
  return standin(['run', file, '--stream', ...TINY_PARTS, '--recipe', 'recipe.json', ...more]);
}

function reportOf(name: string): PrivacyReport {
  return JSON.parse(read(name)) as PrivacyReport;
}

/** The recipe detected on `file`, with the note kept (written as read: searched for leaks). */
async function keepNotes(file: string, recipe: string): Promise<void> {
  const detected = await standin(['detect', file]);
  expect(detected.code, detected.stderr).toBe(0);
  const parsed = JSON.parse(detected.stdout.toString()) as {
    sheets: { columns: { name: string; rule: unknown }[] }[];
  };
  for (const column of parsed.sheets[0]!.columns) {
    if (column.name === 'note') column.rule = { action: 'keep' };
  }
  write(recipe, JSON.stringify(parsed));
}

beforeAll(async () => {
  write('key', 'streamed report key\n');
  write(
    'orders.csv',
    orders(600, (row) => row % 4 === 0),
  );
  // Only the last rows name anybody: the first part has nothing to warn of.
  write(
    'late.csv',
    orders(600, (row) => row >= 560),
  );
  await keepNotes('orders.csv', 'recipe.json');
});

describe('the report of a streaming run', () => {
  it('covers every row, and is the whole run’s report for a file this small', async () => {
    const streamed = await streamRun('orders.csv', [
      '-o',
      'streamed.csv',
      '--report',
      'streamed.json',
    ]);
    expect(streamed.code, streamed.stderr).toBe(0);
    const whole = await standin([
      'run',
      'orders.csv',
      '--whole',
      '--recipe',
      'recipe.json',
      '-o',
      'whole.csv',
      '--report',
      'whole.json',
    ]);
    expect(whole.code, whole.stderr).toBe(0);
    // The same output, so the same figures are expected of it.
    expect(read('streamed.csv')).toBe(read('whole.csv'));
    const { streaming, ...figures } = reportOf('streamed.json');
    expect(figures).toEqual(reportOf('whole.json'));
    expect(streaming?.parts).toBeGreaterThan(10);
    expect(streaming?.estimatedColumns).toEqual([]);
    // The notes name customers of other parts, found through the first pass's file values.
    const leak = figures.leaks.find((entry) => entry.sourceColumn === 'last_name');
    expect(leak?.foundColumn).toBe('note');
    expect(leak?.cells).toBe(150);
  });

  it('says in its printable page how the streaming run computed it', async () => {
    const result = await streamRun('orders.csv', ['-o', 'page.csv', '--report', 'page.html']);
    expect(result.code, result.stderr).toBe(0);
    const page = read('page.html').replace(/\s+/g, ' ');
    expect(page).toMatch(/the figures cover every row, read in \d+ parts/);
    expect(page).not.toContain('first part');
    expect(page).not.toContain('Lindqvist');
  });

  it('fails --strict (exit 3) on a leak in a later part, and leaves no output file', async () => {
    write('old.csv', 'an earlier output\n');
    const result = await streamRun('late.csv', [
      '--strict',
      '-o',
      'old.csv',
      '--report',
      'late.json',
    ]);
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/kept-text-mentions-replaced/);
    expect(result.stderr).toMatch(/nothing written/);
    expect(read('old.csv')).toBe('an earlier output\n');
    expect(reportOf('late.json').leaks[0]?.cells).toBe(40);
    expect(exists('late.json')).toBe(true);
  });

  it('fails --strict on standard output too, saying the output already went out', async () => {
    const result = await streamRun('late.csv', ['--strict', '-o', '-']);
    expect(result.code).toBe(3);
    expect(result.stdout.length).toBeGreaterThan(0);
    expect(result.stderr).toMatch(/went to standard output before the whole file was judged/);
  });

  it('passes --strict when no part has anything to warn of', async () => {
    write(
      'clean.csv',
      orders(600, () => false),
    );
    const result = await streamRun('clean.csv', ['--strict', '--json', '-o', 'clean.out.csv']);
    expect(result.code, result.stderr).toBe(0);
    expect(exists('clean.out.csv')).toBe(true);
  });
});
