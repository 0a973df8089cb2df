import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/server/app';
import { DatasetStore, FOOTPRINT_FACTOR } from '../../src/server/dataset-store';
import { fixtureFile } from './fixtures';
import { ManualClock, startTestServer, uploadDataset, uploadFile } from './test-server';

const MINUTE = 60_000;

describe('expiry', () => {
  const clock = new ManualClock();
  let server: RunningServer;

  beforeAll(async () => {
    server = await startTestServer({ clock, datasetTtlMs: 30 * MINUTE });
  });

  afterAll(async () => {
    await server.close();
  });

  it('discards a dataset 30 minutes after its last access, answering like an unknown id', async () => {
    const { id, expiresAt } = await uploadDataset(server.url, 'people.csv', fixtureFile('csv'));
    expect(Date.parse(expiresAt)).toBe(clock.now() + 30 * MINUTE);

    clock.advance(29 * MINUTE);
    const touched = await fetch(`${server.url}/api/datasets/${id}`);
    expect(touched.status).toBe(200);
    expect(((await touched.json()) as { expiresAt: string }).expiresAt).toBe(
      new Date(clock.now() + 30 * MINUTE).toISOString(),
    );

    clock.advance(29 * MINUTE);
    expect((await fetch(`${server.url}/api/datasets/${id}`)).status).toBe(200);

    clock.advance(30 * MINUTE);
    const expired = await fetch(`${server.url}/api/datasets/${id}`);
    const unknown = await fetch(`${server.url}/api/datasets/${crypto.randomUUID()}`);
    expect(expired.status).toBe(404);
    expect(await expired.text()).toBe(await unknown.text());
    expect(server.store.size).toBe(0);
  });
});

describe('memory budget', () => {
  const file = fixtureFile('csv');
  const perDataset = file.byteLength * FOOTPRINT_FACTOR;
  let server: RunningServer;

  beforeAll(async () => {
    server = await startTestServer({ memoryBudgetBytes: Math.floor(perDataset * 2.5) });
  });

  afterAll(async () => {
    await server.close();
  });

  it('refuses a new upload beyond the budget with 503 and Retry-After, evicting no one', async () => {
    const first = await uploadDataset(server.url, 'first.csv', file);
    const second = await uploadDataset(server.url, 'second.csv', file);

    const refused = await uploadFile(server.url, 'third.csv', file);
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { message: string }).message).toMatch(/try again/);

    for (const { id } of [first, second]) {
      expect((await fetch(`${server.url}/api/datasets/${id}`)).status).toBe(200);
    }

    const deleted = await fetch(`${server.url}/api/datasets/${second.id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect((await uploadFile(server.url, 'third.csv', file)).status).toBe(201);

    // A full budget never stops work on datasets already held: their room was counted up front.
    const pseudonymized = await fetch(`${server.url}/api/datasets/${first.id}/pseudonymize`, {
      method: 'POST',
    });
    expect(pseudonymized.status).toBe(200);
  });
});

describe('DatasetStore', () => {
  it('holds room for uploads in progress and gives it back when they fail', () => {
    const store = new DatasetStore({ ttlMs: MINUTE, budgetBytes: 10 * FOOTPRINT_FACTOR });
    const reservation = store.reserve(6);
    expect(store.usedBytes).toBe(6 * FOOTPRINT_FACTOR);
    expect(() => store.reserve(5)).toThrow(/try again/);
    reservation.release();
    reservation.release();
    expect(store.usedBytes).toBe(0);
    expect(() => store.reserve(10)).not.toThrow();
  });

  it('frees a deleted dataset at once and names a Retry-After until the first expiry', () => {
    const clock = new ManualClock();
    const store = new DatasetStore({
      ttlMs: 10 * MINUTE,
      budgetBytes: 100 * FOOTPRINT_FACTOR,
      clock,
    });
    const original = new SharedArrayBuffer(60);
    const dataset = store.add(
      { filename: 'a.csv', format: 'csv', size: 60, original, sheets: [] },
      store.reserve(60),
    );
    expect(store.usedBytes).toBe(60 * FOOTPRINT_FACTOR);
    clock.advance(4 * MINUTE);
    try {
      store.reserve(60);
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', retryAfterSeconds: 6 * 60 });
    }
    store.delete(dataset.id);
    expect(store.usedBytes).toBe(0);
    expect(() => store.get(dataset.id)).toThrow(/not found/);
  });
});
