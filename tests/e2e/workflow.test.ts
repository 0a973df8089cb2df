import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { delimited, peopleRows, PEOPLE_COLUMNS, readDownload } from '../support/customer-files';
import { screenshots, useBrowserSession } from './harness';
import { downloadBy, rowsOf, toastText, uploadThroughPage } from './harness-dataset';

const session = useBrowserSession({ keepPages: true });
let page: Page;
let datasetId: string;

interface ColumnState {
  name: string;
  type: string;
  rule: { action: string; fakerMethod?: string };
}

async function serverSchema(): Promise<ColumnState[]> {
  const response = await fetch(`${session.baseUrl}/api/datasets/${datasetId}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { schema: ColumnState[] }).schema;
}

async function serverColumn(name: string): Promise<ColumnState | undefined> {
  return (await serverSchema()).find((column) => column.name === name);
}

beforeAll(async () => {
  page = await session.newPage();
});

// One visitor's whole session, step by step: each test continues where the previous one ended.
describe('the three-step workflow in a real browser', () => {
  it('starts at step 1 with the upload area', async () => {
    await page.goto('/');
    await expect(page.title()).resolves.toContain('Stand-in');
    await page.getByRole('heading', { name: 'Upload Your Dataset' }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Stand-in');
    await page.getByText('Secure Dataset Anonymization').waitFor();
    await page.getByText('Drag and drop your CSV or JSON file here, or click to browse').waitFor();
    await page.getByText('Maximum file size: 50MB').waitFor();
    for (const badge of ['CSV', 'JSON', 'Excel', 'TSV']) {
      await page.getByText(badge, { exact: true }).first().waitFor();
    }
    await page.getByRole('button', { name: 'Select File' }).waitFor();
    await screenshots(page, 'workflow-01-start');
  });

  it('uploads a CSV file and shows its summary and detected schema', async () => {
    datasetId = await uploadThroughPage(page, {
      name: 'customers.csv',
      mimeType: 'text/csv',
      buffer: delimited(','),
    });
    await page.getByRole('heading', { name: 'Upload successful' }).waitFor({ timeout: 5000 });
    const summary = page.getByRole('region', { name: 'Uploaded file' });
    await summary.getByText('customers.csv').waitFor({ timeout: 5000 });
    expect(await summary.innerText()).toMatch(/MB • Uploaded just now/);
    expect(await summary.innerText()).toMatch(/Total Rows\s+12/);
    expect(await summary.innerText()).toMatch(/Total Columns\s+7/);
    expect(await summary.innerText()).toMatch(/File Format\s+CSV/);
    expect(await summary.innerText()).toMatch(/Status\s+Ready/);
    await expect(summary.getByText('Select Sheet:').count()).resolves.toBe(0);
    await expect(page.getByRole('article').count()).resolves.toBe(PEOPLE_COLUMNS.length);
    const emailCard = page.getByRole('article', { name: 'email' });
    expect(await page.getByLabel('Type of email').inputValue()).toBe('email');
    expect(await emailCard.innerText()).toMatch(/Example:\s*alice\.0@example\.org/);
    // Past step 1 the upload area is compact and offers no file chooser.
    await expect(page.getByRole('button', { name: 'Select File' }).count()).resolves.toBe(0);
    await screenshots(page, 'workflow-02-schema');
  });

  it('saves a type change to the server', async () => {
    await page.getByLabel('Type of id').selectOption('string');
    await expect.poll(async () => (await serverColumn('id'))?.type).toBe('string');
    expect(await page.getByLabel('Type of id').inputValue()).toBe('string');
    await screenshots(page, 'workflow-02b-type-changed');
  });

  it('toggles keep on a column and back', async () => {
    const keepCity = page.getByRole('button', { name: 'Keep original values of city' });
    await keepCity.click();
    await expect.poll(async () => (await serverColumn('city'))?.rule.action).toBe('keep');
    expect(await keepCity.getAttribute('aria-pressed')).toBe('true');
    const cityCard = page.getByRole('article', { name: 'city' });
    await cityCard.getByText('Keep original values').waitFor();
    expect(await cityCard.innerText()).toMatch(/Lisbon\s*Lisbon/);

    const keepAmount = page.getByRole('button', { name: 'Keep original values of amount' });
    await keepAmount.click();
    await expect.poll(async () => (await serverColumn('amount'))?.rule.action).toBe('keep');
    await keepAmount.click();
    await expect.poll(async () => (await serverColumn('amount'))?.rule.action).toBe('auto');
    await screenshots(page, 'workflow-02c-city-kept');
  });

  it('blanks a column', async () => {
    await page.getByRole('button', { name: 'Blank out notes' }).click();
    await expect.poll(async () => (await serverColumn('notes'))?.rule.action).toBe('blank');
    await page.getByRole('article', { name: 'notes' }).getByText('(blank)').waitFor();
    await screenshots(page, 'workflow-02d-notes-blanked');
  });

  it('chooses a custom method through the dialog search', async () => {
    await page.getByRole('button', { name: 'Custom format for first_name' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Custom Format for first_name').waitFor();
    const apply = dialog.getByRole('button', { name: 'Apply Custom Format' });
    expect(await apply.isDisabled()).toBe(true);

    const search = dialog.getByLabel('Search Methods');
    await search.fill('zzzz-nothing');
    await dialog.getByText('No methods found matching "zzzz-nothing"').waitFor();
    await search.fill('lastname');
    await dialog.getByRole('button', { name: 'person.lastName' }).click();
    expect(await dialog.getByLabel('Selected Faker.js Method').inputValue()).toBe(
      'person.lastName',
    );
    expect(await apply.isDisabled()).toBe(false);
    await screenshots(page, 'workflow-03-custom-format');
    await apply.click();
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(async () => (await serverColumn('first_name'))?.rule)
      .toEqual({
        action: 'faker',
        fakerMethod: 'person.lastName',
      });
    await page
      .getByRole('article', { name: 'first_name' })
      .getByText('Custom: person.lastName')
      .waitFor();
    await screenshots(page, 'workflow-04-rules-set');
  });

  it('generates the pseudonymized data and previews it next to the original', async () => {
    await page.getByRole('button', { name: 'Generate Pseudonymized Data' }).click();
    // City is kept: no 'Success', and the toast names it with the server's own figures.
    const toast = await toastText(page, 'Pseudonymized, with originals kept');
    const { stats } = (await (
      await fetch(`${session.baseUrl}/api/datasets/${datasetId}`)
    ).json()) as { stats: { cellsReplaced: number; columnsReplaced: number } };
    expect(stats.columnsReplaced).toBe(5);
    expect(toast).toContain(
      `${stats.cellsReplaced} cells in 5 columns replaced, 1 column emptied; originals kept in city (12 cells).`,
    );
    await page.getByRole('heading', { name: 'Data Preview' }).waitFor();
    expect(await page.getByTestId('run-notice').innerText()).toContain(
      'city shows its original values in the pseudonymized data.',
    );

    const original = page.getByRole('region', { name: 'Original Data' });
    const fake = page.getByRole('region', { name: 'Pseudonymized Data' });
    await expect(original.locator('tbody tr').count()).resolves.toBe(5);
    await expect(fake.locator('tbody tr').count()).resolves.toBe(5);
    expect(await fake.locator('thead th').allInnerTexts()).toEqual(PEOPLE_COLUMNS.slice(0, 4));
    const originalRows = await rowsOf(original);
    const fakeRows = await rowsOf(fake);
    const expected = peopleRows()
      .slice(0, 5)
      .map((row) => row.slice(0, 4));
    expect(originalRows).toEqual(expected);
    for (const [index, row] of fakeRows.entries()) {
      const source = expected[index] ?? [];
      expect(row[3]).toBe(source[3]); // city is kept
      expect(row[2]).not.toBe(source[2]); // email replaced
      expect(row[2]).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/i);
      expect(row[1]).not.toBe(source[1]);
    }

    await page.getByRole('button', { name: 'Show more' }).click();
    await expect(fake.locator('tbody tr').count()).resolves.toBe(12);
    await expect(fake.locator('thead th').count()).resolves.toBe(PEOPLE_COLUMNS.length);

    const tiles = page.getByRole('region', { name: 'Data Preview' });
    const text = await tiles.innerText();
    expect(text).toMatch(/Schema Match\s+\d+(\.\d)?%/);
    expect(text).toMatch(/Data Replaced\s+12 rows/);
    expect(text).not.toContain('Data Protected');
    expect(text).toContain('originals kept in city (12 cells)');
    expect(text).toMatch(/Processing Time\s+\d+(\.\d)? (ms|s)/);

    const bar = page.getByRole('complementary', { name: 'Download' });
    await bar.getByText('Ready to Download').waitFor();
    expect(await bar.innerText()).toMatch(/12 rows · \d+ cells replaced · city kept • CSV/);
    expect(await page.getByLabel('Download format').inputValue()).toBe('csv');
    await screenshots(page, 'workflow-05-preview');

    await page.getByRole('button', { name: 'Expand' }).click();
    await page.getByRole('button', { name: 'Collapse' }).waitFor();
    await screenshots(page, 'workflow-06-preview-expanded');
  });

  it('downloads the pseudonymized data with the rules applied', async () => {
    const { name, bytes } = await downloadBy(page, 'Download Pseudonymized Data');
    expect(name).toMatch(/\.csv$/);
    expect(await toastText(page, 'Download started')).toContain(
      'Pseudonymized data is being downloaded as CSV.',
    );
    const rows = readDownload(bytes, 'csv').csv ?? [];
    expect(rows[0]).toEqual(PEOPLE_COLUMNS);
    const data = rows.slice(1);
    const source = peopleRows();
    expect(data).toHaveLength(source.length);
    const at = (column: string) => PEOPLE_COLUMNS.indexOf(column);
    for (const [index, row] of data.entries()) {
      const original = source[index] ?? [];
      expect(row[at('city')]).toBe(original[at('city')]);
      expect(row[at('notes')]).toBe('');
      expect(row[at('email')]).not.toBe(original[at('email')]);
      expect(row[at('email')]).toMatch(/@/);
      expect(row[at('first_name')]).not.toBe(original[at('first_name')]);
      expect(row[at('amount')]).toMatch(/^\d+\.\d{2}$/);
      expect(row[at('signup_date')]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    await screenshots(page, 'workflow-07-downloaded');
  });

  it('downloads another format and the mapping, which pairs originals with pseudonyms', async () => {
    await page.getByLabel('Download format').selectOption('json');
    expect(await page.getByRole('complementary', { name: 'Download' }).innerText()).toMatch(
      /12 rows · \d+ cells replaced · city kept • JSON/,
    );
    const data = await downloadBy(page, 'Download Pseudonymized Data');
    expect(data.name).toMatch(/\.json$/);
    const rows = readDownload(data.bytes, 'json').json ?? [];
    expect(rows[0]).toEqual(PEOPLE_COLUMNS);
    expect(rows).toHaveLength(13);

    await page.getByLabel('Download format').selectOption('csv');
    const csv = readDownload((await downloadBy(page, 'Download Pseudonymized Data')).bytes, 'csv');
    const mapping = await downloadBy(page, 'Download Mapping');
    expect(mapping.name).toMatch(/\.csv$/);
    const pairs = readDownload(mapping.bytes, 'csv').csv ?? [];
    const header = (pairs[0] ?? []).map((cell) => cell.toLowerCase());
    const column = header.indexOf('column');
    const original = header.indexOf('original');
    const pseudonym = header.indexOf('pseudonym');
    expect(column).toBeGreaterThanOrEqual(0);
    expect(original).toBeGreaterThanOrEqual(0);
    expect(pseudonym).toBeGreaterThanOrEqual(0);
    const emailPair = pairs.find(
      (pair) => pair[column] === 'email' && pair[original] === 'alice.0@example.org',
    );
    const emailIndex = PEOPLE_COLUMNS.indexOf('email');
    expect(emailPair?.[pseudonym]).toBe(csv.csv?.[1]?.[emailIndex]);
    // Kept and blanked columns leave nothing to map.
    expect(pairs.some((pair) => pair[column] === 'city')).toBe(false);
    await toastText(page, 'Download started');
    await screenshots(page, 'workflow-07b-mapping-downloaded');
  });

  it('starts over: back to step 1 and the dataset is deleted on the server', async () => {
    await page.getByRole('button', { name: 'Start Over' }).click();
    await page.getByRole('heading', { name: 'Upload Your Dataset' }).waitFor();
    await expect(page.getByRole('heading', { name: 'Detected Schema' }).count()).resolves.toBe(0);
    await expect(page.getByText('Ready to Download').count()).resolves.toBe(0);
    await expect
      .poll(async () => (await fetch(`${session.baseUrl}/api/datasets/${datasetId}`)).status)
      .toBe(404);
    await expect(page.getByRole('button', { name: 'Select File' }).isEnabled()).resolves.toBe(true);
    // Focus goes where the next step starts, not to <body>.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent?.trim()))
      .toBe('Select File');
    await screenshots(page, 'workflow-08-start-over');
  });
});
