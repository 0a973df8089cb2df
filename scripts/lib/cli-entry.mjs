// The command line's entry, copied to dist/cli/standin.mjs by scripts/build-cli.mjs. It runs the
// bundle beside it (standin-body.cjs) with V8's code cache of that bundle (standin-body.cache),
// which the build made. Compiling the bundle's 3 MB (the engine, Faker, zod and SheetJS) took
// about 0.15 s of every run, in the main thread and again in each worker thread it starts;
// reading the cache takes a third of that.
// A cache that is not this bundle's, or not whole (code-cache.mjs), is not used, and one V8
// refuses (another Node, or V8 flags such as --max-old-space-size) is left unused too: the bundle
// then compiles as it would without one.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { cachedData } from './code-cache.mjs';

const body = fileURLToPath(new URL('./standin-body.cjs', import.meta.url));
const source = readFileSync(body, 'utf8');

/** The cache made for this very bundle, whole, or undefined. */
function cacheOf() {
  try {
    return cachedData(source, readFileSync(body.replace(/\.cjs$/, '.cache')));
  } catch {
    return undefined;
  }
}

// The bundle is one function of what a CommonJS module gets, and of this entry's URL, which
// stands for import.meta.url in it (worker threads start this entry again).
const run = new vm.Script(source, { filename: body, cachedData: cacheOf() }).runInThisContext();
const module = { exports: {} };
run(module.exports, createRequire(body), module, body, path.dirname(body), import.meta.url);
