// The router called in process through createCaller, with a real store and a real worker pool:
// what each procedure does to a dataset, without HTTP in between.
import { TRPCError } from '@trpc/server';
import { afterAll, describe, expect, it } from 'vitest';
import type { FileFormat } from '../../src/engine';
import { DatasetStore } from '../../src/server/dataset-store';
import { EnginePool } from '../../src/server/engine-pool';
import { createCaller } from '../../src/server/routers/_app';
import { fixtureFile } from '../support/people-files';
import { sheetRows } from '../support/in-process-server';

const store = new DatasetStore({ ttlMs: 60_000, budgetBytes: 1e9 });
const pool = new EnginePool({ threads: 1, maxQueuedJobs: 4, deadlineMs: 60_000, heapMb: 1024 });
const caller = createCaller({ store, pool, client: '127.0.0.1' });

afterAll(async () => {
  await pool.close();
});

/** A dataset of the people fixture, read by the pool's ingest job as the upload handler does. */
async function addDataset(format: FileFormat): Promise<string> {
  const file = fixtureFile(format);
  const bytes = new SharedArrayBuffer(file.byteLength);
  new Uint8Array(bytes).set(file);
  const fileName = `people.${format}`;
  const ingested = await pool.run({ kind: 'ingest', bytes, fileName });
  const dataset = store.add(
    {
      filename: fileName,
      format: ingested.format,
      size: bytes.byteLength,
      original: bytes,
      sheets: ingested.sheets,
    },
    store.reserve(bytes.byteLength),
  );
  return dataset.id;
}

function badRequestNaming(text: string) {
  return { code: 'BAD_REQUEST', message: expect.stringContaining(text) as unknown };
}

describe('fakerMethods and health', () => {
  it('lists the Faker catalogue', async () => {
    const catalogue = await caller.fakerMethods();
    expect(catalogue.find((group) => group.methods.includes('person.firstName'))).toBeDefined();
  });

  it('answers the health check', async () => {
    expect(await caller.health()).toEqual({ status: 'ok' });
  });
});

describe('getDataset and deleteDataset', () => {
  it('throws NOT_FOUND for an unknown dataset', async () => {
    await expect(caller.getDataset({ id: 'missing', limit: 1 })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(caller.deleteDataset({ id: 'missing' })).rejects.toBeInstanceOf(TRPCError);
  });

  it('shows the first rows, and NOT_FOUND once the dataset is deleted', async () => {
    const id = await addDataset('csv');
    const view = await caller.getDataset({ id, limit: 3 });
    expect(view).toMatchObject({ id, fileType: 'csv', rowCount: 40, selectedSheet: 'people' });
    expect(sheetRows(view.originalData)).toHaveLength(3);
    expect(view.pseudonymizedData).toBeNull();

    expect(await caller.deleteDataset({ id })).toEqual({ deleted: true });
    await expect(caller.getDataset({ id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(caller.deleteDataset({ id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('setSheet', () => {
  it("selects a workbook's sheet: its schema and summary, every sheet's rows", async () => {
    const id = await addDataset('xlsx');
    const view = await caller.setSheet({ id, sheetName: 'Orders' });
    expect(view.selectedSheet).toBe('Orders');
    expect(view.sheetNames).toEqual(['People', 'Orders']);
    expect(view.schema.map((column) => column.name)).toEqual([
      'order_id',
      'customer_email',
      'amount',
    ]);
    expect(view.rowCount).toBe(15);
    expect(sheetRows(view.originalData, 'People')).toHaveLength(40);
    expect((await caller.getDataset({ id })).selectedSheet).toBe('Orders');
  });

  it('refuses an unknown sheet with BAD_REQUEST, keeping the selection', async () => {
    const id = await addDataset('xlsx');
    await expect(caller.setSheet({ id, sheetName: 'Nowhere' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'The dataset has no sheet with that name (its sheets: 2)',
    });
    expect((await caller.getDataset({ id })).selectedSheet).toBe('People');
  });
});

describe('updateSchema', () => {
  const refusals: {
    description: string;
    schema: Parameters<typeof caller.updateSchema>[0]['schema'];
    names: string;
  }[] = [
    {
      description: 'an unknown column',
      schema: [{ name: 'nope', type: 'string' }],
      names: 'Sheet "people" has no column named "nope"',
    },
    {
      description: 'a column listed twice',
      schema: [
        { name: 'email', rule: { action: 'keep' } },
        { name: 'email', type: 'string' },
      ],
      names: 'Column "email" is listed twice',
    },
    {
      description: 'a faker rule without a method',
      schema: [{ name: 'first_name', rule: { action: 'faker' } }],
      names: 'Column "first_name": a faker rule needs a fakerMethod',
    },
    {
      description: 'a faker rule with an unknown method',
      schema: [{ name: 'first_name', rule: { action: 'faker', fakerMethod: 'nope.nothing' } }],
      names: 'Unknown Faker method "nope.nothing"',
    },
  ];
  for (const { description, schema, names } of refusals) {
    it(`refuses ${description} with BAD_REQUEST naming it, changing nothing`, async () => {
      const id = await addDataset('csv');
      const before = await caller.getDataset({ id });
      await expect(caller.updateSchema({ id, schema })).rejects.toMatchObject(
        badRequestNaming(names),
      );
      expect((await caller.getDataset({ id })).schema).toEqual(before.schema);
    });
  }

  it('changes the fields given and keeps the others: a type change keeps the rule', async () => {
    const id = await addDataset('csv');
    await caller.updateSchema({ id, schema: [{ name: 'first_name', rule: { action: 'keep' } }] });
    const view = await caller.updateSchema({
      id,
      schema: [{ name: 'first_name', type: 'string' }],
    });
    const column = view.schema.find((each) => each.name === 'first_name');
    expect(column).toMatchObject({ type: 'string', rule: { action: 'keep' } });
    const untouched = view.schema.find((each) => each.name === 'email');
    expect(untouched?.rule).not.toEqual({ action: 'keep' });
  });

  it('marks a range the user sets, not one echoed back unchanged', async () => {
    const id = await addDataset('csv');
    const balance = (await caller.getDataset({ id })).schema.find(
      (each) => each.name === 'balance',
    );
    expect(balance?.range).toBeDefined();
    const echoed = await caller.updateSchema({
      id,
      schema: [{ name: 'balance', range: balance!.range }],
    });
    expect(echoed.schema.find((each) => each.name === 'balance')?.rangeSetByUser).toBeUndefined();

    const set = await caller.updateSchema({
      id,
      schema: [{ name: 'balance', range: { min: 0, max: 100 } }],
    });
    expect(set.schema.find((each) => each.name === 'balance')).toMatchObject({
      range: { min: 0, max: 100 },
      rangeSetByUser: true,
    });
  });

  it("takes a measure's number mode; a new range without one goes back to 'range'", async () => {
    const id = await addDataset('csv');
    const picked = await caller.updateSchema({
      id,
      schema: [{ name: 'balance', numberMode: 'range' }],
    });
    expect(picked.schema.find((each) => each.name === 'balance')?.numberMode).toBe('range');
    const both = await caller.updateSchema({
      id,
      schema: [{ name: 'balance', range: { min: 0, max: 100 }, numberMode: 'distribution' }],
    });
    expect(both.schema.find((each) => each.name === 'balance')?.numberMode).toBe('distribution');
    const ranged = await caller.updateSchema({
      id,
      schema: [{ name: 'balance', range: { min: 0, max: 200 } }],
    });
    expect(ranged.schema.find((each) => each.name === 'balance')?.numberMode).toBeUndefined();
    await expect(
      caller.updateSchema({ id, schema: [{ name: 'balance', numberMode: 'even' as 'range' }] }),
    ).rejects.toThrow();
  });

  it('keeps the last run when the schema comes back unchanged, discards it on a change', async () => {
    const id = await addDataset('csv');
    const run = await caller.pseudonymize({ id, secret: 'fixed' });
    const email = run.schema.find((each) => each.name === 'email')!;

    const same = await caller.updateSchema({
      id,
      schema: [{ name: 'email', type: email.type, rule: email.rule }],
    });
    expect(same.pseudonymizedData).toEqual(run.pseudonymizedData);
    expect(same.mapping).toEqual(run.mapping);

    const changed = await caller.updateSchema({
      id,
      schema: [{ name: 'email', rule: { action: 'keep' } }],
    });
    expect(changed.pseudonymizedData).toBeNull();
    expect(changed.mapping).toBeNull();
    expect(changed.stats).toBeNull();
  });
});

describe('pseudonymize and reanalyze', () => {
  it('keeps a run that getDataset shows afterwards', async () => {
    const id = await addDataset('csv');
    const result = await caller.pseudonymize({ id, secret: 'fixed' });
    expect(result.stats?.rowsProcessed).toBe(40);
    const view = await caller.getDataset({ id, limit: 5 });
    expect(sheetRows(view.pseudonymizedData)).toHaveLength(5);
    expect(view.mapping?.rowCount).toBeGreaterThan(0);
    expect(view.stats).toEqual(result.stats);
    // The same secret gives the same pseudonyms.
    const again = await caller.pseudonymize({ id, secret: 'fixed' });
    expect(again.pseudonymizedData).toEqual(result.pseudonymizedData);
  });

  it("detects the selected sheet's schema again from a clean slate, discarding edits and the run", async () => {
    const id = await addDataset('tsv');
    const detected = (await caller.getDataset({ id })).schema;
    await caller.pseudonymize({ id });
    const edited = await caller.updateSchema({
      id,
      schema: [{ name: 'email', rule: { action: 'keep' } }],
    });
    expect(edited.schema).not.toEqual(detected);

    const kept = await caller.reanalyze({ id });
    expect(kept.schema).toEqual(edited.schema);
    const reanalyzed = await caller.reanalyze({ id, cleanSlate: true });
    expect(reanalyzed.schema).toEqual(detected);
    expect(reanalyzed.pseudonymizedData).toBeNull();
  });

  it('keeps the run when detecting again finds the same schema', async () => {
    const id = await addDataset('json');
    const run = await caller.pseudonymize({ id });
    const reanalyzed = await caller.reanalyze({ id });
    expect(reanalyzed.schema).toEqual(run.schema);
    expect(reanalyzed.pseudonymizedData).toEqual(run.pseudonymizedData);
  });
});

describe('getRecipe and applyRecipe', () => {
  it("applies one workbook's recipe to another, sheet by sheet", async () => {
    const march = await addDataset('xlsx');
    await caller.setSheet({ id: march, sheetName: 'Orders' });
    await caller.updateSchema({
      id: march,
      schema: [{ name: 'order_id', rule: { action: 'keep' } }],
    });
    const recipe = await caller.getRecipe({ id: march });
    expect(recipe.sheets.map((sheet) => sheet.name)).toEqual(['People', 'Orders']);

    const april = await addDataset('xlsx');
    const applied = await caller.applyRecipe({ id: april, ...recipe });

    // The view is of the selected sheet, People; the change is in Orders.
    expect(applied.selectedSheet).toBe('People');
    expect(applied.recipeReport.applied).toHaveLength(8 + 3);
    expect(applied.recipeReport.notFound).toEqual([]);
    expect(applied.recipeReport.notCovered).toEqual([]);
    const orders = await caller.setSheet({ id: april, sheetName: 'Orders' });
    expect(orders.schema.find((column) => column.name === 'order_id')?.rule).toEqual({
      action: 'keep',
    });
    expect(await caller.getRecipe({ id: april })).toEqual(recipe);
  });

  it('refuses an invalid recipe with BAD_REQUEST, the issue naming the field', async () => {
    const id = await addDataset('csv');
    const recipe = await caller.getRecipe({ id });
    const column = recipe.sheets[0]!.columns[0]!;
    column.rule = { action: 'faker', fakerMethod: 'nope.nothing' };
    const refusal = caller.applyRecipe({ id, ...recipe });
    await expect(refusal).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const error = (await refusal.catch((thrown: unknown) => thrown)) as TRPCError;
    const issues = (error.cause as { issues?: { path: unknown[] }[] } | undefined)?.issues;
    expect(issues?.[0]?.path).toEqual(['sheets', 0, 'columns', 0, 'rule', 'fakerMethod']);
  });

  it('throws NOT_FOUND for an unknown dataset', async () => {
    const recipe = await caller.getRecipe({ id: await addDataset('csv') });
    await expect(caller.getRecipe({ id: 'missing' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(caller.applyRecipe({ id: 'missing', ...recipe })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});
