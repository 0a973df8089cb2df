import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshots, useBrowserSession } from './harness';
import { rowsOf, uploadThroughPage } from './harness-dataset';

// The date shift's entity column on the schema cards: "Automatic" names the column the engine
// picks, a chosen column is saved and used by the run (orders of one customer move alike), the
// window is saved, and a birth date says why it is drawn on its own.

const session = useBrowserSession();
let page: Page;

const COLUMNS = ['order_id', 'customer_ref', 'placed_on', 'shipped_on', 'date_of_birth'];
const DAY = 86_400_000;

/** Twelve orders of three customers, four each: every order its own id, dates apart. */
const ORDERS = Array.from({ length: 12 }, (_, index) => {
  const customer = index % 3;
  const placed = Date.UTC(2023, index, 3 + index);
  return [
    String(5001 + index * 17),
    `CU-${String(100 + customer * 7)}`,
    new Date(placed).toISOString().slice(0, 10),
    new Date(placed + (2 + (index % 5)) * DAY).toISOString().slice(0, 10),
    `19${70 + customer * 9}-0${1 + customer}-1${customer}`,
  ];
});

const ORDERS_CSV = {
  name: 'orders.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from([COLUMNS, ...ORDERS].map((row) => row.join(',')).join('\n') + '\n'),
};

const PLACED = COLUMNS.indexOf('placed_on');
const SHIPPED = COLUMNS.indexOf('shipped_on');

async function generate(): Promise<void> {
  await page.getByRole('button', { name: 'Generate Pseudonymized Data' }).click();
  await page.getByText('Ready to Download').waitFor();
}

/** Per preview row (the first five orders), how many days a date column moved. */
async function offsets(column: number): Promise<number[]> {
  const rows = await rowsOf(page.getByRole('region', { name: 'Pseudonymized Data' }));
  expect(rows.length).toBeGreaterThanOrEqual(5);
  return rows.map(
    (cells, index) => (Date.parse(cells[column]!) - Date.parse(ORDERS[index]![column]!)) / DAY,
  );
}

/** The offsets of each customer's orders, customer by customer (those with two or more). */
function byCustomer(days: number[]): number[][] {
  return [0, 1, 2]
    .map((customer) => days.filter((_, index) => index % 3 === customer))
    .filter((each) => each.length >= 2);
}

async function savedDateShift(id: string, column: string): Promise<unknown> {
  const response = await fetch(`${session.baseUrl}/api/datasets/${id}`);
  const { schema } = (await response.json()) as {
    schema: { name: string; dateShift?: unknown }[];
  };
  return schema.find((each) => each.name === column)?.dateShift;
}

describe('the column a date shifts with', { timeout: 90_000 }, () => {
  it('names the automatic pick, saves a chosen column and window, and the run follows them', async () => {
    page = await session.newPage();
    await page.goto('/');
    const id = await uploadThroughPage(page, ORDERS_CSV);

    const placedWith = page.getByLabel('Column placed_on shifts with');
    const shippedWith = page.getByLabel('Column shipped_on shifts with');
    expect(await placedWith.inputValue()).toBe('');
    expect(await placedWith.locator('option:checked').innerText()).toBe('Automatic (order_id)');
    expect(await page.getByLabel('Largest shift of placed_on in days').inputValue()).toBe('180');
    // A birth date is drawn on its own, and says why.
    expect(
      await page
        .getByLabel('Column date_of_birth shifts with')
        .locator('option:checked')
        .innerText(),
    ).toBe('Automatic (drawn on its own)');
    await page.getByText('Birth dates are drawn on their own').waitFor();

    // Automatic: each order moves by its own id's offset; a customer's orders move apart.
    await generate();
    const automatic = byCustomer(await offsets(PLACED));
    expect(automatic.some((days) => new Set(days).size > 1)).toBe(true);

    await placedWith.selectOption('customer_ref');
    await shippedWith.selectOption('customer_ref');
    const window = page.getByLabel('Largest shift of placed_on in days');
    await window.fill('0');
    await page.getByText('1 to 36,500 days').waitFor();
    expect(await window.getAttribute('aria-invalid')).toBe('true');
    await window.fill('10');
    await window.press('Enter');
    await expect
      .poll(() => savedDateShift(id, 'placed_on'))
      .toEqual({ entityColumn: 'customer_ref', windowDays: 10 });
    await expect
      .poll(() => savedDateShift(id, 'shipped_on'))
      .toEqual({ entityColumn: 'customer_ref' });
    await page.getByText('The schema changed since the last run').waitFor();
    await screenshots(page, 'date-shift-01-chosen-entity');

    await generate();
    // The page still shows the choice after the run.
    expect(await placedWith.inputValue()).toBe('customer_ref');
    expect(await page.getByLabel('Largest shift of placed_on in days').inputValue()).toBe('10');
    const placed = byCustomer(await offsets(PLACED));
    const shipped = byCustomer(await offsets(SHIPPED));
    for (const days of placed) {
      expect(new Set(days).size, 'one offset per customer').toBe(1);
      expect(Math.abs(days[0]!)).toBeGreaterThanOrEqual(1);
      expect(Math.abs(days[0]!)).toBeLessThanOrEqual(10);
    }
    for (const days of shipped) expect(new Set(days).size, 'one offset per customer').toBe(1);
    await screenshots(page, 'date-shift-02-run-with-entity');

    // Back to automatic: the schema forgets the column, the window stays.
    await placedWith.selectOption('');
    await expect.poll(() => savedDateShift(id, 'placed_on')).toEqual({ windowDays: 10 });
  });
});
