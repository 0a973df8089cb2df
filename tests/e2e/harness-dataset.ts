/** Steps the browser tests share: uploading through the page and reading a download. */
import type { Download, Locator, Page } from 'playwright-core';

export interface UploadedFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** Picks the file through the page's file input and waits for the schema; returns the dataset id. */
export async function uploadThroughPage(page: Page, file: UploadedFile): Promise<string> {
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/upload'));
  await page.locator('input[type=file]').setInputFiles(file);
  const response = await answer;
  if (response.status() !== 201) {
    throw new Error(`upload answered ${response.status()}: ${await response.text()}`);
  }
  const { id } = (await response.json()) as { id: string };
  await page.getByRole('heading', { name: 'Detected Schema' }).waitFor();
  return id;
}

/** Clicks a download button and returns the saved file's name and bytes. */
export async function downloadBy(
  page: Page,
  buttonName: string,
): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: buttonName }).click(),
  ]);
  return { name: download.suggestedFilename(), bytes: await bytesOf(download) };
}

async function bytesOf(download: Download): Promise<Buffer> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The toast titled exactly `title` (a toast is a status named by its title). */
export function toastTitled(page: Page, title: string): Locator {
  return page.getByRole('status', { name: title, exact: true });
}

/** The text of a toast with this title, once one shows. */
export async function toastText(page: Page, title: string): Promise<string> {
  const toast = toastTitled(page, title);
  await toast.first().waitFor();
  return toast.first().innerText();
}

/** Holds the page's calls to this tRPC procedure until `release` is called. */
export async function holdCalls(
  page: Page,
  procedure: string,
): Promise<{ held: Promise<void>; release: () => void }> {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  let arrived = () => {};
  const held = new Promise<void>((resolve) => (arrived = resolve));
  await page.route(`**/api/trpc/${procedure}**`, async (route) => {
    arrived();
    await gate;
    await route.continue();
  });
  return { held, release };
}

/** The cells of a preview table as the page shows them, row by row. */
export async function rowsOf(table: Locator): Promise<string[][]> {
  return table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => Array.from(row.querySelectorAll('td'), (cell) => cell.textContent ?? '')),
    );
}
