import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { delimited, workbook } from '../support/customer-files';
import { screenshots, useBrowserSession } from './harness';
import { toastText, toastTitled, uploadThroughPage } from './harness-dataset';
import { recordToastTitles } from './harness-files';

// What a visitor sees when a call fails. Each test has the server's answer to one call fail
// (a 500 with a message, as a fault would), then acts on the page. A dataset that expired is a
// state of its own, not an error (expiry.test.ts).

const session = useBrowserSession();
let page: Page;

const FAILURE = 'The engine stopped (test)';

/** Answers the page's calls to a tRPC procedure with a server error naming FAILURE. */
async function failCalls(procedure: string): Promise<void> {
  await page.route(`**/api/trpc/${procedure}**`, (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({
        error: {
          json: {
            message: FAILURE,
            code: -32603,
            data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 },
          },
        },
      }),
    }),
  );
}

async function uploadThenFail(
  procedure: string,
  file = { name: 'customers.csv', mimeType: 'text/csv', buffer: delimited(',') },
): Promise<void> {
  page = await session.newPage();
  await page.goto('/');
  await uploadThroughPage(page, file);
  await failCalls(procedure);
}

async function expectErrorToast(title: string, description: string): Promise<void> {
  expect(await toastText(page, title)).toContain(description);
  expect(await toastTitled(page, title).getAttribute('data-type')).toBe('error');
}

describe('failed calls and what the page shows', { timeout: 60_000 }, () => {
  it("a failed run shows 'Error' with the server's message and stays at step 2", async () => {
    await uploadThenFail('pseudonymize');
    await page.getByRole('button', { name: 'Generate Pseudonymized Data' }).click();
    await expectErrorToast('Error', FAILURE);
    await expect(page.getByRole('heading', { name: 'Data Preview' }).count()).resolves.toBe(0);
    await expect(page.getByText('Ready to Download').count()).resolves.toBe(0);
    expect(
      await page.getByRole('button', { name: 'Generate Pseudonymized Data' }).isEnabled(),
    ).toBe(true);
    await screenshots(page, 'errors-01-run-failed');
  });

  it("a failed sheet switch shows 'Error' and keeps the sheet that was selected", async () => {
    await uploadThenFail('setSheet', {
      name: 'shop.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: workbook('xlsx', true),
    });
    const sheetChoice = page.getByLabel('Select Sheet:');
    await sheetChoice.selectOption('Orders');
    await expectErrorToast('Error', FAILURE);
    await expect.poll(() => sheetChoice.inputValue()).toBe('Customers');
    expect(await sheetChoice.isEnabled()).toBe(true);
    await expect(page.getByRole('article').count()).resolves.toBe(7);
    await screenshots(page, 'errors-03-sheet-switch-failed');
  });

  it('a failed schema save is logged to the console only, without cell values', async () => {
    await uploadThenFail('updateSchema');
    const titles = await recordToastTitles(page);
    const logged = page.waitForEvent('console', (message) =>
      message.text().startsWith('Saving the schema failed'),
    );
    const refetched = page.waitForResponse((response) => response.url().includes('getDataset'));
    await page.getByLabel('Type of email').selectOption('string');
    const message = await logged;
    expect(message.type()).toBe('error');
    expect(message.text()).toContain(FAILURE);
    expect(message.text()).not.toMatch(/alice|example\.org|Lisbon/i);
    // The failed save's refetch has answered too, and still nothing was shown.
    await refetched;
    expect(await titles()).toEqual([]);
    // The card shows the server's state again: the type was never saved.
    await expect.poll(() => page.getByLabel('Type of email').inputValue()).toBe('email');
    await screenshots(page, 'errors-04-schema-save-failed');
  });

  it("a failed download shows 'Download failed'", async () => {
    page = await session.newPage();
    await page.goto('/');
    await uploadThroughPage(page, {
      name: 'customers.csv',
      mimeType: 'text/csv',
      buffer: delimited(','),
    });
    await page.getByRole('button', { name: 'Generate Pseudonymized Data' }).click();
    await page.getByText('Ready to Download').waitFor();
    await page.route('**/api/datasets/*/download*', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"no"}' }),
    );

    const titles = await recordToastTitles(page);
    let downloads = 0;
    page.on('download', () => (downloads += 1));
    for (const button of ['Download Pseudonymized Data', 'Download Mapping']) {
      await page.getByRole('button', { name: button }).click();
      await expectErrorToast('Download failed', 'There was an error downloading your file.');
      await expect.poll(titles).toHaveLength(button === 'Download Mapping' ? 2 : 1);
    }
    expect(await titles()).toEqual(['Download failed', 'Download failed']);
    expect(downloads).toBe(0);
    await screenshots(page, 'errors-02-download-failed');
  });
});
