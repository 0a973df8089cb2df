// The command line's entry, copied to dist/cli/standin.mjs by scripts/build-cli.mjs. It runs the
// bundle beside it (standin-body.cjs) with V8's code cache of that bundle (standin-body.cache),
// which the build made. Compiling the bundle's 3 MB (the engine, Faker, zod and SheetJS) took
// about 0.15 s of every run, in the main thread and again in each worker thread it starts;
// reading the cache takes a third of that.
// The bundle's first line stamps its content (a hash), and the cache starts with the stamp of
// the bundle it was made for, then the CRC-32 of its data: a cache of another build, or a
// damaged one, is never used (V8 itself only checks the source's length, and a damaged cache
// stops the process). A cache V8 refuses (another Node, or V8 flags such as
// --max-old-space-size) is left unused too: the bundle then compiles as it would without one.
import { readFileSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';

/** The cache's second line: the CRC-32 of its data, as scripts/build-cli.mjs writes it. */
const crcLine = (data) => `crc32:${crc32(data).toString(16).padStart(8, '0')}\n`;
const CRC_LINE = crcLine(new Uint8Array(0));

const body = fileURLToPath(new URL('./standin-body.cjs', import.meta.url));
const source = readFileSync(body, 'utf8');

/** The cache made for this very bundle, whole, or undefined. */
function cacheOf() {
  let bytes;
  try {
    bytes = readFileSync(body.replace(/\.cjs$/, '.cache'));
  } catch {
    return undefined;
  }
  const stamp = source.slice(0, source.indexOf('\n') + 1);
  if (bytes.subarray(0, stamp.length).toString('latin1') !== stamp) return undefined;
  const check = bytes.subarray(stamp.length, stamp.length + CRC_LINE.length).toString('latin1');
  const data = bytes.subarray(stamp.length + CRC_LINE.length);
  return check === crcLine(data) ? data : undefined;
}

// The bundle is one function of what a CommonJS module gets, and of this entry's URL, which
// stands for import.meta.url in it (worker threads start this entry again).
const run = new vm.Script(source, { filename: body, cachedData: cacheOf() }).runInThisContext();
const module = { exports: {} };
run(module.exports, createRequire(body), module, body, path.dirname(body), import.meta.url);
