/**
 * The command line against the web: the same file, key and recipe give the same bytes in every
 * format, the same mapping, the same recipe and the same report. The server runs in-process and
 * is driven through its REST API, as a script would.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FileFormat } from '../../src/engine';
import { customerExportCsv } from '../support/customer-export';
import { uploadDataset, useInProcessServer, sendJson } from '../support/in-process-server';
import { EVERY_FORMAT, fixtureFile } from '../support/people-files';
import { runCli, useCli } from './cli-process';

const server = useInProcessServer();
const cli = useCli();

const KEY = 'same bytes as the web';
const GOLDEN_INPUT = readFileSync('tests/engine/pseudonymize/golden/customers.csv');

async function bytesOf(response: Response): Promise<Buffer> {
  expect(response.status, await response.clone().text()).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

/** Uploads, applies the recipe if any, pseudonymizes under KEY; returns the dataset's id. */
async function serverRun(name: string, bytes: Uint8Array, recipe?: unknown): Promise<string> {
  const dataset = await uploadDataset(server.url, name, bytes);
  if (recipe !== undefined) {
    const applied = await sendJson(server.url, 'PUT', `/api/datasets/${dataset.id}/recipe`, recipe);
    expect(applied.status).toBe(200);
  }
  const run = await sendJson(server.url, 'POST', `/api/datasets/${dataset.id}/pseudonymize`, {
    secret: KEY,
  });
  expect(run.status).toBe(200);
  return dataset.id;
}

function download(
  id: string,
  kind: 'download' | 'download-mapping',
  format: FileFormat,
  sheet?: string,
) {
  const query = sheet === undefined ? '' : `&sheet=${encodeURIComponent(sheet)}`;
  return fetch(`${server.url}/api/datasets/${id}/${kind}?format=${format}${query}`).then(bytesOf);
}

/** Writes the input and the key into the scratch folder; returns the CLI's key arguments. */
function prepare(name: string, bytes: Uint8Array): string[] {
  writeFileSync(path.join(cli.dir(), name), bytes);
  writeFileSync(path.join(cli.dir(), 'key.txt'), `${KEY}\n`);
  return ['--key-file', 'key.txt'];
}

describe('standin run gives the web’s bytes', () => {
  it('for the golden file of every kind of column, with an edited recipe, in every format and its mapping', async () => {
    const name = 'customers.csv';
    const keyArgs = prepare(name, GOLDEN_INPUT);
    const detected = await runCli(['detect', name], { cwd: cli.dir() });
    expect(detected.code, detected.stderr).toBe(0);
    const recipe = JSON.parse(detected.stdout.toString()) as {
      sheets: { columns: { name: string; rule: unknown }[] }[];
    };
    // A user's edit: the loyalty tier is kept, the notes only redacted.
    for (const column of recipe.sheets[0]?.columns ?? []) {
      if (column.name === 'loyalty_tier') column.rule = { action: 'keep' };
      if (column.name === 'notes') column.rule = { action: 'redact' };
    }
    writeFileSync(path.join(cli.dir(), 'recipe.json'), JSON.stringify(recipe));
    const id = await serverRun(name, GOLDEN_INPUT, recipe);

    for (const format of EVERY_FORMAT) {
      const web = await download(id, 'download', format);
      const webMapping = await download(id, 'download-mapping', format);
      const out = `out.${format}`;
      const mapping = `mapping.${format}`;
      const run = await runCli(
        ['run', name, '--recipe', 'recipe.json', ...keyArgs, '-o', out, '--mapping', mapping],
        { cwd: cli.dir() },
      );
      expect(run.code, run.stderr).toBe(0);
      expect(readFileSync(path.join(cli.dir(), out)).equals(web), `${format} output`).toBe(true);
      expect(
        readFileSync(path.join(cli.dir(), mapping)).equals(webMapping),
        `${format} mapping`,
      ).toBe(true);
    }
  });

  // Every input format to every output format: the run in the input's format, then the
  // conversion a download makes. A workbook's csv, tsv and json hold its first sheet, as a
  // download of that sheet does (the web's default gives every sheet).
  for (const inputFormat of EVERY_FORMAT) {
    it(`for a ${inputFormat} file, without a recipe, in every format`, async () => {
      const name = `people-${inputFormat}.${inputFormat}`;
      const bytes = fixtureFile(inputFormat, 60);
      const keyArgs = prepare(name, bytes);
      const id = await serverRun(name, bytes);
      const oneTable = (format: FileFormat) =>
        format === 'csv' || format === 'tsv' || format === 'json';
      const workbook = inputFormat === 'xlsx' || inputFormat === 'xls';
      for (const format of EVERY_FORMAT) {
        const sheet = workbook && oneTable(format) ? 'People' : undefined;
        const web = await download(id, 'download', format, sheet);
        const run = await runCli(['run', name, ...keyArgs, '--format', format, '-o', '-'], {
          cwd: cli.dir(),
        });
        expect(run.code, run.stderr).toBe(0);
        expect(run.stdout.equals(web), `${inputFormat} → ${format}`).toBe(true);
      }
    });
  }

  // The server offers no JSON Lines: its lines are compared with the objects of its json.
  it('writes JSON Lines whose lines are the objects of the web’s json download', async () => {
    for (const inputFormat of ['csv', 'json'] as const) {
      const name = `lines-${inputFormat}.${inputFormat}`;
      const bytes = fixtureFile(inputFormat, 25);
      const keyArgs = prepare(name, bytes);
      const id = await serverRun(name, bytes);
      const web = (await download(id, 'download', 'json')).toString();
      const run = await runCli(['run', name, ...keyArgs, '-o', 'out.jsonl'], { cwd: cli.dir() });
      expect(run.code, run.stderr).toBe(0);
      const lines = readFileSync(path.join(cli.dir(), 'out.jsonl'), 'utf8');
      expect(lines.endsWith('\n')).toBe(true);
      expect(`[\n${lines.trimEnd().split('\n').join(',\n')}\n]\n`).toBe(web);
    }
    // A .jsonl input is written as JSON Lines by default.
    writeFileSync(
      path.join(cli.dir(), 'again.jsonl'),
      readFileSync(path.join(cli.dir(), 'out.jsonl')),
    );
    const again = await runCli(
      ['run', 'again.jsonl', '--key-file', 'key.txt', '--json', '-o', 'again.out.jsonl'],
      {
        cwd: cli.dir(),
      },
    );
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout.toString())).toMatchObject({
      inputFormat: 'jsonl',
      format: 'jsonl',
      rows: 25,
    });
    const rows = readFileSync(path.join(cli.dir(), 'again.out.jsonl'), 'utf8')
      .trimEnd()
      .split('\n');
    expect(rows).toHaveLength(25);
    for (const row of rows) expect(Object.keys(JSON.parse(row) as object)).toHaveLength(8);
  });

  it('for a file large enough for a generation thread on the server, not on the command line', async () => {
    // 8 MB and more: the server's run takes a second thread (whose share follows the threads'
    // speeds); `--workers 1` keeps the command line to one. The bytes do not depend on it.
    const name = 'large.csv';
    const bytes = new TextEncoder().encode(customerExportCsv(9 * 1024 ** 2, 11));
    const keyArgs = prepare(name, bytes);
    const id = await serverRun(name, bytes);
    const web = await download(id, 'download', 'csv');
    const run = await runCli(['run', name, ...keyArgs, '--workers', '1', '-o', 'large-out.csv'], {
      cwd: cli.dir(),
    });
    expect(run.code, run.stderr).toBe(0);
    expect(readFileSync(path.join(cli.dir(), 'large-out.csv')).equals(web)).toBe(true);
  }, 90_000);

  it('writes the recipe the server gives for the same upload', async () => {
    const name = 'people-recipe.xlsx';
    const bytes = fixtureFile('xlsx', 30);
    prepare(name, bytes);
    const dataset = await uploadDataset(server.url, name, bytes);
    const web: unknown = await (
      await fetch(`${server.url}/api/datasets/${dataset.id}/recipe`)
    ).json();
    const detected = await runCli(['detect', name, '-o', 'detected.json'], { cwd: cli.dir() });
    expect(detected.code, detected.stderr).toBe(0);
    expect(JSON.parse(readFileSync(path.join(cli.dir(), 'detected.json'), 'utf8'))).toEqual(web);
  });

  it('writes the server’s report, as JSON and as the printable page', async () => {
    const name = 'report-people.csv';
    const bytes = fixtureFile('csv', 50);
    const keyArgs = prepare(name, bytes);
    const id = await serverRun(name, bytes);
    const webJson: unknown = await (await fetch(`${server.url}/api/datasets/${id}/report`)).json();
    const webHtml = await (
      await fetch(`${server.url}/api/datasets/${id}/report?format=html`)
    ).text();
    const run = await runCli(
      ['run', name, ...keyArgs, '-o', 'report-out.csv', '--report', 'r.json'],
      { cwd: cli.dir() },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(readFileSync(path.join(cli.dir(), 'r.json'), 'utf8'))).toEqual(webJson);
    const html = await runCli(
      ['run', name, ...keyArgs, '-o', 'report-out.csv', '--report', 'r.html'],
      { cwd: cli.dir() },
    );
    expect(html.code, html.stderr).toBe(0);
    // The same page but for the minute it was run.
    const minute = /\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/g;
    const page = readFileSync(path.join(cli.dir(), 'r.html'), 'utf8');
    expect(page).toMatch(minute);
    expect(page.replace(minute, 'RUN')).toBe(webHtml.replace(minute, 'RUN'));
  });
});
