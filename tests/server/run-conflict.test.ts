// A schema change that lands while a run is going: the run, made with the old schema, is not kept.
import { describe, expect, it } from 'vitest';
import type { DatasetView } from '../../src/server/api-schemas';
import { fixtureFile } from '../support/people-files';
import {
  sendJson,
  useInProcessServer,
  uploadDataset,
  type ErrorBody,
} from '../support/in-process-server';

const server = useInProcessServer();

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('POST /api/datasets/{id}/pseudonymize while the schema changes', () => {
  it('answers 409 and records no run made with the old schema', async () => {
    // Large enough that the run takes a moment, well past the schema update.
    const { id } = await uploadDataset(server.url, 'many.csv', fixtureFile('csv', 60_000));
    const running = sendJson(server.url, 'POST', `/api/datasets/${id}/pseudonymize`, {});
    await until(() => server.pool.pending > 0);

    const updated = await sendJson(server.url, 'PATCH', `/api/datasets/${id}/schema`, {
      schema: [{ name: 'email', rule: { action: 'keep' } }],
    });
    expect(updated.status).toBe(200);

    const response = await running;
    expect(response.status).toBe(409);
    const body = (await response.json()) as ErrorBody;
    expect(body.message).toBe('The schema changed while the run was going; run it again');

    const after = (await (
      await fetch(`${server.url}/api/datasets/${id}?limit=1`)
    ).json()) as DatasetView;
    expect(after.pseudonymizedData).toBeNull();
    expect(after.schema.find((column) => column.name === 'email')?.rule).toEqual({
      action: 'keep',
    });
    expect((await fetch(`${server.url}/api/datasets/${id}/download`)).status).toBe(409);

    // Run again, it is kept.
    const again = await sendJson(server.url, 'POST', `/api/datasets/${id}/pseudonymize`, {});
    expect(again.status).toBe(200);
  }, 120_000);
});
