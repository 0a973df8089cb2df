import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { delimited } from '../support/customer-files';
import { screenshots, useBrowserSession } from './harness';
import { toastText, uploadThroughPage } from './harness-dataset';

// No rule the user set is lost: a custom card goes back to Auto in one click, the last schema
// change can be undone (a rule, or a re-analysis that re-detected a type), and Re-analyze keeps
// a chosen Faker method (page-behaviour.test.ts covers its confirmation and clean slate).

const session = useBrowserSession({ keepPages: true });
let page: Page;
let id: string;

interface ColumnState {
  name: string;
  type: string;
  rule: { action: string; fakerMethod?: string };
}

async function serverColumn(name: string): Promise<ColumnState | undefined> {
  const response = await fetch(`${session.baseUrl}/api/datasets/${id}`);
  const { schema } = (await response.json()) as { schema: ColumnState[] };
  return schema.find((column) => column.name === name);
}

async function chooseMethod(column: string, method: string): Promise<void> {
  await page.getByRole('button', { name: `Custom format for ${column}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Selected Faker.js Method').fill(method);
  await dialog.getByRole('button', { name: 'Apply Custom Format' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await expect.poll(async () => (await serverColumn(column))?.rule.fakerMethod).toBe(method);
}

describe('rules the user set', { timeout: 90_000 }, () => {
  it('go back to Auto from a custom card in one click', async () => {
    page = await session.newPage();
    await page.goto('/');
    id = await uploadThroughPage(page, {
      name: 'customers.csv',
      mimeType: 'text/csv',
      buffer: delimited(','),
    });
    const card = page.getByRole('article', { name: 'first_name' });
    await expect(card.getByRole('button', { name: /Back to Auto/ }).count()).resolves.toBe(0);
    await chooseMethod('first_name', 'person.lastName');
    await card.getByText('Custom: person.lastName').waitFor();
    await screenshots(page, 'rules-01-custom-card');

    await card.getByRole('button', { name: 'Back to Auto for first_name' }).click();
    await expect
      .poll(async () => (await serverColumn('first_name'))?.rule)
      .toEqual({
        action: 'auto',
      });
    await card.getByText(/^Auto: /).waitFor();
    await expect(card.getByRole('button', { name: /Back to Auto/ }).count()).resolves.toBe(0);
  });

  it('can take back the last change with Undo', async () => {
    // Back to Auto was the last change: Undo puts the method back.
    const undo = page.getByRole('button', { name: 'Undo Auto on first_name' });
    await undo.click();
    expect(await toastText(page, 'Change undone')).toContain('Undid Auto on first_name.');
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
    // One step back only: the button is gone until the next change.
    await expect(page.getByRole('button', { name: /^Undo/ }).count()).resolves.toBe(0);

    await page.getByRole('button', { name: 'Keep original values of city' }).click();
    await expect.poll(async () => (await serverColumn('city'))?.rule.action).toBe('keep');
    await page.getByRole('button', { name: 'Undo Keep on city' }).click();
    await expect.poll(async () => (await serverColumn('city'))?.rule.action).toBe('auto');
    await screenshots(page, 'rules-02-undone');
  });

  it('survive Re-analyze, and Undo brings back a type it detected again', async () => {
    await page.getByLabel('Type of email').selectOption('string');
    await expect.poll(async () => (await serverColumn('email'))?.type).toBe('string');
    await page.getByRole('button', { name: 'Re-analyze' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Re-analyze this sheet?' });
    await dialog.getByText('first_name: Custom person.lastName', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Re-analyze, keep my rules' }).click();
    await expect.poll(async () => (await serverColumn('email'))?.type).toBe('email');
    // The chosen method stayed through the re-analysis.
    expect((await serverColumn('first_name'))?.rule).toEqual({
      action: 'faker',
      fakerMethod: 'person.lastName',
    });
    await page.getByRole('button', { name: 'Undo the re-analysis' }).click();
    await expect.poll(async () => (await serverColumn('email'))?.type).toBe('string');
    await expect.poll(() => page.getByLabel('Type of email').inputValue()).toBe('string');
    expect((await serverColumn('first_name'))?.rule.fakerMethod).toBe('person.lastName');
    await screenshots(page, 'rules-03-reanalysis-undone');
  });
});
