// The interactive docs in a real browser (the npm-shipped Chromium through playwright-core): Swagger UI
// must load from our own origin under the Content-Security-Policy and render every REST path.
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/server/app';
import { resolveChromium } from '../support/chromium';
import { startTestServer } from '../support/in-process-server';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer();
  // standin.test resolves to the server too: Swagger UI treats loopback addresses specially.
  browser = await chromium.launch({
    executablePath: await resolveChromium(),
    args: ['--no-sandbox', '--host-resolver-rules=MAP standin.test 127.0.0.1'],
  });
});

afterAll(async () => {
  await browser.close();
  await server.close();
});

describe('/api/docs', () => {
  it('renders every documented path with no blocked resource or script error', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('request', (request) => {
      if (!request.url().startsWith(server.url)) problems.push(`outside request ${request.url()}`);
    });
    await page.goto(`${server.url}/api/docs`);
    await page.locator('.opblock').first().waitFor({ timeout: 20_000 });
    const paths = await page.locator('.opblock-summary-path').allTextContents();
    expect(paths.map((each) => each.replace(/\u200b/g, ''))).toEqual(
      expect.arrayContaining([
        '/api/upload',
        '/api/datasets/{id}',
        '/api/datasets/{id}/schema',
        '/api/datasets/{id}/pseudonymize',
        '/api/datasets/{id}/download',
        '/api/datasets/{id}/download-mapping',
      ]),
    );
    expect(problems).toEqual([]);
    await page.close();
  });

  it('sends nothing to the public spec validator when served under a real host name', async () => {
    const page = await browser.newPage();
    const origin = `http://standin.test:${server.port}`;
    const problems: string[] = [];
    page.on('console', (message) => {
      // Over plain http on a non-loopback name, Chromium notes it ignores helmet's COOP header.
      const text = message.text();
      if (message.type() === 'error' && !text.includes('Cross-Origin-Opener-Policy')) {
        problems.push(text);
      }
    });
    page.on('request', (request) => {
      if (!request.url().startsWith(origin)) problems.push(`outside request ${request.url()}`);
    });
    await page.goto(`${origin}/api/docs`);
    await page.locator('.opblock').first().waitFor({ timeout: 20_000 });
    // The validator badge, when on, loads as soon as the spec has rendered.
    await page.waitForTimeout(500);
    expect(await page.locator('.validator-badge, img[src*="validator"]').count()).toBe(0);
    // Off in the configuration too, whatever layout renders the page.
    const validatorUrl = await page.evaluate(
      () =>
        (window as unknown as { ui: { getConfigs(): { validatorUrl: unknown } } }).ui.getConfigs()
          .validatorUrl,
    );
    expect(validatorUrl).toBeNull();
    expect(problems).toEqual([]);
    await page.close();
  });
});
