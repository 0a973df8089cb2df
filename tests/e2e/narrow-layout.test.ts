import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOT_DIR, screenshots, useBrowserSession } from './harness';
import { uploadThroughPage } from './harness-dataset';
import { sidewaysOverflow } from './layout';

// Readable cards at every width: a card's example line stacks and wraps, never cut off (the
// before/after comparison is its point), and nothing sticks out sideways at 320 or 360 px, the
// free-text card's Redact button included.

const session = useBrowserSession({ keepPages: true });
let page: Page;

const COLUMNS = ['customer_id', 'phone', 'email', 'notes'];
const ROWS = Array.from({ length: 8 }, (_, index) => [
  `C-${10_000 + index}`,
  `+81 3-6187-${String(1000 + index * 37).padStart(4, '0')}`,
  `someone.with.a.rather.long.address.${index}@subsidiary.example-corporation.co.jp`,
  `Called on the ${index + 3}rd about the delayed delivery of the replacement parts; asked for a ` +
    `refund of the shipping costs and a callback before Friday afternoon, reference ${index}.`,
]);

/** Samples and originals whose text does not fit their box, as a person would see them cut. */
async function cutExamples(): Promise<string[]> {
  return page.getByTestId('column-example').evaluateAll((boxes) =>
    boxes.flatMap((box) =>
      Array.from(box.querySelectorAll('span')).flatMap((line) => {
        const style = getComputedStyle(line);
        const cut =
          line.scrollWidth > line.clientWidth + 1 ||
          style.textOverflow === 'ellipsis' ||
          style.webkitLineClamp !== 'none';
        return cut && line.clientWidth > 0 ? [line.textContent ?? ''] : [];
      }),
    ),
  );
}

async function at(width: number): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );
}

beforeAll(async () => {
  page = await session.newPage();
  await page.goto('/');
  await uploadThroughPage(page, {
    name: 'calls.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      `${[COLUMNS, ...ROWS].map((row) => row.map((cell) => `"${cell}"`).join(',')).join('\n')}\n`,
      'utf8',
    ),
  });
});

describe('the schema cards at every width', { timeout: 120_000 }, () => {
  it('show each example whole at 1280 px', async () => {
    await at(1280);
    expect(await cutExamples()).toEqual([]);
    const phone = page.getByRole('article', { name: 'phone' }).getByTestId('column-example');
    expect(await phone.innerText()).toContain(ROWS[0]![1]);
  });

  it.each([360, 320])(
    'leave nothing sticking out sideways at %i px, in step 2 and 3',
    async (width) => {
      await at(width);
      await page.getByRole('button', { name: 'Redact personal data only in notes' }).waitFor();
      expect(await sidewaysOverflow(page)).toEqual([]);
      expect(await cutExamples()).toEqual([]);
      await page.screenshot({
        path: path.join(SCREENSHOT_DIR, `narrow-${width}-01-schema.png`),
        fullPage: true,
        animations: 'disabled',
      });
    },
  );

  it('keeps step 3 within the window at 320 px', async () => {
    await at(1280);
    await page.getByRole('button', { name: 'Generate Pseudonymized Data' }).click();
    await page.getByText('Ready to Download').waitFor();
    for (const width of [360, 320]) {
      await at(width);
      await expect.poll(() => sidewaysOverflow(page), { message: `${width} px` }).toEqual([]);
    }
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, 'narrow-320-02-preview.png'),
      fullPage: true,
      animations: 'disabled',
    });
    await at(1280);
    await screenshots(page, 'narrow-03-preview');
  });
});
