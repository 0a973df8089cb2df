import { describe, expect, it } from 'vitest';
import type { PrivacyReport } from '../../src/engine';
import type { DatasetView } from '../../src/server/api-schemas';
import { fixtureFile, peopleSheet } from '../support/people-files';
import { sendJson, useInProcessServer, uploadDataset } from '../support/in-process-server';

/*
 * What a run really replaced (engine/report/replacement-figures.ts), as the API states it: the
 * run's stats and its report carry the same figures, so a client never counts a kept column as
 * protected.
 */

const server = useInProcessServer();

async function run(
  fileName: string,
  bytes: Uint8Array | string,
  rules: Record<string, string>,
): Promise<{ stats: NonNullable<DatasetView['stats']>; report: PrivacyReport }> {
  const { id } = await uploadDataset(server.url, fileName, bytes);
  const path = `/api/datasets/${id}`;
  const schema = Object.entries(rules).map(([name, action]) => ({ name, rule: { action } }));
  if (schema.length > 0) await sendJson(server.url, 'PATCH', `${path}/schema`, { schema });
  const ran = (await (
    await sendJson(server.url, 'POST', `${path}/pseudonymize`)
  ).json()) as DatasetView;
  const report = (await (await fetch(`${server.url}${path}/report`)).json()) as PrivacyReport;
  return { stats: ran.stats!, report };
}

const FIGURES = [
  'columnsReplaced',
  'columnsKept',
  'columnsBlanked',
  'cellsReplaced',
  'cellsKept',
  'keptColumns',
] as const;

describe("a run's replacement figures", () => {
  it('count kept columns as kept, by name, in the stats and the report alike', async () => {
    const { stats, report } = await run('people.csv', fixtureFile('csv'), {
      first_name: 'keep',
      phone: 'blank',
    });
    expect(stats).toMatchObject({
      columnsReplaced: 6,
      columnsKept: 1,
      columnsBlanked: 1,
      cellsKept: 40,
      keptColumns: [{ sheet: 'people', column: 'first_name' }],
    });
    expect(stats.cellsReplaced).toBeGreaterThan(200);
    expect(report.replacement).toEqual(
      Object.fromEntries(FIGURES.map((figure) => [figure, stats[figure]])),
    );
  });

  it('count nothing replaced when every column is kept, and no rows for a header alone', async () => {
    const { columns } = peopleSheet();
    const kept = await run(
      'people.csv',
      fixtureFile('csv'),
      Object.fromEntries(columns.map((name) => [name, 'keep'])),
    );
    expect(kept.stats).toMatchObject({ columnsReplaced: 0, cellsReplaced: 0, columnsKept: 8 });
    expect(kept.report.replacement?.cellsReplaced).toBe(0);
    const empty = await run('empty.csv', 'id,email,city\n', {});
    expect(empty.stats).toMatchObject({ rowsProcessed: 0, cellsReplaced: 0 });
  });
});
