// Builds what `npm start` serves: the client with Vite into dist/client and the server (with its
// worker entry points) bundled by esbuild into dist/server; and the command-line tool into
// dist/cli/standin.mjs (scripts/build-cli.mjs). Dependencies stay external.
import { readdirSync } from 'node:fs';
import { build as viteBuild } from 'vite';
import { build as esbuild } from 'esbuild';
import { buildCli } from './build-cli.mjs';

const serverEntries = readdirSync('src/server')
  .filter((file) => file === 'main.ts' || file.endsWith('.worker.ts'))
  .map((file) => `src/server/${file}`);

await viteBuild({ configFile: 'vite.config.ts', logLevel: 'warn' });
await esbuild({
  entryPoints: serverEntries,
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
await buildCli();
console.log(`built dist/client, dist/server (${serverEntries.join(', ')}) and dist/cli`);
