// How the project bundles its Node entry points (the server and its workers, the command line,
// the scripts) with esbuild: ESM for Node 20, dependencies left external and resolved from
// node_modules, so a bundle's time and memory are the product's, not a transpiler's.
import { readdirSync } from 'node:fs';

/** esbuild options every Node bundle shares; callers add entry points and where to write. */
export const NODE_BUNDLE = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
};

/** The server's entry points: src/server/main.ts and each `*.worker.ts` beside it. */
export function serverEntries() {
  return readdirSync(new URL('../../src/server', import.meta.url))
    .filter((file) => file === 'main.ts' || file.endsWith('.worker.ts'))
    .map((file) => `src/server/${file}`);
}
