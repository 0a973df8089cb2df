import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { delimited } from '../support/customer-files';
import { screenshots, useBrowserSession } from './harness';
import { toastText, uploadThroughPage } from './harness-dataset';
import { recordToastTitles } from './harness-files';

// Expiry is a state, not an error: when the server no longer has the dataset (each test deletes
// it behind the page's back, as expiry does), the page says so once, goes back to step 1 with
// the file's name, uploads it again in one click, and keeps the consistency key.

const session = useBrowserSession();
let page: Page;

const CUSTOMERS_CSV = { name: 'customers.csv', mimeType: 'text/csv', buffer: delimited(',') };
const KEY = 'our-team-key-2024';

async function expire(id: string): Promise<void> {
  const gone = await fetch(`${session.baseUrl}/api/datasets/${id}`, { method: 'DELETE' });
  expect(gone.ok).toBe(true);
}

/** Back at step 1 with one notice, and one click away from the same file again. */
async function expectExpiredState(titles: () => Promise<string[]>): Promise<void> {
  expect(await toastText(page, 'Dataset expired')).toContain(
    'The server no longer holds customers.csv',
  );
  await page.getByText('customers.csv expired on the server').waitFor();
  await page.getByRole('heading', { name: 'Upload Your Dataset' }).waitFor();
  await expect(page.getByRole('heading', { name: 'Detected Schema' }).count()).resolves.toBe(0);
  expect(await page.locator('[aria-current="step"]').innerText()).toContain('Upload Data');
  expect(await titles()).toEqual(['Dataset expired']);
}

describe('a dataset that expired', { timeout: 90_000 }, () => {
  it('shows when it expires, then on step 2 says so once and uploads again in one click', async () => {
    page = await session.newPage();
    await page.goto('/');
    const id = await uploadThroughPage(page, CUSTOMERS_CSV);
    // The file card says until when the server keeps it, in the visitor's clock.
    const { expiresAt } = (await (await fetch(`${session.baseUrl}/api/datasets/${id}`)).json()) as {
      expiresAt: string;
    };
    const shown = await page.getByTestId('expiry').innerText();
    const local = await page.evaluate(
      (iso) => new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' }),
      expiresAt,
    );
    expect(shown).toBe(`Kept in memory until ${local} unless used again`);

    await page.getByLabel('Consistency key', { exact: true }).fill(KEY);
    await page.getByRole('button', { name: 'Keep original values of city' }).click();
    await expect
      .poll(async () => {
        const response = await fetch(`${session.baseUrl}/api/datasets/${id}`);
        const { schema } = (await response.json()) as {
          schema: { name: string; rule: { action: string } }[];
        };
        return schema.find((column) => column.name === 'city')?.rule.action;
      })
      .toBe('keep');
    await expire(id);
    const titles = await recordToastTitles(page);

    // An edit after expiry cannot look applied: the page goes back to step 1.
    await page.getByRole('button', { name: 'Keep original values of email' }).click();
    await expectExpiredState(titles);
    await screenshots(page, 'expiry-01-back-at-step-1');

    const answer = page.waitForResponse((response) => response.url().endsWith('/api/upload'));
    await page.getByRole('button', { name: 'Upload customers.csv again' }).click();
    const { id: again } = (await (await answer).json()) as { id: string };
    expect(again).not.toBe(id);
    await page.getByRole('heading', { name: 'Detected Schema' }).waitFor();
    await expect(page.getByText('customers.csv expired on the server').count()).resolves.toBe(0);
    expect(await page.getByLabel('Consistency key', { exact: true }).inputValue()).toBe(KEY);
    await screenshots(page, 'expiry-02-uploaded-again');
  });

  it('after a run, a download finds it gone and the page says so the same way', async () => {
    page = await session.newPage();
    await page.goto('/');
    const id = await uploadThroughPage(page, CUSTOMERS_CSV);
    await page.getByRole('button', { name: 'Generate Pseudonymized Data' }).click();
    await page.getByText('Ready to Download').waitFor();
    await expire(id);
    const titles = await recordToastTitles(page);
    await page.getByRole('button', { name: 'Download Pseudonymized Data' }).click();
    await expectExpiredState(titles);
    await expect(page.getByText('Ready to Download').count()).resolves.toBe(0);
  });
});
