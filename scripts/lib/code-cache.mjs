// The code cache file of the command line's bundle: scripts/build-cli.mjs writes it, and the
// entry (cli-entry.mjs, beside which the build copies this module) reads it. It holds the
// bundle's first line (its stamp), then the CRC-32 of V8's data, then the data: a cache of
// another build, or a damaged one, is never handed to V8, which only checks the source's length
// and stops the process on damaged data.
import { crc32 } from 'node:zlib';

/** The cache's second line: the CRC-32 of its data. */
function checkLine(data) {
  return `crc32:${crc32(data).toString(16).padStart(8, '0')}\n`;
}

/** The first line of the bundle `source`, which stamps its content. */
function stampOf(source) {
  return source.slice(0, source.indexOf('\n') + 1);
}

/** The cache file of V8's `data` for the bundle `source`. */
export function cacheFile(source, data) {
  return Buffer.concat([Buffer.from(stampOf(source) + checkLine(data), 'latin1'), data]);
}

/** V8's data in the cache `file` when it was made for the bundle `source` and is whole. */
export function cachedData(source, file) {
  const stamp = stampOf(source);
  if (file.subarray(0, stamp.length).toString('latin1') !== stamp) return undefined;
  const lineEnd = file.indexOf(0x0a, stamp.length) + 1;
  if (lineEnd === 0) return undefined;
  const data = file.subarray(lineEnd);
  return file.subarray(stamp.length, lineEnd).toString('latin1') === checkLine(data)
    ? data
    : undefined;
}
