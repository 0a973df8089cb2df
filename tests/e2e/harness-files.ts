/**
 * Files made inside the page, for what Playwright cannot hand over: drag-and-drop, several files
 * at once, and files over 50 MB (Playwright refuses to transfer buffers that large). They take
 * the same path a person's files take: a `drop` event on the drop zone, or the file input's
 * `change` event as the browser fires it after the file chooser closes.
 */
import type { JSHandle, Page } from 'playwright-core';

export interface PageFile {
  name: string;
  type?: string;
  /** The file's text; without it, `size` zero bytes. */
  text?: string;
  size?: number;
}

async function transferOf(page: Page, files: PageFile[]): Promise<JSHandle<DataTransfer>> {
  return page.evaluateHandle((list) => {
    const transfer = new DataTransfer();
    for (const file of list) {
      const body = file.text !== undefined ? file.text : new Uint8Array(file.size ?? 0);
      transfer.items.add(new File([body], file.name, { type: file.type ?? '' }));
    }
    return transfer;
  }, files);
}

/** Drops the files on the upload area, as a person dragging them from a folder would. */
export async function dropFiles(
  page: Page,
  files: PageFile[],
  zoneName = 'Upload Your Dataset',
): Promise<void> {
  const dataTransfer = await transferOf(page, files);
  const zone = page.getByRole('region', { name: zoneName });
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
  await dataTransfer.dispose();
}

/** Holds the files over the upload area without dropping them; returns how to move them away. */
export async function dragFilesOver(page: Page, files: PageFile[]): Promise<() => Promise<void>> {
  const dataTransfer = await transferOf(page, files);
  const zone = page.getByRole('region', { name: 'Upload Your Dataset' });
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await zone.dispatchEvent('dragover', { dataTransfer });
  return async () => {
    await zone.dispatchEvent('dragleave', { dataTransfer });
    await dataTransfer.dispose();
  };
}

/** Puts the files in the hidden file input and fires `change`, as the file chooser does. */
export async function chooseFiles(page: Page, files: PageFile[]): Promise<void> {
  const dataTransfer = await transferOf(page, files);
  await page.getByLabel('Choose a data file').evaluate((input, transfer) => {
    (input as HTMLInputElement).files = transfer.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
  }, dataTransfer);
  await dataTransfer.dispose();
}

/** Counts the upload requests the page sends from now on. */
export function countUploads(page: Page): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/upload') count += 1;
  });
  return () => count;
}

/**
 * Records the title of every toast that appears from now on, so a test can tell that an action
 * showed no notification at all (a later toast would replace it on screen).
 */
export async function recordToastTitles(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    const selector = '[role="status"][aria-labelledby]';
    // Toasts already on screen are not new.
    const known = new WeakSet<Element>(document.querySelectorAll(selector));
    (window as unknown as { toastTitles: string[] }).toastTitles = seen;
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll(selector)) {
        if (known.has(toast)) continue;
        known.add(toast);
        const titleId = toast.getAttribute('aria-labelledby') ?? '';
        seen.push(document.getElementById(titleId)?.textContent ?? '');
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { toastTitles: string[] }).toastTitles);
}
