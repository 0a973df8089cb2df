/**
 * The Chromium the browser tests drive: CHROMIUM_PATH when set, otherwise the headless build that
 * the `@sparticuz/chromium` devDependency ships inside its npm package, so `npm ci && npm test`
 * needs nothing from apt. The package unpacks its binary on first use; vitest's global setup does
 * that once, before test files run in parallel and could race on the same file.
 */
import { existsSync } from 'node:fs';
import sparticuzChromium from '@sparticuz/chromium';

export async function resolveChromium(): Promise<string> {
  const override = process.env.CHROMIUM_PATH;
  if (override) {
    if (!existsSync(override)) throw new Error(`CHROMIUM_PATH names no file: ${override}`);
    return override;
  }
  return sparticuzChromium.executablePath();
}

/** vitest globalSetup: unpack once and hand the path to every test worker. */
export default async function setup(): Promise<void> {
  process.env.CHROMIUM_PATH = await resolveChromium();
}
