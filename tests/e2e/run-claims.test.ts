import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { delimited, PEOPLE_COLUMNS } from '../support/customer-files';
import { screenshots, useBrowserSession } from './harness';
import { toastText, toastTitled, uploadThroughPage } from './harness-dataset';
import { recordToastTitles } from './harness-files';

// Every claim the page makes about a run follows what the run did: a run that kept every
// column, one that kept some, and a file without data rows. The toast, the tiles, the notice
// above the preview, the bar and the report's headline each say so, with the server's figures.

const session = useBrowserSession();
let page: Page;

const CUSTOMERS_CSV = { name: 'customers.csv', mimeType: 'text/csv', buffer: delimited(',') };

interface RunStats {
  rowsProcessed: number;
  columnsReplaced: number;
  cellsReplaced: number;
  cellsKept: number;
}

async function statsOf(id: string): Promise<RunStats> {
  const response = await fetch(`${session.baseUrl}/api/datasets/${id}`);
  return ((await response.json()) as { stats: RunStats }).stats;
}

async function keep(column: string): Promise<void> {
  const button = page.getByRole('button', { name: `Keep original values of ${column}` });
  await button.click();
  await expect.poll(() => button.getAttribute('aria-pressed')).toBe('true');
}

const bar = () => page.getByRole('complementary', { name: 'Download' });
const report = () => page.getByRole('region', { name: 'Privacy & utility' });

async function reportHeadline(): Promise<string> {
  const headline = report().getByText(/on kept columns|No kept columns to link/);
  await headline.waitFor();
  return headline.innerText();
}

async function previewText(): Promise<string> {
  return page.getByRole('region', { name: 'Data Preview' }).innerText();
}

describe('what the page claims after a run', { timeout: 120_000 }, () => {
  it('says nothing was replaced when every column is kept, and never "Success"', async () => {
    page = await session.newPage();
    await page.goto('/');
    const id = await uploadThroughPage(page, CUSTOMERS_CSV);
    for (const column of PEOPLE_COLUMNS) await keep(column);
    const titles = await recordToastTitles(page);
    await page.getByRole('button', { name: 'Generate Pseudonymized Data' }).click();

    await bar().getByText('Ready to Download').waitFor();
    const stats = await statsOf(id);
    expect(stats).toMatchObject({ columnsReplaced: 0, cellsReplaced: 0, cellsKept: 84 });
    expect(await toastText(page, 'Nothing replaced')).toContain(
      'The output holds the originals: originals kept in id, first_name, email and 4 more (84 cells).',
    );
    expect(await toastTitled(page, 'Nothing replaced').getAttribute('data-type')).toBe('warning');
    const preview = await previewText();
    expect(preview).toContain('Nothing was replaced');
    expect(preview).toMatch(/Schema Match\s+–\s+No replaced column to check/);
    expect(preview).toMatch(/Nothing Replaced\s+0 cells\s+Originals kept in id/);
    expect(preview).not.toContain('100%');
    expect(preview).not.toContain('Data Protected');
    expect(await bar().innerText()).toContain('12 rows · nothing replaced • CSV');
    const headline = await reportHeadline();
    expect(headline).toMatch(
      /^Nothing replaced · Originals kept in id, first_name, email and 4 more · /,
    );
    expect(await report().innerText()).not.toContain('No original survives');
    expect(await titles()).not.toContain('Success');
    await screenshots(page, 'claims-01-keep-all');
  });

  it('names the kept column in every claim when some are kept', async () => {
    page = await session.newPage();
    await page.goto('/');
    const id = await uploadThroughPage(page, CUSTOMERS_CSV);
    await keep('first_name');
    const titles = await recordToastTitles(page);
    await page.getByRole('button', { name: 'Generate Pseudonymized Data' }).click();
    const toast = await toastText(page, 'Pseudonymized, with originals kept');
    const stats = await statsOf(id);
    expect(stats.columnsReplaced).toBe(6);
    expect(toast).toContain(
      `${stats.cellsReplaced} cells in 6 columns replaced; originals kept in first_name (12 cells).`,
    );
    const preview = await previewText();
    expect(preview).toContain('first_name shows its original values in the pseudonymized data.');
    expect(preview).toMatch(/Schema Match\s+\d+(\.\d)?%/);
    expect(preview).toMatch(/Data Replaced\s+12 rows/);
    expect(preview).toContain(
      `${stats.cellsReplaced} cells in 6 columns replaced; originals kept in first_name (12 cells)`,
    );
    expect(await bar().innerText()).toContain(
      `12 rows · ${stats.cellsReplaced} cells replaced · first_name kept • CSV`,
    );
    expect(await reportHeadline()).toMatch(
      /^No original survives in replaced columns · Originals kept in first_name · /,
    );
    expect(await titles()).not.toContain('Success');
    await screenshots(page, 'claims-02-keep-some');
  });

  it('says a file without data rows replaced nothing: a notice, not a success', async () => {
    page = await session.newPage();
    await page.goto('/');
    await uploadThroughPage(page, {
      name: 'header-only.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('id,email,city\n', 'utf8'),
    });
    const titles = await recordToastTitles(page);
    await page.getByRole('button', { name: 'Generate Pseudonymized Data' }).click();
    expect(await toastText(page, 'No data rows')).toContain(
      'The file has a header but no data rows: nothing was replaced.',
    );
    expect(await toastTitled(page, 'No data rows').getAttribute('data-type')).toBe('warning');
    const preview = await previewText();
    expect(preview).toContain('The file has no data rows, so there is nothing to replace.');
    expect(preview).toMatch(/No Data Rows\s+0 rows/);
    expect(preview).not.toMatch(/columns? replaced/);
    expect(await bar().innerText()).toContain('No data rows • CSV');
    expect(await reportHeadline()).toMatch(/^No data rows: nothing replaced · /);
    expect(await titles()).toEqual(['No data rows']);
    await screenshots(page, 'claims-03-no-rows');
  });
});
