// Bundles the command-line tool (src/cli/main.ts) into dist/cli with esbuild, with V8's code
// cache of the bundle, so a run does not compile 3 MB of JavaScript before it starts:
// - standin-body.cjs: the tool and every dependency it uses (zod, Faker, SheetJS, papaparse,
//   cli-progress), as one function of what a CommonJS module gets (the form a vm.Script runs),
//   its first line a stamp of its content;
// - standin-body.cache: the code cache V8 made of the bundle in a plain `node` (V8 refuses a
//   cache made under other flags), after the bundle's stamp and a CRC-32 (lib/code-cache.mjs,
//   copied beside the entry as code-cache.mjs, which reads it);
// - standin.mjs: the entry users and tests start (lib/cli-entry.mjs), which runs the bundle with
//   its cache.
// Used by scripts/build.mjs, by bin/standin.mjs when the bundle is missing or older than the
// source, and by the CLI tests. Each file is written beside its place and renamed into it, the
// entry last, so a process starting the tool meanwhile never reads half a file; a body and a
// cache of different builds (tests build at once) do not go together: the stamp tells.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { cacheFile } from './lib/code-cache.mjs';
import { NODE_BUNDLE } from './lib/node-bundle.mjs';

const CLI_ENTRY = 'src/cli/main.ts';
export const CLI_BUNDLE = 'dist/cli/standin.mjs';
const CLI_BODY = 'dist/cli/standin-body.cjs';
const CLI_CODE_CACHE = 'dist/cli/standin-body.cache';

/** What writes a script's code cache to stdout: run by a `node` of no flags (argv[1]: the script). */
const MAKE_CODE_CACHE = `
const { readFileSync } = require('node:fs');
const vm = require('node:vm');
const file = process.argv[1];
process.stdout.write(new vm.Script(readFileSync(file, 'utf8'), { filename: file }).createCachedData());
`;

/**
 * `code` with every character past ASCII written as its escape ('·' as '\\u00b7'). esbuild leaves
 * a few in regular expressions, template literals and comments, and one is enough for V8 to hold
 * the whole 3 MB source (which it keeps, to compile functions on their first call) at two bytes
 * a character. An escape means the same character in a string, a template's text, a regular
 * expression and a name alike; only a template's raw text would differ, and none is read.
 */
function asciiOnly(code) {
  return code.replace(
    /[^\0-\x7f]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** Writes `contents` to `file` whole: beside it first, then renamed into place. */
function writeWhole(file, contents) {
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, contents);
  renameSync(partial, file);
}

/** Builds dist/cli under `root` (the repository) and returns the entry's path. */
export async function buildCli(root = process.cwd()) {
  const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const result = await build({
    absWorkingDir: root,
    ...NODE_BUNDLE,
    format: 'cjs',
    // Node's own modules only: a dependency outside the bundle would be compiled at every start.
    external: [],
    entryPoints: [CLI_ENTRY],
    outfile: path.join(root, CLI_BODY),
    define: { STANDIN_VERSION: JSON.stringify(version), 'import.meta.url': 'standinEntryUrl' },
    write: false,
  });
  const [bundle] = result.outputFiles;
  const code =
    "(function (exports, require, module, __filename, __dirname, standinEntryUrl) {'use strict';\n" +
    `${asciiOnly(bundle.text)}\n})`;
  const stamp = `// standin-body sha256:${createHash('sha256').update(code).digest('hex')}\n`;
  const body = path.join(root, CLI_BODY);
  mkdirSync(path.dirname(body), { recursive: true });
  writeWhole(body, stamp + code);
  const { NODE_OPTIONS: _flags, ...plainEnv } = process.env;
  const cache = execFileSync(process.execPath, ['-e', MAKE_CODE_CACHE, body], {
    env: plainEnv,
    maxBuffer: 64 * 1024 ** 2,
  });
  writeWhole(path.join(root, CLI_CODE_CACHE), cacheFile(stamp + code, cache));
  const reader = path.join(path.dirname(body), 'code-cache.mjs');
  writeWhole(reader, readFileSync(new URL('./lib/code-cache.mjs', import.meta.url)));
  const entry = path.join(root, CLI_BUNDLE);
  writeWhole(entry, readFileSync(new URL('./lib/cli-entry.mjs', import.meta.url)));
  return entry;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  console.log(`built ${path.relative(process.cwd(), await buildCli())}`);
}
