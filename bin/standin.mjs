#!/usr/bin/env node
// The `standin` command (package.json "bin"). It runs the bundle dist/cli/standin.mjs; in a clone,
// where src/ is beside it, it first bundles src/cli again when the bundle is missing or older than
// any source file it may hold, so the command works right after `npm ci`, without a build.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bundle = path.join(root, 'dist/cli/standin.mjs');

/** The newest modification time of the files under `dir` (the client's are never bundled). */
function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (full !== path.join(root, 'src/client')) newest = Math.max(newest, newestSource(full));
    } else {
      newest = Math.max(newest, statSync(full).mtimeMs);
    }
  }
  return newest;
}

const source = path.join(root, 'src');
if (existsSync(source)) {
  const built = existsSync(bundle) ? statSync(bundle).mtimeMs : 0;
  const inputs = Math.max(newestSource(source), statSync(path.join(root, 'package.json')).mtimeMs);
  if (built < inputs) {
    const { buildCli } = await import('../scripts/build-cli.mjs');
    await buildCli(root);
  }
}
await import(pathToFileURL(bundle).href);
