import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateRealisticCsv } from '../../scripts/lib/realistic-csv';
import type { RunningServer } from '../../src/server/app';
import { EnginePool } from '../../src/server/engine-pool';
import { fixtureFile } from '../support/people-files';
import {
  startTestServer,
  uploadDataset,
  uploadFile,
  type ErrorBody,
} from '../support/in-process-server';

describe('heavy work runs off the event loop', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startTestServer();
  });

  afterAll(async () => {
    await server.close();
  });

  it('answers health checks while a large file is read and pseudonymized', async () => {
    const csv = generateRealisticCsv(12 * 1024 * 1024, 7);
    let uploading = true;
    const upload = uploadDataset(server.url, 'large.csv', csv).finally(() => {
      uploading = false;
    });
    let answeredDuringUpload = 0;
    while (uploading) {
      const health = await fetch(`${server.url}/api/health`);
      expect(health.status).toBe(200);
      if (uploading) answeredDuringUpload++;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const view = await upload;
    expect(view.rowCount).toBeGreaterThan(10_000);
    expect(answeredDuringUpload).toBeGreaterThan(3);

    let pseudonymizing = true;
    const run = fetch(`${server.url}/api/datasets/${view.id}/pseudonymize`, {
      method: 'POST',
    }).finally(() => {
      pseudonymizing = false;
    });
    let answeredDuringRun = 0;
    while (pseudonymizing) {
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
      if (pseudonymizing) answeredDuringRun++;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect((await run).status).toBe(200);
    expect(answeredDuringRun).toBeGreaterThan(3);
  });
});

describe('a failing job fails alone', () => {
  it('cuts a job off at its deadline with 413 and keeps serving', async () => {
    const server = await startTestServer({ jobDeadlineMs: 1 });
    try {
      const response = await uploadFile(server.url, 'people.csv', fixtureFile('csv'));
      expect(response.status).toBe(413);
      expect(((await response.json()) as ErrorBody).message).toMatch(/longer than/);
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe('a full job queue', () => {
  it('answers 503 with Retry-After over REST and tRPC, and the running job completes', async () => {
    const server = await startTestServer({ workerThreads: 1, maxQueuedJobs: 0 });
    try {
      const { id } = await uploadDataset(
        server.url,
        'large.csv',
        generateRealisticCsv(3 * 1024 * 1024, 5),
      );
      const running = fetch(`${server.url}/api/datasets/${id}/pseudonymize`, { method: 'POST' });
      while (server.pool.pending === 0) await new Promise((resolve) => setTimeout(resolve, 5));

      const rest = await fetch(`${server.url}/api/datasets/${id}/reanalyze`, { method: 'POST' });
      expect(rest.status).toBe(503);
      expect(Number(rest.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await rest.json()) as ErrorBody).message).toMatch(/busy/);

      const trpc = await fetch(`${server.url}/api/trpc/reanalyze`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ json: { id } }),
      });
      expect(trpc.status).toBe(503);
      expect(Number(trpc.headers.get('retry-after'))).toBeGreaterThan(0);

      expect((await running).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe('EnginePool', () => {
  it('refuses a job with 503 when every thread is busy and the queue is full', async () => {
    const pool = new EnginePool({ threads: 1, maxQueuedJobs: 1, deadlineMs: 60_000, heapMb: 1024 });
    const csv = new TextEncoder().encode('a,b\n1,2\n');
    const bytes = new SharedArrayBuffer(csv.byteLength);
    new Uint8Array(bytes).set(csv);
    const job = { kind: 'ingest', bytes, fileName: 'a.csv' } as const;
    try {
      const running = pool.run(job);
      const waiting = pool.run(job);
      expect(pool.pending).toBe(2);
      await expect(pool.run(job)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      const outputs = await Promise.all([running, waiting]);
      for (const output of outputs) {
        expect(output.sheets.map((sheet) => [sheet.columns, sheet.rowCount])).toEqual([
          [['a', 'b'], 1],
        ]);
      }
      expect(pool.pending).toBe(0);
    } finally {
      await pool.close();
    }
  });
});
