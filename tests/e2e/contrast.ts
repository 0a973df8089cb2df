/** WCAG 2 contrast of text as the browser paints it, for the readability checks of both themes. */
import type { Locator, Page } from 'playwright-core';

type Rgb = [number, number, number];

function channels(color: string): { rgb: Rgb; alpha: number } {
  const [r = 0, g = 0, b = 0, alpha = 1] = (color.match(/[\d.]+/g) ?? []).map(Number);
  return { rgb: [r, g, b], alpha };
}

/** Relative luminance of a CSS rgb()/rgba() colour. */
export function luminance(color: string): number {
  const linear = (channel: number) => {
    const value = channel / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = channels(color).rgb;
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

export function contrast(first: string, second: string): number {
  const [light = 0, dark = 0] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The contrast of an element's text against the first opaque background behind it, with the
 * text's own alpha and the opacity of the element and its ancestors blended in.
 */
export async function textContrast(element: Locator): Promise<number> {
  const { text, background, opacity } = await element.evaluate((node) => {
    let opacity = 1;
    let background = 'rgb(255, 255, 255)';
    for (let at: Element | null = node; at; at = at.parentElement) {
      const style = getComputedStyle(at);
      opacity *= Number(style.opacity);
      const bg = style.backgroundColor;
      if (bg !== 'transparent' && !/rgba\(.*,\s*0\)$/.test(bg) && !/,\s*0(\.0+)?\)$/.test(bg)) {
        background = bg;
        break;
      }
    }
    return { text: getComputedStyle(node).color, background, opacity };
  });
  const fg = channels(text);
  const bg = channels(background).rgb;
  const alpha = fg.alpha * opacity;
  const painted = fg.rgb.map((channel, index) => channel * alpha + (bg[index] ?? 0) * (1 - alpha));
  return contrast(`rgb(${painted.join(',')})`, background);
}

/** Switches the theme through the root class only, as the screenshots do. */
export async function setThemeClass(page: Page, mode: 'dark' | 'light'): Promise<void> {
  await page.evaluate((next) => {
    const root = document.documentElement;
    root.classList.remove('dark', 'light');
    root.classList.add(next);
  }, mode);
}
