/**
 * Shared set-up for the browser tests: the real built server (tests/support/spawned-server.ts)
 * and Chromium (tests/support/chromium.ts) driven by playwright-core, plus screenshots of each step in both themes
 * and at phone width under test-output/screenshots/.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { resolveChromium } from '../support/chromium';
import { spawnServer, type SpawnedServer } from '../support/spawned-server';

export const SCREENSHOT_DIR = path.resolve('test-output/screenshots');
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 812 };

export interface RunningBrowser {
  browser: Browser;
  close: () => Promise<void>;
}

export async function launchBrowser(): Promise<RunningBrowser> {
  // Playwright starts Chromium with a fresh temporary profile of its own (it refuses a
  // --user-data-dir argument), and every context is isolated like an incognito window.
  const browser = await chromium.launch({
    executablePath: await resolveChromium(),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return {
    browser,
    close: () => browser.close(),
  };
}

export async function newPage(browser: Browser, baseUrl: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: DESKTOP,
    acceptDownloads: true,
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  return page;
}

/** The server and browser a test file shares, and pages on them (see useBrowserSession). */
export interface BrowserSession {
  readonly baseUrl: string;
  /** A new visitor: a page in a browser context of its own. */
  newPage(): Promise<Page>;
}

/**
 * Starts the built server and Chromium before a file's tests and stops them after. Pages it
 * opened are closed after each test, unless `keepPages` (a file whose tests walk one visit).
 */
export function useBrowserSession(options: { keepPages?: boolean } = {}): BrowserSession {
  let server: SpawnedServer | undefined;
  let browser: RunningBrowser | undefined;
  const opened: Page[] = [];
  beforeAll(async () => {
    // Browser tests upload faster than a person; the per-client rate limits are for the public.
    server = await spawnServer({
      STANDIN_RATE_LIMIT_PER_MINUTE: '0',
      STANDIN_UPLOAD_RATE_LIMIT_PER_MINUTE: '0',
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  if (!options.keepPages) {
    afterEach(async () => {
      for (const page of opened.splice(0)) await page.context().close();
    });
  }
  const started = (): { server: SpawnedServer; browser: RunningBrowser } => {
    if (!server || !browser) throw new Error('the browser session has not started yet');
    return { server, browser };
  };
  return {
    get baseUrl() {
      return started().server.listeningUrl;
    },
    async newPage() {
      const { server, browser } = started();
      const page = await newPage(browser.browser, server.listeningUrl);
      opened.push(page);
      return page;
    },
  };
}

/**
 * Saves `<name>.dark.png`, `<name>.light.png`, `<name>.dark.phone.png` and `<name>.light.phone.png`.
 * The theme is switched through the root class only, so the stored choice stays untouched.
 */
export async function screenshots(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const original = page.viewportSize() ?? DESKTOP;
  const theme = await page.evaluate(() =>
    document.documentElement.classList.contains('light') ? 'light' : 'dark',
  );
  for (const mode of ['dark', 'light'] as const) {
    await setThemeClass(page, mode);
    for (const [suffix, viewport] of [
      ['', DESKTOP],
      ['.phone', PHONE],
    ] as const) {
      // A window as tall as the page (rather than a full-page capture) keeps the fixed bottom
      // bar at the bottom, where a person sees it.
      await page.setViewportSize(viewport);
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      await page.setViewportSize({ width: viewport.width, height: Math.min(height, 8000) });
      // Two frames: media queries apply on resize, and anything they re-render is painted.
      await page.evaluate(
        () =>
          new Promise<void>((resolve) =>
            requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
          ),
      );
      await page.screenshot({
        path: path.join(SCREENSHOT_DIR, `${name}.${mode}${suffix}.png`),
        animations: 'disabled',
      });
    }
  }
  await setThemeClass(page, theme);
  await page.setViewportSize(original);
}

async function setThemeClass(page: Page, mode: 'dark' | 'light'): Promise<void> {
  await page.evaluate((next) => {
    const root = document.documentElement;
    root.classList.remove('dark', 'light');
    root.classList.add(next);
    root.style.colorScheme = next;
  }, mode);
}
