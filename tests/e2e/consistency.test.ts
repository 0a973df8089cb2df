import type { Page } from 'playwright-core';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { delimited, peopleRows, PEOPLE_COLUMNS, readDownload } from '../support/customer-files';
import { screenshots, useBrowserSession } from './harness';
import {
  downloadBy,
  toastText,
  toastTitled,
  uploadThroughPage,
  type UploadedFile,
} from './harness-dataset';

// A key the user holds gives the same pseudonyms in every file, so files pseudonymized one after
// the other still join; recipes carry a schema's rules from one upload to the next.

const session = useBrowserSession();
let page: Page;

const CUSTOMER_COUNT = 200;
const ORDER_COUNT = 300;
const NAMES = ['Alice', 'Bruno', 'Chiara', 'Dmitri', 'Elena', 'Farid', 'Greta', 'Hiro'];

function customerEmail(id: number): string {
  return `${(NAMES[id % NAMES.length] ?? 'alice').toLowerCase()}.${id}@example.org`;
}

function csvFile(name: string, rows: (string | number)[][]) {
  return { name, mimeType: 'text/csv', buffer: Buffer.from(Papa.unparse(rows), 'utf8') };
}

/** customer_id 1–200, name, email. */
const CUSTOMERS_CSV = csvFile('customers.csv', [
  ['customer_id', 'name', 'email'],
  ...Array.from({ length: CUSTOMER_COUNT }, (_, index) => {
    const id = index + 1;
    return [id, `${NAMES[id % NAMES.length] ?? 'Alice'} Example`, customerEmail(id)];
  }),
]);

/** Orders of those customers: each row's customer_id and customer_email name one of them. */
const ORDERS_CSV = csvFile('orders.csv', [
  ['order_id', 'customer_id', 'customer_email', 'total'],
  ...Array.from({ length: ORDER_COUNT }, (_, index) => {
    const customer = ((index * 37) % CUSTOMER_COUNT) + 1;
    return [`ORD-${7000 + index}`, customer, customerEmail(customer), (9.5 + index).toFixed(2)];
  }),
]);

const BASE64URL_KEY = /^[A-Za-z0-9_-]{43}$/;

async function openPage(): Promise<void> {
  page = await session.newPage();
  await page
    .context()
    .grantPermissions(['clipboard-read', 'clipboard-write'], { origin: session.baseUrl });
  await page.goto('/');
}

function keyField() {
  return page.getByLabel('Consistency key', { exact: true });
}

async function generateData(): Promise<void> {
  await page.getByRole('button', { name: 'Generate Pseudonymized Data' }).click();
  await page.getByText('Ready to Download').waitFor();
}

/** The downloaded CSV as records keyed by header. */
async function downloadRecords(): Promise<Record<string, string>[]> {
  const { bytes } = await downloadBy(page, 'Download Pseudonymized Data');
  const [header = [], ...rows] = readDownload(bytes, 'csv').csv ?? [];
  return rows.map((row) => Object.fromEntries(header.map((name, at) => [name, row[at] ?? ''])));
}

async function startOver(): Promise<void> {
  await page.getByRole('button', { name: 'Start Over' }).click();
  await page.getByRole('button', { name: 'Select File' }).waitFor();
}

/** The share of orders whose pseudonymized customer column is found among the customers'. */
function joinShare(
  orders: Record<string, string>[],
  orderColumn: string,
  customers: Record<string, string>[],
  customerColumn: string,
): number {
  const known = new Set(customers.map((customer) => customer[customerColumn]));
  return orders.filter((order) => known.has(order[orderColumn])).length / orders.length;
}

describe('the consistency key', { timeout: 120_000 }, () => {
  it('generates a 256-bit base64url key, shows and hides it, and copies it', async () => {
    await openPage();
    await uploadThroughPage(page, CUSTOMERS_CSV);
    const field = keyField();
    expect(await field.inputValue()).toBe('');
    expect(await field.getAttribute('type')).toBe('password');
    expect(await page.getByRole('button', { name: 'Copy the key' }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Generate a key' }).click();
    const key = await field.inputValue();
    expect(key).toMatch(BASE64URL_KEY);
    // Generated keys are shown so they can be noted; Hide masks them again.
    expect(await field.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Hide key' }).click();
    expect(await field.getAttribute('type')).toBe('password');

    await page.getByRole('button', { name: 'Generate a key' }).click();
    const second = await field.inputValue();
    expect(second).toMatch(BASE64URL_KEY);
    expect(second).not.toBe(key);

    await page.getByRole('button', { name: 'Copy the key' }).click();
    expect(await toastText(page, 'Key copied')).not.toContain(second);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(second);
    await page.getByRole('button', { name: 'Hide key' }).click();
    await screenshots(page, 'consistency-key');
  });

  it('joins two files pseudonymized one after the other with the same key', async () => {
    await openPage();
    const requestUrls: string[] = [];
    const consoleText: string[] = [];
    page.on('request', (request) => requestUrls.push(request.url()));
    page.on('console', (message) => consoleText.push(message.text()));

    await uploadThroughPage(page, CUSTOMERS_CSV);
    await page.getByRole('button', { name: 'Generate a key' }).click();
    const key = await keyField().inputValue();
    const runs: (string | undefined)[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/trpc/pseudonymize')) {
        const body = JSON.parse(request.postData() ?? '{}') as { json?: { secret?: string } };
        runs.push(body.json?.secret);
      }
    });
    await generateData();
    const customers = await downloadRecords();
    expect(customers).toHaveLength(CUSTOMER_COUNT);

    await startOver();
    await uploadThroughPage(page, ORDERS_CSV);
    // The key outlives Start Over: the page visit is the unit, not the dataset.
    expect(await keyField().inputValue()).toBe(key);
    await generateData();
    const orders = await downloadRecords();
    expect(orders).toHaveLength(ORDER_COUNT);
    expect(runs).toEqual([key, key]);

    const original = new Set(
      Array.from({ length: CUSTOMER_COUNT }, (_, i) => customerEmail(i + 1)),
    );
    expect(orders.every((order) => !original.has(order.customer_email ?? ''))).toBe(true);
    expect(joinShare(orders, 'customer_email', customers, 'email'), 'email joins').toBe(1);
    // Soft, so the rest of the flow is still checked when identifiers do not join.
    expect
      .soft(joinShare(orders, 'customer_id', customers, 'customer_id'), 'customer_id joins')
      .toBe(1);
    // Row by row: an order's (customer_id, customer_email) is its customer's pair.
    const emailOf = new Map(customers.map((customer) => [customer.customer_id, customer.email]));
    const pairsFound = orders.filter(
      (order) => emailOf.get(order.customer_id ?? '') === order.customer_email,
    ).length;
    expect.soft(pairsFound / orders.length, 'orders joining on both columns').toBe(1);

    // Another key (here none) makes the shown run outdated; without a key the files no longer join.
    await keyField().fill('');
    await page.getByText('The consistency key changed since the last run').waitFor();
    await expect(page.getByText('Ready to Download').count()).resolves.toBe(0);
    await generateData();
    expect(runs.at(-1)).toBeUndefined();
    const unkeyed = await downloadRecords();
    expect(joinShare(unkeyed, 'customer_email', customers, 'email')).toBeLessThan(0.1);

    // The key never left the page except in the run's request body.
    expect(requestUrls.filter((url) => url.includes(key))).toEqual([]);
    expect(consoleText.filter((text) => text.includes(key))).toEqual([]);
    const stored = await page.evaluate(() =>
      JSON.stringify([{ ...localStorage }, { ...sessionStorage }, document.cookie]),
    );
    expect(stored).not.toContain(key);
  });
});

interface RecipeDocument {
  standin: string;
  sheets: {
    name: string;
    columns: { name: string; type: string; rule: { action: string; fakerMethod?: string } }[];
  }[];
}

/** Picks `file` through the Apply recipe… button's file chooser. */
async function applyRecipeFile(file: UploadedFile): Promise<void> {
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: 'Apply recipe' }).click(),
  ]);
  await chooser.setFiles(file);
}

function recipeFile(recipe: unknown, name = 'customers.recipe.json'): UploadedFile {
  return {
    name,
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(recipe), 'utf8'),
  };
}

async function serverRule(id: string, column: string): Promise<unknown> {
  const response = await fetch(`${session.baseUrl}/api/datasets/${id}`);
  const { schema } = (await response.json()) as { schema: { name: string; rule: unknown }[] };
  return schema.find((entry) => entry.name === column)?.rule;
}

/** Next month's export: the same columns, other rows. */
const APRIL_CSV = {
  name: 'customers-april.csv',
  mimeType: 'text/csv',
  buffer: delimited(',', peopleRows(20)),
};

describe('recipes', { timeout: 120_000 }, () => {
  let saved: RecipeDocument;

  it('saves the rules as <file>.recipe.json without a single data value', async () => {
    await openPage();
    await uploadThroughPage(page, {
      name: 'customers.csv',
      mimeType: 'text/csv',
      buffer: delimited(','),
    });
    await page.getByRole('button', { name: 'Keep original values of city' }).click();
    await page.getByRole('button', { name: 'Custom format for first_name' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Selected Faker.js Method').fill('person.lastName');
    await dialog.getByRole('button', { name: 'Apply Custom Format' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Right after the edits: the recipe waits for their saves, so it has them.
    const { name, bytes } = await downloadBy(page, 'Save recipe');
    expect(name).toBe('customers.recipe.json');
    await toastText(page, 'Recipe saved');
    const text = bytes.toString('utf8');
    saved = JSON.parse(text) as RecipeDocument;
    expect(saved.standin).toBe('recipe');
    const columns = saved.sheets[0]?.columns ?? [];
    expect(columns.map((column) => column.name)).toEqual(PEOPLE_COLUMNS);
    const ruleOf = (column: string) => columns.find((entry) => entry.name === column)?.rule;
    expect(ruleOf('city')).toEqual({ action: 'keep' });
    expect(ruleOf('first_name')).toEqual({ action: 'faker', fakerMethod: 'person.lastName' });
    expect(ruleOf('email')).toEqual({ action: 'auto' });
    for (const value of new Set(peopleRows().flat())) {
      expect(text, `the recipe holds the value ${value}`).not.toContain(value);
    }
  });

  it('applies a recipe to a new upload of the same shape, and says what it did', async () => {
    await openPage();
    const id = await uploadThroughPage(page, APRIL_CSV);
    await page
      .getByRole('article', { name: 'city' })
      .getByText(/^Auto:/)
      .waitFor();

    // A column renamed since: 'notes' is no longer in the recipe, 'remarks' not in the file.
    const renamed = structuredClone(saved);
    for (const column of renamed.sheets[0]?.columns ?? []) {
      if (column.name === 'notes') column.name = 'remarks';
    }
    await applyRecipeFile(recipeFile(renamed));
    expect(await toastText(page, 'Recipe applied')).toContain(
      '6 columns applied · 1 not found · 1 not covered',
    );
    const city = page.getByRole('article', { name: 'city' });
    await city.getByText('Keep original values').waitFor();
    expect(
      await page
        .getByRole('button', { name: 'Keep original values of city' })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    await page
      .getByRole('article', { name: 'first_name' })
      .getByText('Custom: person.lastName')
      .waitFor();
    expect(await serverRule(id, 'city')).toEqual({ action: 'keep' });
    expect(await serverRule(id, 'first_name')).toEqual({
      action: 'faker',
      fakerMethod: 'person.lastName',
    });
    await screenshots(page, 'recipe-applied');
  });

  it('refuses a file that is not JSON, or that the server refuses, with the reason', async () => {
    await openPage();
    await uploadThroughPage(page, APRIL_CSV);
    await applyRecipeFile({
      name: 'notes.json',
      mimeType: 'application/json',
      buffer: Buffer.from('city,Lisbon'),
    });
    const notJson = await toastText(page, 'Recipe not applied');
    expect(notJson).toContain('"notes.json" is not JSON');
    // JSON.parse's own message would quote the file's text.
    expect(notJson).not.toContain('Lisbon');

    // Each refusal's toast is dismissed and gone before the next file, so the next text read
    // is the next refusal's, not a toast still fading out.
    const dismissRefusal = async () => {
      const toast = toastTitled(page, 'Recipe not applied');
      await toast.getByRole('button', { name: 'Dismiss notification' }).click();
      await toast.first().waitFor({ state: 'detached' });
    };
    await dismissRefusal();
    await applyRecipeFile(recipeFile({ ...saved, version: 99 }, 'future.recipe.json'));
    // The sentence alone, without 'Input validation failed: version:' before it.
    expect(await toastText(page, 'Recipe not applied')).toMatch(
      /^Recipe not applied\s+This recipe is in recipe format 99;/,
    );
    await dismissRefusal();

    const unknownMethod = structuredClone(saved);
    const email = unknownMethod.sheets[0]?.columns.find((column) => column.name === 'email');
    if (email) email.rule = { action: 'faker', fakerMethod: 'person.nope' };
    await applyRecipeFile(recipeFile(unknownMethod, 'typo.recipe.json'));
    await expect
      .poll(() => toastTitled(page, 'Recipe not applied').innerText())
      .toContain('person.nope');
    // Nothing of a refused recipe is applied.
    await page
      .getByRole('article', { name: 'email' })
      .getByText(/^Auto:/)
      .waitFor();
  });
});
