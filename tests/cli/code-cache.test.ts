/**
 * The bundled command line starts from V8's code cache of its bundle (scripts/build-cli.mjs,
 * scripts/lib/cli-entry.mjs): the cache the build writes is one a plain `node` accepts, and a
 * cache that is not the bundle's (another build's, or damaged) is never used: the tool then
 * compiles its bundle and gives the same output.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CLI_BUNDLE, runCli, useCli } from './cli-process';

const cli = useCli();

const DIST = path.dirname(CLI_BUNDLE);
const BODY = path.join(DIST, 'standin-body.cjs');
const CACHE = path.join(DIST, 'standin-body.cache');

const PEOPLE =
  'id,name,email,joined\n1,Ada Lovelace,ada@example.com,2024-01-05\n2,Alan Turing,alan@example.com,2023-11-30\n';

/** Whether a `node` of no flags accepts `cache` as the code cache of the script `body`. */
function acceptedByNode(body: string, cache: Uint8Array): boolean {
  const check = `
    const { readFileSync } = require('node:fs');
    const vm = require('node:vm');
    const [body, cache] = process.argv.slice(1);
    const script = new vm.Script(readFileSync(body, 'utf8'), {
      filename: body,
      cachedData: readFileSync(cache),
    });
    process.stdout.write(String(!script.cachedDataRejected));
  `;
  const cacheFile = path.join(cli.dir(), 'v8-data.cache');
  writeFileSync(cacheFile, cache);
  const { NODE_OPTIONS: _flags, ...env } = process.env;
  return (
    execFileSync(process.execPath, ['-e', check, body, cacheFile], { env }).toString() === 'true'
  );
}

/** The cache's CRC-32 line and its data, after the stamp (`stampLength` bytes). */
function partsOf(cache: Buffer, stampLength: number): { check: string; data: Buffer } {
  const lineEnd = cache.indexOf(0x0a, stampLength) + 1;
  return {
    check: cache.subarray(stampLength, lineEnd).toString('latin1'),
    data: cache.subarray(lineEnd),
  };
}

/** A copy of the built tool in `folder`, with `cache` for its code cache. */
function toolWithCache(folder: string, cache: Uint8Array): string {
  mkdirSync(folder, { recursive: true });
  copyFileSync(BODY, path.join(folder, 'standin-body.cjs'));
  copyFileSync(CLI_BUNDLE, path.join(folder, 'standin.mjs'));
  copyFileSync(path.join(DIST, 'code-cache.mjs'), path.join(folder, 'code-cache.mjs'));
  writeFileSync(path.join(folder, 'standin-body.cache'), cache);
  return path.join(folder, 'standin.mjs');
}

/** The csv and mapping `entry` writes for PEOPLE under a fixed key, as one text. */
async function runOutputs(entry: string, folder: string): Promise<string> {
  writeFileSync(path.join(folder, 'people.csv'), PEOPLE);
  writeFileSync(path.join(folder, 'key'), 'a fixed key for the test');
  const args = ['run', 'people.csv', '-o', 'out.csv', '--mapping', 'map.csv', '--key-file', 'key'];
  const result = await runCli(args, { cwd: folder, entry });
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return (
    readFileSync(path.join(folder, 'out.csv'), 'utf8') +
    readFileSync(path.join(folder, 'map.csv'), 'utf8')
  );
}

describe('the code cache of the command line', () => {
  it('starts with the stamp of the bundle and the CRC-32 of its data, which a plain node accepts', () => {
    const body = readFileSync(BODY, 'latin1');
    const stamp = body.slice(0, body.indexOf('\n') + 1);
    expect(stamp).toMatch(/^\/\/ standin-body sha256:[0-9a-f]{64}\n$/);
    const cache = readFileSync(CACHE);
    expect(cache.subarray(0, stamp.length).toString('latin1')).toBe(stamp);
    const { check, data } = partsOf(cache, stamp.length);
    expect(check).toBe(`crc32:${crc32(data).toString(16).padStart(8, '0')}\n`);
    expect(acceptedByNode(BODY, data)).toBe(true);
  });

  it('holds a bundle of ASCII only, which V8 keeps at one byte a character', () => {
    expect(readFileSync(BODY).every((byte) => byte < 0x80)).toBe(true);
  });

  it('is left unused when it is another build’s or damaged, with the same output', async () => {
    const cache = readFileSync(CACHE);
    const body = readFileSync(BODY, 'latin1');
    const stamp = Buffer.from(body.slice(0, body.indexOf('\n') + 1), 'latin1');
    const otherStamp = Buffer.from(`// standin-body sha256:${'0'.repeat(64)}\n`, 'latin1');
    const { check, data } = partsOf(cache, stamp.length);
    const header = Buffer.from(check, 'latin1');
    // Data V8 would take for the bundle's and stop the process on, had its CRC-32 not told.
    const damaged = Buffer.from(data);
    damaged.fill(0x5a, 64, 4096);

    const expected = await runOutputs(CLI_BUNDLE, cli.dir());
    for (const [name, variant] of [
      ['another build', Buffer.concat([otherStamp, header, data])],
      ['damaged', Buffer.concat([stamp, header, damaged])],
      ['empty', Buffer.alloc(0)],
    ] as const) {
      const folder = path.join(cli.dir(), name.replace(' ', '-'));
      const entry = toolWithCache(folder, variant);
      expect(await runOutputs(entry, folder), name).toBe(expected);
    }
  });
});
