/**
 * What the command says and exits with when something is wrong: 1 for bad input (naming the file,
 * its line and column where the reader knows them, never a value), 2 for bad usage, 3 for a
 * strict failure. Each case runs the bundled tool as a process.
 */
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, useCli } from './cli-process';

const cli = useCli();

/** A value that must never appear in anything the tool prints. */
const CANARY = 'Zebulon-Quartermaine';

const FILES: Record<string, string> = {
  'people.csv': `id,name,email\n1,${CANARY},z@example.com\n2,Ada Lovelace,ada@example.com\n`,
  // A quote opened on line 3 and never closed: the reader refuses the file.
  'bad-row.csv': `id,name,note\n1,Ada,fine\n2,Grace,"${CANARY} never closed\n3,Alan,ok\n`,
  'not-json.recipe.json': '{\n  "standin": "recipe",\n  "version": 1,\n  "scheme": ,\n}\n',
  'future.recipe.json': JSON.stringify({ standin: 'recipe', version: 99, scheme: 1, sheets: [] }),
  'future-scheme.recipe.json': JSON.stringify({
    standin: 'recipe',
    version: 1,
    scheme: 99,
    sheets: [],
  }),
  // Covers id and name of people.csv, not email.
  'partial.recipe.json': JSON.stringify({
    standin: 'recipe',
    version: 1,
    scheme: 2,
    sheets: [
      {
        name: 'people',
        columns: [
          { name: 'id', type: 'number', semantic: null, rule: { action: 'auto' } },
          { name: 'name', type: 'string', semantic: 'fullName', rule: { action: 'auto' } },
        ],
      },
    ],
  }),
  'empty.key': '',
  'newline-only.key': '\n',
};

interface Case {
  name: string;
  args: string[];
  env?: Record<string, string>;
  code: number;
  stderr: RegExp;
}

const CASES: Case[] = [
  // Bad input: 1.
  {
    name: 'a missing file',
    args: ['run', 'missing.csv', '-o', 'out.csv'],
    code: 1,
    stderr: /^standin: cannot read missing\.csv: no such file$/m,
  },
  {
    name: 'a file with a bad row',
    args: ['run', 'bad-row.csv', '-o', 'out.csv'],
    code: 1,
    stderr:
      /^standin: bad-row\.csv: Line 3, column 3 has a quoted field that is not closed properly\.$/m,
  },
  {
    name: 'a recipe that is not JSON',
    args: ['run', 'people.csv', '--recipe', 'not-json.recipe.json', '-o', 'out.csv'],
    code: 1,
    stderr: /^standin: the recipe not-json\.recipe\.json is not valid JSON \(line 4, column 13\)$/m,
  },
  {
    name: 'a recipe of a newer format',
    args: ['run', 'people.csv', '--recipe', 'future.recipe.json', '-o', 'out.csv'],
    code: 1,
    stderr:
      /future\.recipe\.json is not a valid recipe: version: This recipe is in recipe format 99/,
  },
  {
    name: 'a recipe of a newer pseudonym scheme',
    args: ['run', 'people.csv', '--recipe', 'future-scheme.recipe.json', '-o', 'out.csv'],
    code: 1,
    stderr: /scheme: This recipe was made for pseudonym scheme 99/,
  },
  {
    name: 'a missing recipe',
    args: ['run', 'people.csv', '--recipe', 'nope.json', '-o', 'out.csv'],
    code: 1,
    stderr: /cannot read the recipe nope\.json: no such file/,
  },
  {
    name: 'a missing key file',
    args: ['run', 'people.csv', '--key-file', 'missing.key', '-o', 'out.csv'],
    code: 1,
    stderr: /^standin: cannot read the key file missing\.key: no such file$/m,
  },
  {
    name: 'an empty key file',
    args: ['run', 'people.csv', '--key-file', 'empty.key', '-o', 'out.csv'],
    code: 1,
    stderr: /the key file empty\.key is empty/,
  },
  {
    name: 'a key file holding one line break',
    args: ['run', 'people.csv', '--key-file', 'newline-only.key', '-o', 'out.csv'],
    code: 1,
    stderr: /the key file newline-only\.key is empty/,
  },
  {
    name: 'an unset key variable',
    args: ['run', 'people.csv', '--key-env', 'STANDIN_TEST_UNSET_KEY', '-o', 'out.csv'],
    code: 1,
    stderr: /the environment variable STANDIN_TEST_UNSET_KEY is not set/,
  },
  {
    name: 'an empty key variable',
    args: ['run', 'people.csv', '--key-env', 'STANDIN_TEST_KEY', '-o', 'out.csv'],
    env: { STANDIN_TEST_KEY: '' },
    code: 1,
    stderr: /the environment variable STANDIN_TEST_KEY is empty/,
  },
  // Bad usage: 2.
  { name: 'no command', args: [], code: 2, stderr: /^Usage:/m },
  { name: 'an unknown command', args: ['frob'], code: 2, stderr: /unknown command "frob"/ },
  {
    name: 'an unknown option',
    args: ['run', 'people.csv', '--frobnicate'],
    code: 2,
    stderr: /Unknown option '--frobnicate'/,
  },
  { name: 'run without FILE', args: ['run', '-o', 'out.csv'], code: 2, stderr: /run needs a FILE/ },
  { name: 'detect without FILE', args: ['detect'], code: 2, stderr: /detect needs a FILE/ },
  {
    name: 'an option without its value',
    args: ['run', 'people.csv', '--recipe'],
    code: 2,
    stderr: /--recipe/,
  },
  {
    name: 'both key options',
    args: ['run', 'people.csv', '--key-file', 'k', '--key-env', 'K', '-o', 'out.csv'],
    code: 2,
    stderr: /--key-file and --key-env exclude each other/,
  },
  {
    name: 'an unknown format',
    args: ['run', 'people.csv', '--format', 'parquet', '-o', 'out.csv'],
    code: 2,
    stderr: /--format must be one of csv, tsv, json, xlsx, xls, jsonl/,
  },
  {
    name: 'a mapping path of no known format',
    args: ['run', 'people.csv', '--mapping', 'mapping.txt', '-o', 'out.csv'],
    code: 2,
    stderr: /--mapping needs a path ending in \.csv/,
  },
  {
    name: 'a report path of no known format',
    args: ['run', 'people.csv', '--report', 'report.pdf', '-o', 'out.csv'],
    code: 2,
    stderr: /--report needs a path ending in \.json or \.html/,
  },
  {
    name: '--strict without a recipe',
    args: ['run', 'people.csv', '--strict', '-o', 'out.csv'],
    code: 2,
    stderr: /--strict checks the file against a recipe/,
  },
  {
    name: 'an unknown sheet',
    args: ['run', 'people.csv', '--sheet', 'Orders', '-o', 'out.csv'],
    code: 2,
    stderr: /people\.csv has no sheet named "Orders"; its sheets: "people"/,
  },
  // Strict failure: 3.
  {
    name: 'a column the recipe does not cover, under --strict',
    args: ['run', 'people.csv', '--recipe', 'partial.recipe.json', '--strict', '-o', 'out.csv'],
    code: 3,
    stderr: /--strict: column "email" of sheet "people" is not covered by the recipe/,
  },
];

describe('exit codes and messages', () => {
  for (const { name, args, env, code, stderr } of CASES) {
    it(`exits ${code} for ${name}`, async () => {
      for (const [file, text] of Object.entries(FILES))
        writeFileSync(path.join(cli.dir(), file), text);
      const result = await runCli(args, { cwd: cli.dir(), env });
      expect(result.code, result.stderr).toBe(code);
      expect(result.stderr).toMatch(stderr);
      expect(result.stderr).not.toContain(CANARY);
      expect(result.stdout.toString()).not.toContain(CANARY);
      // A failed run writes no output file.
      expect(existsSync(path.join(cli.dir(), 'out.csv'))).toBe(false);
    });
  }

  it('passes --strict when the recipe covers every column, and writes the output', async () => {
    for (const [file, text] of Object.entries(FILES))
      writeFileSync(path.join(cli.dir(), file), text);
    const detected = await runCli(['detect', 'people.csv', '-o', 'full.recipe.json'], {
      cwd: cli.dir(),
    });
    expect(detected.code).toBe(0);
    const result = await runCli(
      [
        'run',
        'people.csv',
        '--recipe',
        'full.recipe.json',
        '--strict',
        '--quiet',
        '-o',
        'strict.csv',
      ],
      { cwd: cli.dir() },
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
    expect(existsSync(path.join(cli.dir(), 'strict.csv'))).toBe(true);
  });

  it('lists every option of each command, with an example, in --help', async () => {
    const main = await runCli(['--help'], { cwd: cli.dir() });
    expect(main.code).toBe(0);
    expect(main.stdout.toString()).toMatch(/standin detect FILE/);
    expect(main.stdout.toString()).toMatch(/3 {2}--strict/);
    const run = (await runCli(['run', '--help'], { cwd: cli.dir() })).stdout.toString();
    // One block per option: its line and the indented lines under it, up to the next option.
    const blocks = run.split(/\n(?= {2}-)/);
    for (const option of [
      '--output',
      '--format',
      '--recipe',
      '--key-file',
      '--key-env',
      '--sheet',
      '--mapping',
      '--report',
      '--strict',
      '--formula-protection',
      '--json',
      '--quiet',
    ]) {
      const block = blocks.find((each) => new RegExp(`^ {2}(?:-\\w, )?${option}\\b`).test(each));
      expect(block, option).toBeDefined();
      const used = option === '--output' ? '-o' : option;
      expect(block, `an example of ${option}`).toMatch(
        new RegExp(`\\n {26}.*standin run .*${used}\\b`),
      );
    }
    const detect = (await runCli(['detect', '-h'], { cwd: cli.dir() })).stdout.toString();
    expect(detect).toMatch(/-o, --output PATH/);
    expect(detect).toMatch(/--sheet NAME/);
  });
});
