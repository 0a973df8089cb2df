import { createTRPCClient, httpLink, TRPCClientError } from '@trpc/client';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/server/app';
import type { AppRouter } from '../../src/server/routers/_app';
import { fixtureFile } from '../support/people-files';
import { sheetRows, startTestServer, uploadDataset } from '../support/in-process-server';

describe('tRPC over HTTP at /api/trpc', () => {
  let server: RunningServer;
  let client: ReturnType<typeof createTRPCClient<AppRouter>>;

  beforeAll(async () => {
    server = await startTestServer();
    client = createTRPCClient<AppRouter>({
      links: [httpLink({ url: `${server.url}/api/trpc`, transformer: superjson })],
    });
  });

  afterAll(async () => {
    await server.close();
  });

  it('refuses batched calls, so one request is one call against the limits', async () => {
    const { id } = await uploadDataset(server.url, 'people.csv', fixtureFile('csv'));
    const calls = Array.from({ length: 40 }, () => 'pseudonymize').join(',');
    const inputs = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [i, { json: { id } }]));
    const batch = await fetch(`${server.url}/api/trpc/${calls}?batch=1`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(inputs),
    });
    expect(batch.status).toBe(400);
    expect(server.pool.pending).toBe(0);
    const query = await fetch(`${server.url}/api/trpc/health,health?batch=1`);
    expect(query.status).toBe(400);
  });

  it('answers the same dataset as the REST path', async () => {
    const { id } = await uploadDataset(server.url, 'people.csv', fixtureFile('csv'));
    const viaTrpc = await client.getDataset.query({ id, limit: 5 });
    const viaRest = (await (
      await fetch(`${server.url}/api/datasets/${id}?limit=5`)
    ).json()) as typeof viaTrpc;
    expect({ ...viaTrpc, expiresAt: '' }).toEqual({ ...viaRest, expiresAt: '' });
    expect(viaTrpc.originalData).toHaveLength(5);
  });

  it('runs the flow: sheet, schema, pseudonymize, delete', async () => {
    const { id } = await uploadDataset(server.url, 'book.xlsx', fixtureFile('xlsx'));
    expect((await client.setSheet.mutate({ id, sheetName: 'Orders' })).selectedSheet).toBe(
      'Orders',
    );
    const updated = await client.updateSchema.mutate({
      id,
      schema: [{ name: 'order_id', rule: { action: 'keep' } }],
    });
    expect(updated.schema[0]?.rule).toEqual({ action: 'keep' });
    const result = await client.pseudonymize.mutate({ id });
    expect(sheetRows(result.pseudonymizedData, 'Orders')[0]?.order_id).toBe('ORD-5000');
    expect(result.stats?.rowsProcessed).toBeGreaterThan(0);
    expect(await client.deleteDataset.mutate({ id })).toEqual({ deleted: true });
  });

  it('carries the same message and status as REST for an unknown id', async () => {
    const id = crypto.randomUUID();
    const rest = (await (await fetch(`${server.url}/api/datasets/${id}`)).json()) as {
      message: string;
    };
    const error = await client.getDataset.query({ id }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TRPCClientError);
    const clientError = error as TRPCClientError<AppRouter>;
    expect(clientError.message).toBe(rest.message);
    expect(clientError.data?.httpStatus).toBe(404);
  });

  it('lists the zod issues of bad input in a 400', async () => {
    const { id } = await uploadDataset(server.url, 'people.csv', fixtureFile('csv'));
    const error = (await client.getDataset
      .query({ id, limit: 5000 })
      .catch((caught: unknown) => caught)) as TRPCClientError<AppRouter>;
    expect(error.data?.httpStatus).toBe(400);
    expect(error.message).toMatch(/^Input validation failed: limit: /);
    expect(error.data?.issues?.[0]?.path).toEqual(['limit']);
  });

  it("answers an engine refusal with the engine's message and a 400", async () => {
    const { id } = await uploadDataset(server.url, 'people.csv', fixtureFile('csv'));
    const error = (await client.updateSchema
      .mutate({
        id,
        schema: [{ name: 'id', rule: { action: 'faker', fakerMethod: 'nope.nothing' } }],
      })
      .catch((caught: unknown) => caught)) as TRPCClientError<AppRouter>;
    expect(error.data?.httpStatus).toBe(400);
    expect(error.message).not.toMatch(/internal/i);
  });
});
