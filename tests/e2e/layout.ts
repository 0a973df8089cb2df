/** Layout checks at a given window width: nothing may stick out sideways. */
import type { Page } from 'playwright-core';

export const PHONE_WIDTH = 375;

/**
 * The elements that reach past the right or left edge of the window, unless an ancestor clips
 * or scrolls them (a table in its own scroll area is fine), plus the page's own sideways scroll.
 */
export async function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    if (document.documentElement.scrollWidth > width + 1) {
      found.push(`page scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`);
    }
    const clipped = (element: Element) => {
      for (let at = element.parentElement; at && at !== document.body; at = at.parentElement) {
        const style = getComputedStyle(at);
        if (style.overflowX !== 'visible') return true;
      }
      return false;
    };
    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if ((box.right > width + 1 || box.left < -1) && !clipped(element)) {
        const label = element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '';
        found.push(
          `${element.tagName.toLowerCase()} "${label.slice(0, 40)}" spans ${Math.round(box.left)}..${Math.round(box.right)}`,
        );
      }
    }
    return found;
  });
}
