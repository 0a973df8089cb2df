import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { delimited, peopleRows, PEOPLE_COLUMNS } from '../support/customer-files';
import { screenshots, useBrowserSession } from './harness';
import { uploadThroughPage, holdCalls } from './harness-dataset';

// Schema edits and the run they feed: a preview never shows rules other than the shown ones, a
// run never starts before the edits it should use have been saved, and a rule the server would
// refuse is refused in the dialog, with a reason.

const session = useBrowserSession();
let page: Page;

const CUSTOMERS_CSV = { name: 'customers.csv', mimeType: 'text/csv', buffer: delimited(',') };
const CITY = PEOPLE_COLUMNS.indexOf('city');

async function openWithCustomers(): Promise<string> {
  page = await session.newPage();
  await page.goto('/');
  return uploadThroughPage(page, CUSTOMERS_CSV);
}

/** The city cells of the pseudonymized preview (the city is the preview's fourth column). */
async function previewCities(): Promise<string[]> {
  return page
    .getByRole('region', { name: 'Pseudonymized Data' })
    .locator('tbody tr')
    .evaluateAll(
      (rows, at) => rows.map((row) => row.querySelectorAll('td')[at]?.textContent ?? ''),
      CITY,
    );
}

const originalCities = peopleRows()
  .slice(0, 5)
  .map((row) => row[CITY]);

async function generate(): Promise<void> {
  await page.getByRole('button', { name: 'Generate Pseudonymized Data' }).click();
  await page.getByText('Ready to Download').waitFor();
}

async function expectStep2(): Promise<void> {
  await page.getByText('The schema changed since the last run').waitFor();
  await expect(page.getByRole('heading', { name: 'Data Preview' }).count()).resolves.toBe(0);
  await expect(page.getByText('Ready to Download').count()).resolves.toBe(0);
  await expect(
    page.getByRole('button', { name: 'Download Pseudonymized Data' }).count(),
  ).resolves.toBe(0);
  expect(
    await page.locator('[aria-current="step"]').innerText(),
    'the step indicator is back at step 2',
  ).toContain('Detect Schema');
}

describe('a schema edit after a run', { timeout: 60_000 }, () => {
  it('withdraws the outdated preview and download until Generate runs again', async () => {
    await openWithCustomers();
    await generate();
    expect(await previewCities()).not.toEqual(originalCities);

    await page.getByRole('button', { name: 'Keep original values of city' }).click();
    await expectStep2();
    await screenshots(page, 'schema-edits-01-run-outdated');

    await generate();
    await expect(page.getByText('The schema changed since the last run').count()).resolves.toBe(0);
    expect(await previewCities()).toEqual(originalCities);
    await screenshots(page, 'schema-edits-02-generated-again');
  });

  it('Re-analyze after a run withdraws the preview when it changes the schema', async () => {
    const id = await openWithCustomers();
    await generate();
    // Detection gives the same schema: the run still matches it and stays.
    await page.getByRole('button', { name: 'Re-analyze' }).click();
    await page.getByText('Schema re-analyzed', { exact: true }).waitFor();
    await page.getByText('Ready to Download').waitFor();

    await page.getByRole('button', { name: 'Keep original values of city' }).click();
    await expectStep2();
    await generate();
    // Re-analyze keeps the keep rule: the run stays.
    await page.getByRole('button', { name: 'Re-analyze' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Re-analyze this sheet?' });
    await dialog.getByRole('button', { name: 'Re-analyze, keep my rules' }).click();
    await page.getByText('Schema re-analyzed', { exact: true }).waitFor();
    expect((await fetch(`${session.baseUrl}/api/datasets/${id}/download`)).status).toBe(200);
    // A clean slate drops it: that run no longer matches, here or on the server.
    await page.getByRole('button', { name: 'Re-analyze' }).click();
    await dialog.getByRole('button', { name: 'Clean slate: lose it' }).click();
    await expectStep2();
    const download = await fetch(`${session.baseUrl}/api/datasets/${id}/download`);
    expect(download.status).toBe(409);
  });
});

describe('Generate while a schema save is on its way', { timeout: 60_000 }, () => {
  it('waits for the save, so the run uses the edit', async () => {
    await openWithCustomers();
    const events: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/trpc/pseudonymize')) events.push('run sent');
    });
    page.on('requestfinished', (request) => {
      if (request.url().includes('/api/trpc/updateSchema')) events.push('save answered');
    });
    const save = await holdCalls(page, 'updateSchema');
    await page.getByRole('button', { name: 'Keep original values of city' }).click();
    await save.held;
    await page.getByRole('button', { name: 'Generate Pseudonymized Data' }).click();
    const pending = page.getByRole('button', { name: 'Generating Pseudonymized Data...' });
    await pending.waitFor();
    expect(await pending.isDisabled()).toBe(true);
    await page.waitForTimeout(300);
    expect(events).toEqual([]);
    await screenshots(page, 'schema-edits-03-waiting-for-save');

    save.release();
    await page.getByText('Ready to Download').waitFor();
    expect(events).toEqual(['save answered', 'run sent']);
    expect(await previewCities()).toEqual(originalCities);
  });
});

describe('a hand-typed custom method', { timeout: 60_000 }, () => {
  it('is checked in the dialog: an unknown one is refused there, naming near matches', async () => {
    const id = await openWithCustomers();
    let saves = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/trpc/updateSchema')) saves += 1;
    });
    await page.getByRole('button', { name: 'Custom format for first_name' }).click();
    const dialog = page.getByRole('dialog');
    const method = dialog.getByLabel('Selected Faker.js Method');
    const apply = dialog.getByRole('button', { name: 'Apply Custom Format' });

    await method.fill('');
    expect(await apply.isDisabled()).toBe(true);

    await method.fill('person.nope');
    await apply.click();
    await dialog.getByText('Unknown Faker method "person.nope"').waitFor();
    expect(await method.getAttribute('aria-invalid')).toBe('true');

    await method.fill('person.firstname');
    await expect(dialog.getByText(/Unknown Faker method/).count()).resolves.toBe(0);
    await method.press('Enter');
    const problem = dialog.getByText('Unknown Faker method "person.firstname"');
    await problem.waitFor();
    expect(await problem.innerText()).toContain('Did you mean person.firstName');
    expect(await dialog.isVisible()).toBe(true);
    expect(saves).toBe(0);
    await screenshots(page, 'schema-edits-04-unknown-method');

    await method.fill('person.firstName');
    await apply.click();
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(async () => {
        const response = await fetch(`${session.baseUrl}/api/datasets/${id}`);
        const { schema } = (await response.json()) as {
          schema: { name: string; rule: { action: string; fakerMethod?: string } }[];
        };
        return schema.find((column) => column.name === 'first_name')?.rule;
      })
      .toEqual({ action: 'faker', fakerMethod: 'person.firstName' });
  });
});
