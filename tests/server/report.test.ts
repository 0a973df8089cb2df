// The privacy and utility report served by the real server: computed at the end of every run,
// as JSON over REST and tRPC and as a printable page, with its figures counted again here.
import { createTRPCClient, httpLink, TRPCClientError } from '@trpc/client';
import Papa from 'papaparse';
import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import type { PrivacyReport } from '../../src/engine';
import type { ColumnUpdate, DatasetView } from '../../src/server/api-schemas';
import type { AppRouter } from '../../src/server/routers/_app';
import { fixtureFile } from '../support/people-files';
import {
  sendJson,
  uploadDataset,
  useInProcessServer,
  type ErrorBody,
} from '../support/in-process-server';
import { columnOf, csvOf, customerTable, pick, renamed, type Table } from '../support/report-files';
import { replacedOriginalsIn } from '../support/report-originals';

const server = useInProcessServer();

async function upload(table: Table, fileName = 'people.csv'): Promise<string> {
  return (await uploadDataset(server.url, fileName, csvOf(table))).id;
}

async function setRules(id: string, schema: ColumnUpdate[]): Promise<void> {
  const response = await sendJson(server.url, 'PATCH', `/api/datasets/${id}/schema`, { schema });
  expect(response.status, await response.clone().text()).toBe(200);
}

const keep = (...names: string[]): ColumnUpdate[] =>
  names.map((name) => ({ name, rule: { action: 'keep' } }));
const blank = (...names: string[]): ColumnUpdate[] =>
  names.map((name) => ({ name, rule: { action: 'blank' } }));

/**
 * Runs under one key, so figures that depend on chance (two names drawn alike) are the same
 * on every run of the tests.
 */
async function run(id: string): Promise<DatasetView> {
  const response = await sendJson(server.url, 'POST', `/api/datasets/${id}/pseudonymize`, {
    secret: 'report-test-key',
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as DatasetView;
}

async function report(id: string): Promise<PrivacyReport> {
  const response = await fetch(`${server.url}/api/datasets/${id}/report`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as PrivacyReport;
}

/** The pseudonymized table as downloaded. */
async function downloaded(id: string): Promise<Table> {
  const text = await (await fetch(`${server.url}/api/datasets/${id}/download`)).text();
  const [columns, ...rows] = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
  return { columns: columns!, rows };
}

/** Equivalence classes of the rows over `columns`, counted one row at a time. */
function classSizes(table: Table, columns: readonly string[]): number[] {
  const indexes = columns.map((name) => table.columns.indexOf(name));
  const classes = new Map<string, number>();
  for (const row of table.rows) {
    const key = JSON.stringify(indexes.map((index) => row[index]));
    classes.set(key, (classes.get(key) ?? 0) + 1);
  }
  return [...classes.values()];
}

function uniqueShare(table: Table, columns: readonly string[]): number {
  return classSizes(table, columns).filter((size) => size === 1).length / table.rows.length;
}

describe('the report of a run', () => {
  it('is computed with every run, after its answer, and shows no original survives', async () => {
    const table = customerTable();
    const id = await upload(table);
    const view = await run(id);
    // The run answers once its result is written, timed to there; the report follows.
    expect(view.stats?.timings.writeResult).toBeGreaterThanOrEqual(0);
    expect(view.stats?.timings.report).toBeUndefined();
    const figures = await report(id);
    const output = await downloaded(id);
    const sheet = figures.sheets[0]!;
    expect(sheet.rows).toBe(table.rows.length);
    for (const column of sheet.columns) {
      // Counted again over the download: cells equal to their own original.
      const before = columnOf(table, column.name);
      const after = columnOf(output, column.name);
      const inPlace = before.filter((value, row) => value !== '' && value === after[row]).length;
      expect(column.replaced, column.name).toBe(true);
      expect(column.survivors?.sameCell, column.name).toBe(inPlace);
      expect(column.distinctBefore, column.name).toBe(new Set(before).size);
      expect(column.distinctAfter, column.name).toBe(new Set(after).size);
    }
    expect(sheet.columns.every((column) => column.survivors?.sameCell === 0)).toBe(true);
  });

  it('warns that kept zip, birth date and gender single people out, with their exact figures', async () => {
    const table = customerTable();
    const id = await upload(table);
    const kept = ['zip', 'birth_date', 'gender'];
    await setRules(id, keep(...kept));
    await run(id);
    const { risk } = (await report(id)).sheets[0]!;
    const sizes = classSizes(table, kept);
    const uniqueRows = sizes.filter((size) => size === 1).length;
    expect(risk.quasiIdentifiers).toEqual(kept);
    expect(risk.uniqueRows).toBe(uniqueRows);
    expect(risk.uniqueShare).toBeCloseTo(uniqueRows / table.rows.length, 12);
    expect(risk.k).toBe(Math.min(...sizes));
    const bucket = (low: number, high: number) => sizes.filter((s) => s >= low && s <= high);
    expect(risk.classSizes.map(({ label, classes, rows }) => [label, classes, rows])).toEqual(
      (
        [
          ['1', 1, 1],
          ['2', 2, 2],
          ['3-4', 3, 4],
          ['5-9', 5, 9],
          ['10+', 10, Infinity],
        ] as const
      ).map(([label, low, high]) => [
        label,
        bucket(low, high).length,
        bucket(low, high).reduce((sum, size) => sum + size, 0),
      ]),
    );
    for (const entry of risk.contributions) {
      const others = kept.filter((name) => name !== entry.column);
      expect(entry.uniqueShareAlone).toBeCloseTo(uniqueShare(table, [entry.column]), 12);
      expect(entry.dropWhenLeftOut).toBeCloseTo(
        uniqueShare(table, kept) - uniqueShare(table, others),
        12,
      );
    }
    expect(uniqueRows / table.rows.length).toBeGreaterThan(0.05);

    const warning = (await report(id)).warnings.find(
      (each) => each.code === 're-identification-risk',
    )!;
    expect(warning).toMatchObject({
      severity: 'high',
      sheet: 'people',
      figures: { uniqueShare: risk.uniqueShare, k: risk.k, uniqueRows },
    });
    expect(warning.columns.length).toBeGreaterThan(0);
    expect(kept).toEqual(expect.arrayContaining(warning.columns));
    expect(warning.advice).toContain(`${Math.round(risk.uniqueShare * 1000) / 10}% of rows`);
  });

  it('warns of a kept notes column that names replaced customers, counting the cells', async () => {
    const table = customerTable();
    const id = await upload(table);
    await setRules(id, keep('notes'));
    await run(id);
    const figures = await report(id);
    const names = new Set(columnOf(table, 'full_name'));
    const naming = columnOf(table, 'notes').filter((note) =>
      [...names].some((name) => note.includes(name)),
    ).length;
    expect(naming).toBe(20);
    expect(figures.leaks).toEqual([
      {
        sourceSheet: 'people',
        sourceColumn: 'full_name',
        foundSheet: 'people',
        foundColumn: 'notes',
        cells: naming,
      },
    ]);
    expect(figures.warnings).toContainEqual(
      expect.objectContaining({
        code: 'kept-text-mentions-replaced',
        severity: 'high',
        columns: ['notes', 'full_name'],
        figures: { cells: naming },
      }),
    );
  });

  it('warns of a kept email column', async () => {
    const table = customerTable();
    const id = await upload(table);
    await setRules(id, keep('email'));
    await run(id);
    expect((await report(id)).warnings).toContainEqual(
      expect.objectContaining({
        code: 'kept-pii-column',
        severity: 'high',
        columns: ['email'],
        figures: { distinctValues: new Set(columnOf(table, 'email')).size },
      }),
    );
  });

  it('warns of a unique column whose Faker method has too few values to stay unique', async () => {
    const table = customerTable();
    const id = await upload(table);
    await setRules(id, [
      { name: 'customer_id', rule: { action: 'faker', fakerMethod: 'person.sex' } },
    ]);
    await run(id);
    const after = new Set(columnOf(await downloaded(id), 'customer_id')).size;
    expect(after).toBeLessThan(table.rows.length);
    expect((await report(id)).warnings).toContainEqual(
      expect.objectContaining({
        code: 'pseudonyms-lost-uniqueness',
        severity: 'high',
        columns: ['customer_id'],
        figures: { distinctBefore: table.rows.length, distinctAfter: after },
      }),
    );
  });

  it('reminds that the mapping is downloadable, and warns of nothing else on a clean run', async () => {
    const table = pick(customerTable(), ['customer_id', 'full_name', 'email', 'phone', 'tier']);
    const id = await upload(table);
    await setRules(id, keep('tier'));
    const view = await run(id);
    expect(view.mapping?.rowCount).toBeGreaterThan(0);
    const figures = await report(id);
    expect(figures.warnings).toEqual([
      {
        severity: 'low',
        code: 'mapping-downloadable',
        advice: expect.stringContaining('store it like the original') as string,
        sheet: null,
        columns: [],
        figures: {},
      },
    ]);
    // Tier has 27 gold and 53 silver customers.
    expect(figures.sheets[0]!.risk).toMatchObject({ k: 27, uniqueRows: 0 });
  });

  it('has no warning at all when nothing is replaced and what is kept singles no one out', async () => {
    const table = pick(customerTable(), ['full_name', 'email', 'city', 'tier']);
    const id = await upload(table);
    await setRules(id, [...blank('full_name', 'email'), ...keep('city', 'tier')]);
    const view = await run(id);
    expect(view.mapping?.rowCount).toBe(0);
    const figures = await report(id);
    expect(figures.warnings).toEqual([]);
    expect(figures.sheets[0]!.risk.k).toBe(Math.min(...classSizes(table, ['city', 'tier'])));
  });
});

describe('GET /api/datasets/{id}/report and the getReport procedure', () => {
  const client = () =>
    createTRPCClient<AppRouter>({
      links: [httpLink({ url: `${server.url}/api/trpc`, transformer: superjson })],
    });

  it('answers the same report over tRPC and REST, and as ?format=json', async () => {
    const id = await upload(customerTable(30));
    await run(id);
    const viaRest = await report(id);
    expect(await client().getReport.query({ id })).toEqual(viaRest);
    const asJson = await fetch(`${server.url}/api/datasets/${id}/report?format=json`);
    expect(asJson.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await asJson.json()).toEqual(viaRest);
  });

  it('answers 404 for an unknown dataset and 409 before a run, in JSON, in every form', async () => {
    const id = await upload(customerTable(10));
    for (const [target, status] of [
      ['00000000-0000-4000-8000-000000000000', 404],
      [id, 409],
    ] as const) {
      for (const query of ['', '?format=json', '?format=html', '?format=html&download=1']) {
        const response = await fetch(`${server.url}/api/datasets/${target}/report${query}`);
        expect(response.status, query).toBe(status);
        expect(response.headers.get('content-type')).toMatch(/^application\/json/);
        const body = (await response.json()) as ErrorBody;
        expect(body.message).toMatch(
          status === 404 ? /^Dataset not found/ : /pseudonymize the dataset first/,
        );
      }
      const error = (await client()
        .getReport.query({ id: target })
        .catch((caught: unknown) => caught)) as TRPCClientError<AppRouter>;
      expect(error).toBeInstanceOf(TRPCClientError);
      expect(error.data?.httpStatus).toBe(status);
    }
  });

  it('answers 400 for an unknown format', async () => {
    const id = await upload(customerTable(10));
    await run(id);
    const response = await fetch(`${server.url}/api/datasets/${id}/report?format=pdf`);
    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorBody).issues?.[0]?.path).toEqual(['format']);
  });

  it('discards the report with the run when the schema changes', async () => {
    const id = await upload(customerTable(20));
    await run(id);
    await report(id);
    await setRules(id, keep('tier'));
    for (const query of ['', '?format=html']) {
      expect((await fetch(`${server.url}/api/datasets/${id}/report${query}`)).status).toBe(409);
    }
    await run(id);
    const figures = await report(id);
    expect(figures.sheets[0]!.columns.find((column) => column.name === 'tier')?.rule).toBe('keep');
  });
});

describe('GET /api/datasets/{id}/report?format=html', () => {
  const SCRIPT_NAME = '<script>alert(1)</script>';
  const QUOTE_NAME = 'city" onmouseover="alert(2)';

  async function page(query = '') {
    const table = renamed(customerTable(), { tier: SCRIPT_NAME, city: QUOTE_NAME });
    const id = await upload(table, 'Kunden übersicht.csv');
    await setRules(id, keep(SCRIPT_NAME, 'notes'));
    await run(id);
    const response = await fetch(`${server.url}/api/datasets/${id}/report?format=html${query}`);
    expect(response.status).toBe(200);
    return { id, table, response, html: await response.text(), figures: await report(id) };
  }

  it('is one self-contained page in the tab: text/html, inline, nothing loaded, no script', async () => {
    const { response, html, figures } = await page();
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      `inline; filename="Kunden _bersicht-report.html"; filename*=UTF-8''Kunden%20%C3%BCbersicht-report.html`,
    );
    expect(response.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).not.toMatch(/<script|<link|<img|<iframe|\s(src|href)=|url\(|@import/i);
    expect(html).toContain('@media (prefers-color-scheme: dark)');
    expect(html).toContain('@media print');
    // The summary, the warnings first, and a card per column. The kept notes name customers.
    expect(html).toContain(
      `<p class="summary-line">No original survives in replaced columns · Originals kept in &lt;script&gt;alert(1)&lt;/script&gt; and notes · 20 cells elsewhere hold replaced originals · ${figures.warnings.length} warnings · k = 1 on kept columns</p>`,
    );
    expect(html.indexOf('id="warnings"')).toBeLessThan(html.indexOf('id="risk"'));
    for (const warning of figures.warnings) {
      expect(html).toContain(warning.advice.replaceAll('"', '&quot;'));
    }
    expect(html.match(/<article class="card">/g)).toHaveLength(figures.sheets[0]!.columns.length);
    // Every chart is an image with a name that states its figures.
    const charts = html.match(/<svg[^>]*>/g) ?? [];
    expect(charts.length).toBeGreaterThan(5);
    for (const chart of charts) expect(chart).toMatch(/role="img"\s+aria-label="[^"]+\d/);
  });

  it('gives every sheet of a workbook its risk and its section, a page of its own in print', async () => {
    const { id } = await uploadDataset(server.url, 'book.xlsx', fixtureFile('xlsx'));
    await run(id);
    const figures = await report(id);
    expect(figures.sheets.map((sheet) => sheet.name)).toEqual(['People', 'Orders']);
    const html = await (await fetch(`${server.url}/api/datasets/${id}/report?format=html`)).text();
    expect(html.match(/<section class="sheet"/g)).toHaveLength(2);
    for (const sheet of figures.sheets) {
      expect(html).toContain(`<h3>${sheet.name}</h3>`);
      expect(html).toMatch(new RegExp(`Sheet ${sheet.name}\\s*<span`));
    }
    expect(html).toMatch(/@media print \{[^@]*\.sheet \{ break-before: page; \}/);
  });

  it('sends the page as an attachment with download=1', async () => {
    const { response } = await page('&download=1');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="Kunden _bersicht-report\.html"/,
    );
  });

  it('escapes column names wherever they land, text or attribute', async () => {
    const { html } = await page();
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('city&quot; onmouseover=&quot;alert(2)');
    expect(html).not.toContain(SCRIPT_NAME);
    expect(html).not.toContain(QUOTE_NAME);
    expect(html).not.toContain('onmouseover="');
  });

  it('holds no cell value of a replaced column', async () => {
    const { id, table, html, figures } = await page();
    const originals = replacedOriginalsIn(table, await downloaded(id), figures);
    expect(originals.length).toBeGreaterThan(300);
    const found = originals.filter((value) => html.includes(value));
    expect(found).toEqual([]);
  });
});
