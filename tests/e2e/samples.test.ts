import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { delimited, peopleRows, PEOPLE_COLUMNS, readDownload } from '../support/customer-files';
import { screenshots, useBrowserSession } from './harness';
import { downloadBy, holdCalls, uploadThroughPage } from './harness-dataset';

// A card's example is the pseudonym the run writes for that value: each card's sample equals the
// downloaded output's value in the example's row, under the dataset's own key and under a
// consistency key typed on the page, with a date's shift window as set (30 days here).

const session = useBrowserSession({ keepPages: true });
let page: Page;

const SOURCE = peopleRows();

/** Each card's example label and sample, by column. */
async function cardSamples(): Promise<Map<string, { label: string; sample: string }>> {
  const found = new Map<string, { label: string; sample: string }>();
  for (const column of PEOPLE_COLUMNS) {
    const example = page.getByRole('article', { name: column }).getByTestId('column-example');
    const label = (await example.innerText()).split('\n')[0] ?? '';
    const sample = await example.getByTestId('column-sample').innerText();
    found.set(column, { label, sample });
  }
  return found;
}

/** Downloads the csv and pairs each column's sample with the output in its example's row. */
async function samplesAgainstDownload(samples: Map<string, { sample: string }>) {
  const { bytes } = await downloadBy(page, 'Download Pseudonymized Data');
  const rows = readDownload(bytes, 'csv').csv!.slice(1);
  return PEOPLE_COLUMNS.map((column, index) => {
    // Every column's first example is its first row's value here.
    expect(SOURCE[0]?.[index]).toBeDefined();
    return { column, sample: samples.get(column)?.sample, output: rows[0]?.[index] };
  });
}

describe('the example on a schema card', { timeout: 120_000 }, () => {
  it("equals the run's output for its row, a date moved within its window", async () => {
    page = await session.newPage();
    await page.goto('/');
    await uploadThroughPage(page, {
      name: 'customers.csv',
      mimeType: 'text/csv',
      buffer: delimited(','),
    });
    const windowField = page.getByLabel('Largest shift of signup_date in days');
    const dateSample = page
      .getByRole('article', { name: 'signup_date' })
      .getByTestId('column-sample');
    const before = await dateSample.innerText();
    await windowField.fill('30');
    await windowField.press('Enter');
    await expect.poll(() => dateSample.innerText()).not.toBe(before);
    const samples = await cardSamples();
    for (const [column, { label }] of samples) expect(label, column).toBe('Example:');
    const moved = Date.parse(samples.get('signup_date')!.sample) - Date.parse(SOURCE[0]![4]!);
    expect(Math.abs(moved) / 86_400_000).toBeLessThanOrEqual(30);
    await screenshots(page, 'samples-01-window-30');

    await page.getByRole('button', { name: 'Generate Pseudonymized Data' }).click();
    await page.getByText('Ready to Download').waitFor();
    for (const { column, sample, output } of await samplesAgainstDownload(samples)) {
      expect(sample, column).toBe(output);
    }
  });

  it('is computed under the consistency key typed, labelled an illustration until then', async () => {
    const email = page.getByRole('article', { name: 'email' }).getByTestId('column-example');
    const ownKey = await email.getByTestId('column-sample').innerText();
    const asked = await holdCalls(page, 'getSamples');
    await page.getByLabel('Consistency key', { exact: true }).fill('samples-team-key');
    // The page asks the server for the samples under this key (POST, the key in the body);
    // until they are in, the dataset's own are shown as illustrations.
    await asked.held;
    await expect.poll(() => email.innerText()).toMatch(/^Example \(illustration\):/);
    asked.release();
    await expect.poll(() => email.getByTestId('column-sample').innerText()).not.toBe(ownKey);
    const samples = await cardSamples();
    for (const [column, { label }] of samples) expect(label, column).toBe('Example:');
    await screenshots(page, 'samples-02-under-key');

    await page.getByRole('button', { name: 'Generate Pseudonymized Data' }).click();
    await page.getByText('The consistency key changed since the last run').waitFor({
      state: 'detached',
    });
    await page.getByText('Ready to Download').waitFor();
    for (const { column, sample, output } of await samplesAgainstDownload(samples)) {
      expect(sample, column).toBe(output);
    }
  });
});
