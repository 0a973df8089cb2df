import { describe, expect, it } from 'vitest';
import type { DatasetView } from '../../src/server/api-schemas';
import { fixtureFile } from '../support/people-files';
import {
  sendJson,
  sheetRows,
  useInProcessServer,
  uploadDataset,
} from '../support/in-process-server';

/*
 * A schema card's example is the pseudonym the run writes for it (dataset-view.ts,
 * engine/samples/example-rows.ts): under the dataset's own key in the view, under a key of the
 * user's own from POST …/samples, with the current rules, a date's shift window included.
 */

const server = useInProcessServer();

async function json<T>(response: Response): Promise<T> {
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

/** Each run sample beside the run's output for its example's row, by column. */
function samplesAgainstRun(
  before: DatasetView,
  samples: { name: string; sample: string; sampleKind: string }[],
  after: DatasetView,
  sheet?: string,
) {
  const originals = sheetRows(before.originalData, sheet);
  const outputs = sheetRows(after.pseudonymizedData, sheet);
  return samples.flatMap(({ name, sample, sampleKind }) => {
    if (sampleKind !== 'run') return [];
    const example = before.schema.find((column) => column.name === name)?.examples[0];
    const row = originals.findIndex((each) => each[name] === example);
    return [{ name, sample, output: outputs[row]?.[name] }];
  });
}

describe('the example pseudonym on a schema card', () => {
  it.each(['csv', 'xlsx'] as const)(
    "is the run's value for that row in a %s, under the dataset's key and after a rule change",
    async (format) => {
      const uploaded = await uploadDataset(server.url, `people.${format}`, fixtureFile(format));
      const path = `/api/datasets/${uploaded.id}`;
      const edited = await json<DatasetView>(
        await sendJson(server.url, 'PATCH', `${path}/schema`, {
          schema: [
            { name: 'signup_date', dateShift: { windowDays: 30 } },
            { name: 'last_name', rule: { action: 'keep' } },
          ],
        }),
      );
      const kinds = Object.fromEntries(edited.schema.map((c) => [c.name, c.sampleKind]));
      expect(kinds).toMatchObject({ email: 'run', signup_date: 'run', last_name: 'run' });
      const ran = await json<DatasetView>(
        await sendJson(server.url, 'POST', `${path}/pseudonymize`),
      );
      const pairs = samplesAgainstRun(
        edited,
        edited.schema,
        ran,
        format === 'xlsx' ? 'People' : undefined,
      );
      expect(pairs.length).toBe(edited.schema.length);
      for (const { name, sample, output } of pairs) expect(sample, name).toBe(output);
      // The kept column shows its original; the date moved at most 30 days.
      const lastName = edited.schema.find((column) => column.name === 'last_name')!;
      expect(lastName.sample).toBe(lastName.examples[0]);
      const date = edited.schema.find((column) => column.name === 'signup_date')!;
      const days = (Date.parse(date.sample) - Date.parse(date.examples[0]!)) / 86_400_000;
      expect(Math.abs(days)).toBeLessThanOrEqual(30);
    },
  );

  it("is the run's value under a key of the user's own, asked for by POST", async () => {
    const uploaded = await uploadDataset(server.url, 'people.csv', fixtureFile('csv'));
    const path = `/api/datasets/${uploaded.id}`;
    const { samples } = await json<{ sheet: string; samples: DatasetView['schema'] }>(
      await sendJson(server.url, 'POST', `${path}/samples`, { secret: 'team-key' }),
    );
    const ran = await json<DatasetView>(
      await sendJson(server.url, 'POST', `${path}/pseudonymize`, { secret: 'team-key' }),
    );
    const pairs = samplesAgainstRun(uploaded, samples, ran);
    expect(pairs.length).toBe(uploaded.schema.length);
    for (const { name, sample, output } of pairs) expect(sample, name).toBe(output);
    // Another key, other pseudonyms.
    const own = uploaded.schema.find((column) => column.name === 'email')!.sample;
    expect(samples.find((column) => column.name === 'email')!.sample).not.toBe(own);
  });
});
