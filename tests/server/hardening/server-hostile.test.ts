// Hostile uploads against the built server in its own process: every file of the hostile corpus,
// broken multipart bodies, aborted and slow-drip uploads. Each must get one clean 4xx while the
// process keeps running and keeps serving a dataset uploaded before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contentHostileFiles,
  largeJsonFiles,
  zipHostileFiles,
  type HostileFile,
} from '../../../scripts/lib/hostile-files';
import { multipartHead, rawRequest, requestHead, statusLines } from '../../support/raw-http';
import { spawnServer, type SpawnedServer } from '../../support/spawned-server';

let server: SpawnedServer;
let earlierId: string;

function upload(fileName: string, bytes: Uint8Array | string, field = 'file'): Promise<Response> {
  const form = new FormData();
  form.append(
    field,
    new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)]),
    fileName,
  );
  return fetch(`${server.url}/api/upload`, { method: 'POST', body: form });
}

beforeAll(async () => {
  server = await spawnServer({ STANDIN_UPLOAD_DEADLINE_SECONDS: '2' });
  const response = await upload('earlier.csv', 'name,email\nAda,ada@example.org\n');
  earlierId = ((await response.json()) as { id: string }).id;
});

afterAll(async () => {
  await server.stop();
});

async function expectStillServing(): Promise<void> {
  expect(server.alive()).toBe(true);
  const response = await fetch(`${server.url}/api/datasets/${earlierId}`);
  expect(response.status).toBe(200);
  expect(((await response.json()) as { rowCount: number }).rowCount).toBe(1);
}

async function expectAnswer(file: HostileFile, response: Response): Promise<void> {
  const body = (await response.json()) as { message?: string; rowCount?: number };
  if (file.expected.kind === 'readable') {
    expect(response.status, body.message).toBe(201);
    if (file.rowCount !== undefined) expect(body.rowCount).toBe(file.rowCount);
  } else {
    expect(response.status).toBe(file.expected.status);
    expect(body.message).toMatch(/\w{4,}/);
  }
}

const corpus = [...zipHostileFiles(), ...contentHostileFiles()];

describe('the hostile corpus over HTTP', () => {
  it.each(corpus.map((file) => file.label))('%s', async (label) => {
    const file = corpus.find((candidate) => candidate.label === label)!;
    await expectAnswer(file, await upload(file.fileName, file.bytes));
    await expectStillServing();
  });

  it('reads a 50 MB flat JSON array and one 50 MB string completely', async () => {
    for (const file of largeJsonFiles()) {
      await expectAnswer(file, await upload(file.fileName, file.bytes));
      await expectStillServing();
    }
  }, 120_000);
});

describe('malformed uploads', () => {
  const boundary = 'hostile-boundary';

  it('refuses a multipart body without a boundary', async () => {
    const body = 'name\nAda\n';
    const { response, closed } = await rawRequest(server.port, [
      requestHead('/api/upload', {
        'Content-Type': 'multipart/form-data',
        'Content-Length': body.length,
      }) + body,
    ]);
    expect(statusLines(response)).toEqual([400]);
    expect(response).toMatch(/"message":"[^"]*multipart/);
    expect(closed || response.length > 0).toBe(true);
    await expectStillServing();
  });

  it('refuses thousands of parts with one 400', async () => {
    const parts = Array.from(
      { length: 5000 },
      (_, i) => `--${boundary}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nx\r\n`,
    ).join('');
    const body = `${parts}${multipartHead(boundary, 'a.csv')}name\nAda\n\r\n--${boundary}--\r\n`;
    const { response } = await rawRequest(server.port, [
      requestHead('/api/upload', {
        'Content-Type': `multipart/form-data; boundary=${boundary}`,
        'Content-Length': body.length,
      }) + body,
    ]);
    expect(statusLines(response)).toEqual([400]);
    expect(response).toMatch(/"message":"Too many (parts|fields)/);
    await expectStillServing();
  });

  it('refuses two files with one 400', async () => {
    const body =
      `${multipartHead(boundary, 'one.csv')}a\n1\n\r\n` +
      `${multipartHead(boundary, 'two.csv')}b\n2\n\r\n--${boundary}--\r\n`;
    const { response } = await rawRequest(server.port, [
      requestHead('/api/upload', {
        'Content-Type': `multipart/form-data; boundary=${boundary}`,
        'Content-Length': body.length,
      }) + body,
    ]);
    expect(statusLines(response)).toEqual([400]);
    expect(response).toMatch(/one file/);
    await expectStillServing();
  });

  it('refuses a declared Content-Length over the limit before reading the body', async () => {
    const { response } = await rawRequest(server.port, [
      requestHead('/api/upload', {
        'Content-Type': `multipart/form-data; boundary=${boundary}`,
        'Content-Length': 200 * 1024 * 1024,
      }) + multipartHead(boundary, 'big.csv'),
    ]);
    expect(statusLines(response)).toEqual([413]);
    await expectStillServing();
  });

  it('survives an upload aborted halfway and frees its room', async () => {
    const head = requestHead('/api/upload', {
      'Content-Type': `multipart/form-data; boundary=${boundary}`,
      'Content-Length': 10 * 1024 * 1024,
    });
    const { response } = await rawRequest(
      server.port,
      [head + multipartHead(boundary, 'half.csv'), 'name\n' + 'Ada\n'.repeat(100_000), 'never'],
      { pauseMs: 100, abortAfterPieces: 2 },
    );
    expect(statusLines(response).length).toBeLessThanOrEqual(1);
    await expectStillServing();
    const after = await upload('after.csv', 'name\nAda\n');
    expect(after.status).toBe(201);
  });

  it('cuts off a slow-drip upload after the deadline with one 408', async () => {
    const head = requestHead('/api/upload', {
      'Content-Type': `multipart/form-data; boundary=${boundary}`,
      'Content-Length': 1_000_000,
    });
    const started = performance.now();
    const drip = Array.from({ length: 40 }, () => 'Ada,ada@example.org\n');
    const { response, closed } = await rawRequest(
      server.port,
      [head + multipartHead(boundary, 'drip.csv') + 'name,email\n', ...drip],
      { pauseMs: 250, waitMs: 15_000 },
    );
    const elapsed = performance.now() - started;
    expect(statusLines(response)).toEqual([408]);
    expect(response).toMatch(/"message":"The upload did not arrive within 2 seconds"/);
    expect(closed).toBe(true);
    expect(elapsed).toBeLessThan(8_000);
    await expectStillServing();
  });

  it('frees the room of a chunked slow-drip upload it cut off', async () => {
    // A chunked upload (no Content-Length) reserves room for the largest file: 150 MiB of this
    // 200 MB budget. A second one fits only once the first has given its room back.
    const small = await spawnServer({
      STANDIN_UPLOAD_DEADLINE_SECONDS: '1',
      STANDIN_MEMORY_BUDGET_MB: '200',
    });
    try {
      const chunk = (text: string) => `${text.length.toString(16)}\r\n${text}\r\n`;
      const head = requestHead('/api/upload', {
        'Content-Type': `multipart/form-data; boundary=${boundary}`,
        'Transfer-Encoding': 'chunked',
      });
      const drip = Array.from({ length: 20 }, () => chunk('Ada,ada@example.org\n'));
      const cutOff = await rawRequest(
        small.port,
        [head + chunk(multipartHead(boundary, 'drip.csv') + 'name,email\n'), ...drip],
        { pauseMs: 200, waitMs: 10_000 },
      );
      expect(statusLines(cutOff.response)).toEqual([408]);
      const body = multipartHead(boundary, 'after.csv') + `name\nAda\n\r\n--${boundary}--\r\n`;
      const after = await rawRequest(small.port, [head + chunk(body) + chunk('')]);
      expect(statusLines(after.response)).toEqual([201]);
    } finally {
      await small.stop();
    }
  }, 20_000);

  it('survives clients that disconnect during a run and during a download', async () => {
    const form = new FormData();
    form.append(
      'file',
      new Blob(['name,email\n' + 'Ada,ada@example.org\n'.repeat(20_000)]),
      'big.csv',
    );
    const uploaded = await fetch(`${server.url}/api/upload`, { method: 'POST', body: form });
    const { id } = (await uploaded.json()) as { id: string };
    const path = `/api/datasets/${id}`;
    // Gone before the job finishes: the answer has nowhere to go.
    await rawRequest(
      server.port,
      [requestHead(`${path}/pseudonymize`, { 'Content-Type': 'application/json' }) + '{}'],
      { waitMs: 50 },
    );
    const run = await fetch(`${server.url}${path}/pseudonymize`, { method: 'POST' });
    expect(run.status).toBe(200);
    // Gone after the first bytes of a download.
    const { response } = await rawRequest(
      server.port,
      [requestHead(`${path}/download?format=xlsx`, {}, 'GET')],
      { waitMs: 30 },
    );
    expect(statusLines(response).length).toBeLessThanOrEqual(1);
    const download = await fetch(`${server.url}${path}/download`);
    expect(download.status).toBe(200);
    expect((await download.text()).split('\n').length).toBeGreaterThan(20_000);
    await expectStillServing();
  });

  it('logs no internal error for any of the above', () => {
    expect(server.output()).not.toMatch(/internal error|ERR_HTTP_HEADERS_SENT|at .*\.js:\d+/);
  });
});
