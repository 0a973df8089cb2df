// Runs a TypeScript script as the server runs the engine: bundled by esbuild into dist/scripts
// and started with plain node (no loader), so a benchmark's time and memory are the product's,
// not a transpiler's. Usage: node scripts/run-bundled.mjs scripts/bench.ts [args...]
// With --bundle-only first, it writes the bundle (dist/scripts/<name>.mjs) and runs nothing, for a
// benchmark that starts the script itself many times.
import { spawnSync } from 'node:child_process';
import { basename } from 'node:path';
import { build } from 'esbuild';
import { NODE_BUNDLE } from './lib/node-bundle.mjs';

const bundleOnly = process.argv[2] === '--bundle-only';
const [entry, ...args] = process.argv.slice(bundleOnly ? 3 : 2);
if (!entry) {
  console.error('usage: node scripts/run-bundled.mjs [--bundle-only] <script.ts> [args...]');
  process.exit(2);
}
const outfile = `dist/scripts/${basename(entry, '.ts')}.mjs`;
await build({ ...NODE_BUNDLE, entryPoints: [entry], outfile });
if (bundleOnly) process.exit(0);
const run = spawnSync(process.execPath, [outfile, ...args], { stdio: 'inherit' });
process.exit(run.status ?? 1);
