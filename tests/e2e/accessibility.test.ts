import type { FileChooser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { delimited, PEOPLE_COLUMNS } from '../support/customer-files';
import { lowContrastTexts, setThemeClass } from './contrast';
import { screenshots, useBrowserSession } from './harness';
import { toastText, uploadThroughPage } from './harness-dataset';
import { PHONE_WIDTH, sidewaysOverflow } from './layout';

// Usable with the keyboard, readable in both themes, laid out from phone width to desktop.

const session = useBrowserSession();
let page: Page;

const CUSTOMERS_CSV = { name: 'customers.csv', mimeType: 'text/csv', buffer: delimited(',') };

async function openPage(path: string): Promise<void> {
  page = await session.newPage();
  await page.goto(path);
}

/**
 * No text on the page falls below WCAG AA contrast, in either theme, and nothing sticks out
 * sideways at phone width or on a desktop.
 */
async function expectAllReadable(where: string, screenshotName: string): Promise<void> {
  await screenshots(page, screenshotName);
  for (const mode of ['dark', 'light'] as const) {
    await setThemeClass(page, mode);
    expect(await lowContrastTexts(page), `${where}, ${mode} theme`).toEqual([]);
  }
  await setThemeClass(page, 'dark');
  const desktop = page.viewportSize();
  for (const width of [PHONE_WIDTH, 1280]) {
    await page.setViewportSize({ width, height: 812 });
    await expect
      .poll(() => sidewaysOverflow(page), { message: `${where} at ${width} px` })
      .toEqual([]);
  }
  if (desktop) await page.setViewportSize(desktop);
}

describe('readability', { timeout: 90_000 }, () => {
  it('keeps every text at WCAG AA contrast in both themes, at every step', async () => {
    await openPage('/');
    await page.getByRole('button', { name: 'Select File' }).waitFor();
    await expectAllReadable('step 1', 'readable-01-step-1');

    await uploadThroughPage(page, CUSTOMERS_CSV);
    await expectAllReadable('step 2', 'readable-02-step-2');

    await page.getByRole('button', { name: 'Custom format for city' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Custom Format for city').waitFor();
    await expectAllReadable('the Custom Format dialog', 'readable-03-custom-format');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Generate Pseudonymized Data' }).click();
    await page.getByText('Ready to Download').waitFor();
    await expectAllReadable('step 3', 'readable-04-step-3');

    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await expectAllReadable('the not-found page', 'readable-05-not-found');
  });
});

interface Focused {
  name: string;
  visible: boolean;
}

/** The focused element's accessible name and whether a focus indicator is drawn around it. */
async function focused(): Promise<Focused | null> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return null;
    const style = getComputedStyle(element);
    const outlined = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1;
    const ringed = style.boxShadow !== 'none' && style.boxShadow !== '';
    const labels = (element as HTMLInputElement).labels;
    const name =
      element.getAttribute('aria-label') ??
      labels?.[0]?.textContent ??
      element.textContent?.trim() ??
      '';
    return { name, visible: element.matches(':focus-visible') && (outlined || ringed) };
  });
}

/** Presses Tab until the control named `name` has focus; returns every control passed on the way. */
async function tabTo(name: string, limit = 80): Promise<string[]> {
  const passed: string[] = [];
  for (let presses = 0; presses < limit; presses++) {
    await page.keyboard.press('Tab');
    const now = await focused();
    if (!now) continue;
    expect(now.visible, `focus on "${now.name}" is visible`).toBe(true);
    passed.push(now.name);
    if (now.name === name) return passed;
  }
  throw new Error(`"${name}" not reached in ${limit} presses of Tab; passed ${passed.join(', ')}`);
}

describe('the keyboard', { timeout: 90_000 }, () => {
  it('walks the whole workflow with Tab and Enter, with visible focus, and F8 reaches the toasts', async () => {
    page = await session.newPage();
    // Listening before the page loads: Playwright intercepts the chooser only once it listens.
    const chooser = new Promise<FileChooser>((resolve) => page.once('filechooser', resolve));
    await page.goto('/');
    await page.getByRole('button', { name: 'Select File' }).waitFor();
    expect(await tabTo('Select File')).toEqual(['Switch to light theme', 'Select File']);
    await screenshots(page, 'keyboard-01-select-file-focused');

    await page.keyboard.press('Enter');
    await (await chooser).setFiles(CUSTOMERS_CSV);
    await page.getByRole('heading', { name: 'Detected Schema' }).waitFor();
    // The chooser button is gone: focus lands on the uploaded file, where step 2 begins.
    await expect.poll(async () => (await focused())?.name).toBe('Uploaded file');

    const passed = await tabTo('Generate Pseudonymized Data');
    expect(passed).toContain('Remove file');
    expect(passed).toContain('Re-analyze');
    for (const column of PEOPLE_COLUMNS) {
      expect(passed).toContain(`Type of ${column}`);
      expect(passed).toContain(`Custom format for ${column}`);
      expect(passed).toContain(`Keep original values of ${column}`);
      expect(passed).toContain(`Blank out ${column}`);
    }
    await screenshots(page, 'keyboard-02-generate-focused');

    await page.keyboard.press('Enter');
    expect(await toastText(page, 'Success')).toContain('Data has been successfully pseudonymized!');
    await page.getByText('Ready to Download').waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      tabTo('Download Pseudonymized Data').then(() => page.keyboard.press('Enter')),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    await toastText(page, 'Download started');
    await screenshots(page, 'keyboard-03-downloaded');

    // F8 moves focus to the notification region, where the shown toast can be read and closed.
    await page.keyboard.press('F8');
    const region = page.getByRole('region', { name: /^Notifications/ });
    await expect
      .poll(() => region.evaluate((element) => element === document.activeElement))
      .toBe(true);
    expect(await region.innerText()).toContain('Download started');
    await page.keyboard.press('Tab');
    expect((await focused())?.name).toMatch(/Download started|Dismiss notification/);
    await page.keyboard.press('Escape');
    await expect.poll(() => region.getByRole('status').count()).toBe(0);
  });
});
