// Privacy, shown rather than claimed: a unique marker travels through every success and error
// path of the built server and never reaches its logs; downloads are never cached; deleted and
// expired datasets are gone; and the server runs under Node's permission model with no right to
// write a file.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from '@e965/xlsx';
import { ManualClock, startTestServer, uploadDataset } from '../../support/in-process-server';
import { spawnServer, type SpawnedServer } from '../../support/spawned-server';

const MARKER = `CANARY${randomUUID().replaceAll('-', '')}`;
const FORMATS = ['csv', 'tsv', 'json', 'xlsx', 'xls'] as const;

function workbookWithMarker(bookType: 'xlsx' | 'xls'): Uint8Array {
  const book = XLSX.utils.book_new();
  const rows = [
    ['name', `${MARKER}_column`, 'email'],
    [`${MARKER} Lovelace`, MARKER, `${MARKER.toLowerCase()}@example.org`],
    ['Alan Turing', `=${MARKER}`, 'alan@example.org'],
  ];
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'People');
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), `S${MARKER.slice(0, 20)}`);
  const type = bookType === 'xls' ? 'biff8' : 'xlsx';
  return new Uint8Array(XLSX.write(book, { type: 'buffer', bookType: type }) as Buffer);
}

/** Files of every format with the marker in names, headers and values. */
function markedFiles(): { name: string; bytes: Uint8Array | string }[] {
  const csv = `name,${MARKER}_column,email\n${MARKER} Lovelace,${MARKER},a@example.org\nAlan,x${MARKER},b@example.org\n`;
  return [
    { name: `${MARKER}.csv`, bytes: csv },
    { name: `${MARKER}.tsv`, bytes: csv.replaceAll(',', '\t') },
    {
      name: `${MARKER}.json`,
      bytes: JSON.stringify([{ name: MARKER, [MARKER]: { nested: MARKER }, n: 1 }]),
    },
    { name: `${MARKER}.xlsx`, bytes: workbookWithMarker('xlsx') },
    { name: `${MARKER}.xls`, bytes: workbookWithMarker('xls') },
  ];
}

/**
 * Files that fail in each way reading can fail, carrying the marker in their content. (Their names
 * are plain: an error may name the sheet, which for CSV is the file's name.)
 */
function markedFailures(): { name: string; bytes: Uint8Array | string; status: number }[] {
  return [
    { name: 'broken.xlsx', bytes: `PK\u0003\u0004${MARKER}`, status: 400 },
    { name: 'broken.json', bytes: `[{"${MARKER}": "${MARKER}"`, status: 400 },
    { name: 'unclosed.csv', bytes: `a,b\n${MARKER},1\n${MARKER},"${MARKER}\n`, status: 400 },
    { name: `${MARKER}.txt`, bytes: MARKER, status: 415 },
    { name: 'binary.xls', bytes: `\u0000\u0001${MARKER}`.repeat(100), status: 400 },
    {
      name: 'wide.csv',
      bytes: Array.from({ length: 20_000 }, (_, i) => `${MARKER}${i}`).join(',') + '\n',
      status: 413,
    },
  ];
}

function send(url: string, method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${url}${path}`, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

function upload(url: string, name: string, bytes: Uint8Array | string): Promise<Response> {
  const form = new FormData();
  form.append('file', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)]), name);
  return fetch(`${url}/api/upload`, { method: 'POST', body: form });
}

interface View {
  id: string;
  sheetNames: string[];
  schema: { name: string; type: string; rule: { action: string } }[];
}

/** Drives every endpoint, on success and on error, for one uploaded dataset. */
async function driveEveryPath(url: string, view: View): Promise<number[]> {
  const statuses: number[] = [];
  const record = async (response: Promise<Response>) => {
    const answered = await response;
    await answered.arrayBuffer();
    statuses.push(answered.status);
    return answered;
  };
  const base = `/api/datasets/${view.id}`;
  await record(send(url, 'GET', `${base}/download`)); // 409 before a run
  await record(send(url, 'GET', `${base}?limit=1000`));
  for (const sheetName of view.sheetNames) {
    await record(send(url, 'PATCH', `${base}/sheet`, { sheetName }));
  }
  await record(send(url, 'PATCH', `${base}/sheet`, { sheetName: MARKER })); // 400
  const schema = view.schema.map((column, index) =>
    index === 0 ? { ...column, rule: { action: 'faker', fakerMethod: MARKER } } : column,
  );
  await record(send(url, 'PATCH', `${base}/schema`, { schema })); // 400: unknown method
  await record(send(url, 'PATCH', `${base}/schema`, { schema: [{ name: MARKER }] })); // 400
  await record(send(url, 'PATCH', `${base}/schema`, { schema: view.schema }));
  await record(send(url, 'POST', `${base}/reanalyze`));
  await record(send(url, 'POST', `${base}/pseudonymize`, { secret: MARKER }));
  for (const format of FORMATS) {
    const download = await record(send(url, 'GET', `${base}/download?format=${format}`));
    expect(download.headers.get('cache-control')).toBe('no-store');
    const mapping = await record(send(url, 'GET', `${base}/download-mapping?format=${format}`));
    expect(mapping.headers.get('cache-control')).toBe('no-store');
  }
  await record(send(url, 'GET', `${base}/download?format=${MARKER}`)); // 400
  await record(send(url, 'GET', `/api/trpc/getDataset?input=${JSON.stringify({ id: MARKER })}`));
  await record(send(url, 'DELETE', base));
  for (const path of [base, `${base}/download`, `${base}/download-mapping`]) {
    await record(send(url, 'GET', path)); // 404 once deleted
  }
  await record(send(url, 'POST', `${base}/pseudonymize`));
  return statuses;
}

describe('the canary: a marker in every file never reaches the logs', () => {
  let server: SpawnedServer;
  /** Every dataset id the server gave out: the key to a dataset, so never logged either. */
  const ids: string[] = [];

  beforeAll(async () => {
    server = await spawnServer({ STANDIN_UPLOAD_DEADLINE_SECONDS: '2' });
  });

  afterAll(async () => {
    await server.stop();
  });

  it.each(FORMATS)(
    'drives every path of a %s upload',
    async (format) => {
      const file = markedFiles().find((each) => each.name.endsWith(`.${format}`))!;
      const response = await upload(server.url, file.name, file.bytes);
      expect(response.status).toBe(201);
      const view = (await response.json()) as View;
      ids.push(view.id);
      const statuses = await driveEveryPath(server.url, view);
      expect(statuses).toContain(200);
      expect(statuses).toContain(400);
      expect(statuses).toContain(404);
      expect(statuses).toContain(409);
    },
    60_000,
  );

  it('refuses every kind of bad upload', async () => {
    for (const failure of markedFailures()) {
      const response = await upload(server.url, failure.name, failure.bytes);
      expect(response.status, failure.name).toBe(failure.status);
      expect(((await response.json()) as { message: string }).message).not.toContain(MARKER);
    }
  });

  it('never wrote the marker to stdout or stderr', async () => {
    await new Promise((wait) => setTimeout(wait, 200));
    const output = server.output();
    expect(output).toMatch(/POST \/api\/upload 201/);
    expect(output).toMatch(/POST \/api\/upload 400/);
    expect(output).not.toContain(MARKER);
    expect(output).not.toContain(MARKER.slice(6, 26));
  });

  it('logs the route of a dataset request, never the dataset id', () => {
    const output = server.output();
    expect(output).toMatch(/GET \/api\/datasets\/:id\/download 200/);
    expect(output).toMatch(/PATCH \/api\/datasets\/:id\/schema 400/);
    expect(ids).toHaveLength(FORMATS.length);
    for (const id of ids) expect(output).not.toContain(id);
  });
});

describe('datasets that are gone', () => {
  it('answers an expired dataset like an unknown one and releases its memory', async () => {
    const clock = new ManualClock();
    const server = await startTestServer({ clock, datasetTtlMs: 60_000 });
    try {
      const view = await uploadDataset(server.url, 'people.csv', `name\n${MARKER}\n`);
      expect(server.store.usedBytes).toBeGreaterThan(0);
      clock.advance(61_000);
      const expired = await fetch(`${server.url}/api/datasets/${view.id}`);
      const unknown = await fetch(`${server.url}/api/datasets/${randomUUID()}`);
      expect(expired.status).toBe(404);
      expect(await expired.json()).toEqual(await unknown.json());
      expect(server.store.size).toBe(0);
      expect(server.store.usedBytes).toBe(0);
    } finally {
      await server.close();
    }
  });

  it('releases a deleted dataset at once', async () => {
    const server = await startTestServer();
    try {
      const view = await uploadDataset(server.url, 'people.csv', `name\n${MARKER}\n`);
      await send(server.url, 'POST', `/api/datasets/${view.id}/pseudonymize`);
      expect(server.store.usedBytes).toBeGreaterThan(0);
      expect((await send(server.url, 'DELETE', `/api/datasets/${view.id}`)).status).toBe(200);
      expect(server.store.usedBytes).toBe(0);
      for (const path of ['', '/download', '/download-mapping']) {
        expect((await fetch(`${server.url}/api/datasets/${view.id}${path}`)).status).toBe(404);
      }
    } finally {
      await server.close();
    }
  });
});

describe("Node's permission model: no file is ever written", () => {
  const flags = ['--experimental-permission', '--allow-fs-read=*', '--allow-worker'];

  it('blocks file writes, in the main thread and in workers, under these flags', () => {
    const script =
      "const { Worker } = require('node:worker_threads');" +
      "try { require('node:fs').writeFileSync('standin-probe.txt', 'x'); } catch (e) { console.log(e.code); }" +
      "new Worker(\"try { require('node:fs').writeFileSync('standin-probe.txt', 'x'); } catch (e) { console.log(e.code); }\", { eval: true });";
    const result = spawnSync('node', [...flags, '-e', script], { encoding: 'utf8' });
    expect(result.stdout.trim().split('\n')).toEqual(['ERR_ACCESS_DENIED', 'ERR_ACCESS_DENIED']);
  });

  it('runs the whole flow of every format without needing to write', async () => {
    const server = await spawnServer({}, flags);
    try {
      for (const file of markedFiles()) {
        const response = await upload(server.url, file.name, file.bytes);
        expect(response.status).toBe(201);
        const view = (await response.json()) as View;
        const base = `${server.url}/api/datasets/${view.id}`;
        expect((await fetch(`${base}/pseudonymize`, { method: 'POST' })).status).toBe(200);
        for (const format of FORMATS) {
          const download = await fetch(`${base}/download?format=${format}`);
          expect(download.status).toBe(200);
          expect((await download.arrayBuffer()).byteLength).toBeGreaterThan(0);
          expect((await fetch(`${base}/download-mapping?format=${format}`)).status).toBe(200);
        }
      }
      expect(server.output()).not.toMatch(/ERR_ACCESS_DENIED|internal error/);
    } finally {
      await server.stop();
    }
  }, 90_000);
});
