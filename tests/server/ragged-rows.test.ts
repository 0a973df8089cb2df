// A CSV whose rows are longer than its header, through the real server: the extra fields become
// columns of their own and every field stays in its place in every download.
import * as XLSX from '@e965/xlsx';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { DatasetView } from '../../src/server/api-schemas';
import { sendJson, useInProcessServer, uploadDataset } from '../support/in-process-server';

const server = useInProcessServer();

// Grace's row reaches three fields past the header, the first of them blank; Edsger's ends in
// trailing delimiters, which make no column.
const RAGGED_CSV =
  'name,city,note\n' +
  'Ada,Paris,first\n' +
  'Grace,New York,,,"extra, with comma","line\nbreak"\n' +
  'Alan,London\n' +
  'Edsger,Nuenen,x,,,\n';

const COLUMNS = ['name', 'city', 'note', 'column_4', 'column_5', 'column_6'];
const ROWS = [
  ['Ada', 'Paris', 'first', '', '', ''],
  ['Grace', 'New York', '', '', 'extra, with comma', 'line\nbreak'],
  ['Alan', 'London', '', '', '', ''],
  ['Edsger', 'Nuenen', 'x', '', '', ''],
];

async function view(response: Response): Promise<DatasetView> {
  expect(response.status).toBe(200);
  return (await response.json()) as DatasetView;
}

function pseudonymize(id: string): Promise<Response> {
  return fetch(`${server.url}/api/datasets/${id}/pseudonymize`, { method: 'POST' });
}

async function download(id: string, format: 'csv' | 'xlsx'): Promise<Response> {
  const response = await fetch(`${server.url}/api/datasets/${id}/download?format=${format}`);
  expect(response.status).toBe(200);
  return response;
}

/** The CSV as Papa Parse reads it: every record with all its fields, none padded. */
async function csvTable(response: Response): Promise<string[][]> {
  const parsed = Papa.parse<string[]>(await response.text(), { skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

/** The first sheet of an xlsx as display text, blank cells as ''. */
async function xlsxTable(response: Response): Promise<string[][]> {
  const book = XLSX.read(new Uint8Array(await response.arrayBuffer()), { type: 'array' });
  const sheet = book.Sheets[book.SheetNames[0] ?? '']!;
  return XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1, raw: false, defval: '' });
}

describe('a CSV with rows longer than its header', () => {
  it('is read with the extra fields as extra columns', async () => {
    const uploaded = await uploadDataset(server.url, 'ragged.csv', RAGGED_CSV);
    expect(uploaded.rowCount).toBe(4);
    expect(uploaded.columnCount).toBe(6);
    expect(uploaded.schema.map((column) => column.name)).toEqual(COLUMNS);
  });

  it('comes back field for field in csv and xlsx when every column is kept', async () => {
    const uploaded = await uploadDataset(server.url, 'ragged.csv', RAGGED_CSV);
    const keepAll = uploaded.schema.map(({ name }) => ({ name, rule: { action: 'keep' } }));
    const updated = await view(
      await sendJson(server.url, 'PATCH', `/api/datasets/${uploaded.id}/schema`, {
        schema: keepAll,
      }),
    );
    expect(updated.schema.map((column) => column.name)).toEqual(COLUMNS);
    const run = await view(await pseudonymize(uploaded.id));
    expect(run.columnCount).toBe(6);

    expect(await csvTable(await download(uploaded.id, 'csv'))).toEqual([COLUMNS, ...ROWS]);
    expect(await xlsxTable(await download(uploaded.id, 'xlsx'))).toEqual([COLUMNS, ...ROWS]);
  });

  it('keeps its shape when pseudonymized with the detected rules', async () => {
    const uploaded = await uploadDataset(server.url, 'ragged.csv', RAGGED_CSV);
    const run = await view(await pseudonymize(uploaded.id));
    expect(run.columnCount).toBe(6);
    expect(run.schema.map((column) => column.name)).toEqual(COLUMNS);

    const [header, ...rows] = await csvTable(await download(uploaded.id, 'csv'));
    expect(header).toEqual(COLUMNS);
    expect(rows).toHaveLength(ROWS.length);
    // Blank cells stay blank where they were, so each value is still in its own column.
    const blanks = (table: string[][]) => table.map((row) => row.map((cell) => cell === ''));
    expect(blanks(rows)).toEqual(blanks(ROWS));
  });
});
