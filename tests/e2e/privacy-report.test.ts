import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { workbook } from '../support/customer-files';
import { screenshots, useBrowserSession } from './harness';
import { downloadBy, toastText, uploadThroughPage } from './harness-dataset';
import { recordToastTitles } from './harness-files';
import { PHONE_WIDTH, sidewaysOverflow } from './layout';

// Step 3's "Privacy & utility" section on a file built to trigger the report's warnings: kept
// zip, birth date and gender that single people out, and a kept email column.

const session = useBrowserSession({ keepPages: true });
let page: Page;

const COLUMNS = [
  'customer_id',
  'full_name',
  'email',
  'zip',
  'birth_date',
  'gender',
  'amount',
  'signup_date',
  'tier',
];
const FIRST = ['Mary', 'James', 'Chloe', 'Olga', 'Mateo', 'Fatima', 'Aoife', 'Yuki', 'Ravi', 'Wei'];
const LAST = ['Smith', 'Okafor', 'Nowak', 'Rossi'];
const ZIPS = ['10115', '20095', '80331', '50667'];
const BIRTH_DATES = ['1961-03-14', '1975-07-02', '1980-11-23', '1988-01-30', '1992-05-17'];
const TIERS = ['gold', 'silver', 'silver', 'bronze', 'bronze', 'bronze'];
const ROWS = 40;

function customerRows(): string[][] {
  return Array.from({ length: ROWS }, (_, i) => {
    const first = FIRST[i % FIRST.length]!;
    const last = LAST[Math.floor(i / FIRST.length) % LAST.length]!;
    return [
      String(5001 + i),
      `${first} ${last}`,
      `${first.toLowerCase()}.${last.toLowerCase()}@example.org`,
      ZIPS[i % ZIPS.length]!,
      BIRTH_DATES[(i * 3) % BIRTH_DATES.length]!,
      i % 3 === 0 ? 'F' : 'M',
      (19.5 + ((i * 37) % 230) * 1.25).toFixed(2),
      // Each date twice: not unique, so no run can lose its uniqueness.
      `2023-${String((i % 10) + 1).padStart(2, '0')}-${String((i % 20) + 1).padStart(2, '0')}`,
      TIERS[i % TIERS.length]!,
    ];
  });
}

const CSV = {
  name: 'risky-customers.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(
    `${[COLUMNS, ...customerRows()].map((row) => row.join(',')).join('\n')}\n`,
    'utf8',
  ),
};

/** k and the unique share on the kept columns, counted by brute force over the file's rows. */
function bruteForceRisk(kept: string[]): { k: number; uniqueRows: number } {
  const at = kept.map((column) => COLUMNS.indexOf(column));
  const classes = new Map<string, number>();
  for (const row of customerRows()) {
    const key = JSON.stringify(at.map((index) => row[index]));
    classes.set(key, (classes.get(key) ?? 0) + 1);
  }
  const sizes = [...classes.values()];
  return { k: Math.min(...sizes), uniqueRows: sizes.filter((size) => size === 1).length };
}

/** A share as the report writes it, to one decimal: '62.5%', '30%'. */
function percent(share: number): string {
  return `${Math.round(share * 1000) / 10}%`;
}

const section = () => page.getByRole('region', { name: 'Privacy & utility' });

async function keep(column: string): Promise<void> {
  const button = page.getByRole('button', { name: `Keep original values of ${column}` });
  await button.click();
  await expect.poll(() => button.getAttribute('aria-pressed')).toBe('true');
}

/** Runs, and waits for the toast (a 'Success' only when no column was kept) and the report. */
async function generate(toast = 'Pseudonymized, with originals kept'): Promise<void> {
  await page.getByRole('button', { name: 'Generate Pseudonymized Data' }).click();
  expect(await toastText(page, toast)).toContain(
    toast === 'Success' ? 'Data has been successfully pseudonymized!' : 'originals kept in',
  );
  await section()
    .getByText(/on kept columns|No kept columns to link/)
    .waitFor();
}

beforeAll(async () => {
  page = await session.newPage();
});

describe('the privacy and utility report on the page', { timeout: 90_000 }, () => {
  it('summarizes the run, warnings first, with the measured figures', async () => {
    await page.goto('/');
    await uploadThroughPage(page, CSV);
    for (const column of ['email', 'zip', 'birth_date', 'gender']) await keep(column);
    await generate();

    const kept = ['email', 'zip', 'birth_date', 'gender'];
    const risk = bruteForceRisk(kept);
    expect(risk).toEqual({ k: 1, uniqueRows: ROWS });
    const text = await section().innerText();
    // Kept email, re-identification risk, and the mapping reminder.
    expect(text).toContain(
      'No original survives in replaced columns · Originals kept in email, zip, birth_date and gender · ' +
        `3 warnings · k = ${risk.k} on kept columns`,
    );

    const warnings = section().getByRole('list', { name: 'Warnings' }).getByRole('listitem');
    await expect(warnings.count()).resolves.toBe(3);
    const warningTexts = await warnings.allInnerTexts();
    expect(warningTexts.slice(0, 2).every((warning) => warning.startsWith('high'))).toBe(true);
    const emailWarning = warningTexts.find((warning) => warning.includes('Personal data kept'));
    expect(emailWarning).toContain('"email" looks like email and is kept');
    expect(emailWarning).toContain(`distinct values ${ROWS}`);
    const riskWarning = warningTexts.find((warning) => warning.includes('single people out'));
    expect(riskWarning).toContain(`makes ${percent(risk.uniqueRows / ROWS)} of rows unique`);
    expect(riskWarning).toContain(
      `unique rows ${percent(risk.uniqueRows / ROWS)} · k ${risk.k} · rows alone in their class ${risk.uniqueRows}`,
    );
    expect(warningTexts[2]).toMatch(/^low\s+Mapping can be downloaded/);

    // The Schema Match tile counts the replaced columns one by one, as the report does.
    expect(await page.getByRole('region', { name: 'Data Preview' }).innerText()).toMatch(
      /Schema Match\s+100%\s+5 of 5 replaced columns keep their type and format/,
    );

    const riskCard = section().getByRole('group', { name: 'Re-identification risk' });
    expect(await riskCard.innerText()).toContain(`${risk.uniqueRows} of ${ROWS}`);
    await screenshots(page, 'report-01-warnings');
  });

  it('draws each column with charts that have text alternatives', async () => {
    const amount = section().getByRole('group', { name: 'Report on amount' });
    expect(await amount.innerText()).toMatch(/Distinct values\s+\d+ → \d+/);
    expect(await amount.innerText()).toMatch(/Median\s+[\d,.]+\s+[\d,.]+/);
    const histogram = amount.getByRole('img', { name: /^Histogram of amount, original against/ });
    await histogram.waitFor();
    // Both series are drawn as bars, and their counts are also readable as text.
    await expect
      .poll(() => histogram.locator('.recharts-bar-rectangle').count())
      .toBeGreaterThan(1);
    expect(await amount.innerText()).toMatch(/Original: \d+( · \d+){19}/);
    expect(await amount.innerText()).toMatch(/Pseudonymized: \d+( · \d+){19}/);

    const signup = section().getByRole('group', { name: 'Report on signup_date' });
    expect(await signup.innerText()).toMatch(/Range before\s+2023-01-01\S* – 2023-10-20/);
    await signup.getByRole('img', { name: /^Histogram of signup_date/ }).waitFor();

    const tier = section().getByRole('group', { name: 'Report on tier' });
    const topValues = tier.getByRole('img', { name: /most frequent values of tier/ });
    await topValues.waitFor();
    // Counts only, never the values: bronze 19, silver 14, gold 7 (the file's cycle of six).
    expect(await tier.innerText()).toContain('Original: #1: 19 · #2: 14 · #3: 7');
    expect(await tier.innerText()).not.toMatch(/bronze|silver|gold/);

    const classes = section().getByRole('img', { name: /by the size of their group/ });
    expect(await classes.getAttribute('aria-label')).toContain(`${ROWS} in groups of 1`);

    const zip = section().getByRole('group', { name: 'Report on zip' });
    expect(await zip.innerText()).toMatch(/Rule\s+Kept/);
    const name = section().getByRole('group', { name: 'Report on full_name' });
    expect(await name.innerText()).toMatch(/Survivors\s+None in place/);
    await screenshots(page, 'report-02-columns');
  });

  it('fits a phone: nothing sticks out sideways at 375 px', async () => {
    const desktop = page.viewportSize();
    await page.setViewportSize({ width: PHONE_WIDTH, height: 812 });
    await section().scrollIntoViewIfNeeded();
    await expect.poll(() => sidewaysOverflow(page)).toEqual([]);
    const chart = section().getByRole('img', { name: /^Histogram of amount/ });
    const box = await chart.boundingBox();
    expect(box?.width).toBeGreaterThan(200);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE_WIDTH);
    if (desktop) await page.setViewportSize(desktop);
  });

  it('downloads the report as a printable HTML page', async () => {
    const { name, bytes } = await downloadBy(page, 'Download report');
    expect(name).toMatch(/\.html$/);
    const html = bytes.toString('utf8');
    expect(html.trimStart().toLowerCase()).toMatch(/^<!doctype html>/);
    expect(html).toContain('email');
    // Replaced names appear nowhere in it.
    for (const row of customerRows()) expect(html).not.toContain(row[1]);
    expect(await toastText(page, 'Download started')).toContain(
      'The privacy and utility report is being downloaded as HTML.',
    );
  });

  it('shows a failed report download as a toast', async () => {
    await page.route('**/report?format=html**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"no"}' }),
    );
    await page.getByRole('button', { name: 'Download report' }).click();
    expect(await toastText(page, 'Download failed')).toContain(
      'There was an error downloading your file.',
    );
    await page.unroute('**/report?format=html**');
  });

  it('stays hidden, without a toast, when the server has no report for the run', async () => {
    const toastTitles = await recordToastTitles(page);
    const asked = page.waitForRequest((request) => request.url().includes('/api/trpc/getReport'));
    await page.route('**/api/trpc/getReport**', (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ error: { json: { message: 'No report yet', code: -32009 } } }),
      }),
    );
    await page.getByRole('button', { name: 'Generate Pseudonymized Data' }).click();
    await asked;
    await section().waitFor({ state: 'detached' });
    await page.getByText('Ready to Download').waitFor();
    expect(await toastTitles()).toEqual(['Pseudonymized, with originals kept']);
    await page.unroute('**/api/trpc/getReport**');
  });

  it('hides the report after a schema change and measures the next run afresh', async () => {
    await page.getByRole('button', { name: 'Keep original values of email' }).click();
    await section().waitFor({ state: 'detached' });
    await generate();
    const risk = bruteForceRisk(['zip', 'birth_date', 'gender']);
    expect(risk.uniqueRows).toBeGreaterThan(0);
    expect(risk.uniqueRows).toBeLessThan(ROWS);
    const text = await section().innerText();
    // The email warning is gone; the risk (zip, birth date, gender) and the mapping remain.
    expect(text).toContain(
      'No original survives in replaced columns · Originals kept in zip, birth_date and gender · ' +
        `2 warnings · k = ${risk.k} on kept columns`,
    );
    expect(text).toContain(`makes ${percent(risk.uniqueRows / ROWS)} of rows unique`);
    expect(text).not.toContain('Personal data kept');
    await screenshots(page, 'report-03-after-rerun');
  });
});

describe('the report of a workbook', { timeout: 90_000 }, () => {
  it('gives each sheet its risk and its column cards, and names the sheet', async () => {
    page = await session.newPage();
    await page.goto('/');
    await uploadThroughPage(page, {
      name: 'customers.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: workbook('xlsx', true),
    });
    await generate('Success');
    for (const sheet of ['Customers', 'Orders']) {
      await section()
        .getByRole('heading', { name: `Columns of ${sheet}` })
        .waitFor();
      await section()
        .getByRole('group', { name: `Re-identification risk · ${sheet}` })
        .waitFor();
    }
    const orders = section().getByRole('group', { name: 'Report on total' });
    await orders.getByRole('img', { name: /^Histogram of total/ }).waitFor();
    // Nothing kept: no combination of columns is left to single anyone out.
    expect(await section().innerText()).toContain('No kept columns to link');
    await screenshots(page, 'report-04-workbook');
  });
});
