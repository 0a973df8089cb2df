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

/**
 * Switches the theme through the root class only, as the screenshots do, and waits for the
 * colour transitions it starts, so computed colours are the final ones.
 */
export async function setThemeClass(page: Page, mode: 'dark' | 'light'): Promise<void> {
  await page.evaluate(async (next) => {
    const root = document.documentElement;
    root.classList.remove('dark', 'light');
    root.classList.add(next);
    await Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished.catch(() => undefined)),
    );
  }, mode);
}

export interface LowContrast {
  text: string;
  ratio: number;
  needed: number;
}

/**
 * Every visible text on the page whose contrast is below WCAG AA: 4.5:1, or 3:1 for large text
 * (24 px, or 18.66 px bold). Disabled controls are exempt, as WCAG exempts them.
 */
export async function lowContrastTexts(page: Page): Promise<LowContrast[]> {
  return page.evaluate(async () => {
    // Entering toasts and dialogs fade in: measure the colours they settle on.
    await Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    );
    const channels = (color: string) => {
      const [r = 0, g = 0, b = 0, alpha = 1] = (color.match(/[\d.]+/g) ?? []).map(Number);
      return { rgb: [r, g, b], alpha };
    };
    const luminance = (rgb: number[]) => {
      const [r = 0, g = 0, b = 0] = rgb.map((channel) => {
        const value = channel / 255;
        return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const failures: { text: string; ratio: number; needed: number }[] = [];
    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      const text = Array.from(element.childNodes)
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent ?? '')
        .join('')
        .trim();
      if (!text || element.closest('[aria-hidden="true"], :disabled, [data-disabled]')) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || element.getClientRects().length === 0) continue;
      let opacity = 1;
      let background = [255, 255, 255];
      for (let at: Element | null = element; at; at = at.parentElement) {
        const own = getComputedStyle(at);
        opacity *= Number(own.opacity);
        const bg = channels(own.backgroundColor);
        if (bg.alpha > 0.9) {
          background = bg.rgb;
          break;
        }
      }
      const fg = channels(style.color);
      const alpha = fg.alpha * opacity;
      const painted = fg.rgb.map((c, i) => c * alpha + (background[i] ?? 0) * (1 - alpha));
      const [light, dark] = [luminance(painted), luminance(background)].sort((a, b) => b - a);
      const ratio = ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
      const size = parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      const needed = large ? 3 : 4.5;
      if (ratio < needed) {
        failures.push({ text: text.slice(0, 60), ratio: Math.round(ratio * 100) / 100, needed });
      }
    }
    return failures;
  });
}
