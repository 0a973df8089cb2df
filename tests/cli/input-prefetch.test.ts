/**
 * A run's input read ahead while the command loads (scripts/lib/input-prefetch.mjs), and taken by
 * the run for that file alone (src/cli/prefetched-input.ts, readInputFileAhead).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  LEAST_PREFETCHED_BYTES,
  MOST_PREFETCHED_BYTES,
  PREFETCHED_INPUT,
  prefetchInput,
} from '../../scripts/lib/input-prefetch.mjs';
import { readInputFileAhead } from '../../src/cli/input-file';
import { STREAM_ABOVE_BYTES } from '../../src/cli/stream-run';

const folder = mkdtempSync(path.join(tmpdir(), 'standin-prefetch-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A file of `size` bytes in the test's folder, each byte its place modulo 251. */
function fileOf(name: string, size: number): string {
  const file = path.join(folder, name);
  const bytes = new Uint8Array(size);
  for (let index = 0; index < size; index++) bytes[index] = index % 251;
  writeFileSync(file, bytes);
  return file;
}

const holder = globalThis as { [PREFETCHED_INPUT]?: unknown };
afterEach(() => {
  holder[PREFETCHED_INPUT] = null;
});

describe('prefetchInput', () => {
  it('reads the file right after `run`, whole', async () => {
    const file = fileOf('input.csv', LEAST_PREFETCHED_BYTES + 12_345);
    const prefetched = prefetchInput(['run', file, '-o', 'out.csv', '--quiet']);
    expect(prefetched).toMatchObject({ file, size: LEAST_PREFETCHED_BYTES + 12_345 });
    const bytes = await prefetched!.bytes;
    expect(Buffer.from(bytes!).equals(readFileSync(file))).toBe(true);
  });

  it('reads nothing where the run would not read that file whole', () => {
    const file = fileOf('also.csv', LEAST_PREFETCHED_BYTES);
    const small = fileOf('small.csv', LEAST_PREFETCHED_BYTES - 1);
    const large = path.join(folder, 'large.csv');
    writeFileSync(large, '');
    truncateSync(large, MOST_PREFETCHED_BYTES + 1);
    const directory = path.join(folder, 'directory');
    mkdirSync(directory);
    for (const args of [
      ['detect', file],
      ['run', '-o', 'out.csv', file],
      ['run', '-'],
      ['run', file, '--stream'],
      ['run', small],
      ['run', large],
      ['run', directory],
      ['run', path.join(folder, 'missing.csv')],
      ['run'],
    ]) {
      expect(prefetchInput(args), args.join(' ')).toBeNull();
    }
  });

  it('stops where a run streams its input instead of reading it whole', () => {
    expect(MOST_PREFETCHED_BYTES).toBe(STREAM_ABOVE_BYTES);
  });
});

describe('readInputFileAhead', () => {
  it('takes the bytes read ahead for its file, once, and reads the file itself after', async () => {
    const file = fileOf('taken.csv', LEAST_PREFETCHED_BYTES);
    const prefetched = prefetchInput(['run', file])!;
    holder[PREFETCHED_INPUT] = prefetched;
    const taken = (await readInputFileAhead(file, prefetched.size)).take();
    expect(taken === (await prefetched.bytes)).toBe(true);
    const again = (await readInputFileAhead(file, prefetched.size)).take();
    expect(again === taken).toBe(false);
    expect(Buffer.from(again).equals(Buffer.from(taken))).toBe(true);
  });

  it('reads the file itself when the bytes read ahead are another file’s, or of another size', async () => {
    const file = fileOf('mine.csv', LEAST_PREFETCHED_BYTES);
    const other = fileOf('other.csv', LEAST_PREFETCHED_BYTES + 1);
    for (const [prefetchedFile, size] of [
      [other, LEAST_PREFETCHED_BYTES],
      [file, LEAST_PREFETCHED_BYTES + 1],
    ] as const) {
      const prefetched = prefetchInput(['run', prefetchedFile])!;
      holder[PREFETCHED_INPUT] = prefetched;
      const input = (await readInputFileAhead(file, size)).take();
      expect(input === (await prefetched.bytes)).toBe(false);
      expect(Buffer.from(input).equals(readFileSync(file))).toBe(true);
    }
  });

  it('reads the file itself when the read ahead failed', async () => {
    const file = fileOf('failed.csv', LEAST_PREFETCHED_BYTES);
    holder[PREFETCHED_INPUT] = { file, size: LEAST_PREFETCHED_BYTES, bytes: Promise.resolve(null) };
    const input = (await readInputFileAhead(file, LEAST_PREFETCHED_BYTES)).take();
    expect(Buffer.from(input).equals(readFileSync(file))).toBe(true);
  });
});
