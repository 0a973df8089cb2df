import { unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderRows, PEOPLE_COLUMNS, readDownload, workbook } from '../support/customer-files';
import { screenshots, useBrowserSession } from './harness';
import { downloadBy, toastText, uploadThroughPage } from './harness-dataset';

// A workbook downloaded in any format gives every sheet it has, unless the visitor asks for the
// selected sheet alone; the bar and the toast say which, and the file name names a lone sheet.

const session = useBrowserSession({ keepPages: true });
let page: Page;

const bar = () => page.getByRole('complementary', { name: 'Download' });

async function downloadAs(format: string, contents: string) {
  await page.getByLabel('Download format').selectOption(format);
  expect(await bar().innerText()).toContain(`• ${contents}`);
  const file = await downloadBy(page, 'Download Pseudonymized Data');
  expect(await toastText(page, 'Download started')).toContain(
    `Pseudonymized data is being downloaded as ${contents}.`,
  );
  return file;
}

beforeAll(async () => {
  page = await session.newPage();
  await page.goto('/');
  await uploadThroughPage(page, {
    name: 'shop.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: workbook('xlsx', true),
  });
  await page.getByRole('button', { name: 'Generate Pseudonymized Data' }).click();
  await bar().getByText('Ready to Download').waitFor();
});

describe('downloading a workbook of two sheets', { timeout: 120_000 }, () => {
  it('gives every sheet in every format by default, and the bar counts both sheets', async () => {
    expect(await page.getByLabel('Sheets to download').inputValue()).toBe('every');
    // 12 customers and 6 orders.
    expect(await bar().innerText()).toMatch(/^18 rows pseudonymized · \d+ cells replaced • /m);

    for (const format of ['csv', 'tsv'] as const) {
      const { name, bytes } = await downloadAs(
        format,
        `${format.toUpperCase()}: 2 sheets, one file each, in a ZIP`,
      );
      expect(name).toBe(`shop.pseudonymized.${format}.zip`);
      const files = unzipSync(new Uint8Array(bytes));
      expect(Object.keys(files)).toEqual([`Customers.${format}`, `Orders.${format}`]);
      const customers = readDownload(Buffer.from(files[`Customers.${format}`]!), format)[format]!;
      const orders = readDownload(Buffer.from(files[`Orders.${format}`]!), format)[format]!;
      expect(customers[0]).toEqual(PEOPLE_COLUMNS);
      expect(customers).toHaveLength(13);
      expect(orders[0]).toEqual(orderRows()[0]);
      expect(orders).toHaveLength(7);
    }
    await screenshots(page, 'sheets-01-every-sheet-zip');

    const json = await downloadAs('json', 'JSON: 2 sheets, keyed by sheet name');
    expect(json.name).toBe('shop.pseudonymized.json');
    const document = JSON.parse(json.bytes.toString('utf8')) as Record<string, unknown[]>;
    expect(Object.entries(document).map(([sheet, rows]) => [sheet, rows.length])).toEqual([
      ['Customers', 12],
      ['Orders', 6],
    ]);

    for (const format of ['xlsx', 'xls'] as const) {
      const file = await downloadAs(format, `${format.toUpperCase()}: 2 sheets`);
      expect(file.name).toBe(`shop.pseudonymized.${format}`);
      const sheets = readDownload(file.bytes, format);
      expect(Object.keys(sheets)).toEqual(['Customers', 'Orders']);
    }
  });

  it('gives the selected sheet alone when asked, named in the file name', async () => {
    await page.getByLabel('Sheets to download').selectOption('selected');
    const csv = await downloadAs('csv', 'CSV: sheet Customers only');
    expect(csv.name).toBe('shop.Customers.pseudonymized.csv');
    const rows = readDownload(csv.bytes, 'csv').csv!;
    expect(rows[0]).toEqual(PEOPLE_COLUMNS);
    expect(rows).toHaveLength(13);

    const xlsx = await downloadAs('xlsx', 'XLSX: sheet Customers only');
    expect(xlsx.name).toBe('shop.Customers.pseudonymized.xlsx');
    expect(Object.keys(readDownload(xlsx.bytes, 'xlsx'))).toEqual(['Customers']);
    await screenshots(page, 'sheets-02-selected-sheet');
  });
});
