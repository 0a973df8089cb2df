import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { delimited, peopleRows, workbook } from '../support/customer-files';
import { contrast, luminance } from './contrast';
import { screenshots, useBrowserSession } from './harness';
import { toastText, toastTitled, uploadThroughPage, holdCalls } from './harness-dataset';
import { countUploads, dropFiles } from './harness-files';

const session = useBrowserSession();
let page: Page;

const CUSTOMERS_CSV = { name: 'customers.csv', mimeType: 'text/csv', buffer: delimited(',') };

async function openPage(path: string): Promise<void> {
  page = await session.newPage();
  await page.goto(path);
}

describe('the not-found page', { timeout: 60_000 }, () => {
  it.each(['/no-such-page', '/datasets/123/edit'])(
    'shows on %s with status 404 and leads back home',
    async (path) => {
      page = await session.newPage();
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
      await page
        .getByText('The page you are looking for does not exist or may have been moved.')
        .waitFor();
      await page.getByRole('heading', { name: 'Return to Home' }).waitFor();
      // Nothing is kept between visits, so the hint promises no resuming.
      await page
        .getByText('Go back to the start page. Files are not kept between visits')
        .waitFor();
      await expect(page.getByText(/continue where you left off/).count()).resolves.toBe(0);
      await page.getByRole('heading', { name: 'Upload Your Data' }).waitFor();
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Stand-in');
      await expect(
        page.getByRole('heading', { name: 'Upload Your Dataset' }).count(),
      ).resolves.toBe(0);
      const home = page.getByRole('link', { name: 'Go to Home Page' });
      expect(await home.getAttribute('href')).toBe('/');
      if (path === '/no-such-page') await screenshots(page, 'not-found-01');

      await home.click();
      await page.getByRole('heading', { name: 'Upload Your Dataset' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
    },
  );
});

interface ThemeState {
  rootClass: string;
  stored: string | null;
  background: string;
  text: string;
  muted: string;
}

async function themeState(): Promise<ThemeState> {
  return page.evaluate(() => {
    const muted = Array.from(document.querySelectorAll('p')).find(
      (element) => element.textContent === 'Secure Dataset Anonymization',
    );
    return {
      rootClass: document.documentElement.className,
      stored: localStorage.getItem('theme'),
      background: getComputedStyle(document.body).backgroundColor,
      text: getComputedStyle(document.querySelector('h1') ?? document.body).color,
      muted: muted ? getComputedStyle(muted).color : '',
    };
  });
}

describe('the theme', { timeout: 60_000 }, () => {
  it('is dark by default, switches to light, stays light after a reload and switches back', async () => {
    await openPage('/');
    const toggle = page.getByRole('button', { name: /^Switch to (light|dark) theme$/ });
    await page.getByRole('button', { name: 'Switch to light theme' }).waitFor();
    const dark = await themeState();
    expect(dark.rootClass.split(' ')).toContain('dark');
    expect(dark.stored ?? 'dark').toBe('dark');
    expect(luminance(dark.background)).toBeLessThan(0.05);
    expect(contrast(dark.text, dark.background)).toBeGreaterThanOrEqual(7);
    expect(contrast(dark.muted, dark.background)).toBeGreaterThanOrEqual(4.5);

    await toggle.click();
    await page.getByRole('button', { name: 'Switch to dark theme' }).waitFor();
    const light = await themeState();
    expect(light.rootClass.split(' ')).toContain('light');
    expect(light.rootClass.split(' ')).not.toContain('dark');
    expect(light.stored).toBe('light');
    expect(luminance(light.background)).toBeGreaterThan(0.8);
    expect(contrast(light.text, light.background)).toBeGreaterThanOrEqual(7);
    expect(contrast(light.muted, light.background)).toBeGreaterThanOrEqual(4.5);
    await screenshots(page, 'theme-01-light');

    await page.reload();
    await page.getByRole('button', { name: 'Switch to dark theme' }).waitFor();
    const reloaded = await themeState();
    expect(reloaded.rootClass.split(' ')).toContain('light');
    expect(reloaded.stored).toBe('light');
    expect(reloaded.background).toBe(light.background);

    await toggle.click();
    await page.getByRole('button', { name: 'Switch to light theme' }).waitFor();
    const back = await themeState();
    expect(back.rootClass.split(' ')).toContain('dark');
    expect(back.stored).toBe('dark');
    expect(back.background).toBe(dark.background);
    await page.reload();
    await page.getByRole('button', { name: 'Switch to light theme' }).waitFor();
    expect((await themeState()).rootClass.split(' ')).toContain('dark');
  });
});

describe('the theme before the app runs', { timeout: 60_000 }, () => {
  it.each([
    { stored: 'light', expected: 'light' },
    { stored: 'dark', expected: 'dark' },
    { stored: null, expected: 'dark' },
  ])('is $expected at first paint with $stored stored', async ({ stored, expected }) => {
    page = await session.newPage();
    await page.addInitScript((theme) => {
      if (theme) localStorage.setItem('theme', theme);
    }, stored);
    // Without the app's bundle, whatever the root shows was set before the first paint.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/', { waitUntil: 'load' });
    const root = await page.evaluate(() => ({
      className: document.documentElement.className,
      colorScheme: getComputedStyle(document.documentElement).colorScheme,
    }));
    expect(root.className.split(' ')).toContain(expected);
    expect(root.className.split(' ')).not.toContain(expected === 'light' ? 'dark' : 'light');
    if (stored) expect(root.colorScheme).toBe(expected);
  });
});

describe('the upload area and the file card', { timeout: 90_000 }, () => {
  it('shows the real upload progress and takes no other file meanwhile', async () => {
    await openPage('/');
    await page.getByRole('button', { name: 'Select File' }).waitFor();
    const uploads = countUploads(page);
    // Every value the progress bar shows, as it changes.
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { progressSeen: number[] }).progressSeen = seen;
      new MutationObserver(() => {
        const bar = document.querySelector('[role="progressbar"]');
        const value = Number(bar?.getAttribute('aria-valuenow') ?? NaN);
        if (!Number.isNaN(value) && seen.at(-1) !== value) seen.push(value);
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    // A slow line makes the upload of ~250 KB take a few seconds.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 60 * 1024,
    });
    const rows = peopleRows(3000);
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/upload'));
    await page
      .getByLabel('Choose a data file')
      .setInputFiles({ name: 'many.csv', mimeType: 'text/csv', buffer: delimited(',', rows) });

    await page.getByRole('heading', { name: 'Uploading...' }).waitFor();
    await page.getByText('Processing file...').waitFor();
    await expect(page.getByRole('button', { name: 'Select File' }).count()).resolves.toBe(0);
    expect(
      await page.getByRole('region', { name: 'Uploading...' }).getAttribute('aria-disabled'),
    ).toBe('true');
    await dropFiles(
      page,
      [{ name: 'other.csv', type: 'text/csv', text: 'a,b\n1,2\n' }],
      'Uploading...',
    );
    await screenshots(page, 'upload-01-progress');

    expect((await answer).status()).toBe(201);
    await page.getByRole('heading', { name: 'Detected Schema' }).waitFor();
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    const seen = await page.evaluate(
      () => (window as unknown as { progressSeen: number[] }).progressSeen,
    );
    expect(seen.some((value) => value > 0 && value < 100)).toBe(true);
    expect(uploads()).toBe(1);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(await page.getByRole('region', { name: 'Uploaded file' }).innerText()).toMatch(
      /Total Rows\s+3,000/,
    );
  });

  it('removes the file with ✕: back to step 1 and the dataset is deleted on the server', async () => {
    await openPage('/');
    const id = await uploadThroughPage(page, CUSTOMERS_CSV);
    await screenshots(page, 'remove-01-uploaded');
    await page.getByRole('button', { name: 'Remove file' }).click();
    await page.getByRole('button', { name: 'Select File' }).waitFor();
    await page.getByRole('heading', { name: 'Upload Your Dataset' }).waitFor();
    // Focus goes where the next step starts, not to <body>.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent?.trim()))
      .toBe('Select File');
    await screenshots(page, 'remove-02-removed');
    await expect(page.getByRole('region', { name: 'Uploaded file' }).count()).resolves.toBe(0);
    await expect(page.getByRole('heading', { name: 'Detected Schema' }).count()).resolves.toBe(0);
    await expect
      .poll(async () => (await fetch(`${session.baseUrl}/api/datasets/${id}`)).status)
      .toBe(404);
    // And the next file goes through as the first did.
    await uploadThroughPage(page, CUSTOMERS_CSV);
    expect(await page.getByRole('region', { name: 'Uploaded file' }).innerText()).toContain(
      'customers.csv',
    );
  });

  it('shows a file without data rows as 0 rows, not as still processing', async () => {
    await openPage('/');
    await uploadThroughPage(page, {
      name: 'header-only.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('name,email,city\n'),
    });
    const summary = page.getByRole('region', { name: 'Uploaded file' });
    const text = await summary.innerText();
    expect(text).not.toContain('Processing...');
    expect(text).toMatch(/MB • Uploaded just now/);
    expect(text).toMatch(/Total Rows\s+0/);
    expect(text).toMatch(/Total Columns\s+3/);
    await screenshots(page, 'upload-02-no-data-rows');
  });
});

describe('while a call is pending', { timeout: 60_000 }, () => {
  it("shows 'Generating Pseudonymized Data...' and takes no second run", async () => {
    await openPage('/');
    await uploadThroughPage(page, CUSTOMERS_CSV);
    let runs = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/trpc/pseudonymize')) runs += 1;
    });
    const run = await holdCalls(page, 'pseudonymize');
    await page.getByRole('button', { name: 'Generate Pseudonymized Data' }).click();
    await run.held;
    const pending = page.getByRole('button', { name: 'Generating Pseudonymized Data...' });
    await pending.waitFor();
    expect(await pending.isDisabled()).toBe(true);
    await pending.click({ force: true });
    expect(await page.getByRole('button', { name: 'Re-analyze' }).isDisabled()).toBe(true);
    expect(await page.getByLabel('Type of email').isDisabled()).toBe(true);
    await screenshots(page, 'pending-01-generating');
    run.release();
    await page.getByText('Ready to Download').waitFor();
    expect(runs).toBe(1);
    expect(
      await page.getByRole('button', { name: 'Generate Pseudonymized Data' }).isEnabled(),
    ).toBe(true);
  });

  it('disables the sheet choice while a sheet switch runs', async () => {
    await openPage('/');
    await uploadThroughPage(page, {
      name: 'shop.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: workbook('xlsx', true),
    });
    const sheetChoice = page.getByLabel('Select Sheet:');
    const switching = await holdCalls(page, 'setSheet');
    await sheetChoice.selectOption('Orders');
    await switching.held;
    await expect.poll(() => sheetChoice.isDisabled()).toBe(true);
    await page.getByLabel('Switching sheet').waitFor();
    await screenshots(page, 'pending-02-switching-sheet');
    switching.release();
    expect(await toastText(page, 'Sheet changed')).toContain(
      'Schema detection updated for selected sheet.',
    );
    await expect.poll(() => sheetChoice.isEnabled()).toBe(true);
    expect(await sheetChoice.inputValue()).toBe('Orders');
  });
});

describe('tooltips', { timeout: 60_000 }, () => {
  it('open 700 ms after the pointer arrives, above their control, and close on Escape', async () => {
    await openPage('/');
    await uploadThroughPage(page, CUSTOMERS_CSV);
    const remove = page.getByRole('button', { name: 'Remove file' });
    // Timed inside the page, so a slow test machine can only make the delay look longer.
    await remove.evaluate((button) => {
      const times = { hover: NaN, open: NaN };
      (window as unknown as { tooltipTimes: typeof times }).tooltipTimes = times;
      button.addEventListener('pointerenter', () => {
        if (Number.isNaN(times.hover)) times.hover = performance.now();
      });
      new MutationObserver(() => {
        const open = document.querySelector('[role="tooltip"][data-state="open"]');
        if (open && Number.isNaN(times.open)) times.open = performance.now();
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await remove.hover();
    const tooltip = page.getByRole('tooltip', { name: 'Remove file' });
    await tooltip.waitFor();
    const times = await page.evaluate(
      () => (window as unknown as { tooltipTimes: { hover: number; open: number } }).tooltipTimes,
    );
    expect(times.open - times.hover).toBeGreaterThanOrEqual(650);
    const tip = await tooltip.boundingBox();
    const button = await remove.boundingBox();
    expect(tip && button && tip.y + tip.height).toBeLessThanOrEqual((button?.y ?? 0) + 1);
    await screenshots(page, 'tooltip-01-remove-file');
    await page.keyboard.press('Escape');
    await tooltip.waitFor({ state: 'hidden' });
  });

  it('open at once within 300 ms of another closing, and after 700 ms again later', async () => {
    await openPage('/');
    await uploadThroughPage(page, CUSTOMERS_CSV);
    const card = page.getByRole('article', { name: 'city' });
    // Scrolling closes tooltips (and cancels one about to open): scroll first, then point.
    await card.scrollIntoViewIfNeeded();
    await page.waitForTimeout(100);
    const centre = async (name: string) => {
      const box = await card.getByRole('button', { name }).boundingBox();
      if (!box) throw new Error(`${name} is not on screen`);
      return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    };
    const keep = await centre('Keep original values of city');
    const blank = await centre('Blank out city');
    const custom = await centre('Custom format for city');
    const away = await card.getByRole('heading', { name: 'city' }).boundingBox();
    const moveAway = () => page.mouse.move((away?.x ?? 0) + 4, (away?.y ?? 0) + 4);

    /** Points at a button and measures, inside the page, how long its tooltip takes to open. */
    const openDelay = async (at: { x: number; y: number }, tip: string): Promise<number> => {
      await page.evaluate((name) => {
        const times = { hover: NaN, open: NaN };
        (window as unknown as { tipTimes: typeof times }).tipTimes = times;
        document.addEventListener('pointerover', () => (times.hover = performance.now()), {
          once: true,
          capture: true,
        });
        const observer = new MutationObserver(() => {
          const open = Array.from(document.querySelectorAll('[role="tooltip"]')).find(
            (element) =>
              element.getAttribute('data-state') === 'open' && element.textContent === name,
          );
          if (open) {
            times.open = performance.now();
            observer.disconnect();
          }
        });
        observer.observe(document.body, { subtree: true, childList: true, attributes: true });
      }, tip);
      await page.mouse.move(at.x, at.y);
      await page.getByRole('tooltip', { name: tip }).waitFor();
      const times = await page.evaluate(
        () => (window as unknown as { tipTimes: { hover: number; open: number } }).tipTimes,
      );
      return times.open - times.hover;
    };

    await moveAway();
    expect(await openDelay(keep, 'Keep the original values')).toBeGreaterThanOrEqual(650);
    // Off the buttons for a moment (the tooltip closes), then onto the next one: no second wait.
    await moveAway();
    await page.getByRole('tooltip', { name: 'Keep the original values' }).waitFor({
      state: 'hidden',
    });
    expect(await openDelay(blank, 'Empty every cell')).toBeLessThan(300);

    await moveAway();
    await page.waitForTimeout(500);
    expect(await openDelay(custom, 'Choose a Faker.js method')).toBeGreaterThanOrEqual(650);
  });
});

interface ServerColumn {
  name: string;
  type: string;
  rule: { action: string };
  numberMode?: string;
}

async function serverSchema(id: string): Promise<ServerColumn[]> {
  const response = await fetch(`${session.baseUrl}/api/datasets/${id}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { schema: ServerColumn[] }).schema;
}

describe('Download Mapping', { timeout: 60_000 }, () => {
  it('is not offered when every column is kept or blanked: there is nothing to map', async () => {
    await openPage('/');
    await uploadThroughPage(page, {
      name: 'places.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('city,notes\nLisbon,first\nBerlin,second\nOsaka,third\n'),
    });
    await page.getByRole('button', { name: 'Keep original values of city' }).click();
    await page.getByRole('button', { name: 'Blank out notes' }).click();
    await page.getByRole('article', { name: 'notes' }).getByText('(blank)').waitFor();
    await page.getByRole('button', { name: 'Generate Pseudonymized Data' }).click();
    const bar = page.getByRole('complementary', { name: 'Download' });
    await bar.getByText('Ready to Download').waitFor();
    await expect(bar.getByRole('button', { name: 'Download Mapping' }).count()).resolves.toBe(0);
    await bar.getByRole('button', { name: 'Download Pseudonymized Data' }).waitFor();
    await screenshots(page, 'mapping-01-nothing-to-map');
  });
});

describe('Re-analyze', { timeout: 60_000 }, () => {
  it("detects the sheet's types again, keeping the rules set, or from a clean slate", async () => {
    await openPage('/');
    const id = await uploadThroughPage(page, CUSTOMERS_CSV);
    const detected = await serverSchema(id);
    const detectedType = (name: string) => detected.find((column) => column.name === name)?.type;
    expect(detectedType('email')).toBe('email');

    await page.getByLabel('Type of email').selectOption('string');
    await page.getByRole('button', { name: 'Keep original values of city' }).click();
    await expect
      .poll(async () =>
        (await serverSchema(id))
          .filter((column) => column.name === 'email' || column.name === 'city')
          .map((column) => [column.type, column.rule.action]),
      )
      .toEqual([
        ['string', 'auto'],
        ['string', 'keep'],
      ]);
    await screenshots(page, 'reanalyze-01-edited');

    // The confirmation names the rule a clean slate would lose; the default keeps it.
    await page.getByRole('button', { name: 'Re-analyze' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Re-analyze this sheet?' });
    await dialog.getByText('city: Keep', { exact: true }).waitFor();
    await screenshots(page, 'reanalyze-02-confirm');
    await dialog.getByRole('button', { name: 'Re-analyze, keep my rules' }).click();
    expect(await toastText(page, 'Schema re-analyzed')).toContain('your rules are kept');
    await expect.poll(() => page.getByLabel('Type of email').inputValue()).toBe('email');
    const keepCity = page.getByRole('button', { name: 'Keep original values of city' });
    expect(await keepCity.getAttribute('aria-pressed')).toBe('true');
    const kept = await serverSchema(id);
    expect(kept.map((column) => [column.name, column.type, column.rule.action])).toEqual(
      detected.map((column) => [
        column.name,
        column.type,
        column.name === 'city' ? 'keep' : 'auto',
      ]),
    );
    await screenshots(page, 'reanalyze-03-rules-kept');

    await page.getByRole('button', { name: 'Re-analyze' }).click();
    await dialog.getByRole('button', { name: 'Clean slate: lose it' }).click();
    // The earlier toast of the same title may still be fading out: the newest says so.
    await expect
      .poll(() => toastTitled(page, 'Schema re-analyzed').last().innerText())
      .toContain('every rule back to Auto');
    await expect.poll(() => keepCity.getAttribute('aria-pressed')).toBe('false');
    const again = await serverSchema(id);
    expect(again.map((column) => [column.name, column.type, column.rule.action])).toEqual(
      detected.map((column) => [column.name, column.type, 'auto']),
    );
    for (const column of again) {
      expect(await page.getByLabel(`Type of ${column.name}`).inputValue()).toBe(column.type);
    }
    await screenshots(page, 'reanalyze-04-clean-slate');
  });
});

describe("a measure's distribution", { timeout: 60_000 }, () => {
  it('is offered on measures only and saved when changed', async () => {
    await openPage('/');
    const id = await uploadThroughPage(page, CUSTOMERS_CSV);
    const select = page.getByLabel('Distribution of amount');
    expect(await select.inputValue()).toBe('distribution');
    await expect(page.getByLabel('Distribution of email').count()).resolves.toBe(0);

    await select.selectOption('range');
    await expect
      .poll(
        async () => (await serverSchema(id)).find((column) => column.name === 'amount')?.numberMode,
      )
      .toBe('range');
    await screenshots(page, 'distribution-01-even-in-range');
  });
});

describe('the Redact rule', { timeout: 60_000 }, () => {
  it('is offered on free text only, saved when chosen, and shown on the card', async () => {
    await openPage('/');
    const id = await uploadThroughPage(page, {
      name: 'tickets.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        'email,message\n' +
          'ann.lee@corp.com,Please write to ann.lee@corp.com about the refund\n' +
          'bo.chen@corp.com,The parcel arrived late again this week\n' +
          'cy.diaz@corp.com,Customer asked for a call back tomorrow\n',
      ),
    });
    await expect(
      page.getByRole('button', { name: 'Redact personal data only in email' }).count(),
    ).resolves.toBe(0);
    const redact = page.getByRole('button', { name: 'Redact personal data only in message' });
    await redact.click();
    const card = page.getByRole('article', { name: 'message' });
    await card.getByText('Redact personal data only').waitFor();
    await expect(redact.getAttribute('aria-pressed')).resolves.toBe('true');
    await expect
      .poll(async () => (await serverSchema(id)).find((column) => column.name === 'message')?.rule)
      .toEqual({ action: 'redact' });
    await screenshots(page, 'redact-01-free-text');
  });
});
