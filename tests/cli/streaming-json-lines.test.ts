/**
 * Streaming runs of JSON Lines (issue 19): `standin run --stream` cuts the lines into tiny parts
 * (--part-mb 0.002) and must write what a whole-file run (--whole) writes, byte for byte, in every
 * output format, with the same mapping: keys a line lacks are left out of its JSON as in the
 * whole run (and empty in csv), nested objects and arrays keep their shape. A key the first part never had, or a line that is not
 * JSON, is refused with the file's line.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli, useCli } from './cli-process';

const cli = useCli();
const TINY_PARTS = ['--part-mb', '0.002', '--workers', '2'];
const CITIES = ['Lyon', 'Porto', 'Gdansk', 'Tartu', 'Cork', 'Ghent', 'Bergen'];
const NAMES = ['Maren', 'Tobias', 'Ilse', 'Joris', 'Anouk', 'Sven', 'Lotte', 'Pieter', 'Femke'];

/** Orders as a database exports them: some keys missing, one rare, an array, a nested object. */
function orders(count: number): string {
  const lines: string[] = [];
  for (let index = 0; index < count; index++) {
    const order: Record<string, unknown> = {
      order_id: 50_000 + index * 3,
      customer: NAMES[(index * index) % NAMES.length],
      email: `buyer${index % 13}@shop.example.org`,
      total: Number((index * 12.75 + 4).toFixed(2)),
      shipping: { city: CITIES[(index * 5) % CITIES.length], zip: String(10_000 + index) },
    };
    if (index % 4 === 0) order.items = [`sku-${index}`, `sku-${index + 1}`];
    if (index % 9 === 0) delete order.email;
    // Rare: most parts lack the key, which the whole run leaves out of their lines.
    if (index % 50 === 0) order.gift_note = `For ${NAMES[index % NAMES.length]}, with love`;
    lines.push(JSON.stringify(order));
  }
  return `${lines.join('\n')}\n`;
}

async function run(args: string[]): Promise<{ code: number | null; stderr: string }> {
  const result = await runCli(['run', ...args, '--key-file', 'key', '--quiet'], {
    cwd: cli.dir(),
  });
  return { code: result.code, stderr: result.stderr };
}

function read(name: string): Buffer {
  return readFileSync(path.join(cli.dir(), name));
}

function mappingRows(name: string): string[] {
  const parsed = Papa.parse<string[]>(read(name).toString('utf8'), { skipEmptyLines: true });
  return parsed.data.map((row) => JSON.stringify(row)).sort();
}

describe('streaming runs of JSON Lines', () => {
  beforeAll(() => {
    writeFileSync(path.join(cli.dir(), 'orders.jsonl'), orders(400));
    writeFileSync(path.join(cli.dir(), 'key'), 'json lines key\n');
  });

  it.each(['jsonl', 'json', 'csv'])(
    'writes the whole run’s %s bytes and mapping',
    async (format) => {
      const streamed = await run([
        'orders.jsonl',
        '--stream',
        ...TINY_PARTS,
        '-o',
        `streamed.${format}`,
        '--mapping',
        'streamed-mapping.csv',
      ]);
      expect(streamed.code, streamed.stderr).toBe(0);
      const whole = await run([
        'orders.jsonl',
        '--whole',
        '-o',
        `whole.${format}`,
        '--mapping',
        'whole-mapping.csv',
      ]);
      expect(whole.code, whole.stderr).toBe(0);
      expect(read(`streamed.${format}`).equals(read(`whole.${format}`))).toBe(true);
      expect(mappingRows('streamed-mapping.csv')).toEqual(mappingRows('whole-mapping.csv'));
      const text = read(`streamed.${format}`).toString('utf8');
      // Nothing of the input stands in the output: the names and e-mails were replaced.
      for (const name of NAMES) expect(text).not.toContain(`"${name}"`);
      expect(text).not.toContain('shop.example.org');
    },
  );

  it('writes the whole run’s bytes from standard input, in one pass', async () => {
    const input = read('orders.jsonl');
    const args = ['run', '-', '--format', 'jsonl', '--key-file', 'key', '--quiet', '--json'];
    const streamed = await runCli(
      [...args, '--stream', ...TINY_PARTS, '-o', 'stdin-streamed.jsonl'],
      {
        cwd: cli.dir(),
        stdin: input,
      },
    );
    expect(streamed.code, streamed.stderr).toBe(0);
    const summary = JSON.parse(streamed.stdout.toString('utf8')) as {
      streamed: { parts: number; fileValues: boolean };
    };
    expect(summary.streamed.parts).toBeGreaterThan(5);
    expect(summary.streamed.fileValues).toBe(false);
    const whole = await runCli([...args, '--whole', '-o', 'stdin-whole.jsonl'], {
      cwd: cli.dir(),
      stdin: input,
    });
    expect(whole.code, whole.stderr).toBe(0);
    expect(read('stdin-streamed.jsonl').equals(read('stdin-whole.jsonl'))).toBe(true);
  });

  it('refuses a key the first part never had, pointing to --whole', async () => {
    const text = `${orders(300)}${JSON.stringify({ order_id: 1, coupon: 'SPRING' })}\n`;
    writeFileSync(path.join(cli.dir(), 'new-key.jsonl'), text);
    const result = await run([
      'new-key.jsonl',
      '--stream',
      ...TINY_PARTS,
      '-o',
      'new-key.out.jsonl',
    ]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('new-key.jsonl');
    expect(result.stderr).toContain('--whole');
    expect(result.stderr).not.toContain('SPRING');
    expect(existsSync(path.join(cli.dir(), 'new-key.out.jsonl'))).toBe(false);
  });

  it('names the file’s line of a line that is not JSON, and writes nothing', async () => {
    const lines = orders(300).split('\n');
    // Line 251 of the file: far past the first part.
    lines[250] = '{"order_id": 7, "customer": "Secretname"';
    writeFileSync(path.join(cli.dir(), 'bad.jsonl'), lines.join('\n'));
    const result = await run(['bad.jsonl', '--stream', ...TINY_PARTS, '-o', 'bad.out.jsonl']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Line 251 is not a JSON value');
    expect(result.stderr).not.toContain('Secretname');
    expect(existsSync(path.join(cli.dir(), 'bad.out.jsonl'))).toBe(false);
  });
});
