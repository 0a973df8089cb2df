import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { PrivacyReport } from '../../src/engine';
import { csvOf, customerTable, renamed, type Table } from '../support/report-files';
import { replacedOriginalsIn } from '../support/report-originals';
import { lowContrastTexts } from './contrast';
import { SCREENSHOT_DIR, useBrowserSession } from './harness';
import { PHONE_WIDTH, sidewaysOverflow } from './layout';

// The report's printable page (GET /api/datasets/{id}/report?format=html) as a browser shows it:
// both colour schemes, phone width, print, and what it must not hold.

const session = useBrowserSession();
const SCRIPT_NAME = '<script>alert(1)</script>';

async function api(pathname: string, init?: RequestInit): Promise<Response> {
  const response = await fetch(`${session.baseUrl}${pathname}`, init);
  if (!response.ok) throw new Error(`${pathname} answered ${response.status}`);
  return response;
}

/** Uploads the customers (kept notes naming them, a column named like a script) and runs. */
async function runCustomers(): Promise<{ id: string; table: Table; output: Table }> {
  const table = renamed(customerTable(), { tier: SCRIPT_NAME });
  const form = new FormData();
  form.append('file', new Blob([csvOf(table)]), 'customers.csv');
  const { id } = (await (await api('/api/upload', { method: 'POST', body: form })).json()) as {
    id: string;
  };
  const json = { 'Content-Type': 'application/json' };
  const schema = [SCRIPT_NAME, 'notes'].map((name) => ({ name, rule: { action: 'keep' } }));
  await api(`/api/datasets/${id}/schema`, {
    method: 'PATCH',
    headers: json,
    body: JSON.stringify({ schema }),
  });
  await api(`/api/datasets/${id}/pseudonymize`, { method: 'POST', headers: json, body: '{}' });
  const text = await (await api(`/api/datasets/${id}/download`)).text();
  const [columns, ...rows] = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
  return { id, table, output: { columns: columns!, rows } };
}

async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, name), fullPage: true });
}

const background = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);

describe('the printable report page', { timeout: 120_000 }, () => {
  it('reads in both schemes, at phone width and on paper, loading and running nothing', async () => {
    const { id } = await runCustomers();
    const page = await session.newPage();
    const requests: string[] = [];
    const dialogs: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(`/api/datasets/${id}/report?format=html`);
    await page.getByRole('heading', { name: 'Privacy & utility report' }).waitFor();
    expect(requests).toHaveLength(1);
    expect(dialogs).toEqual([]);

    for (const [colorScheme, expected] of [
      ['light', 'rgb(255, 255, 255)'],
      ['dark', 'rgb(26, 32, 44)'],
    ] as const) {
      await page.emulateMedia({ colorScheme, media: 'screen' });
      expect(await background(page)).toBe(expected);
      expect(await lowContrastTexts(page), colorScheme).toEqual([]);
      for (const [suffix, width] of [
        ['', 1280],
        ['.phone', PHONE_WIDTH],
      ] as const) {
        await page.setViewportSize({ width, height: 900 });
        expect(await sidewaysOverflow(page), `${colorScheme} at ${width} px`).toEqual([]);
        await screenshot(page, `report-page.${colorScheme}${suffix}.png`);
      }
      await page.setViewportSize({ width: 1280, height: 900 });
    }
    // On paper: light whatever the reader's scheme, each sheet from a new page.
    await page.emulateMedia({ colorScheme: 'dark', media: 'print' });
    expect(await background(page)).toBe('rgb(255, 255, 255)');
    expect(
      await page.locator('section.sheet').evaluate((node) => getComputedStyle(node).breakBefore),
    ).toBe('page');
    await screenshot(page, 'report-page.print.png');
    expect(requests).toHaveLength(1);
  });

  it('holds no value of a replaced column, and names every chart by its figures', async () => {
    const { id, table, output } = await runCustomers();
    const report = (await (await api(`/api/datasets/${id}/report`)).json()) as PrivacyReport;
    const page = await session.newPage();
    await page.goto(`/api/datasets/${id}/report?format=html`);
    const shown = await page.evaluate(() =>
      [
        document.documentElement.innerText,
        ...Array.from(document.querySelectorAll('[aria-label]'), (node) =>
          node.getAttribute('aria-label'),
        ),
        ...Array.from(document.querySelectorAll('title'), (node) => node.textContent),
      ].join('\n'),
    );
    const originals = replacedOriginalsIn(table, output, report);
    expect(originals.length).toBeGreaterThan(300);
    expect(originals.filter((value) => shown.includes(value))).toEqual([]);
    // The column named like a script is text on the page, and nothing ran.
    await expect.poll(() => page.getByRole('heading', { name: SCRIPT_NAME }).count()).toBe(1);

    const charts = await page.locator('svg').count();
    expect(charts).toBeGreaterThan(5);
    const images = await page.getByRole('img').all();
    expect(images).toHaveLength(charts);
    for (const image of images) {
      expect(await image.getAttribute('aria-label')).toMatch(/\w.*\d/);
    }
    // Each histogram and frequency chart has the same figures in a table for screen readers.
    expect(await page.locator('figure.chart .visually-hidden table').count()).toBe(charts);
    const snapshot = await page.locator('main').ariaSnapshot();
    expect(snapshot.match(/- 'img "[^"]+"'|- img "[^"]+"/g)).toHaveLength(charts);
  });
});
