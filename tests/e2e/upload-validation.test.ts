import { randomBytes } from 'node:crypto';
import type { FileChooser, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { delimited } from '../support/customer-files';
import { screenshots, useBrowserSession } from './harness';
import { setThemeClass, textContrast } from './contrast';
import { toastText, toastTitled } from './harness-dataset';
import {
  chooseFiles,
  countUploads,
  dragFilesOver,
  dropFiles,
  recordToastTitles,
} from './harness-files';

const session = useBrowserSession();
let page: Page;
let uploads: () => number;

const MAX_BYTES = 50 * 1024 * 1024;
const CSV_TEXT = delimited(',').toString('utf8');

beforeEach(async () => {
  page = await session.newPage();
  uploads = countUploads(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Select File' }).waitFor();
});

/** The toast's title and description are readable (WCAG AA) in both themes. */
async function expectReadable(title: string, description: string): Promise<void> {
  const toast = toastTitled(page, title);
  for (const mode of ['dark', 'light'] as const) {
    await setThemeClass(page, mode);
    for (const text of [toast.getByText(title, { exact: true }), toast.getByText(description)]) {
      await expect.poll(() => textContrast(text)).toBeGreaterThanOrEqual(4.5);
    }
  }
  await setThemeClass(page, 'dark');
}

/** The destructive toast with this title and description; the page stays at step 1. */
async function expectRejected(title: string, description: string): Promise<void> {
  const toast = toastTitled(page, title);
  expect(await toastText(page, title)).toContain(description);
  expect(await toast.getAttribute('data-type')).toBe('error');
  await expectReadable(title, description);
  expect(await page.getByRole('heading', { name: 'Upload Your Dataset' }).isVisible()).toBe(true);
  expect(await page.getByRole('button', { name: 'Select File' }).isEnabled()).toBe(true);
  expect(uploads()).toBe(0);
}

/** The drop rejection message, shown in the upload area. */
async function expectZoneMessage(message: string): Promise<void> {
  await page
    .getByRole('region', { name: 'Upload Your Dataset' })
    .getByText(message, { exact: true })
    .waitFor();
}

const WRONG_TYPE = 'File type must be .csv, .tsv, .json, .xlsx, .xls';
const TOO_LARGE = 'File is larger than 52,428,800 bytes';

/** Counts the file choosers the page opens from now on. */
function countChoosers(): { count: () => number; next: Promise<FileChooser> } {
  let count = 0;
  const next = new Promise<FileChooser>((resolve) => {
    page.on('filechooser', (chooser) => {
      count += 1;
      resolve(chooser);
    });
  });
  return { count: () => count, next };
}

describe('the drop zone', { timeout: 60_000 }, () => {
  it('opens the file chooser when clicked, as its text says', async () => {
    const choosers = countChoosers();
    await page.getByText('Drag and drop your CSV or JSON file here, or click to browse').click();
    const chooser = await choosers.next;
    expect(chooser.isMultiple()).toBe(false);
    await chooser.setFiles({
      name: 'customers.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(CSV_TEXT),
    });
    await page.getByRole('heading', { name: 'Detected Schema' }).waitFor();
    expect(uploads()).toBe(1);
    expect(choosers.count()).toBe(1);
    // Past step 1 the compact area opens nothing.
    await page.getByRole('heading', { name: 'Upload successful' }).click();
    await page.waitForTimeout(300);
    expect(choosers.count()).toBe(1);
  });

  it("'Select File' opens one chooser, not a second one for the zone around it", async () => {
    const choosers = countChoosers();
    await page.getByRole('button', { name: 'Select File' }).click();
    await choosers.next;
    await page.waitForTimeout(300);
    expect(choosers.count()).toBe(1);
  });
});

describe('dragging a file over the upload area', { timeout: 60_000 }, () => {
  it("says 'Drop the file here' while a file is held over it", async () => {
    const idle = 'Drag and drop your CSV or JSON file here, or click to browse';
    await page.getByText(idle).waitFor();
    const moveAway = await dragFilesOver(page, [
      { name: 'customers.csv', type: 'text/csv', text: CSV_TEXT },
    ]);
    await page.getByText('Drop the file here').waitFor();
    await expect(page.getByText(idle).count()).resolves.toBe(0);
    await screenshots(page, 'validation-00-drag-active');
    await moveAway();
    await page.getByText(idle).waitFor();
    expect(uploads()).toBe(0);
  });

  it('says why while a file it refuses is held over it, and never "Drop the file here"', async () => {
    const idle = 'Drag and drop your CSV or JSON file here, or click to browse';
    const moveAway = await dragFilesOver(page, [
      { name: 'invoice.pdf', type: 'application/pdf', text: '%PDF-1.7' },
    ]);
    const refusal = page.getByRole('alert').filter({ hasText: 'Not accepted: File type must be' });
    await refusal.waitFor();
    expect(await refusal.innerText()).toBe(`Not accepted: ${WRONG_TYPE}, one file at a time`);
    await expect(page.getByText('Drop the file here').count()).resolves.toBe(0);
    await screenshots(page, 'validation-00b-drag-refused');
    await moveAway();
    await page.getByText(idle).waitFor();
    expect(uploads()).toBe(0);
  });
});

describe('the checks before a file is sent', { timeout: 60_000 }, () => {
  it('refuses a file over 50 MB from the file chooser without sending it', async () => {
    await chooseFiles(page, [{ name: 'huge.csv', type: 'text/csv', size: MAX_BYTES + 1 }]);
    await expectRejected('File too large', 'Please select a file smaller than 50MB.');
    await screenshots(page, 'validation-01-too-large');
  });

  it('refuses a file over 50 MB dropped on the upload area', async () => {
    await dropFiles(page, [{ name: 'huge.xlsx', size: MAX_BYTES + 1 }]);
    await expectRejected('File too large', 'Please select a file smaller than 50MB.');
    await expectZoneMessage(TOO_LARGE);
    await screenshots(page, 'validation-01b-dropped-too-large');
  });

  it.each([
    { name: 'report.pdf', type: 'application/pdf' },
    { name: 'setup.exe', type: 'application/x-msdownload' },
    { name: 'customers.csv.txt', type: 'text/plain' },
  ])('refuses $name from the file chooser as an invalid file type', async ({ name, type }) => {
    await page
      .getByLabel('Choose a data file')
      .setInputFiles({ name, mimeType: type, buffer: Buffer.from(CSV_TEXT) });
    await expectRejected(
      'Invalid file type',
      'Please select a CSV, JSON, Excel (XLSX/XLS), or TSV file.',
    );
  });

  it('refuses a dropped file of another type', async () => {
    await dropFiles(page, [{ name: 'photo.png', type: 'image/png', size: 64 }]);
    await expectRejected(
      'Invalid file type',
      'Please select a CSV, JSON, Excel (XLSX/XLS), or TSV file.',
    );
    await expectZoneMessage(WRONG_TYPE);
    await screenshots(page, 'validation-02-invalid-type');
  });

  it('refuses more than one dropped file', async () => {
    await dropFiles(page, [
      { name: 'january.csv', type: 'text/csv', text: CSV_TEXT },
      { name: 'february.csv', type: 'text/csv', text: CSV_TEXT },
    ]);
    await expectRejected('Too many files', 'Please select one file at a time.');
    await expectZoneMessage('Too many files');
    await screenshots(page, 'validation-02b-too-many-files');

    // The next file that goes through clears the message.
    await dropFiles(page, [{ name: 'january.csv', type: 'text/csv', text: CSV_TEXT }]);
    await page.getByRole('heading', { name: 'Detected Schema' }).waitFor();
    await expect(page.getByText('Too many files', { exact: true }).count()).resolves.toBe(0);
  });

  it('shows one notification at a time: a new one replaces the shown one', async () => {
    await dropFiles(page, [{ name: 'report.pdf', type: 'application/pdf', size: 64 }]);
    await toastText(page, 'Invalid file type');
    await chooseFiles(page, [{ name: 'huge.csv', type: 'text/csv', size: MAX_BYTES + 1 }]);
    await toastText(page, 'File too large');
    await expect.poll(() => page.getByRole('status').count()).toBe(1);
    await expect(toastTitled(page, 'Invalid file type').count()).resolves.toBe(0);
    await expectZoneMessage(TOO_LARGE);
    await screenshots(page, 'validation-02c-one-notification');
  });

  it('ignores .DS_Store and Thumbs.db that come along with a dropped file', async () => {
    const titles = await recordToastTitles(page);
    // Dropped alone, a thumbnail cache is no file at all: nothing happens.
    await dropFiles(page, [{ name: '.DS_Store', size: 6148 }]);
    await dropFiles(page, [{ name: 'Thumbs.db', size: 4096 }]);
    await dropFiles(page, [
      { name: '.DS_Store', size: 6148 },
      { name: 'customers.csv', type: 'text/csv', text: CSV_TEXT },
      { name: 'Thumbs.db', size: 4096 },
    ]);
    expect(await toastText(page, 'File uploaded successfully')).toContain(
      'Schema detection completed. Review the detected columns below.',
    );
    expect(await titles()).toEqual(['File uploaded successfully']);
    expect(await toastTitled(page, 'File uploaded successfully').getAttribute('data-type')).toBe(
      'success',
    );
    await expectReadable(
      'File uploaded successfully',
      'Schema detection completed. Review the detected columns below.',
    );
    expect(uploads()).toBe(1);
    await page.getByRole('heading', { name: 'Upload successful' }).waitFor();
    await page.getByText('File uploaded and schema detected successfully!').waitFor();
    expect(await page.getByRole('region', { name: 'Uploaded file' }).innerText()).toContain(
      'customers.csv',
    );
    await screenshots(page, 'validation-03-uploaded');
  });
});

describe('a lost connection during the upload', { timeout: 60_000 }, () => {
  it("shows 'Upload failed' with the spec's generic text", async () => {
    await page.route('**/api/upload', (route) => route.abort('connectionfailed'));
    await page.getByLabel('Choose a data file').setInputFiles({
      name: 'customers.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(CSV_TEXT),
    });
    expect(await toastText(page, 'Upload failed')).toContain(
      'There was an error uploading your file.',
    );
    await page.getByRole('heading', { name: 'Upload Your Dataset' }).waitFor();
    expect(await page.getByRole('button', { name: 'Select File' }).isEnabled()).toBe(true);
    await screenshots(page, 'validation-05-connection-lost');
  });
});

describe('a file the server rejects', { timeout: 60_000 }, () => {
  it("shows the server's message in a destructive 'Upload failed' toast", async () => {
    const bytes = randomBytes(4096);
    // What the server says about these bytes, asked directly.
    const form = new FormData();
    form.append('file', new Blob([bytes]), 'broken.xlsx');
    const direct = await fetch(`${session.baseUrl}/api/upload`, { method: 'POST', body: form });
    expect(direct.status).toBeGreaterThanOrEqual(400);
    expect(direct.status).toBeLessThan(500);
    const { message } = (await direct.json()) as { message: string };
    expect(message.length).toBeGreaterThan(0);

    const answer = page.waitForResponse((response) => response.url().endsWith('/api/upload'));
    await page.getByLabel('Choose a data file').setInputFiles({
      name: 'broken.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: bytes,
    });
    expect((await answer).status()).toBe(direct.status);
    const toast = toastTitled(page, 'Upload failed');
    expect(await toastText(page, 'Upload failed')).toContain(message);
    expect(await toast.getAttribute('data-type')).toBe('error');
    await expectReadable('Upload failed', message);
    // Back to the idle upload area: no progress bar, the chooser enabled again.
    await page.getByRole('heading', { name: 'Upload Your Dataset' }).waitFor();
    await expect(page.getByRole('progressbar').count()).resolves.toBe(0);
    expect(await page.getByRole('button', { name: 'Select File' }).isEnabled()).toBe(true);
    await expect(page.getByRole('heading', { name: 'Detected Schema' }).count()).resolves.toBe(0);
    await screenshots(page, 'validation-04-server-rejected');
  });
});
