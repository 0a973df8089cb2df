/**
 * What `standin run` writes besides the result: the --json summary (on stdout, or on stderr when
 * the result goes to stdout), the report files, and standard input as the file.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtureFile } from '../support/people-files';
import { CLI_BUNDLE, runCli, useCli } from './cli-process';

const cli = useCli();

const KEY_ENV = { STANDIN_KEY: 'outputs test key' };

describe('standin run’s outputs', () => {
  it('prints a summary of figures and names with --json, and no value', async () => {
    const bytes = fixtureFile('csv', 40);
    writeFileSync(path.join(cli.dir(), 'people.csv'), bytes);
    const result = await runCli(
      ['run', 'people.csv', '--key-env', 'STANDIN_KEY', '-o', 'out.csv', '--json'],
      { cwd: cli.dir(), env: KEY_ENV },
    );
    expect(result.code, result.stderr).toBe(0);
    // stderr is no terminal here: no progress bar, and with a key no note either.
    expect(result.stderr).toBe('');
    const { seconds, mbPerSecond, scheme, fileDependentPseudonyms, warnings, ...rest } = JSON.parse(
      result.stdout.toString(),
    ) as Record<string, unknown>;
    for (const figure of [seconds, mbPerSecond, scheme, fileDependentPseudonyms]) {
      expect(typeof figure).toBe('number');
    }
    expect(warnings).toContainEqual({
      severity: 'low',
      code: 'mapping-downloadable',
      sheet: null,
      columns: [],
    });
    expect(rest).toEqual({
      rows: 40,
      columns: 8,
      sheets: 1,
      inputFormat: 'csv',
      inputBytes: bytes.length,
      format: 'csv',
      outputBytes: readFileSync(path.join(cli.dir(), 'out.csv')).length,
      output: 'out.csv',
      key: 'key-env',
      // A file this small is read whole, as the web reads it.
      streamed: null,
      // Nor large enough for a second thread.
      helperPseudonyms: 0,
      helperTexts: 0,
      mappingRows: null,
      recipe: null,
      strict: null,
    });
    const text = result.stdout.toString();
    for (const value of ['Ada', 'Lovelace', 'example.com', '555-'])
      expect(text).not.toContain(value);
  });

  it('reads standard input and, writing the result to stdout, puts the summary on stderr', async () => {
    const bytes = fixtureFile('tsv', 20);
    const piped = await runCli(
      ['run', '-', '--format', 'tsv', '--key-env', 'STANDIN_KEY', '--json'],
      {
        cwd: cli.dir(),
        stdin: bytes,
        env: KEY_ENV,
      },
    );
    expect(piped.code, piped.stderr).toBe(0);
    const summary = JSON.parse(piped.stderr) as {
      rows: number;
      inputFormat: string;
      output: string;
    };
    expect(summary).toMatchObject({ rows: 20, inputFormat: 'tsv', output: '-' });
    // The same bytes as the same file given by name (stdin's sheet is named "stdin" instead).
    writeFileSync(path.join(cli.dir(), 'stdin.tsv'), bytes);
    const named = await runCli(['run', 'stdin.tsv', '--key-env', 'STANDIN_KEY'], {
      cwd: cli.dir(),
      env: KEY_ENV,
    });
    expect(piped.stdout.equals(named.stdout)).toBe(true);
    expect(piped.stdout.toString().split('\r\n')[0]).toBe(
      'id\tfirst_name\tlast_name\temail\tphone\tsignup_date\tbalance\tactive',
    );
    // Without --format, the content is sniffed.
    const sniffed = await runCli(['run', '-', '--key-env', 'STANDIN_KEY'], {
      cwd: cli.dir(),
      stdin: bytes,
      env: KEY_ENV,
    });
    expect(sniffed.code, sniffed.stderr).toBe(0);
    expect(sniffed.stdout.equals(piped.stdout)).toBe(true);
  });

  it('writes the report as JSON or HTML, and the mapping, as asked', async () => {
    writeFileSync(path.join(cli.dir(), 'people.xlsx'), fixtureFile('xlsx', 30));
    const runPeople = (...extra: string[]) =>
      runCli(
        ['run', 'people.xlsx', '--key-env', 'STANDIN_KEY', '-o', 'o.xlsx', '--quiet', ...extra],
        {
          cwd: cli.dir(),
          env: KEY_ENV,
        },
      );
    const result = await runPeople('--report', 'report.html', '--mapping', 'm.csv');
    expect(result.code, result.stderr).toBe(0);
    const page = readFileSync(path.join(cli.dir(), 'report.html'), 'utf8');
    expect(page).toMatch(/^<!doctype html>/i);
    expect(page).toContain('people.xlsx');
    const mapping = readFileSync(path.join(cli.dir(), 'm.csv'), 'utf8');
    expect(mapping.split(/\r?\n/)[0]).toBe('sheet,column,original,pseudonym');
    expect(mapping).toContain('People,first_name,Ada,');

    const json = await runPeople('--report', 'report.json');
    expect(json.code, json.stderr).toBe(0);
    const report = JSON.parse(readFileSync(path.join(cli.dir(), 'report.json'), 'utf8')) as {
      sheets: { name: string }[];
    };
    expect(report.sheets.map((sheet) => sheet.name)).toEqual(['People', 'Orders']);
  });

  it('says on stderr that a run without a key used a random one, without the key', async () => {
    writeFileSync(path.join(cli.dir(), 'people.csv'), fixtureFile('csv', 10));
    const first = await runCli(['run', 'people.csv'], { cwd: cli.dir() });
    const second = await runCli(['run', 'people.csv'], { cwd: cli.dir() });
    expect(first.code).toBe(0);
    expect(first.stderr).toMatch(/random key/);
    expect(first.stdout.equals(second.stdout)).toBe(false);
    const quiet = await runCli(['run', 'people.csv', '--quiet'], { cwd: cli.dir() });
    expect(quiet.stderr).toBe('');
  });

  it('detects one sheet of a workbook with --sheet', async () => {
    writeFileSync(path.join(cli.dir(), 'book.xlsx'), fixtureFile('xlsx', 12));
    const all = await runCli(['detect', 'book.xlsx'], { cwd: cli.dir() });
    const one = await runCli(['detect', 'book.xlsx', '--sheet', 'Orders'], { cwd: cli.dir() });
    expect(all.code, all.stderr).toBe(0);
    expect(one.code, one.stderr).toBe(0);
    type Sheets = { sheets: { name: string; columns: { name: string }[] }[] };
    const every = JSON.parse(all.stdout.toString()) as Sheets;
    const orders = JSON.parse(one.stdout.toString()) as Sheets;
    expect(every.sheets.map((sheet) => sheet.name)).toEqual(['People', 'Orders']);
    expect(orders.sheets).toEqual([every.sheets[1]]);
  });

  /** What `standin run FILE` under the test key writes to standard output, the run succeeding. */
  const runToStdout = async (file: string, ...args: string[]) => {
    const result = await runCli(['run', file, '--key-env', 'STANDIN_KEY', '-o', '-', ...args], {
      cwd: cli.dir(),
      env: KEY_ENV,
    });
    expect(result.code, result.stderr).toBe(0);
    return result.stdout.toString();
  };

  it('writes a JSON document of several tables whole, one table with --sheet or as JSON Lines', async () => {
    const dump = {
      customers: [
        { id: 101, email: 'ann.lee@corp.com' },
        { id: 102, email: 'bob.ray@corp.com' },
      ],
      orders: [
        { order_id: 1, customer_id: 102 },
        { order_id: 2, customer_id: 101 },
      ],
    };
    writeFileSync(path.join(cli.dir(), 'dump.json'), JSON.stringify(dump));
    const run = (...args: string[]) => runToStdout('dump.json', ...args);
    const whole = JSON.parse(await run()) as typeof dump;
    expect(Object.keys(whole)).toEqual(['customers', 'orders']);
    expect(whole.customers.map((customer) => customer.email)).not.toContain('ann.lee@corp.com');
    expect(JSON.parse(await run('--sheet', 'orders'))).toEqual(whole.orders);
    const lines = (await run('--format', 'jsonl')).trimEnd().split('\n');
    expect(lines.map((line) => JSON.parse(line) as unknown)).toEqual(whole.customers);
    expect(await run('--format', 'csv', '--sheet', 'orders')).toBe(
      `order_id,customer_id\r\n${whole.orders.map((order) => `${order.order_id},${order.customer_id}`).join('\r\n')}\r\n`,
    );
  });

  it('writes a JSON document of one object as one object, and as one line of JSON Lines', async () => {
    writeFileSync(
      path.join(cli.dir(), 'one.json'),
      JSON.stringify({ name: 'Ann Lee', email: 'ann.lee@corp.com' }),
    );
    const run = (...args: string[]) => runToStdout('one.json', ...args);
    const object = JSON.parse(await run()) as { name: string; email: string };
    expect(Object.keys(object)).toEqual(['name', 'email']);
    expect(object.name).not.toBe('Ann Lee');
    expect(await run('--format', 'jsonl')).toBe(`${JSON.stringify(object)}\n`);
    expect((await run('--format', 'csv')).split('\r\n')[1]).toBe(`${object.name},${object.email}`);
  });

  // A terminal is made with script(1), where it is installed.
  it.skipIf(!existsSync('/usr/bin/script'))(
    'shows a progress bar on a terminal, and none with --quiet',
    async () => {
      writeFileSync(path.join(cli.dir(), 'people.csv'), fixtureFile('csv', 200));
      const command = (quiet: string) =>
        `node ${CLI_BUNDLE} run people.csv --key-env STANDIN_KEY -o bar.csv ${quiet}`;
      const shown = await runScript(command(''));
      expect(shown).toMatch(/reading +\|/);
      // Pseudonymize's own phases fill the bar as they go.
      for (const phase of ['scan', 'generate', 'rows']) {
        expect(shown).toMatch(new RegExp(`pseudonymize: ${phase} +\\|[=-]+\\| 200 rows`));
      }
      expect(shown).toMatch(/write +\|[=]+\| 200 rows \| [\d.]+ MB\/s \| \d+:\d\d elapsed \| ETA/);
      const quiet = await runScript(command('--quiet'));
      expect(quiet).not.toMatch(/rows \|/);
    },
  );
});

/** What a command printed on a pseudo-terminal (script -qc), stdout and stderr together. */
function runScript(command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('/usr/bin/script', ['-qc', command, '/dev/null'], {
      cwd: cli.dir(),
      env: { ...process.env, ...KEY_ENV },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', () => resolve(output));
  });
}
