// The shape the specification gives a dataset's previews (§3 Dataset): `originalData` and
// `pseudonymizedData` are arrays of row objects keyed by column name, for a workbook an object of
// such arrays keyed by sheet name; through REST and tRPC alike, whatever the columns are called.
import * as XLSX from '@e965/xlsx';
import { createTRPCClient, httpLink } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { trpcTransformer } from '../../src/client/lib/trpcTransformer';
import type { FileFormat } from '../../src/engine';
import type { DatasetView, PreviewRow } from '../../src/server/api-schemas';
import type { AppRouter } from '../../src/server/routers/_app';
import { sendJson, sheetRows, useInProcessServer, uploadFile } from '../support/in-process-server';

interface Table {
  name: string;
  columns: string[];
  rows: string[][];
}

/** Columns whose names are also the names of Object.prototype's own workings. */
const ODD_COLUMNS = ['id', '__proto__', 'email', 'constructor', 'prototype'];

function oddTable(name: string, rowCount = 6): Table {
  return {
    name,
    columns: ODD_COLUMNS,
    rows: Array.from({ length: rowCount }, (_, index) => [
      `R-${index + 1}`,
      `proto text ${index}`,
      `person${index}@example.org`,
      `builder text ${index}`,
      `shape text ${index}`,
    ]),
  };
}

function peopleTable(rowCount = 4): Table {
  const first = ['Ada', 'Grace', 'Alan', 'Edsger'];
  return {
    name: 'People',
    columns: ['person_id', 'first_name', 'email'],
    rows: Array.from({ length: rowCount }, (_, index) => {
      const name = first[index % first.length] ?? 'Ada';
      return [`P-${index + 1}`, name, `${name.toLowerCase()}${index}@example.com`];
    }),
  };
}

function ordersTable(rowCount = 3): Table {
  return {
    name: 'Orders',
    columns: ['order_id', 'customer_email', 'status'],
    rows: Array.from({ length: rowCount }, (_, index) => [
      `ORD-${5000 + index}`,
      `buyer${index}@shop.example`,
      index % 2 === 0 ? 'shipped' : 'open',
    ]),
  };
}

/** The rows a preview should hold of a table: its cells under its column names. */
function expectedRows(table: Table): Record<string, string>[] {
  return table.rows.map((row) =>
    Object.fromEntries(table.columns.map((column, index) => [column, row[index] ?? ''])),
  );
}

/** A table as a csv, tsv or json file (no cell holds a delimiter or a quote). */
function textFile(format: 'csv' | 'tsv' | 'json', table: Table): string {
  if (format === 'json') return JSON.stringify(expectedRows(table));
  const separator = format === 'csv' ? ',' : '\t';
  return [table.columns, ...table.rows].map((row) => row.join(separator)).join('\n');
}

/** Tables as the sheets of a workbook written by SheetJS, every cell a text cell. */
function workbookFile(bookType: 'xlsx' | 'xls', tables: Table[]): Uint8Array {
  const book = XLSX.utils.book_new();
  for (const table of tables) {
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet([table.columns, ...table.rows]),
      table.name,
    );
  }
  return new Uint8Array(XLSX.write(book, { type: 'buffer', bookType }) as Buffer);
}

const server = useInProcessServer();

/** An upload's answer, its JSON text kept to look at the keys as sent. */
async function upload(fileName: string, bytes: Uint8Array | string) {
  const response = await uploadFile(server.url, fileName, bytes);
  expect(response.status).toBe(201);
  const text = await response.text();
  return { text, view: JSON.parse(text) as DatasetView };
}

async function answer(response: Response) {
  expect(response.status).toBe(200);
  const text = await response.text();
  return { text, view: JSON.parse(text) as DatasetView };
}

function get(id: string, query = '') {
  return fetch(`${server.url}/api/datasets/${id}${query}`);
}

function pseudonymize(id: string) {
  return fetch(`${server.url}/api/datasets/${id}/pseudonymize`, { method: 'POST' });
}

/** Each column a row's own key, in column order, its value a text. */
function expectRowShape(row: PreviewRow | undefined, columns: string[]): void {
  expect(row).toBeDefined();
  expect(Object.keys(row ?? {})).toEqual(columns);
  for (const column of columns) {
    expect(Object.hasOwn(row ?? {}, column), column).toBe(true);
    expect(typeof row?.[column], column).toBe('string');
  }
  expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
}

describe.each(['csv', 'tsv', 'json'] as const)('a %s dataset', (format) => {
  const table = oddTable('odd');

  it('shows its rows as an array of objects keyed by column name, before and after a run', async () => {
    const { text, view } = await upload(`odd.${format}`, textFile(format, table));
    expect(view.fileType).toBe(format);
    expect(view.schema.map((column) => column.name)).toEqual(ODD_COLUMNS);
    expect(Array.isArray(view.originalData)).toBe(true);
    expect(view.originalData).toEqual(expectedRows(table));
    for (const row of sheetRows(view.originalData)) expectRowShape(row, ODD_COLUMNS);
    // The answer's JSON holds the odd names as keys, not left out by a serializer on the way.
    expect(text).toContain('{"id":"R-1","__proto__":"proto text 0","email":"person0@example.org"');
    expect(view.pseudonymizedData).toBeNull();

    const run = await answer(await pseudonymize(view.id));
    expect(run.view.originalData).toEqual(view.originalData);
    const fake = sheetRows(run.view.pseudonymizedData);
    expect(fake).toHaveLength(table.rows.length);
    for (const row of fake) expectRowShape(row, ODD_COLUMNS);
    expect(fake.map((row) => row.email)).not.toEqual(table.rows.map((row) => row[2]));
    expect(fake.every((row) => /@/.test(row.email ?? ''))).toBe(true);
    expect(run.text).toMatch(/\{"id":"[^"]*","__proto__":"[^"]*","email":/);

    const fetched = await answer(await get(view.id));
    expect(fetched.view.pseudonymizedData).toEqual(run.view.pseudonymizedData);
  });
});

describe.each(['xlsx', 'xls'] as const)('an %s workbook of three sheets', (format) => {
  // A sheet named like Object.prototype's constructor: a key of the workbook's previews.
  const tables = [peopleTable(), ordersTable(), oddTable('constructor')];

  it('shows every sheet under its name, each row keyed by its own columns, before and after a run', async () => {
    const { text, view } = await upload(`book.${format}`, workbookFile(format, tables));
    expect(view.fileType).toBe(format);
    expect(view.sheetNames).toEqual(['People', 'Orders', 'constructor']);
    expect(view.selectedSheet).toBe('People');
    expect(Array.isArray(view.originalData)).toBe(false);
    expect(Object.keys(view.originalData)).toEqual(view.sheetNames);
    for (const table of tables) {
      const rows = sheetRows(view.originalData, table.name);
      expect(rows).toEqual(expectedRows(table));
      for (const row of rows) expectRowShape(row, table.columns);
    }
    expect(text).toContain('"constructor":[{"id":"R-1","__proto__":"proto text 0"');
    expect(view.pseudonymizedData).toBeNull();

    const run = await answer(await pseudonymize(view.id));
    const fake = run.view.pseudonymizedData;
    expect(Object.keys(fake ?? {})).toEqual(view.sheetNames);
    for (const table of tables) {
      const rows = sheetRows(fake, table.name);
      expect(rows).toHaveLength(table.rows.length);
      for (const row of rows) expectRowShape(row, table.columns);
    }
    expect(sheetRows(fake, 'Orders').map((row) => row.customer_email)).not.toEqual(
      ordersTable().rows.map((row) => row[1]),
    );

    // Another selected sheet changes the schema and counts, not the previews.
    const selected = await answer(
      await sendJson(server.url, 'PATCH', `/api/datasets/${view.id}/sheet`, {
        sheetName: 'constructor',
      }),
    );
    expect(selected.view.schema.map((column) => column.name)).toEqual(ODD_COLUMNS);
    expect(selected.view.originalData).toEqual(view.originalData);
    expect(selected.view.pseudonymizedData).toEqual(fake);

    // A schema change discards the run, and with it the pseudonymized previews.
    const changed = await answer(
      await sendJson(server.url, 'PATCH', `/api/datasets/${view.id}/schema`, {
        schema: [{ name: '__proto__', rule: { action: 'keep' } }],
      }),
    );
    expect(changed.view.pseudonymizedData).toBeNull();
    const kept = await answer(await pseudonymize(view.id));
    expect(
      sheetRows(kept.view.pseudonymizedData, 'constructor').map((row) => row.__proto__),
    ).toEqual(tables[2]?.rows.map((row) => row[1]));
  });

  it('applies ?limit= to each sheet', async () => {
    const long = [peopleTable(250), ordersTable(30), oddTable('Notes', 120)];
    const { view } = await upload(`long.${format}`, workbookFile(format, long));
    const counts = (preview: DatasetView['originalData'] | null) =>
      view.sheetNames.map((name) => sheetRows(preview, name).length);
    expect(counts(view.originalData)).toEqual([100, 30, 100]);
    expect(counts((await answer(await get(view.id, '?limit=7'))).view.originalData)).toEqual([
      7, 7, 7,
    ]);
    expect(counts((await answer(await get(view.id, '?limit=1000'))).view.originalData)).toEqual([
      250, 30, 120,
    ]);
    await answer(await pseudonymize(view.id));
    const limited = (await answer(await get(view.id, '?limit=7'))).view;
    expect(counts(limited.pseudonymizedData)).toEqual([7, 7, 7]);
    const all = (await answer(await get(view.id, '?limit=1000'))).view;
    expect(counts(all.pseudonymizedData)).toEqual([250, 30, 120]);
  }, 60_000);
});

describe('preview caps in a workbook', () => {
  it('caps each sheet at 200,000 cells on its own', async () => {
    // 2,000 columns: 100 rows of the 150; the narrow sheet beside it shows all of its own.
    const wide: Table = {
      name: 'Wide',
      columns: Array.from({ length: 2000 }, (_, index) => `c${index}`),
      rows: Array.from({ length: 150 }, (_, row) =>
        Array.from({ length: 2000 }, (_, column) => `v${(row + column) % 7}`),
      ),
    };
    const { view } = await upload('wide.xlsx', workbookFile('xlsx', [wide, ordersTable(150)]));
    const fetched = (await answer(await get(view.id, '?limit=1000'))).view;
    expect(sheetRows(fetched.originalData, 'Wide')).toHaveLength(100);
    expect(Object.keys(sheetRows(fetched.originalData, 'Wide')[0] ?? {})).toEqual(wide.columns);
    expect(sheetRows(fetched.originalData, 'Orders')).toHaveLength(150);
    await answer(await pseudonymize(view.id));
    const run = (await answer(await get(view.id, '?limit=1000'))).view;
    expect(sheetRows(run.pseudonymizedData, 'Wide')).toHaveLength(100);
    expect(sheetRows(run.pseudonymizedData, 'Orders')).toHaveLength(150);
  }, 60_000);

  it('caps the characters of each sheet and of all sheets together', async () => {
    // One 30,000-character string shared by every cell of three sheets of 20 columns: a cell
    // shows 1,001 characters, a row 20,070 with its keys (c0…c19). A sheet holds 199 rows
    // (4,000,000 characters), the workbook about 8,000,000: 199, 199, then the third sheet's
    // first row only.
    const long = 'x'.repeat(30_000);
    const sheet = (name: string): Table => ({
      name,
      columns: Array.from({ length: 20 }, (_, index) => `c${index}`),
      rows: Array.from({ length: 1000 }, () => Array.from({ length: 20 }, () => long)),
    });
    const book = XLSX.utils.book_new();
    for (const table of [sheet('A'), sheet('B'), sheet('C')]) {
      XLSX.utils.book_append_sheet(
        book,
        XLSX.utils.aoa_to_sheet([table.columns, ...table.rows]),
        table.name,
      );
    }
    const bytes = new Uint8Array(
      XLSX.write(book, {
        type: 'buffer',
        bookType: 'xlsx',
        bookSST: true,
        compression: true,
      }) as Buffer,
    );
    const { view } = await upload('repeated.xlsx', bytes);
    const fetched = (await answer(await get(view.id, '?limit=1000'))).view;
    expect(['A', 'B', 'C'].map((name) => sheetRows(fetched.originalData, name).length)).toEqual([
      199, 199, 1,
    ]);
    for (const cell of Object.values(sheetRows(fetched.originalData, 'C')[0] ?? {})) {
      expect(cell).toBe(`${'x'.repeat(1000)}…`);
    }
  }, 60_000);
});

describe('through tRPC, as the page reads it', () => {
  const client = () =>
    createTRPCClient<AppRouter>({
      links: [httpLink({ url: `${server.url}/api/trpc`, transformer: trpcTransformer })],
    });

  it.each([
    { format: 'csv' as FileFormat, file: () => textFile('csv', oddTable('odd')) },
    {
      format: 'xlsx' as FileFormat,
      file: () => workbookFile('xlsx', [peopleTable(), oddTable('constructor')]),
    },
  ])('answers a $format dataset as REST does, odd names and all', async ({ format, file }) => {
    const { view } = await upload(`odd.${format}`, file());
    const trpc = client();
    const viaTrpc = await trpc.getDataset.query({ id: view.id, limit: 3 });
    const viaRest = (await answer(await get(view.id, '?limit=3'))).view;
    expect({ ...viaTrpc, expiresAt: '' }).toEqual({ ...viaRest, expiresAt: '' });
    const oddSheet = format === 'csv' ? undefined : 'constructor';
    const rows = sheetRows(viaTrpc.originalData, oddSheet);
    expect(rows).toHaveLength(3);
    expect(rows[0]?.__proto__).toBe('proto text 0');
    for (const row of rows) expectRowShape(row, ODD_COLUMNS);

    const run = await trpc.pseudonymize.mutate({ id: view.id });
    const fake = sheetRows(run.pseudonymizedData, oddSheet);
    expect(fake).toHaveLength(6);
    for (const row of fake) expectRowShape(row, ODD_COLUMNS);
    const fetched = await trpc.getDataset.query({ id: view.id });
    expect(fetched.pseudonymizedData).toEqual(run.pseudonymizedData);
  });
});
