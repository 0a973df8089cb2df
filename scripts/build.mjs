// Builds what `npm start` serves: the client with Vite into dist/client, with a Brotli and a
// gzip copy of each text file (lib/precompress.mjs), and the server (with its worker entry
// points) bundled by esbuild into dist/server; and the command-line tool into
// dist/cli/standin.mjs (scripts/build-cli.mjs). Dependencies stay external but Faker
// (lib/node-bundle.mjs).
import { build as viteBuild } from 'vite';
import { build as esbuild } from 'esbuild';
import { buildCli } from './build-cli.mjs';
import { NODE_BUNDLE, serverEntries } from './lib/node-bundle.mjs';
import { precompress } from './lib/precompress.mjs';

await viteBuild({ configFile: 'vite.config.ts', logLevel: 'warn' });
precompress('dist/client');
const servers = serverEntries();
await esbuild({
  ...NODE_BUNDLE,
  entryPoints: servers,
  outdir: 'dist/server',
  sourcemap: true,
});
await buildCli();
console.log(`built dist/client, dist/server (${servers.join(', ')}) and dist/cli`);
