import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  delimited,
  json,
  orderRows,
  peopleRows,
  PEOPLE_COLUMNS,
  readDownload,
  workbook,
} from '../support/customer-files';
import { screenshots, useBrowserSession } from './harness';
import {
  downloadBy,
  rowsOf,
  toastText,
  uploadThroughPage,
  type UploadedFile,
} from './harness-dataset';

const session = useBrowserSession();
let page: Page;

interface DatasetState {
  rowCount: number;
  columnCount: number;
  fileType: string;
  sheetNames: string[];
  selectedSheet: string;
  schema: { name: string; type: string }[];
}

async function serverDataset(id: string): Promise<DatasetState> {
  const response = await fetch(`${session.baseUrl}/api/datasets/${id}`);
  expect(response.status).toBe(200);
  return (await response.json()) as DatasetState;
}

async function summaryText(): Promise<string> {
  return page.getByRole('region', { name: 'Uploaded file' }).innerText();
}

async function cardNames(): Promise<string[]> {
  return page.getByRole('article').locator('h3').allInnerTexts();
}

const FORMATS: { format: 'tsv' | 'json' | 'xlsx' | 'xls'; file: () => UploadedFile }[] = [
  {
    format: 'tsv',
    file: () => ({
      name: 'customers.tsv',
      mimeType: 'text/tab-separated-values',
      buffer: delimited('\t'),
    }),
  },
  {
    format: 'json',
    file: () => ({ name: 'customers.json', mimeType: 'application/json', buffer: json() }),
  },
  {
    format: 'xlsx',
    file: () => ({
      name: 'customers.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: workbook('xlsx'),
    }),
  },
  {
    format: 'xls',
    file: () => ({
      name: 'customers.xls',
      mimeType: 'application/vnd.ms-excel',
      buffer: workbook('xls'),
    }),
  },
];

describe('each upload format through the page', { timeout: 90_000 }, () => {
  it.each(FORMATS)(
    'uploads $format, generates and downloads it in the same format',
    async ({ format, file }) => {
      page = await session.newPage();
      await page.goto('/');
      const upper = format.toUpperCase();
      const id = await uploadThroughPage(page, file());

      const summary = await summaryText();
      expect(summary).toContain(`customers.${format}`);
      expect(summary).toMatch(/Total Rows\s+12/);
      expect(summary).toMatch(/Total Columns\s+7/);
      expect(summary).toMatch(new RegExp(`File Format\\s+${upper}\\b`));
      expect(summary).toMatch(/Status\s+Ready/);
      // One sheet: no sheet choice.
      await expect(page.getByText('Select Sheet:').count()).resolves.toBe(0);

      expect(await cardNames()).toEqual(PEOPLE_COLUMNS);
      const state = await serverDataset(id);
      expect(state.fileType).toBe(format);
      for (const column of state.schema) {
        expect(await page.getByLabel(`Type of ${column.name}`).inputValue()).toBe(column.type);
      }
      expect(await page.getByLabel('Type of email').inputValue()).toBe('email');
      expect(await page.getByLabel('Type of signup_date').inputValue()).toBe('date');
      expect(await page.getByRole('article', { name: 'email' }).innerText()).toMatch(
        /Example:\s*alice\.0@example\.org/,
      );
      await screenshots(page, `formats-${format}-01-schema`);

      await page.getByRole('button', { name: 'Generate Pseudonymized Data' }).click();
      expect(await toastText(page, 'Success')).toContain(
        'Data has been successfully pseudonymized!',
      );
      const bar = page.getByRole('complementary', { name: 'Download' });
      await bar.getByText('Ready to Download').waitFor();
      expect(await bar.innerText()).toMatch(
        new RegExp(`12 rows pseudonymized · 84 cells replaced • ${upper}$`, 'm'),
      );
      expect(await page.getByLabel('Download format').inputValue()).toBe(format);
      await screenshots(page, `formats-${format}-02-preview`);

      const download = await downloadBy(page, 'Download Pseudonymized Data');
      expect(download.name).toMatch(new RegExp(`\\.${format}$`));
      expect(await toastText(page, 'Download started')).toContain(
        `Pseudonymized data is being downloaded as ${upper}.`,
      );
      const sheets = Object.values(readDownload(download.bytes, format));
      expect(sheets).toHaveLength(1);
      const rows = sheets[0] ?? [];
      expect(rows[0]).toEqual(PEOPLE_COLUMNS);
      const source = peopleRows();
      expect(rows).toHaveLength(source.length + 1);
      // Every column is pseudonymized by default, and no pseudonym equals its original.
      for (const [index, row] of rows.slice(1).entries()) {
        expect(row).toHaveLength(PEOPLE_COLUMNS.length);
        const original = source[index] ?? [];
        for (const [column, value] of row.entries()) {
          expect(value, `${PEOPLE_COLUMNS[column]} of row ${index + 1}`).not.toBe(original[column]);
          expect(value).not.toBe('');
        }
      }
      const email = PEOPLE_COLUMNS.indexOf('email');
      const date = PEOPLE_COLUMNS.indexOf('signup_date');
      for (const row of rows.slice(1)) {
        expect(row[email]).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/i);
        expect(row[date]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      }
    },
  );
});

describe('a workbook with two sheets', { timeout: 90_000 }, () => {
  const ORDER_COLUMNS = (orderRows()[0] ?? []).map(String);

  it('offers the sheets, switches between them and keeps each sheet in the download', async () => {
    page = await session.newPage();
    await page.goto('/');
    const id = await uploadThroughPage(page, {
      name: 'shop.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: workbook('xlsx', true),
    });
    const sheetChoice = page.getByLabel('Select Sheet:');
    expect(await sheetChoice.inputValue()).toBe('Customers');
    expect(
      await sheetChoice
        .locator('option')
        .evaluateAll((options) => options.map((option) => option.textContent)),
    ).toEqual(['Customers', 'Orders']);
    expect(await summaryText()).toContain('2 sheets available');
    expect(await summaryText()).toMatch(/Total Rows\s+12/);
    expect(await cardNames()).toEqual(PEOPLE_COLUMNS);
    await screenshots(page, 'formats-sheets-01-customers');

    await sheetChoice.selectOption('Orders');
    expect(await toastText(page, 'Sheet changed')).toContain(
      'Schema detection updated for selected sheet.',
    );
    await expect.poll(cardNames).toEqual(ORDER_COLUMNS);
    expect(await summaryText()).toMatch(/Total Rows\s+6/);
    expect(await summaryText()).toMatch(/Total Columns\s+3/);
    expect(await page.getByLabel('Type of customer_email').inputValue()).toBe('email');
    const orders = await serverDataset(id);
    expect(orders.selectedSheet).toBe('Orders');
    expect(orders.rowCount).toBe(6);
    expect(orders.columnCount).toBe(3);
    expect(orders.schema.map((column) => column.name)).toEqual(ORDER_COLUMNS);
    await screenshots(page, 'formats-sheets-02-orders');

    // An edit belongs to its sheet: it survives a trip to the other sheet and back.
    await page.getByLabel('Type of order_id').selectOption('blank');
    await expect
      .poll(
        async () =>
          (await serverDataset(id)).schema.find((column) => column.name === 'order_id')?.type,
      )
      .toBe('blank');
    await sheetChoice.selectOption('Customers');
    await expect.poll(cardNames).toEqual(PEOPLE_COLUMNS);
    expect((await serverDataset(id)).selectedSheet).toBe('Customers');
    await sheetChoice.selectOption('Orders');
    await expect.poll(cardNames).toEqual(ORDER_COLUMNS);
    expect(await page.getByLabel('Type of order_id').inputValue()).toBe('blank');

    await page.getByRole('button', { name: 'Generate Pseudonymized Data' }).click();
    await page.getByText('Ready to Download').waitFor();
    const fake = page.getByRole('region', { name: 'Pseudonymized Data' });
    expect(await fake.locator('thead th').allInnerTexts()).toEqual(ORDER_COLUMNS);
    // The selected sheet's rows, of the previews the server sends of every sheet.
    const original = page.getByRole('region', { name: 'Original Data' });
    expect((await rowsOf(original)).map((row) => row.slice(0, 2))).toEqual(
      orderRows()
        .slice(1, 6)
        .map((row) => row.slice(0, 2)),
    );
    const fakeOrders = await rowsOf(fake);
    expect(fakeOrders.map((row) => row[0])).toEqual(['', '', '', '', '']); // order_id blank
    expect(fakeOrders.every((row) => /@/.test(row[1] ?? ''))).toBe(true);
    await screenshots(page, 'formats-sheets-03-preview');

    const download = await downloadBy(page, 'Download Pseudonymized Data');
    expect(download.name).toMatch(/\.xlsx$/);
    const sheets = readDownload(download.bytes, 'xlsx');
    expect(Object.keys(sheets)).toEqual(['Customers', 'Orders']);
    const customers = sheets.Customers ?? [];
    expect(customers[0]).toEqual(PEOPLE_COLUMNS);
    expect(customers).toHaveLength(13);
    const email = PEOPLE_COLUMNS.indexOf('email');
    for (const [index, row] of customers.slice(1).entries()) {
      expect(row[email]).not.toBe(peopleRows()[index]?.[email]);
    }
    const orderSheet = sheets.Orders ?? [];
    expect(orderSheet[0]).toEqual(ORDER_COLUMNS);
    expect(orderSheet).toHaveLength(7);
    for (const [index, row] of orderSheet.slice(1).entries()) {
      expect(row[0]).toBe(''); // order_id was set to blank
      expect(row[1]).not.toBe(orderRows()[index + 1]?.[1]);
      expect(row[1]).toMatch(/@/);
    }
  });
});

describe('columns named like the workings of JavaScript objects', { timeout: 90_000 }, () => {
  it('shows their values in the preview, original and pseudonymized', async () => {
    page = await session.newPage();
    await page.goto('/');
    const columns = ['__proto__', 'constructor', 'prototype', 'email'];
    const rows = Array.from({ length: 6 }, (_, index) => [
      `proto text ${index}`,
      `builder text ${index}`,
      `shape text ${index}`,
      `person${index}@example.org`,
    ]);
    await uploadThroughPage(page, {
      name: 'odd.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from([columns, ...rows].map((row) => row.join(',')).join('\n'), 'utf8'),
    });
    expect(await cardNames()).toEqual(columns);

    await page.getByRole('button', { name: 'Generate Pseudonymized Data' }).click();
    await page.getByText('Ready to Download').waitFor();
    const original = page.getByRole('region', { name: 'Original Data' });
    const fake = page.getByRole('region', { name: 'Pseudonymized Data' });
    expect(await original.locator('thead th').allInnerTexts()).toEqual(columns);
    expect(await rowsOf(original)).toEqual(rows.slice(0, 5));
    const fakeRows = await rowsOf(fake);
    expect(fakeRows).toHaveLength(5);
    for (const [index, row] of fakeRows.entries()) {
      expect(row).toHaveLength(columns.length);
      for (const cell of row) expect(cell).not.toBe('');
      expect(row[3]).not.toBe(rows[index]?.[3]);
    }
  });
});
