import { utils, write } from '@e965/xlsx';
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

/** An xls of `rows` × 10 numbers under a header, as shared bytes (what a job reads). */
function sharedXls(rows: number): SharedArrayBuffer {
  const table: (string | number)[][] = [Array.from({ length: 10 }, (_, column) => `c${column}`)];
  for (let row = 0; row < rows; row++) table.push(Array.from({ length: 10 }, (_, c) => row + c));
  const book = utils.book_new();
  utils.book_append_sheet(book, utils.aoa_to_sheet(table), 'S');
  const xls = new Uint8Array(write(book, { type: 'array', bookType: 'biff8' }) as ArrayBuffer);
  const bytes = new SharedArrayBuffer(xls.byteLength);
  new Uint8Array(bytes).set(xls);
  return bytes;
}

/** A pool of one worker of `heapMb`, with a heavy lane of `heavyHeapMb`. */
function poolOfLanes(heapMb: number, heavyHeapMb: number): EnginePool {
  return new EnginePool({ threads: 1, maxQueuedJobs: 4, deadlineMs: 60_000, heapMb, heavyHeapMb });
}

describe('the heavy lane', () => {
  // 70,010 cells of an xls plan 91 MB of heap (job-heap.ts): more than 60% of 128 MB.
  const heavyXls = sharedXls(7_000);

  it('runs a workbook too large for the workers there, then its later jobs straight away', async () => {
    const pool = poolOfLanes(128, 512);
    const csv = new TextEncoder().encode('a,b\n1,2\n');
    const csvBytes = new SharedArrayBuffer(csv.byteLength);
    new Uint8Array(csvBytes).set(csv);
    try {
      await pool.run({ kind: 'ingest', bytes: csvBytes, fileName: 'a.csv', readKey: 'text' });
      expect(pool.heavyJobs).toBe(0);

      const ingested = await pool.run({
        kind: 'ingest',
        bytes: heavyXls,
        fileName: 'big.xls',
        readKey: 'workbook',
      });
      expect(ingested.sheets[0]?.rowCount).toBe(7_000);
      expect(pool.heavyJobs).toBe(1);
      const schema = await pool.run({
        kind: 'detect',
        bytes: heavyXls,
        fileName: 'big.xls',
        readKey: 'workbook',
        sheetIndex: 0,
      });
      expect(schema).toHaveLength(10);
      expect(pool.heavyJobs).toBe(2);
    } finally {
      await pool.close();
    }
  });

  it('is not there when its heap is not above the workers', async () => {
    const pool = poolOfLanes(1024, 1024);
    try {
      const ingested = await pool.run({ kind: 'ingest', bytes: heavyXls, fileName: 'big.xls' });
      expect(ingested.sheets[0]?.rowCount).toBe(7_000);
      expect(pool.heavyJobs).toBe(0);
    } finally {
      await pool.close();
    }
  });

  it("takes a large workbook's upload, run and converted download over REST", async () => {
    const server = await startTestServer({ workerHeapMb: 128, heavyWorkerHeapMb: 512 });
    try {
      const xls = new Uint8Array(heavyXls).slice();
      const { id } = await uploadDataset(server.url, 'big.xls', xls);
      const run = await fetch(`${server.url}/api/datasets/${id}/pseudonymize`, { method: 'POST' });
      expect(run.status).toBe(200);
      const download = await fetch(`${server.url}/api/datasets/${id}/download?format=csv`);
      expect(download.status).toBe(200);
      expect((await download.text()).split('\n').filter(Boolean)).toHaveLength(7_001);
      // The upload, the run and the conversion, each on the heavy lane.
      expect(server.pool.heavyJobs).toBe(3);
    } finally {
      await server.close();
    }
  });
});
