// Bundles the command-line tool (src/cli/main.ts) into dist/cli/standin.mjs with esbuild, as the
// server's entries are bundled (lib/node-bundle.mjs: dependencies external but Faker), with zod
// bundled too: Node resolves and compiles its ESM build's dozens of modules at every start, about
// 50 ms of a run (the server keeps zod external, where trpc-to-openapi and zod-openapi must share
// its one instance; the command line uses neither). Used by
// scripts/build.mjs, by bin/standin.mjs when the bundle is missing or older than the source, and
// by the CLI tests. The bundle is written beside its place and renamed into it, so a process
// starting the tool meanwhile never reads half a file.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { NODE_BUNDLE } from './lib/node-bundle.mjs';

const CLI_ENTRY = 'src/cli/main.ts';
export const CLI_BUNDLE = 'dist/cli/standin.mjs';

/** Builds dist/cli/standin.mjs under `root` (the repository) and returns its path. */
export async function buildCli(root = process.cwd()) {
  const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const outfile = path.join(root, CLI_BUNDLE);
  const result = await build({
    absWorkingDir: root,
    ...NODE_BUNDLE,
    external: NODE_BUNDLE.external.filter((name) => name !== 'zod' && name !== 'zod/*'),
    entryPoints: [CLI_ENTRY],
    outfile,
    define: { STANDIN_VERSION: JSON.stringify(version) },
    write: false,
  });
  mkdirSync(path.dirname(outfile), { recursive: true });
  const [bundle] = result.outputFiles;
  const partial = `${outfile}.${process.pid}.partial`;
  writeFileSync(partial, bundle.contents);
  renameSync(partial, outfile);
  return outfile;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  console.log(`built ${path.relative(process.cwd(), await buildCli())}`);
}
