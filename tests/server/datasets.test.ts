import * as XLSX from '@e965/xlsx';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  convertWritten,
  readWorkbook,
  writeWorkbook,
  writtenConversion,
  type FileFormat,
} from '../../src/engine';
import type { DatasetView } from '../../src/server/api-schemas';
import { EVERY_FORMAT, fixtureFile, peopleSheet } from '../support/people-files';
import { readXlsxParts } from '../support/spreadsheet-parts';
import {
  sendJson,
  sheetRows,
  useInProcessServer,
  uploadDataset,
  type ErrorBody,
} from '../support/in-process-server';

const server = useInProcessServer();

async function view(response: Response): Promise<DatasetView> {
  expect(response.status).toBe(200);
  return (await response.json()) as DatasetView;
}

async function error(response: Response, status: number): Promise<ErrorBody> {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await response.json()) as ErrorBody;
  expect(typeof body.message).toBe('string');
  return body;
}

/** POST …/pseudonymize the way curl does without -d: no body, no content type. */
function pseudonymize(id: string, body?: unknown): Promise<Response> {
  return body === undefined
    ? fetch(`${server.url}/api/datasets/${id}/pseudonymize`, { method: 'POST' })
    : sendJson(server.url, 'POST', `/api/datasets/${id}/pseudonymize`, body);
}

function download(id: string, query = '', kind = 'download'): Promise<Response> {
  return fetch(`${server.url}/api/datasets/${id}/${kind}${query}`);
}

describe('GET /api/datasets/{id}', () => {
  it('limits the preview to ?limit= rows, 100 by default', async () => {
    const { id } = await uploadDataset(server.url, 'long.csv', fixtureFile('csv', 250));
    const rowsAt = async (query: string) =>
      sheetRows((await view(await fetch(`${server.url}/api/datasets/${id}${query}`))).originalData);
    expect(await rowsAt('')).toHaveLength(100);
    expect(await rowsAt('?limit=7')).toHaveLength(7);
    expect(await rowsAt('?limit=1000')).toHaveLength(250);
  });

  it('caps the preview of a wide sheet at 200,000 cells, before and after a run', async () => {
    const columns = 10_000;
    const row = Array.from({ length: columns }, (_, i) => i % 10).join(',');
    const header = Array.from({ length: columns }, (_, i) => `c${i}`).join(',');
    const csv = [header, ...Array.from({ length: 30 }, () => row)].join('\n');
    const uploaded = await uploadDataset(server.url, 'wide.csv', csv);
    // 200,000 cells / 10,000 columns: 20 rows of the 30, whatever ?limit= asks.
    expect(uploaded.rowCount).toBe(30);
    expect(sheetRows(uploaded.originalData)).toHaveLength(20);
    const fetched = await view(await fetch(`${server.url}/api/datasets/${uploaded.id}?limit=1000`));
    expect(sheetRows(fetched.originalData)).toHaveLength(20);
    expect(Object.keys(sheetRows(fetched.originalData)[0] ?? {})).toHaveLength(columns);
    const run = await view(await pseudonymize(uploaded.id));
    expect(sheetRows(run.pseudonymizedData)).toHaveLength(20);
  }, 60_000);

  it('shows at most 1,000 characters of a cell, however long the text a workbook repeats', async () => {
    // One 30,000-character string shared by 20,000 cells: a 140 KB xlsx holding 600 million
    // characters of text.
    const uploaded = await uploadDataset(server.url, 'repeated.xlsx', repeatedTextWorkbook());
    const fetched = await view(await fetch(`${server.url}/api/datasets/${uploaded.id}?limit=1000`));
    const rows = sheetRows(fetched.originalData, 'Repeated');
    const cells = rows.flatMap((row) => Object.values(row));
    expect(cells.length).toBeGreaterThan(0);
    for (const cell of cells) expect(cell).toBe(`${'x'.repeat(1000)}…`);
    // A sheet's preview holds at most 4,000,000 characters: 199 rows of 20 × 1,001 (and the
    // 50 characters of the column names each row repeats as keys), not 1000.
    expect(rows.length).toBe(199);
  }, 60_000);

  it.each(['0', '1001', 'many'])('refuses ?limit=%s with 400 listing the issue', async (limit) => {
    const { id } = await uploadDataset(server.url, 'small.csv', fixtureFile('csv', 3));
    const body = await error(await fetch(`${server.url}/api/datasets/${id}?limit=${limit}`), 400);
    expect(body.issues?.[0]?.path).toEqual(['limit']);
  });

  it('answers 404 for an unknown id', async () => {
    const body = await error(
      await fetch(`${server.url}/api/datasets/00000000-0000-4000-8000-000000000000`),
      404,
    );
    expect(body.message).toMatch(/not found/i);
  });
});

describe('PATCH /api/datasets/{id}/sheet', () => {
  it('switches to another sheet with its own schema and rows', async () => {
    const { id } = await uploadDataset(server.url, 'book.xlsx', fixtureFile('xlsx'));
    const orders = await view(
      await sendJson(server.url, 'PATCH', `/api/datasets/${id}/sheet`, { sheetName: 'Orders' }),
    );
    expect(orders.selectedSheet).toBe('Orders');
    expect(orders.columnCount).toBe(3);
    expect(orders.rowCount).toBe(15);
    expect(orders.schema.map((column) => column.name)).toEqual([
      'order_id',
      'customer_email',
      'amount',
    ]);
    // The previews hold every sheet whichever is selected.
    expect(Object.keys(orders.originalData)).toEqual(['People', 'Orders']);
    expect(sheetRows(orders.originalData, 'Orders')[0]?.order_id).toBe('ORD-5000');
  });

  it('refuses an unknown sheet with 400', async () => {
    const { id } = await uploadDataset(server.url, 'book.xlsx', fixtureFile('xlsx'));
    const body = await error(
      await sendJson(server.url, 'PATCH', `/api/datasets/${id}/sheet`, { sheetName: 'Nope' }),
      400,
    );
    expect(body.message).toMatch(/sheet/);
  });
});

describe('PATCH /api/datasets/{id}/schema', () => {
  it.each([
    { description: 'min after max', dateRange: { min: '2024-01-01', max: '2023-01-01' } },
    { description: 'an unparseable min', dateRange: { min: 'yesterday', max: '2023-01-01' } },
    {
      description: 'a date that does not exist',
      dateRange: { min: '2023-02-30', max: '2023-03-01' },
    },
  ])('refuses a dateRange with $description with 400', async ({ dateRange }) => {
    const { id } = await uploadDataset(server.url, 'people.csv', fixtureFile('csv'));
    const body = await error(
      await sendJson(server.url, 'PATCH', `/api/datasets/${id}/schema`, {
        schema: [{ name: 'signup_date', dateRange }],
      }),
      400,
    );
    expect(body.issues?.[0]?.path.slice(0, 3)).toEqual(['schema', 0, 'dateRange']);
  });

  it('keeps a valid dateRange, dates or date-times with or without a zone', async () => {
    const { id } = await uploadDataset(server.url, 'people.csv', fixtureFile('csv'));
    const dateRange = { min: '2020-01-01', max: '2020-12-31T12:00:00Z' };
    const updated = await view(
      await sendJson(server.url, 'PATCH', `/api/datasets/${id}/schema`, {
        schema: [{ name: 'signup_date', dateRange }],
      }),
    );
    expect(updated.schema.find((column) => column.name === 'signup_date')?.dateRange).toEqual(
      dateRange,
    );
  });

  it('changes a rule and keeps the rest of the column', async () => {
    const uploaded = await uploadDataset(server.url, 'people.csv', fixtureFile('csv'));
    const before = uploaded.schema.find((column) => column.name === 'email');
    const updated = await view(
      await sendJson(server.url, 'PATCH', `/api/datasets/${uploaded.id}/schema`, {
        schema: [{ name: 'email', rule: { action: 'keep' } }],
      }),
    );
    const after = updated.schema.find((column) => column.name === 'email');
    expect(after?.rule).toEqual({ action: 'keep' });
    expect(after?.sample).toBe(before?.examples[0]);
    expect({ ...after, rule: before?.rule, sample: before?.sample }).toEqual(before);
  });

  it('keeps the other fields of a column when its type changes', async () => {
    const uploaded = await uploadDataset(server.url, 'people.csv', fixtureFile('csv'));
    const before = uploaded.schema.find((column) => column.name === 'balance');
    expect(before?.type).toBe('number');
    const updated = await view(
      await sendJson(server.url, 'PATCH', `/api/datasets/${uploaded.id}/schema`, {
        schema: [{ name: 'balance', type: 'string' }],
      }),
    );
    const after = updated.schema.find((column) => column.name === 'balance');
    expect(after?.type).toBe('string');
    expect(after?.range).toEqual(before?.range);
    expect(after?.precision).toBe(before?.precision);
    expect(after?.rule).toEqual(before?.rule);
  });

  it('keeps pseudonyms inside a range the user sets, even one too narrow for them', async () => {
    const csv = 'id,score\n1,10\n2,20\n3,30\n4,40\n5,50\n';
    const uploaded = await uploadDataset(server.url, 'scores.csv', new TextEncoder().encode(csv));
    const echoed = await view(
      await sendJson(server.url, 'PATCH', `/api/datasets/${uploaded.id}/schema`, {
        schema: uploaded.schema,
      }),
    );
    expect(echoed.schema.find((column) => column.name === 'score')?.rangeSetByUser).toBeUndefined();
    const updated = await view(
      await sendJson(server.url, 'PATCH', `/api/datasets/${uploaded.id}/schema`, {
        schema: [{ name: 'score', range: { min: 1, max: 3 } }],
      }),
    );
    const score = updated.schema.find((column) => column.name === 'score');
    expect(score?.range).toEqual({ min: 1, max: 3 });
    expect(score?.rangeSetByUser).toBe(true);
    expect(
      (await sendJson(server.url, 'POST', `/api/datasets/${uploaded.id}/pseudonymize`, {})).status,
    ).toBe(200);
    const download = await fetch(`${server.url}/api/datasets/${uploaded.id}/download`);
    const scores = (await download.text())
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => Number(line.split(',')[1]));
    expect(scores).toHaveLength(5);
    for (const value of scores) expect(value >= 1 && value <= 3, String(value)).toBe(true);
  });

  it('discards the last run when the schema changes, and only then', async () => {
    const uploaded = await uploadDataset(server.url, 'people.csv', fixtureFile('csv'));
    const path = `/api/datasets/${uploaded.id}`;
    expect((await sendJson(server.url, 'POST', `${path}/pseudonymize`, {})).status).toBe(200);
    // The same schema sent back changes nothing: the run stays.
    const echoed = await view(
      await sendJson(server.url, 'PATCH', `${path}/schema`, { schema: uploaded.schema }),
    );
    expect(echoed.pseudonymizedData).not.toBeNull();
    expect((await fetch(`${server.url}${path}/download`)).status).toBe(200);
    const changed = await view(
      await sendJson(server.url, 'PATCH', `${path}/schema`, {
        schema: [{ name: 'email', rule: { action: 'keep' } }],
      }),
    );
    expect(changed.pseudonymizedData).toBeNull();
    expect(changed.mapping).toBeNull();
    expect(changed.stats).toBeNull();
    const stale = await fetch(`${server.url}${path}/download`);
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as ErrorBody).message).toMatch(/again after a schema change/);
    expect((await sendJson(server.url, 'POST', `${path}/pseudonymize`, {})).status).toBe(200);
    expect((await fetch(`${server.url}${path}/download`)).status).toBe(200);
    // Re-analyze keeps the keep rule: the schema is the same, so the run stays.
    const reanalyzed = await view(await sendJson(server.url, 'POST', `${path}/reanalyze`));
    expect(reanalyzed.pseudonymizedData).not.toBeNull();
    // A clean slate restores detection (the keep rule goes), so the run goes too.
    const cleaned = await view(
      await sendJson(server.url, 'POST', `${path}/reanalyze`, { cleanSlate: true }),
    );
    expect(cleaned.pseudonymizedData).toBeNull();
  });

  it("shows each date column's entity column, the automatic pick, and one chosen", async () => {
    const uploaded = await uploadDataset(server.url, 'people.csv', fixtureFile('csv'));
    const plan = (schema: DatasetView['schema'], name: string) =>
      schema.find((column) => column.name === name)?.dateShiftPlan;
    expect(plan(uploaded.schema, 'signup_date')).toEqual({
      entityColumn: 'id',
      automatic: true,
      automaticColumn: 'id',
      birthDate: false,
      windowDays: 180,
    });
    expect(plan(uploaded.schema, 'email')).toBeUndefined();
    const path = `/api/datasets/${uploaded.id}/schema`;
    const chosen = await view(
      await sendJson(server.url, 'PATCH', path, {
        schema: [{ name: 'signup_date', dateShift: { entityColumn: 'email', windowDays: 30 } }],
      }),
    );
    expect(plan(chosen.schema, 'signup_date')).toEqual({
      entityColumn: 'email',
      automatic: false,
      automaticColumn: 'id',
      birthDate: false,
      windowDays: 30,
    });
    // A dateShift without a column goes back to the automatic pick.
    const automatic = await view(
      await sendJson(server.url, 'PATCH', path, {
        schema: [{ name: 'signup_date', dateShift: { windowDays: 30 } }],
      }),
    );
    expect(plan(automatic.schema, 'signup_date')).toMatchObject({
      entityColumn: 'id',
      automatic: true,
    });
  });

  it('accepts the full schema as the client sends it back, samples included', async () => {
    const uploaded = await uploadDataset(server.url, 'people.csv', fixtureFile('csv'));
    const schema = uploaded.schema.map((column) =>
      column.name === 'first_name'
        ? { ...column, rule: { action: 'faker', fakerMethod: 'person.firstName' } }
        : column,
    );
    const updated = await view(
      await sendJson(server.url, 'PATCH', `/api/datasets/${uploaded.id}/schema`, { schema }),
    );
    expect(updated.schema.find((column) => column.name === 'first_name')?.rule).toEqual({
      action: 'faker',
      fakerMethod: 'person.firstName',
    });
  });

  const invalid: { description: string; schema: unknown; message: RegExp }[] = [
    {
      description: 'an unknown column',
      schema: [{ name: 'salary', type: 'number' }],
      message: /no column named "salary"/,
    },
    {
      description: 'a column listed twice',
      schema: [{ name: 'id' }, { name: 'id' }],
      message: /twice/,
    },
    {
      description: 'a date shift keyed by a column the sheet lacks',
      schema: [{ name: 'id', dateShift: { entityColumn: 'customer' } }],
      message: /dateShift\.entityColumn/,
    },
    {
      description: 'an unknown type',
      schema: [{ name: 'id', type: 'integer' }],
      message: /schema\.0\.type/,
    },
    {
      description: 'an unknown rule action',
      schema: [{ name: 'id', rule: { action: 'drop' } }],
      message: /schema\.0\.rule\.action/,
    },
    {
      description: 'an unknown Faker method',
      schema: [{ name: 'id', rule: { action: 'faker', fakerMethod: 'person.favouriteColour' } }],
      message: /person\.favouriteColour|method/i,
    },
    {
      description: 'a faker rule without a method',
      schema: [{ name: 'id', rule: { action: 'faker' } }],
      message: /fakerMethod/,
    },
    {
      description: 'a range with min above max',
      schema: [{ name: 'balance', range: { min: 10, max: 1 } }],
      message: /range/,
    },
    { description: 'a schema that is not a list', schema: { name: 'id' }, message: /schema: / },
  ];

  it.each(invalid)('refuses $description with 400', async ({ schema, message }) => {
    const uploaded = await uploadDataset(server.url, 'people.csv', fixtureFile('csv'));
    const body = await error(
      await sendJson(server.url, 'PATCH', `/api/datasets/${uploaded.id}/schema`, { schema }),
      400,
    );
    const issues = (body.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect([body.message, ...issues].join('; ')).toMatch(message);
    const unchanged = await view(await fetch(`${server.url}/api/datasets/${uploaded.id}`));
    expect(unchanged.schema).toEqual(uploaded.schema);
  });
});

describe('POST /api/datasets/{id}/reanalyze', () => {
  it("detects the selected sheet's types again, keeping the rules the user set", async () => {
    const uploaded = await uploadDataset(server.url, 'people.csv', fixtureFile('csv'));
    const path = `/api/datasets/${uploaded.id}`;
    await sendJson(server.url, 'PATCH', `${path}/schema`, {
      schema: [
        { name: 'email', type: 'string', rule: { action: 'keep' } },
        { name: 'first_name', rule: { action: 'faker', fakerMethod: 'person.firstName' } },
        { name: 'phone', rule: { action: 'blank' } },
        { name: 'balance', numberMode: 'range' },
        { name: 'signup_date', dateShift: { windowDays: 30 } },
      ],
    });
    const response = await fetch(`${server.url}${path}/reanalyze`, { method: 'POST' });
    const { schema } = await view(response);
    const column = (name: string) => schema.find((each) => each.name === name)!;
    const detected = (name: string) => uploaded.schema.find((each) => each.name === name)!;
    // The type comes from detection again; every rule stays.
    expect(column('email').type).toBe(detected('email').type);
    expect(column('email').rule).toEqual({ action: 'keep' });
    expect(column('first_name').rule).toEqual({
      action: 'faker',
      fakerMethod: 'person.firstName',
    });
    expect(column('phone').rule).toEqual({ action: 'blank' });
    expect(column('balance').numberMode).toBe('range');
    expect(column('signup_date').dateShift).toEqual({ windowDays: 30 });
    expect(column('last_name')).toEqual(detected('last_name'));
  });

  it('starts from a clean slate when asked, dropping edits', async () => {
    const uploaded = await uploadDataset(server.url, 'people.csv', fixtureFile('csv'));
    await sendJson(server.url, 'PATCH', `/api/datasets/${uploaded.id}/schema`, {
      schema: [{ name: 'email', type: 'string', rule: { action: 'keep' } }],
    });
    const response = await sendJson(server.url, 'POST', `/api/datasets/${uploaded.id}/reanalyze`, {
      cleanSlate: true,
    });
    expect((await view(response)).schema).toEqual(uploaded.schema);
  });
});

describe('pseudonymize and download', () => {
  it('answers 409 to downloads before pseudonymization', async () => {
    const { id } = await uploadDataset(server.url, 'people.csv', fixtureFile('csv'));
    expect((await error(await download(id), 409)).message).toMatch(/pseudonymize/);
    expect((await error(await download(id, '', 'download-mapping'), 409)).message).toMatch(
      /pseudonymize/,
    );
  });

  it('pseudonymizes with an empty body and shows the result, mapping and stats', async () => {
    const { id } = await uploadDataset(server.url, 'people.csv', fixtureFile('csv'));
    await sendJson(server.url, 'PATCH', `/api/datasets/${id}/schema`, {
      schema: [{ name: 'id', rule: { action: 'keep' } }],
    });
    const result = await view(await pseudonymize(id));
    const original = sheetRows(result.originalData);
    const fake = sheetRows(result.pseudonymizedData);
    expect(fake).toHaveLength(40);
    expect(fake.map((row) => row.id)).toEqual(original.map((row) => row.id));
    expect(fake.map((row) => row.email)).not.toEqual(original.map((row) => row.email));
    expect(fake.every((row) => /@/.test(row.email ?? ''))).toBe(true);
    expect(result.mapping?.rowCount).toBeGreaterThan(0);
    expect(result.stats?.rowsProcessed).toBe(40);
    expect(result.stats?.schemaMatch).toBeGreaterThanOrEqual(0);
  });

  it('gives the same pseudonyms for the same secret, and a dataset its own key otherwise', async () => {
    const file = fixtureFile('csv');
    const a = await uploadDataset(server.url, 'a.csv', file);
    const b = await uploadDataset(server.url, 'b.csv', file);
    const rowsOf = async (id: string, body?: unknown) =>
      sheetRows((await view(await pseudonymize(id, body))).pseudonymizedData);
    const withSecretA = await rowsOf(a.id, { secret: 'team-key' });
    expect(await rowsOf(b.id, { secret: 'team-key' })).toEqual(withSecretA);
    const ownA = await rowsOf(a.id);
    expect(await rowsOf(a.id)).toEqual(ownA);
    expect(await rowsOf(b.id)).not.toEqual(ownA);
  });

  it.each(EVERY_FORMAT)(
    'downloads a %s upload in every format, named and typed (a workbook one sheet at a time)',
    async (source) => {
      const { id, sheetNames } = await uploadDataset(
        server.url,
        `people.${source}`,
        fixtureFile(source),
      );
      await view(await pseudonymize(id));
      const expectedType: Record<FileFormat, RegExp> = {
        csv: /^text\/csv/,
        tsv: /^text\/tab-separated-values/,
        json: /^application\/json/,
        xlsx: /^application\/vnd\.openxmlformats-officedocument\.spreadsheetml\.sheet/,
        xls: /^application\/vnd\.ms-excel/,
      };
      // A workbook's sheet chosen by name: its file name names it.
      const workbook = sheetNames.length > 1;
      const name = workbook ? 'people.People.pseudonymized' : 'people.pseudonymized';
      for (const format of [undefined, ...EVERY_FORMAT]) {
        const query = [
          ...(format ? [`format=${format}`] : []),
          ...(workbook ? ['sheet=People'] : []),
        ].join('&');
        const response = await download(id, query ? `?${query}` : '');
        const target = format ?? source;
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toMatch(expectedType[target]);
        expect(response.headers.get('cache-control')).toBe('no-store');
        expect(response.headers.get('content-disposition')).toBe(
          `attachment; filename="${name}.${target}"; filename*=UTF-8''${name}.${target}`,
        );
        const written = readWorkbook(new Uint8Array(await response.arrayBuffer()), `out.${target}`);
        expect(written.sheets.map((sheet) => sheet.name)).toHaveLength(1);
        expect(written.sheets[0]?.columns).toEqual(peopleSheet().columns);
        expect(written.sheets[0]?.rows).toHaveLength(40);
      }
    },
  );

  it('downloads every sheet of a workbook by default: a ZIP of csv or tsv files, JSON keyed by sheet', async () => {
    const { id } = await uploadDataset(server.url, 'book.xlsx', fixtureFile('xlsx'));
    await view(await pseudonymize(id));
    for (const format of ['csv', 'tsv'] as const) {
      const response = await download(id, `?format=${format}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/zip');
      expect(response.headers.get('content-disposition')).toContain(
        `filename="book.pseudonymized.${format}.zip"`,
      );
      const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
      expect(Object.keys(files)).toEqual([`People.${format}`, `Orders.${format}`]);
      const rows = Object.entries(files).map(
        ([name, bytes]) => readWorkbook(bytes, name).sheets[0]!.rows.length,
      );
      expect(rows).toEqual([40, 15]);
    }
    const json = (await (await download(id, '?format=json')).json()) as Record<string, unknown[]>;
    expect(Object.entries(json).map(([sheet, rows]) => [sheet, rows.length])).toEqual([
      ['People', 40],
      ['Orders', 15],
    ]);
    const orders = await download(id, '?format=csv&sheet=Orders');
    expect(orders.headers.get('content-disposition')).toContain(
      'filename="book.Orders.pseudonymized.csv"',
    );
    expect((await orders.text()).split('\r\n')[0]).toBe('order_id,customer_email,amount');
    const body = await error(await download(id, '?format=csv&sheet=Nope'), 400);
    expect(body.message).toBe('The dataset has no sheet with that name (its sheets: 2)');
  });

  it('refuses with 413 to convert a download past 512 MB, and serves it in its own format', async () => {
    const { id } = await uploadDataset(server.url, 'repeated.xlsx', repeatedTextWorkbook());
    const keepAll = Array.from({ length: 20 }, (_, i) => ({
      name: `c${i}`,
      rule: { action: 'keep' },
    }));
    expect(
      (await sendJson(server.url, 'PATCH', `/api/datasets/${id}/schema`, { schema: keepAll }))
        .status,
    ).toBe(200);
    expect((await pseudonymize(id)).status).toBe(200);
    const body = await error(await download(id, '?format=csv'), 413);
    expect(body.message).toMatch(/^The CSV file would be over 512 MB/);
    const own = await download(id);
    expect(own.status).toBe(200);
    expect((await own.arrayBuffer()).byteLength).toBeLessThan(2 * 1024 * 1024);
  }, 60_000);

  it('names downloads of an odd upload name safely', async () => {
    const { id } = await uploadDataset(server.url, '..csv', fixtureFile('csv', 3));
    expect((await pseudonymize(id)).status).toBe(200);
    const response = await download(id, '?format=json');
    expect(response.headers.get('content-disposition')).toContain(
      'filename="dataset.pseudonymized.json"',
    );
  });

  it('downloads the mapping from original to pseudonym', async () => {
    const { id } = await uploadDataset(server.url, 'people.csv', fixtureFile('csv'));
    await view(await pseudonymize(id));
    const response = await download(id, '?format=json', 'download-mapping');
    expect(response.headers.get('content-disposition')).toContain('filename="people.mapping.json"');
    const mapping = readWorkbook(new Uint8Array(await response.arrayBuffer()), 'mapping.json')
      .sheets[0];
    expect(mapping?.columns).toEqual(['sheet', 'column', 'original', 'pseudonym']);
    const adaRow = mapping?.rows.find((row) => row[1] === 'first_name' && row[2] === 'Ada');
    expect(adaRow?.[3]).toEqual(expect.any(String));
    expect(adaRow?.[3]).not.toBe('Ada');
  });

  it('takes a JSON document of several tables as sheets, and gives the document back', async () => {
    const dump = {
      exported: '2024-05-01',
      customers: [
        { id: 101, email: 'ann.lee@corp.com' },
        { id: 102, email: 'bob.ray@corp.com' },
      ],
      orders: [
        { order_id: 1, customer_id: 102 },
        { order_id: 2, customer_id: 101 },
      ],
    };
    const { id } = await uploadDataset(
      server.url,
      'dump.json',
      new TextEncoder().encode(JSON.stringify(dump)),
    );
    const ran = await view(await pseudonymize(id));
    expect(ran.sheetNames).toEqual(['customers', 'orders']);
    const whole = (await (await download(id)).json()) as typeof dump;
    expect(Object.keys(whole)).toEqual(['exported', 'customers', 'orders']);
    const ids = whole.customers.map((customer) => customer.id);
    expect(whole.orders.map((order) => ids.indexOf(order.customer_id))).toEqual([1, 0]);
    const xlsx = readWorkbook(
      new Uint8Array(await (await download(id, '?format=xlsx')).arrayBuffer()),
      'x.xlsx',
    );
    expect(xlsx.sheets.map((sheet) => [sheet.name, sheet.rows.length])).toEqual([
      ['customers', 2],
      ['orders', 2],
    ]);
    const csv = await (await download(id, '?format=csv&sheet=customers')).text();
    expect(csv.split('\r\n')[0]).toBe('id,email');
    const tables = unzipSync(
      new Uint8Array(await (await download(id, '?format=csv')).arrayBuffer()),
    );
    expect(Object.keys(tables)).toEqual(['customers.csv', 'orders.csv']);
    const mapping = (await (await download(id, '', 'download-mapping')).json()) as unknown[];
    expect(mapping.length).toBeGreaterThan(0);
  });

  it('protects formulas in spreadsheet formats only, and turns it off on request', async () => {
    const csv = 'note,phone\n=SUM(A1),+44 20 7946 0958\n"\'=1",+1 555 123 4567\n';
    const { id } = await uploadDataset(server.url, 'notes.csv', new TextEncoder().encode(csv));
    await view(
      await sendJson(server.url, 'PATCH', `/api/datasets/${id}/schema`, {
        schema: [{ name: 'note', rule: { action: 'keep' } }],
      }),
    );
    await view(await pseudonymize(id));
    const sheetOf = async (query: string, format: string) =>
      readWorkbook(new Uint8Array(await (await download(id, query)).arrayBuffer()), `x.${format}`)
        .sheets[0]!;

    const csvOut = await sheetOf('', 'csv');
    expect(csvOut.rows.map((row) => row[0])).toEqual(["'=SUM(A1)", "''=1"]);
    // Phone numbers call nothing, so they stay exactly as generated.
    expect(csvOut.rows.map((row) => row[1])).toEqual(
      (await sheetOf('?format=json', 'json')).rows.map((row) => row[1]),
    );
    for (const row of csvOut.rows) expect(row[1]).toMatch(/^\+\d/);
    // JSON has no formulas: exactly the values, also converted from the protected csv.
    const json = await sheetOf('?format=json', 'json');
    expect(json.rows.map((row) => row[0])).toEqual(['=SUM(A1)', "'=1"]);
    for (const row of json.rows) expect(row[1]).toMatch(/^\+\d/);
    const raw = await sheetOf('?formulaProtection=off', 'csv');
    expect(raw.rows.map((row) => row[0])).toEqual(['=SUM(A1)', "'=1"]);
    expect(raw.rows.map((row) => row[1])).toEqual(json.rows.map((row) => row[1]));
    const xlsx = await sheetOf('?format=xlsx&formulaProtection=off', 'xlsx');
    expect(xlsx.rows.map((row) => row[0])).toEqual(['=SUM(A1)', "'=1"]);
    const mapping = readWorkbook(
      new Uint8Array(await (await download(id, '?format=json', 'download-mapping')).arrayBuffer()),
      'mapping.json',
    ).sheets[0]!;
    expect(mapping.rows.some((row) => String(row[2]).startsWith("'"))).toBe(false);
    expect((await error(await download(id, '?formulaProtection=maybe'), 400)).message).toMatch(
      /formulaProtection/,
    );
  });

  it('continues a mapping longer than an xls sheet holds over several sheets', async () => {
    const columns = Array.from({ length: 10 }, (_, c) => `code_${c}`);
    const rows = Array.from({ length: 7_000 }, (_, r) =>
      columns.map((_, c) => `K${c}-${String(r).padStart(5, '0')}`),
    );
    const xls = writeWorkbook({ format: 'xls', sheets: [{ name: 'Codes', columns, rows }] }, 'xls');
    const { id } = await uploadDataset(server.url, 'codes.xls', xls);
    const run = await view(await pseudonymize(id));
    expect(run.mapping?.rowCount).toBe(70_000);
    const response = await download(id, '', 'download-mapping');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('filename="codes.mapping.xls"');
    const mapping = readWorkbook(new Uint8Array(await response.arrayBuffer()), 'mapping.xls');
    expect(mapping.sheets.map((sheet) => sheet.name)).toEqual(['mapping', 'mapping (2)']);
    expect(mapping.sheets.map((sheet) => sheet.rows.length)).toEqual([65_535, 4_465]);
    expect(mapping.sheets[1]?.columns).toEqual(['sheet', 'column', 'original', 'pseudonym']);
    const csv = await download(id, '?format=csv', 'download-mapping');
    expect(
      readWorkbook(new Uint8Array(await csv.arrayBuffer()), 'm.csv').sheets[0]?.rows,
    ).toHaveLength(70_000);
  }, 60_000);

  it('keeps every sheet of a workbook in an xlsx download', async () => {
    const { id } = await uploadDataset(server.url, 'book.xlsx', fixtureFile('xlsx'));
    await view(await pseudonymize(id));
    const response = await download(id);
    const workbook = readWorkbook(new Uint8Array(await response.arrayBuffer()), 'out.xlsx');
    expect(workbook.sheets.map((sheet) => [sheet.name, sheet.rows.length])).toEqual([
      ['People', 40],
      ['Orders', 15],
    ]);
  });

  it("sends an xlsx conversion as it is written, with the engine's parts", async () => {
    const { id } = await uploadDataset(server.url, 'people.csv', fixtureFile('csv'));
    await view(await pseudonymize(id));
    const csv = new Uint8Array(await (await download(id)).arrayBuffer());
    const response = await download(id, '?format=xlsx');
    expect(response.status).toBe(200);
    // Streamed: no length known when the headers went out.
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    expect(response.headers.get('content-length')).toBeNull();
    const xlsx = new Uint8Array(await response.arrayBuffer());
    const conversion = writtenConversion('csv', 'xlsx', true)!;
    const whole = convertWritten(csv, { ...conversion, fileName: 'people.csv' });
    expect(readXlsxParts(xlsx)).toEqual(readXlsxParts(whole));
    expect(readWorkbook(xlsx, 'out.xlsx')).toEqual(readWorkbook(whole, 'out.xlsx'));
  });

  it('refuses an unknown download format with 400', async () => {
    const { id } = await uploadDataset(server.url, 'people.csv', fixtureFile('csv'));
    await view(await pseudonymize(id));
    const body = await error(await download(id, '?format=pdf'), 400);
    expect(body.issues?.[0]?.path).toEqual(['format']);
  });
});

describe('DELETE /api/datasets/{id}', () => {
  it('discards the dataset at once; every call then answers 404', async () => {
    const { id } = await uploadDataset(server.url, 'people.csv', fixtureFile('csv'));
    await view(await pseudonymize(id));
    const deleted = await fetch(`${server.url}/api/datasets/${id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ deleted: true });
    const { message } = await error(
      await fetch(`${server.url}/api/datasets/${crypto.randomUUID()}`),
      404,
    );
    for (const response of [
      await fetch(`${server.url}/api/datasets/${id}`),
      await download(id),
      await download(id, '', 'download-mapping'),
      await pseudonymize(id),
      await sendJson(server.url, 'PATCH', `/api/datasets/${id}/sheet`, { sheetName: 'people' }),
      await fetch(`${server.url}/api/datasets/${id}`, { method: 'DELETE' }),
    ]) {
      expect((await error(response, 404)).message).toBe(message);
    }
  });
});

describe('the rest of /api', () => {
  it('lists the Faker methods by category', async () => {
    const response = await fetch(`${server.url}/api/faker-methods`);
    const catalogue = (await response.json()) as { category: string; methods: string[] }[];
    expect(catalogue.flatMap((group) => group.methods)).toContain('person.firstName');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const body = await error(await fetch(`${server.url}/api/nothing/here`), 404);
    expect(body.message).toMatch(/no such api endpoint/i);
  });

  it('refuses a body that is not JSON with 400', async () => {
    const { id } = await uploadDataset(server.url, 'people.csv', fixtureFile('csv'));
    const response = await fetch(`${server.url}/api/datasets/${id}/schema`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: '{"schema": [SECRET-MARKER',
    });
    const body = await error(response, 400);
    expect(body.message).not.toContain('SECRET-MARKER');
  });

  it('answers every REST error as { message, issues? }, naming what is wrong', async () => {
    const { id } = await uploadDataset(server.url, 'people.csv', fixtureFile('csv'));
    const path = `/api/datasets/${id}`;
    const invalid = [
      await fetch(`${server.url}${path}?limit=0`),
      await sendJson(server.url, 'PATCH', `${path}/sheet`, {}),
      await sendJson(server.url, 'PATCH', `${path}/schema`, {
        schema: [{ name: 'email', type: 'nope' }],
      }),
      await download(id, '?format=pdf'),
    ];
    for (const response of invalid) {
      const body = await error(response, 400);
      expect(Object.keys(body).sort()).toEqual(['issues', 'message']);
      expect(body.message).toMatch(
        /^Input validation failed: (limit|sheetName|schema\.0\.type|format): /,
      );
    }
    const refusals: [Response, number][] = [
      [await fetch(`${server.url}/api/datasets/${crypto.randomUUID()}`), 404],
      [await sendJson(server.url, 'PATCH', `${path}/sheet`, { sheetName: 'nope' }), 400],
      [await download(id), 409],
    ];
    for (const [response, status] of refusals) {
      const body = await error(response, status);
      expect(Object.keys(body)).toEqual(['message']);
    }
  });

  it('marks every /api answer Cache-Control: no-store, cell values or not', async () => {
    const { id } = await uploadDataset(server.url, 'people.csv', fixtureFile('csv'));
    const path = `/api/datasets/${id}`;
    const trpcInput = encodeURIComponent(JSON.stringify({ json: { id, limit: 5 } }));
    const answers: [string, Response][] = [
      ['GET dataset', await fetch(`${server.url}${path}`)],
      [
        'PATCH sheet',
        await sendJson(server.url, 'PATCH', `${path}/sheet`, { sheetName: 'people' }),
      ],
      ['PATCH schema', await sendJson(server.url, 'PATCH', `${path}/schema`, { schema: [] })],
      ['reanalyze', await fetch(`${server.url}${path}/reanalyze`, { method: 'POST' })],
      ['pseudonymize', await pseudonymize(id)],
      ['tRPC query', await fetch(`${server.url}/api/trpc/getDataset?input=${trpcInput}`)],
      [
        'tRPC mutation',
        await fetch(`${server.url}/api/trpc/reanalyze`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ json: { id } }),
        }),
      ],
      ['faker methods', await fetch(`${server.url}/api/faker-methods`)],
      ['health', await fetch(`${server.url}/api/health`)],
      ['400', await fetch(`${server.url}${path}?limit=0`)],
      ['404', await fetch(`${server.url}/api/datasets/${crypto.randomUUID()}`)],
      ['unknown path', await fetch(`${server.url}/api/nothing-here`)],
      ['DELETE', await fetch(`${server.url}${path}`, { method: 'DELETE' })],
    ];
    for (const [label, response] of answers) {
      expect(response.headers.get('cache-control'), label).toBe('no-store');
    }
  });

  it('sends security headers and no CORS headers', async () => {
    const response = await fetch(`${server.url}/api/health`, {
      headers: { Origin: 'https://elsewhere.example' },
    });
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.headers.get('x-powered-by')).toBeNull();
  });
});

/** An xlsx of 1000 rows × 20 columns sharing one 30,000-character string through its string table. */
function repeatedTextWorkbook(): Uint8Array {
  const long = 'x'.repeat(30_000);
  const rows = [
    Array.from({ length: 20 }, (_, i) => `c${i}`),
    ...Array.from({ length: 1000 }, () => Array.from({ length: 20 }, () => long)),
  ];
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Repeated');
  return new Uint8Array(
    XLSX.write(book, {
      type: 'buffer',
      bookType: 'xlsx',
      bookSST: true,
      compression: true,
    }) as Buffer,
  );
}
