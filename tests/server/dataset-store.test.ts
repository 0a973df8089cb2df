import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildReport, detectSchema, recipeFromSchemas, type PrivacyReport } from '../../src/engine';
import type { RunningServer } from '../../src/server/app';
import {
  DatasetStore,
  FOOTPRINT_FACTOR,
  type PseudonymizedRun,
  type ExtrasToCome,
  type SheetState,
} from '../../src/server/dataset-store';
import { fixtureFile, ordersSheet, peopleSheet } from '../support/people-files';
import { MIB } from '../../src/server/config';
import { lastReport } from '../../src/server/routers/report';
import {
  ManualClock,
  startTestServer,
  uploadDataset,
  uploadFile,
} from '../support/in-process-server';

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
  });
});

describe('memory budget: the real size of what is kept', () => {
  let server: RunningServer;

  afterEach(async () => {
    await server.close();
  });

  it('holds room for a chunked upload as large as the limit only while it is received', async () => {
    server = await startTestServer({ memoryBudgetBytes: 1024 * MIB });
    const file = fixtureFile('csv');
    const form = new Response(
      (() => {
        const data = new FormData();
        data.append('file', new Blob([new Uint8Array(file)]), 'chunked.csv');
        return data;
      })(),
    );
    // A streamed body has no Content-Length: the server cannot know the size up front.
    const response = await fetch(`${server.url}/api/upload`, {
      method: 'POST',
      headers: { 'Content-Type': form.headers.get('content-type')! },
      body: form.body,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(201);
    expect(server.store.usedBytes).toBeLessThan(file.byteLength * FOOTPRINT_FACTOR + 64 * 1024);
  });

  it('refuses to keep a run that outgrows the budget with 503, keeping the dataset usable', async () => {
    // A long column name and distinct values: the mapping (sheet, column, original, pseudonym
    // per value) is several times the file, far past the three times counted for it up front.
    const csv = ['customer_full_name_as_registered_in_the_crm']
      .concat(Array.from({ length: 3000 }, (_, i) => `Person ${i}`))
      .join('\n');
    const bytes = new TextEncoder().encode(csv).byteLength;
    server = await startTestServer({ memoryBudgetBytes: bytes * 4 });
    const { id } = await uploadDataset(server.url, 'customers-with-a-long-name.csv', csv);
    const used = server.store.usedBytes;

    const refused = await fetch(`${server.url}/api/datasets/${id}/pseudonymize`, {
      method: 'POST',
    });
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { message: string }).message).toMatch(/result.*try again/);
    expect(server.store.usedBytes).toBe(used);

    const view = await fetch(`${server.url}/api/datasets/${id}`);
    expect(view.status).toBe(200);
    expect(((await view.json()) as { pseudonymizedData: unknown }).pseudonymizedData).toBeNull();
    expect((await fetch(`${server.url}/api/datasets/${id}/download`)).status).toBe(409);
  });

  it('counts a run it keeps at its real size', async () => {
    server = await startTestServer({ memoryBudgetBytes: 1024 * MIB });
    const { id } = await uploadDataset(server.url, 'people.csv', fixtureFile('csv', 400));
    const before = server.store.usedBytes;
    const run = await fetch(`${server.url}/api/datasets/${id}/pseudonymize`, { method: 'POST' });
    expect(run.status).toBe(200);
    const output = await (await fetch(`${server.url}/api/datasets/${id}/download`)).arrayBuffer();
    const mapping = await (
      await fetch(`${server.url}/api/datasets/${id}/download-mapping`)
    ).arrayBuffer();
    expect(server.store.usedBytes).toBeGreaterThanOrEqual(
      Math.min(before, fixtureFile('csv', 400).byteLength) + output.byteLength + mapping.byteLength,
    );
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

  it('shrinks a reservation to the size that arrived', () => {
    const store = new DatasetStore({ ttlMs: MINUTE, budgetBytes: 100 * FOOTPRINT_FACTOR });
    const reservation = store.reserve(100);
    reservation.shrinkTo(30);
    expect(reservation.bytes).toBe(30 * FOOTPRINT_FACTOR);
    expect(store.usedBytes).toBe(30 * FOOTPRINT_FACTOR);
    // Never grows: the room was checked for the larger size only.
    reservation.shrinkTo(50);
    expect(store.usedBytes).toBe(30 * FOOTPRINT_FACTOR);
    reservation.release();
    expect(store.usedBytes).toBe(0);
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

describe('DatasetStore operations', () => {
  /** A sheet as the ingest job gives it: detected schema, preview rows of display text. */
  function sheetState(sheet = peopleSheet(5)): SheetState {
    return {
      name: sheet.name,
      columns: sheet.columns,
      rowCount: sheet.rows.length,
      schema: detectSchema(sheet),
      preview: sheet.rows.map((row) => row.map((cell) => String(cell))),
    };
  }

  function fakeRun(bytes = 100): PseudonymizedRun & { report: PrivacyReport } {
    return {
      output: new SharedArrayBuffer(bytes),
      mapping: new SharedArrayBuffer(bytes),
      mappingRowCount: 3,
      previews: [[['x']], [['y']]],
      stats: {
        scheme: 2,
        rowsProcessed: 5,
        cellsProcessed: 40,
        columnsPseudonymized: 8,
        columnsReplaced: 8,
        columnsKept: 0,
        columnsBlanked: 0,
        cellsReplaced: 40,
        cellsKept: 0,
        keptColumns: [],
        schemaMatch: 1,
        fileDependentPseudonyms: 0,
        timings: { generate: 1 },
        durationMs: 2,
      },
      report: fakeReport(),
    };
  }

  /** A real report of a small sheet against itself: every column kept. */
  function fakeReport() {
    const sheet = peopleSheet(6);
    const schema = detectSchema(sheet).map((column) => ({
      ...column,
      rule: { action: 'keep' as const },
    }));
    const original = { format: 'csv' as const, sheets: [sheet] };
    return buildReport({ original, output: original, schemas: [schema], mappingAvailable: false });
  }

  function storeWithWorkbook(clock = new ManualClock()) {
    const store = new DatasetStore({ ttlMs: 10 * MINUTE, budgetBytes: 1e9, clock });
    const original = new SharedArrayBuffer(1000);
    const dataset = store.add(
      {
        filename: 'book.xlsx',
        format: 'xlsx',
        size: 1000,
        original,
        sheets: [sheetState(), sheetState(ordersSheet(4))],
      },
      store.reserve(1000),
    );
    return { store, dataset };
  }

  it('hands out frozen datasets, sheets and columns', () => {
    const { dataset } = storeWithWorkbook();
    const sheet = dataset.sheets[0]!;
    for (const frozen of [dataset, dataset.sheets, sheet, sheet.columns, sheet.schema]) {
      expect(Object.isFrozen(frozen)).toBe(true);
    }
    expect(sheet.schema.every((column) => Object.isFrozen(column))).toBe(true);
    expect(() => {
      (dataset as { selectedSheet: number }).selectedSheet = 1;
    }).toThrow(TypeError);
    expect(() => {
      (sheet.schema[0] as { type: string }).type = 'string';
    }).toThrow(TypeError);
  });

  it('selects a sheet in a new dataset, leaving the one returned before as it was', () => {
    const { store, dataset } = storeWithWorkbook();
    const selected = store.selectSheet(dataset.id, 'Orders');
    expect(selected.selectedSheet).toBe(1);
    expect(dataset.selectedSheet).toBe(0);
    expect(store.get(dataset.id)).toBe(selected);
    expect(selected.sheets).toBe(dataset.sheets);
    expect(() => store.selectSheet(dataset.id, 'Nowhere')).toThrow(
      expect.objectContaining({ code: 'BAD_REQUEST' }),
    );
    expect(store.get(dataset.id)).toBe(selected);
  });

  it('updates columns in a new dataset: a new object for a changed column only', () => {
    const { store, dataset } = storeWithWorkbook();
    const before = dataset.sheets[0]!.schema;
    const emailBefore = JSON.stringify(before.find((column) => column.name === 'email'));
    const updated = store.updateColumns(dataset.id, [{ name: 'email', rule: { action: 'keep' } }]);

    const after = updated.sheets[0]!.schema;
    expect(after.find((column) => column.name === 'email')?.rule).toEqual({ action: 'keep' });
    expect(JSON.stringify(before.find((column) => column.name === 'email'))).toBe(emailBefore);
    expect(dataset.sheets[0]!.schema).toBe(before);
    after.forEach((column, index) => {
      if (column.name === 'email') expect(column).not.toBe(before[index]);
      else expect(column).toBe(before[index]);
    });
    // The other sheet is the same object: nothing about it changed.
    expect(updated.sheets[1]).toBe(dataset.sheets[1]);
  });

  it("keeps a run's report frozen, counted in the budget, with when the run was recorded", () => {
    const clock = new ManualClock();
    const { store, dataset } = storeWithWorkbook(clock);
    clock.advance(MINUTE);
    const run = fakeRun(100_000);
    const withRun = store.recordRun(dataset.id, run, dataset);
    expect(withRun.run?.report).toEqual(run.report);
    expect(withRun.run?.recordedAt).toBe(clock.now());
    expect(Object.isFrozen(withRun.run?.report?.sheets[0]?.columns[0])).toBe(true);
    const withoutReport = fakeRun(100_000);
    const empty = { ...withoutReport.report, sheets: [] };
    const { store: other, dataset: otherDataset } = storeWithWorkbook();
    other.recordRun(otherDataset.id, { ...withoutReport, report: empty }, otherDataset);
    // Same buffers and previews: the difference is the report's size, about 2 bytes a character.
    const reportBytes = store.usedBytes - other.usedBytes;
    expect(reportBytes).toBeGreaterThan(JSON.stringify(run.report.sheets).length);
    expect(store.discardRun(dataset.id).run).toBeNull();
  });

  it('keeps a run whose report could not be computed; the report answers 500, not the data', () => {
    const { store, dataset } = storeWithWorkbook();
    const run = { ...fakeRun(100_000), report: null };
    const withRun = store.recordRun(dataset.id, run, dataset);
    expect(withRun.run?.output.byteLength).toBe(100_000);
    expect(() => lastReport(withRun)).toThrow(/could not be computed.*downloads are complete/);
    expect(() => lastReport(withRun)).toThrow(
      expect.objectContaining({ code: 'INTERNAL_SERVER_ERROR' }),
    );
    expect(() => lastReport(store.discardRun(dataset.id))).toThrow(
      expect.objectContaining({ code: 'CONFLICT' }),
    );
  });

  /** A run's result, and its report and mapping to send when the test says. */
  function earlyRun(bytes = 100) {
    const { mapping, report, ...result } = fakeRun(bytes);
    let sendReport!: () => void;
    let sendMapping!: () => void;
    let failReport!: (error: Error) => void;
    let failMapping!: (error: Error) => void;
    const extras: ExtrasToCome = {
      report: new Promise((resolve, reject) => {
        sendReport = () => resolve(report);
        failReport = reject;
      }),
      mapping: new Promise((resolve, reject) => {
        sendMapping = () => resolve(mapping);
        failMapping = reject;
      }),
    };
    /** The worker failing: what has not come fails with it. */
    const fail = (error: Error) => {
      failReport(error);
      failMapping(error);
    };
    return { result, extras, sendReport, sendMapping, fail };
  }

  it('keeps a run answered early, then its report, then its mapping, each counted', async () => {
    const { store, dataset } = storeWithWorkbook();
    const used = store.usedBytes;
    const run = earlyRun(100_000);
    const early = store.recordEarlyRun(dataset.id, run.result, dataset, run.extras);
    expect(early.run?.output.byteLength).toBe(100_000);
    expect(early.run?.mapping).toBeNull();
    expect(early.run?.report).toBeNull();
    expect(early.run?.reportCompletion).toBeInstanceOf(Promise);
    expect(early.run?.completion).toBeInstanceOf(Promise);
    const withoutExtras = store.usedBytes;
    expect(withoutExtras).toBeGreaterThan(used);

    const reporting = store.reported(dataset.id);
    run.sendReport();
    const reported = await reporting;
    expect(lastReport(reported).report.sheets).toHaveLength(1);
    expect(reported.run?.reportCompletion).toBeUndefined();
    expect(reported.run?.mapping).toBeNull();
    expect(reported.run?.completion).toBeInstanceOf(Promise);
    const withReport = store.usedBytes;
    expect(withReport).toBeGreaterThan(withoutExtras);

    const settling = store.settled(dataset.id);
    run.sendMapping();
    const settled = await settling;
    expect(settled).toBe(store.get(dataset.id));
    expect(settled.run?.completion).toBeUndefined();
    expect(settled.run?.mapping?.byteLength).toBe(100_000);
    expect(settled.run?.report).toBe(reported.run?.report);
    expect(settled.run?.stats).toEqual(early.run?.stats);
    expect(settled.run?.recordedAt).toBe(early.run?.recordedAt);
    expect(Object.isFrozen(settled.run)).toBe(true);
    expect(store.usedBytes).toBeGreaterThanOrEqual(withReport + 100_000);
  });

  it("keeps a run's data when the worker fails; what had not come answers the failure", async () => {
    const { store, dataset } = storeWithWorkbook();
    const run = earlyRun();
    store.recordEarlyRun(dataset.id, run.result, dataset, run.extras);
    run.sendReport();
    run.fail(new Error('worker died'));
    const settled = await store.settled(dataset.id);
    expect(settled.run?.output.byteLength).toBe(100);
    expect(settled.run?.mapping).toBeNull();
    expect(settled.run?.mappingError?.message).toBe('worker died');
    expect(lastReport(settled).report.sheets).toHaveLength(1);

    const before = storeWithWorkbook();
    const early = earlyRun();
    before.store.recordEarlyRun(before.dataset.id, early.result, before.dataset, early.extras);
    early.fail(new Error('worker died'));
    const failed = await before.store.settled(before.dataset.id);
    expect(failed.run?.output.byteLength).toBe(100);
    expect(failed.run?.mappingError?.message).toBe('worker died');
    expect(() => lastReport(failed)).toThrow(
      expect.objectContaining({ code: 'INTERNAL_SERVER_ERROR' }),
    );
  });

  it('drops the extras of a run discarded meanwhile', async () => {
    const { store, dataset } = storeWithWorkbook();
    const run = earlyRun(100_000);
    const early = store.recordEarlyRun(dataset.id, run.result, dataset, run.extras);
    store.discardRun(dataset.id);
    const used = store.usedBytes;
    run.sendReport();
    run.sendMapping();
    await Promise.all([early.run?.reportCompletion, early.run?.completion]);
    expect(store.get(dataset.id).run).toBeNull();
    expect(store.usedBytes).toBe(used);
  });

  it('keeps no mapping that does not fit in the budget (503 for it), and keeps the report', async () => {
    const store = new DatasetStore({ ttlMs: 10 * MINUTE, budgetBytes: 50_000 });
    const dataset = store.add(
      {
        filename: 'p.csv',
        format: 'csv',
        size: 1000,
        original: new SharedArrayBuffer(1000),
        sheets: [sheetState()],
      },
      store.reserve(1000),
    );
    const run = earlyRun(20_000);
    store.recordEarlyRun(dataset.id, run.result, dataset, run.extras);
    const beforeExtras = store.usedBytes;
    run.sendReport();
    run.sendMapping();
    const settled = await store.settled(dataset.id);
    expect(settled.run?.mapping).toBeNull();
    expect(settled.run?.mappingError).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(lastReport(settled).report.sheets).toHaveLength(1);
    expect(store.usedBytes).toBeLessThanOrEqual(50_000);
    expect(store.usedBytes).toBeGreaterThanOrEqual(beforeExtras);
  });

  it('refuses a bad update as a whole, leaving the dataset as it was', () => {
    const { store, dataset } = storeWithWorkbook();
    expect(() =>
      store.updateColumns(dataset.id, [
        { name: 'email', rule: { action: 'keep' } },
        { name: 'missing', type: 'string' },
      ]),
    ).toThrow(/no column named "missing"/);
    expect(store.get(dataset.id)).toBe(dataset);
  });

  it('records a run in a new dataset, counted at its size, and discards it on a schema change', () => {
    const { store, dataset } = storeWithWorkbook();
    const used = store.usedBytes;
    const big = 5000;
    const withRun = store.recordRun(dataset.id, fakeRun(big), dataset);
    expect(dataset.run).toBeNull();
    expect(withRun.run?.mappingRowCount).toBe(3);
    expect(Object.isFrozen(withRun.run)).toBe(true);
    expect(store.usedBytes).toBeGreaterThanOrEqual(1000 + 2 * big);
    expect(used).toBeLessThan(1000 + 2 * big);

    // The same values sent back change nothing: the run is kept, the dataset is the same object.
    const email = withRun.sheets[0]!.schema.find((column) => column.name === 'email')!;
    expect(store.updateColumns(dataset.id, [{ name: 'email', rule: email.rule }])).toBe(withRun);

    const changed = store.updateColumns(dataset.id, [{ name: 'email', rule: { action: 'keep' } }]);
    expect(changed.run).toBeNull();
    expect(withRun.run).not.toBeNull();
    expect(store.usedBytes).toBe(used);
  });

  it('replaces a schema detected again, discarding the run only when it differs', () => {
    const { store, dataset } = storeWithWorkbook();
    const withRun = store.recordRun(dataset.id, fakeRun(), dataset);
    const same = detectSchema(peopleSheet(5));
    expect(store.replaceSchema(dataset.id, 0, same)).toBe(withRun);

    const other = detectSchema(ordersSheet(4));
    const replaced = store.replaceSchema(dataset.id, 0, other);
    expect(replaced.sheets[0]!.schema).toEqual(other);
    expect(replaced.run).toBeNull();
    expect(withRun.sheets[0]!.schema).toEqual(same);
  });

  it('refuses with 409 a run made from sheets that changed while it was going', () => {
    const { store, dataset } = storeWithWorkbook();
    // A sheet selected meanwhile changes no schema: the run is kept.
    store.selectSheet(dataset.id, 'Orders');
    expect(store.recordRun(dataset.id, fakeRun(), dataset).run).not.toBeNull();

    const changed = store.updateColumns(dataset.id, [
      { name: 'order_id', rule: { action: 'keep' } },
    ]);
    expect(() => store.recordRun(dataset.id, fakeRun(), dataset)).toThrow(
      expect.objectContaining({
        code: 'CONFLICT',
        message: 'The schema changed while the run was going; run it again',
      }),
    );
    expect(store.get(dataset.id)).toBe(changed);
    expect(changed.run).toBeNull();
  });

  it('applies a recipe to every sheet in a new dataset, discarding the run on a change only', () => {
    const { store, dataset } = storeWithWorkbook();
    const withRun = store.recordRun(dataset.id, fakeRun(), dataset);
    const own = recipeFromSchemas(withRun.sheets);
    const unchanged = store.applyRecipe(dataset.id, own);
    expect(unchanged.dataset).toBe(withRun);
    expect(unchanged.report.applied).toHaveLength(8 + 3);

    const keepOrderIds = structuredClone(own);
    keepOrderIds.sheets[1]!.columns[0]!.rule = { action: 'keep' };
    const { dataset: applied, report } = store.applyRecipe(dataset.id, keepOrderIds);
    expect(applied.run).toBeNull();
    expect(applied.sheets[0]).toBe(withRun.sheets[0]);
    expect(applied.sheets[1]!.schema[0]!.rule).toEqual({ action: 'keep' });
    expect(Object.isFrozen(applied.sheets[1]!.schema[0])).toBe(true);
    expect(report.notFound).toEqual([]);
    expect(withRun.sheets[1]!.schema[0]!.rule).not.toEqual({ action: 'keep' });
  });

  it('discards a run in a new dataset, freeing its memory at once', () => {
    const { store, dataset } = storeWithWorkbook();
    const used = store.usedBytes;
    const withRun = store.recordRun(dataset.id, fakeRun(100_000), dataset);
    expect(store.usedBytes).toBeGreaterThan(used);
    const discarded = store.discardRun(dataset.id);
    expect(discarded.run).toBeNull();
    expect(withRun.run).not.toBeNull();
    expect(store.usedBytes).toBe(used);
    expect(store.discardRun(dataset.id)).toBe(discarded);
  });

  it('pushes expiry back on every use without changing the dataset', () => {
    const clock = new ManualClock();
    const { store, dataset } = storeWithWorkbook(clock);
    expect(store.expiresAt(dataset).getTime()).toBe(clock.now() + 10 * MINUTE);
    clock.advance(9 * MINUTE);
    expect(store.get(dataset.id)).toBe(dataset);
    expect(store.expiresAt(dataset).getTime()).toBe(clock.now() + 10 * MINUTE);
    clock.advance(10 * MINUTE);
    expect(() => store.get(dataset.id)).toThrow(/not found/);
  });
});
