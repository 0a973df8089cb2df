/**
 * Streaming runs (issue 19): `standin run --stream` reads a csv or tsv a part of whole records at
 * a time (tiny parts here, --part-mb 0.002, so a small file makes many) and must write what a
 * whole-file run (--whole) writes, byte for byte, for values whose pseudonyms depend on the key
 * and the value, and, thanks to the first pass over a file, for names drawn from finite lists.
 * Errors name the file's line, never a value, and leave no output behind.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { en } from '@faker-js/faker';
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLI_BUNDLE, runCli, useCli, type CliResult } from './cli-process';

const cli = useCli();

/**
 * Parts of about 2 KB: the files below make ten or more. Two workers, on any machine, so parts
 * finish out of order and are still written in order.
 */
const TINY_PARTS = ['--part-mb', '0.002', '--workers', '2'];
/** For runs that stop early: one worker is enough, and cheaper. */
const TINY_PARTS_ONE_WORKER = ['--part-mb', '0.002', '--workers', '1'];
/** A value that must never appear in anything the tool prints. */
const CANARY = 'Zebulon-Quartermaine';

// Faker's own names, few of them: a name's first draw often lands on another name of the file,
// so its pseudonym depends on the file (a retry), which the first pass makes the whole file's.
const FIRST = [...new Set(en.person?.first_name?.generic ?? [])].slice(0, 40);
const LAST = [...new Set(en.person?.last_name?.generic ?? [])].slice(0, 40);
const WORDS = ['parcel', 'left', 'at', 'the', 'door', 'ring', 'twice', 'fragile', 'back', 'gate'];

interface Shape {
  /** first_name and last_name from small lists, met in another order in the file's second half. */
  names?: boolean;
  /** A quoted delivery note in every row, with line breaks, doubled quotes and the delimiter. */
  notes?: boolean;
  delimiter?: ',' | '\t';
  newline?: '\n' | '\r\n' | '\r';
}

/**
 * Customers as partitions.test.ts writes them: identifiers, codes, UUIDs, emails (nine, so no
 * finite-list retry), phones, dates, amounts and flags, kinds whose pseudonyms depend on the key
 * and the value only; with names and notes on demand.
 */
function customers(rows: number, shape: Shape = {}): string {
  const { delimiter = ',', newline = '\n' } = shape;
  const header = ['customer_id', 'account_code', 'uuid', 'email', 'phone', 'signup_date'];
  header.push('amount', 'active');
  if (shape.names) header.push('first_name', 'last_name');
  if (shape.notes) header.push('delivery_note');
  const lines = [header.join(delimiter)];
  for (let index = 0; index < rows; index++) {
    const hex = (index * 2654435761).toString(16).padStart(12, '0').slice(-12);
    const cells = [
      String(10_000 + index * 7),
      `AC-${String(31_000 + index * 13).padStart(6, '0')}`,
      `6f1c2a3b-4d5e-4f60-8a7b-${hex}`,
      `client${index % 9}@mailbox.example.net`,
      `+1 555-${String(1000 + ((index * 7919) % 9000)).padStart(4, '0')}`,
      `2023-${String((index % 12) + 1).padStart(2, '0')}-${String((index % 28) + 1).padStart(2, '0')}`,
      (index * 37.25 + 10).toFixed(2),
      index % 3 === 0 ? 'true' : 'false',
    ];
    if (shape.names) {
      // Skewed, and reversed in the second half: each part meets the names in its own order.
      const at = Math.min((index * index + 3 * index) % 31, (index * 7) % 29);
      const late = index >= rows / 2;
      cells.push(
        late ? FIRST[FIRST.length - 1 - at]! : FIRST[at]!,
        late ? LAST[LAST.length - 1 - ((at + index) % 31)]! : LAST[(at + index) % 31]!,
      );
    }
    if (shape.notes) {
      const words = Array.from(
        { length: 6 + (index % 25) },
        (_, word) => WORDS[(index * 3 + word * 7) % WORDS.length]!,
      );
      words.splice(2, 0, '""ring""');
      words.splice(5, 0, newline);
      if (index % 2 === 1) words.push(newline, `then${delimiter}`, '""back""', newline);
      cells.push(`"${words.join(' ')}"`);
    }
    lines.push(cells.join(delimiter));
  }
  return `${lines.join(newline)}${newline}`;
}

function write(name: string, content: string): void {
  writeFileSync(path.join(cli.dir(), name), content);
}

function read(name: string): Buffer {
  return readFileSync(path.join(cli.dir(), name));
}

function exists(name: string): boolean {
  return existsSync(path.join(cli.dir(), name));
}

function standin(args: string[], stdin?: string): Promise<CliResult> {
  const quietly = args[0] === 'run' ? ['--key-file', 'key', '--quiet'] : [];
  return runCli([...args, ...quietly], {
    cwd: cli.dir(),
    ...(stdin !== undefined ? { stdin } : {}),
  });
}

interface Summary {
  rows: number;
  fileDependentPseudonyms: number;
  streamed: { parts: number; fileValues: boolean } | null;
  mappingRows: number | null;
}

/** The --json summary among what the tool printed (on stderr, notes may come first). */
function summaryOf(printed: string): Summary {
  return JSON.parse(printed.slice(printed.indexOf('{'))) as Summary;
}

/** The rows of a csv mapping, as "sheet column original pseudonym" lines. */
function mappingRows(name: string): string[] {
  const parsed = Papa.parse<string[]>(read(name).toString('utf8'), { skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  expect(parsed.data[0]).toEqual(['sheet', 'column', 'original', 'pseudonym']);
  return parsed.data.slice(1).map((row) => JSON.stringify(row));
}

beforeAll(async () => {
  write('key', 'streaming key\n');
  write('people.csv', customers(200, { names: true, notes: true }));
  write(
    'people.tsv',
    customers(200, { names: true, notes: true, delimiter: '\t', newline: '\r\n' }),
  );
  write('people-mac.csv', customers(200, { names: true, notes: true, newline: '\r' }));
  write('customers.csv', customers(200));
  // The whole file's recipe, so the first part is read with the whole run's rules; it fits
  // every file here (one sheet each, matched by position; customers.csv lacks a few columns).
  const detected = await standin(['detect', 'people.csv', '-o', 'recipe.json']);
  expect(detected.code, detected.stderr).toBe(0);
});

describe.concurrent('a streaming run', () => {
  const cases = [
    { format: 'csv', input: 'people.csv', output: 'out.csv', mapping: true, parts: TINY_PARTS },
    // One worker where the format, not the order, is what is checked. CRLF line breaks.
    { format: 'tsv', input: 'people.tsv', output: 'out.tsv', parts: TINY_PARTS_ONE_WORKER },
    // Old Mac line breaks (CR alone), quoted ones included.
    { format: 'json', input: 'people-mac.csv', output: 'out.json', parts: TINY_PARTS_ONE_WORKER },
    // To standard output, the format named.
    { format: 'jsonl', input: 'people.csv', output: null, parts: TINY_PARTS_ONE_WORKER },
  ];

  it.each(cases)(
    'writes the whole run’s $format bytes from $input, names and quoted notes across parts included',
    async ({ format, input, output, mapping = false, parts }) => {
      const args = (run: 'whole' | 'stream') => [
        'run',
        input,
        '--recipe',
        'recipe.json',
        ...(output ? ['-o', `${run}.${output}`] : ['--format', format]),
        ...(mapping ? ['--mapping', `${run}.map.csv`] : []),
      ];
      const [whole, streamed] = await Promise.all([
        standin([...args('whole'), '--whole', '--json']),
        standin([...args('stream'), '--stream', ...parts, '--json']),
      ]);
      expect(whole.code, whole.stderr).toBe(0);
      expect(streamed.code, streamed.stderr).toBe(0);
      const summary = summaryOf(output ? streamed.stdout.toString() : streamed.stderr);
      const wholeSummary = summaryOf(output ? whole.stdout.toString() : whole.stderr);
      expect(summary.rows).toBe(200);
      expect(summary.streamed?.parts).toBeGreaterThan(5);
      expect(summary.streamed?.fileValues).toBe(true);
      // A name took a retry (the pseudonym depends on the file): counted once, as the whole run does.
      expect(wholeSummary.fileDependentPseudonyms).toBeGreaterThan(0);
      expect(summary.fileDependentPseudonyms).toBe(wholeSummary.fileDependentPseudonyms);
      const [wholeBytes, streamedBytes] = output
        ? [read(`whole.${output}`), read(`stream.${output}`)]
        : [whole.stdout, streamed.stdout];
      // A real output, pseudonymized.
      expect(wholeBytes.length).toBeGreaterThan(20_000);
      expect(wholeBytes.toString('utf8')).not.toContain('client0@mailbox.example.net');
      expect(streamedBytes.equals(wholeBytes)).toBe(true);

      if (!mapping) return;
      const wholeRows = mappingRows('whole.map.csv');
      const streamRows = mappingRows('stream.map.csv');
      // Nine emails and two flags repeat in every part: still one row each.
      expect(new Set(streamRows).size).toBe(streamRows.length);
      expect(streamRows.filter((row) => row.includes('"email"'))).toHaveLength(9);
      expect(streamRows.length).toBe(summary.mappingRows);
      expect([...streamRows].sort()).toEqual([...wholeRows].sort());
    },
  );

  it('writes the whole run’s bytes from standard input, in one pass', async () => {
    const recipe = ['--recipe', 'recipe.json'];
    const [whole, streamed] = await Promise.all([
      standin(['run', 'customers.csv', ...recipe, '--whole']),
      standin(
        ['run', '-', '--stream', '--format', 'csv', ...recipe, ...TINY_PARTS_ONE_WORKER, '--json'],
        read('customers.csv').toString('utf8'),
      ),
    ]);
    expect(whole.code, whole.stderr).toBe(0);
    expect(streamed.code, streamed.stderr).toBe(0);
    const summary = summaryOf(streamed.stderr);
    expect(summary.rows).toBe(200);
    expect(summary.streamed?.parts).toBeGreaterThan(5);
    // No first pass over a pipe: only kinds of the key and the value alone are the same.
    expect(summary.streamed?.fileValues).toBe(false);
    expect(whole.stdout.length).toBeGreaterThan(10_000);
    // A flag draws by its column's share of true (row-booleans.ts): the whole file's in a whole
    // run, the first part's here. Every other cell is the whole run's.
    const table = (bytes: Buffer) =>
      Papa.parse<string[]>(bytes.toString('utf8'), { skipEmptyLines: true }).data;
    const [wholeRows, streamedRows] = [table(whole.stdout), table(streamed.stdout)];
    const active = wholeRows[0]!.indexOf('active');
    const without = (rows: string[][]) => rows.map((row) => row.toSpliced(active, 1));
    expect(without(streamedRows)).toEqual(without(wholeRows));
    const trues = (rows: string[][]) => rows.filter((row) => row[active] === 'true').length;
    expect(streamedRows.slice(1).every((row) => /^(true|false)$/.test(row[active]!))).toBe(true);
    expect(Math.abs(trues(streamedRows) - trues(wholeRows))).toBeLessThan(25);
  });

  it('lists a value of a column no first pass listed once per part, the same row each time', async () => {
    const recipe = ['--recipe', 'recipe.json'];
    const [whole, streamed] = await Promise.all([
      standin(['run', 'customers.csv', ...recipe, '--whole', '--mapping', 'pipe-whole.map.csv']),
      standin(
        [
          'run',
          '-',
          '--stream',
          '--format',
          'csv',
          ...recipe,
          ...TINY_PARTS_ONE_WORKER,
          '--mapping',
          'pipe-streamed.map.csv',
          '--json',
        ],
        read('customers.csv').toString('utf8'),
      ),
    ]);
    expect(whole.code, whole.stderr).toBe(0);
    expect(streamed.code, streamed.stderr).toBe(0);
    // Rows without their sheet's name: standard input's sheet is "stdin".
    const withoutSheet = (rows: string[]) =>
      rows.map((row) => JSON.stringify((JSON.parse(row) as string[]).slice(1)));
    const wholeRows = withoutSheet(mappingRows('pipe-whole.map.csv'));
    const streamRows = withoutSheet(mappingRows('pipe-streamed.map.csv'));
    // Standard input has no first pass: its nine emails come again in every part.
    const emails = streamRows.filter((row) => row.includes('"email"'));
    expect(emails.length).toBeGreaterThan(9 * 5);
    expect(new Set(emails).size).toBe(9);
    expect(summaryOf(streamed.stderr).mappingRows).toBe(streamRows.length);
    expect([...new Set(streamRows)].sort()).toEqual([...wholeRows].sort());
  });
});

describe.concurrent('a streaming run of a file with no rows', () => {
  it('writes the header alone, as the whole run does', async () => {
    write('no-rows.csv', 'customer_id,email,first_name\n');
    const [whole, streamed] = await Promise.all([
      standin(['run', 'no-rows.csv', '--whole', '-o', 'no-rows.whole.csv']),
      standin([
        'run',
        'no-rows.csv',
        '--stream',
        ...TINY_PARTS_ONE_WORKER,
        '-o',
        'no-rows.csv.out',
      ]),
    ]);
    expect(whole.code, whole.stderr).toBe(0);
    expect(streamed.code, streamed.stderr).toBe(0);
    expect(read('no-rows.whole.csv').toString()).toBe('customer_id,email,first_name\n');
    expect(read('no-rows.csv.out').toString()).toBe('customer_id,email,first_name\n');
  });
});

describe.concurrent('a streaming run that cannot finish', () => {
  /** customers.csv with one row changed, at the file's line `line` (the header is line 1). */
  function withRow(
    name: string,
    line: number,
    change: (cells: string[]) => string[],
    newline = '\n',
  ): void {
    const lines = customers(200).split('\n');
    lines[line - 1] = change(lines[line - 1]!.split(',')).join(',');
    write(name, lines.join(newline));
  }

  it('names the file’s line of a quoted field never closed in a later part, and writes nothing', async () => {
    // Line 190 of 201: far past the first part. In an LF file, and in an old Mac (CR) one.
    const openQuote = (cells: string[]) => [...cells.slice(0, 3), `"${CANARY}`, ...cells.slice(4)];
    withRow('open-quote.csv', 190, openQuote);
    withRow('open-quote-mac.csv', 190, openQuote, '\r');
    const message =
      /^standin: open-quote-mac\.csv: Line 190, column 4 has a quoted field that is not closed properly\.$/m;
    // From a file (the first pass meets it) and from standard input (met while writing).
    const fromFile = await standin([
      'run',
      'open-quote-mac.csv',
      '--stream',
      ...TINY_PARTS_ONE_WORKER,
      '-o',
      'open-quote.out.csv',
      '--mapping',
      'open-quote.map.csv',
    ]);
    expect(fromFile.code).toBe(1);
    expect(fromFile.stderr).toMatch(message);
    const fromStdin = await standin(
      [
        'run',
        '-',
        '--stream',
        '--format',
        'csv',
        ...TINY_PARTS_ONE_WORKER,
        '-o',
        'open-quote.stdin.csv',
        '--mapping',
        'open-quote.stdin.map.csv',
      ],
      read('open-quote.csv').toString('utf8'),
    );
    expect(fromStdin.code).toBe(1);
    expect(fromStdin.stderr).toMatch(/^standin: stdin: Line 190, column 4 has a quoted field/m);
    for (const result of [fromFile, fromStdin]) {
      expect(result.stderr).not.toContain(CANARY);
      expect(result.stdout.toString()).not.toContain(CANARY);
    }
    for (const name of ['open-quote.out.csv', 'open-quote.map.csv'])
      expect(exists(name)).toBe(false);
    for (const name of ['open-quote.stdin.csv', 'open-quote.stdin.map.csv']) {
      expect(exists(name)).toBe(false);
    }
  });

  it('refuses a row with more fields than the header in a later part, pointing to --whole', async () => {
    withRow('wide-row.csv', 170, (cells) => [...cells, CANARY]);
    const result = await standin([
      'run',
      'wide-row.csv',
      '--stream',
      ...TINY_PARTS_ONE_WORKER,
      '-o',
      'wide-row.out.csv',
    ]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^standin: wide-row\.csv: .*more fields than the header.*--whole/m,
    );
    // The line named starts the part that holds line 170, far past the first.
    const line = Number(/line (\d+)/.exec(result.stderr)?.[1]);
    expect(line).toBeGreaterThan(100);
    expect(line).toBeLessThanOrEqual(170);
    expect(result.stderr).not.toContain(CANARY);
    expect(exists('wide-row.out.csv')).toBe(false);
  });

  it('fails --strict (exit 3) on a column the recipe does not cover, before writing', async () => {
    const recipe = JSON.parse(read('recipe.json').toString('utf8')) as {
      sheets: { columns: { name: string }[] }[];
    };
    const columns = recipe.sheets[0]!.columns;
    expect(columns.map((column) => column.name)).toContain('phone');
    recipe.sheets[0]!.columns = columns.filter((column) => column.name !== 'phone');
    write('no-phone.recipe.json', JSON.stringify(recipe));
    const result = await standin([
      'run',
      'customers.csv',
      '--stream',
      ...TINY_PARTS_ONE_WORKER,
      '--recipe',
      'no-phone.recipe.json',
      '--strict',
      '-o',
      'strict.out.csv',
      '--mapping',
      'strict.map.csv',
    ]);
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/column "phone" of sheet "customers" is not covered/);
    expect(exists('strict.out.csv')).toBe(false);
    expect(exists('strict.map.csv')).toBe(false);
  });

  it('refuses a file with lines above its header, pointing to --whole', async () => {
    // A title and a blank line above the table: a preamble the reader skips (see findHeaderRow).
    write('titled.csv', `Customers export 2024\n\n${customers(40)}`);
    const whole = await standin(['run', 'titled.csv', '--whole', '--json', '-o', 'titled.out.csv']);
    expect(whole.code, whole.stderr).toBe(0);
    expect((JSON.parse(whole.stdout.toString()) as Summary).rows).toBe(40);
    const streamed = await standin([
      'run',
      'titled.csv',
      '--stream',
      ...TINY_PARTS_ONE_WORKER,
      '-o',
      'titled.stream.csv',
    ]);
    expect(streamed.code).toBe(1);
    expect(streamed.stderr).toMatch(/^standin: titled\.csv: .*header on the first line.*--whole/m);
    expect(exists('titled.stream.csv')).toBe(false);
  });
});

describe.concurrent('streaming usage', () => {
  const cases = [
    {
      name: '--stream with --whole',
      args: ['run', 'customers.csv', '--stream', '--whole', '-o', 'u1.csv'],
      stderr: /--stream and --whole exclude each other/,
    },
    {
      name: '--stream to an xlsx output',
      args: ['run', 'customers.csv', '--stream', '-o', 'u2.xlsx'],
      stderr: /--stream: an xlsx output is written from the whole file/,
    },
    {
      name: '--stream with an xls mapping',
      args: ['run', 'customers.csv', '--stream', '-o', 'u3.csv', '--mapping', 'u3.map.xls'],
      stderr: /--stream: an xls mapping is written from the whole file/,
    },
    {
      name: '--part-mb 0',
      args: ['run', 'customers.csv', '--part-mb', '0', '-o', 'u4.csv'],
      stderr: /--part-mb must be a number of megabytes above 0/,
    },
    {
      name: '--stream on a JSON file',
      args: ['run', 'rows.json', '--stream', '-o', 'u6.csv'],
      stderr: /--stream: rows\.json is not .*csv.*a streaming run reads/,
    },
  ];

  it.each(cases)('exits 2 for $name, writing nothing', async ({ args, stderr }) => {
    write('rows.json', '[{"id": 1, "name": "Ada"}]\n');
    const result = await standin(args);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(stderr);
    const outputs = args.filter((arg) => /^u\d/.test(arg));
    for (const output of outputs) expect(exists(output)).toBe(false);
  });
});

/** Orders whose e-mail, city and note columns stay empty for their first `emptyRows` rows. */
function lateColumns(rows: number, emptyRows: number): string {
  const lines = ['id,email,city,note'];
  for (let index = 0; index < rows; index++) {
    lines.push(
      index < emptyRows
        ? `${7000 + index},,,`
        : `${7000 + index},buyer${index}@mail.example.org,Lyon,call back about ${index}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

describe.concurrent('a streaming run of columns empty in the first part', () => {
  it('detects them on the file’s later values, as the whole run does', async () => {
    write('late.csv', lateColumns(900, 600));
    const [whole, streamed] = await Promise.all([
      standin(['run', 'late.csv', '--whole', '-o', 'late.whole.csv']),
      standin(['run', 'late.csv', '--stream', ...TINY_PARTS, '-o', 'late.stream.csv']),
    ]);
    expect(whole.code, whole.stderr).toBe(0);
    expect(streamed.code, streamed.stderr).toBe(0);
    const output = read('late.stream.csv').toString('utf8');
    // The values are pseudonymized, not emptied for being empty where detection looked.
    const last = output.trimEnd().split('\n').pop()!.split(',');
    expect(last[1]).toMatch(/@/);
    expect(last[2]).not.toBe('');
    expect(output).not.toContain('mail.example.org');
    expect(read('late.stream.csv').equals(read('late.whole.csv'))).toBe(true);
  });

  it('refuses them from standard input (read once), naming the column, not a value', async () => {
    const result = await standin(
      ['run', '-', '--format', 'csv', '--stream', ...TINY_PARTS_ONE_WORKER],
      lateColumns(900, 600),
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('column "email" is empty in the first part');
    expect(result.stderr).toContain('--whole');
    expect(result.stderr).not.toContain('mail.example.org');
  });
});

describe.concurrent('a streaming run whose reader stops early', () => {
  it('stops quietly with success when standard output is closed', async () => {
    const code = await new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        [CLI_BUNDLE, 'run', 'people.csv', '--stream', ...TINY_PARTS, '--key-file', 'key'],
        { cwd: cli.dir() },
      );
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      // The reader takes the first piece and closes the pipe, as `| head -1` does.
      child.stdout.once('data', () => child.stdout.destroy());
      child.on('error', reject);
      child.on('close', (exitCode) => resolve({ code: exitCode, stderr }));
    });
    expect(code.stderr).toBe('');
    expect(code.code).toBe(0);
  });
});

describe.concurrent('a streaming run of a Windows-1252 file', () => {
  it('reads every part as Windows-1252, as the whole run reads the file', async () => {
    const lines = ['id,name,city,note'];
    for (let index = 0; index < 600; index++) {
      // The first rows' bytes are valid UTF-8 (C3 A9 reads as "é" there); the file's later "ü"
      // (FC) is not, so the whole file, first rows included, is Windows-1252 ("Ã©").
      lines.push(
        // Notes of two words in every part, so the first part's detection takes them for free
        // text as the whole file's does.
        index < 300
          ? `${index + 1},RenÃ©${index},Bern,all ok`
          : `${index + 1},Name${index},Zürich,Grüße ${index}`,
      );
    }
    writeFileSync(
      path.join(cli.dir(), 'ansi.csv'),
      Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1'),
    );
    const [whole, streamed] = await Promise.all([
      standin(['run', 'ansi.csv', '--whole', '-o', 'ansi.whole.csv']),
      standin(['run', 'ansi.csv', '--stream', ...TINY_PARTS, '-o', 'ansi.stream.csv']),
    ]);
    expect(whole.code, whole.stderr).toBe(0);
    expect(streamed.code, streamed.stderr).toBe(0);
    const output = read('ansi.stream.csv');
    // Output is UTF-8 with a byte-order mark, as for any Windows-1252 source.
    expect([...output.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(output.equals(read('ansi.whole.csv'))).toBe(true);
  });
});

describe.concurrent('a streaming run of namesakes in different parts', () => {
  it('gives no two emails one pseudonym, as the whole run does', async () => {
    const lines = ['id,first_name,last_name,email'];
    for (let index = 0; index < 400; index++) {
      const first = FIRST[index % 5]!;
      const last = LAST[(index * 3) % 5]!;
      // The same names on gmail in the first half, on yahoo in the second: both rebuild to
      // first.last@example.com, which only the first may keep.
      const domain = index < 200 ? 'gmail.com' : 'yahoo.com';
      lines.push(`${index + 1},${first},${last},${first}.${last}@${domain}`.toLowerCase());
    }
    write('namesakes.csv', `${lines.join('\n')}\n`);
    const [whole, streamed] = await Promise.all([
      standin(['run', 'namesakes.csv', '--whole', '-o', 'namesakes.whole.csv']),
      standin(['run', 'namesakes.csv', '--stream', ...TINY_PARTS, '-o', 'namesakes.stream.csv']),
    ]);
    expect(whole.code, whole.stderr).toBe(0);
    expect(streamed.code, streamed.stderr).toBe(0);
    const originals = lines.slice(1).map((line) => line.split(',')[3]!);
    const pseudonyms = read('namesakes.stream.csv')
      .toString('utf8')
      .trimEnd()
      .split('\n')
      .slice(1)
      .map((line) => line.split(',')[3]!);
    const ownerOf = new Map<string, string>();
    originals.forEach((original, row) => {
      const pseudonym = pseudonyms[row]!;
      expect(ownerOf.get(pseudonym) ?? original).toBe(original);
      ownerOf.set(pseudonym, original);
    });
    expect(new Set(originals).size).toBe(10);
    expect(ownerOf.size).toBe(10);
    expect(read('namesakes.stream.csv').equals(read('namesakes.whole.csv'))).toBe(true);
  });
});

describe.concurrent('a streaming run that fails in a later part', () => {
  it('leaves an earlier file at its output path as it was, and nothing beside it', async () => {
    const lines = ['id,name,note'];
    for (let index = 0; index < 600; index++) {
      lines.push(index === 500 ? `${index},n${index},"never closed` : `${index},n${index},"ok"`);
    }
    mkdirSync(path.join(cli.dir(), 'kept'), { recursive: true });
    write('kept/bad.csv', `${lines.join('\n')}\n`);
    write('kept/out.csv', 'yesterday,s,output\n');
    const result = await standin([
      'run',
      'kept/bad.csv',
      '--stream',
      ...TINY_PARTS_ONE_WORKER,
      '-o',
      'kept/out.csv',
    ]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Line 502');
    expect(read('kept/out.csv').toString('utf8')).toBe('yesterday,s,output\n');
    expect(readdirSync(path.join(cli.dir(), 'kept')).sort()).toEqual(['bad.csv', 'out.csv']);
  });
});
