// Load limits of the built server: per-client rate limits (429), the memory budget that bounds
// the bytes being received (503 + Retry-After), and the job queue (503 + Retry-After).
import { afterEach, describe, expect, it } from 'vitest';
import { generateRealisticCsv } from '../../../scripts/lib/realistic-csv';
import { multipartHead, rawRequest, requestHead, statusLines } from '../../support/raw-http';
import { spawnServer, type SpawnedServer } from '../../support/spawned-server';

let server: SpawnedServer | undefined;

afterEach(async () => {
  await server?.stop();
  server = undefined;
});

function upload(url: string, fileName: string, text: string): Promise<Response> {
  const form = new FormData();
  form.append('file', new Blob([text]), fileName);
  return fetch(`${url}/api/upload`, { method: 'POST', body: form });
}

describe('per-client rate limits', () => {
  it('answers uploads over the per-minute limit with 429, JSON and Retry-After', async () => {
    server = await spawnServer({ STANDIN_UPLOAD_RATE_LIMIT_PER_MINUTE: '3' });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await upload(server.url, 'a.csv', 'a\n1\n')).status);
    expect(statuses).toEqual([201, 201, 201]);
    const refused = await upload(server.url, 'a.csv', 'a\n1\n');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({
      message: 'Too many uploads from this address; at most 3 a minute',
    });
  });

  it('answers API calls over the limit with 429 but keeps the health check open', async () => {
    server = await spawnServer({ STANDIN_RATE_LIMIT_PER_MINUTE: '10' });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push((await fetch(`${server.url}/api/datasets/${crypto.randomUUID()}`)).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array<number>(10).fill(404));
    expect(statuses.slice(10)).toEqual([429, 429]);
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    expect(server.alive()).toBe(true);
  });
});

describe('global limits', () => {
  it('refuses an upload with 503 and Retry-After while others hold the memory budget', async () => {
    // Each upload reserves three times its declared size: 30 MB → 90 MB of a 100 MB budget.
    server = await spawnServer({ STANDIN_MEMORY_BUDGET_MB: '100' });
    const boundary = 'budget';
    const head = requestHead('/api/upload', {
      'Content-Type': `multipart/form-data; boundary=${boundary}`,
      'Content-Length': 30 * 1024 * 1024,
    });
    const holding = rawRequest(
      server.port,
      [head + multipartHead(boundary, 'slow.csv'), 'name\n', 'Ada\n', 'Bob\n', 'stop'],
      { pauseMs: 500, abortAfterPieces: 4 },
    );
    await new Promise((wait) => setTimeout(wait, 300));
    const refused = await rawRequest(server.port, [head + multipartHead(boundary, 'second.csv')]);
    expect(statusLines(refused.response)).toEqual([503]);
    expect(refused.response).toMatch(/Retry-After: \d+/i);
    expect(refused.response).toMatch(/"message":"The server is holding as much data/);
    await holding;
    // The aborted upload gave its room back.
    expect((await upload(server.url, 'after.csv', 'a\n1\n')).status).toBe(201);
  });

  it('refuses a client more jobs at once than its share with 429 and Retry-After', async () => {
    server = await spawnServer({ STANDIN_WORKER_THREADS: '1', STANDIN_JOBS_PER_CLIENT: '2' });
    const uploaded = await upload(
      server.url,
      'people.csv',
      generateRealisticCsv(2 * 1024 * 1024, 3),
    );
    const { id } = (await uploaded.json()) as { id: string };
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        fetch(`${server!.url}/api/datasets/${id}/pseudonymize`, { method: 'POST' }),
      ),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([200, 200, 429, 429, 429]);
    for (const response of responses.filter((each) => each.status === 429)) {
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await response.json()) as { message: string }).message).toMatch(/at once/);
    }
    // Its jobs done, the client may start more.
    const again = await fetch(`${server.url}/api/datasets/${id}/pseudonymize`, { method: 'POST' });
    expect(again.status).toBe(200);
  }, 60_000);

  it('refuses jobs beyond the queue with 503 and Retry-After, and finishes the others', async () => {
    server = await spawnServer({ STANDIN_WORKER_THREADS: '1', STANDIN_MAX_QUEUED_JOBS: '1' });
    const csv = generateRealisticCsv(4 * 1024 * 1024, 7);
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, i) => upload(server!.url, `load${i}.csv`, csv)),
    );
    const statuses = responses.map((response) => response.status).sort();
    console.log(`job queue: 6 concurrent uploads answered ${statuses.join(', ')}`);
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThanOrEqual(2);
    const busy = responses.filter((response) => response.status === 503);
    expect(busy.length).toBeGreaterThanOrEqual(1);
    for (const response of busy) {
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await response.json()) as { message: string }).message).toMatch(/busy/);
    }
    expect(server.alive()).toBe(true);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  }, 60_000);
});
