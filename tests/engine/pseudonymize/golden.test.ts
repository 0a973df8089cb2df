/*
 * Golden files: one realistic input pseudonymized under a fixed key, pinned byte for byte in every
 * format, with its mapping, its detected schema (as a recipe) and its run's counts.
 *
 * Regenerate the current scheme's folder (never done by a plain run; older folders are never
 * written):
 *   UPDATE_GOLDEN=1 npx vitest run tests/engine/pseudonymize/golden.test.ts
 *
 * The files under golden/scheme-<N>/ are pseudonym scheme N's output (PSEUDONYM_SCHEME_VERSION in
 * src/engine/pseudonymize/scheme-version.ts), and every folder is checked against a run with its
 * own scheme (pseudonymize's `scheme` option). If this test fails, either the change is a bug, or
 * it alters pseudonyms on purpose: then it must bump PSEUDONYM_SCHEME_VERSION, gate the change on
 * the new scheme, regenerate (which writes a new scheme-<N+1>/ folder), and keep scheme N's
 * folder and output reproducible for as long as recipes name scheme N. A change that touches no
 * pseudonym (speed, messages) must pass unchanged. A failing detection pin (recipe.json) is the
 * same: a column detected otherwise gets other pseudonyms.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inflateRawSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  detectSchema,
  FILE_FORMATS,
  pseudonymize,
  PSEUDONYM_SCHEME_VERSION,
  readWorkbook,
  recipeFromSchemas,
  writeWorkbook,
  type PseudonymizeStats,
} from '../../../src/engine';

const GOLDEN_DIR = fileURLToPath(new URL('golden/', import.meta.url));
const INPUT_NAME = 'customers.csv';
const SECRET = 'golden-key-2026';
const UPDATE = process.env.UPDATE_GOLDEN === '1';

function schemeDir(scheme: number): string {
  return join(GOLDEN_DIR, `scheme-${scheme}`);
}

/** What the golden run was made with, kept in run.json next to the files. */
interface GoldenRun {
  scheme: number;
  faker: string;
  /** The zlib build that deflated the xlsx (its bytes, not its content, depend on it). */
  zlib: string;
  stats: Omit<PseudonymizeStats, 'scheme' | 'timings' | 'durationMs'>;
}

function fakerVersions(): { installed: string; pinned: string | undefined } {
  const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  const installed = read('node_modules/@faker-js/faker/package.json').version as string;
  const dependencies = read('package.json').dependencies as Record<string, string>;
  return { installed, pinned: dependencies['@faker-js/faker'] };
}

/** The golden run under `scheme`: read, detect, pseudonymize under SECRET, write every file. */
function goldenRun(scheme: number) {
  const input = readWorkbook(
    new Uint8Array(readFileSync(join(GOLDEN_DIR, INPUT_NAME))),
    INPUT_NAME,
  );
  const schemas = input.sheets.map((sheet) => detectSchema(sheet));
  const result = pseudonymize(input, schemas, { secret: SECRET, scheme });
  const recipe = recipeFromSchemas(
    input.sheets.map((sheet, index) => ({ name: sheet.name, schema: schemas[index] ?? [] })),
    scheme,
  );
  const files = new Map<string, Uint8Array>(
    FILE_FORMATS.map((format) => [
      `pseudonymized.${format}`,
      writeWorkbook(result.workbook, format),
    ]),
  );
  // As the server keeps a csv upload's mapping: the source's csv layout, one sheet.
  files.set('mapping.csv', writeWorkbook({ ...result.workbook, sheets: [result.mapping] }, 'csv'));
  files.set('recipe.json', new TextEncoder().encode(`${JSON.stringify(recipe, null, 2)}\n`));
  const { scheme: ranScheme, timings: _timings, durationMs: _durationMs, ...stats } = result.stats;
  const run: GoldenRun = {
    scheme: ranScheme,
    faker: fakerVersions().installed,
    zlib: process.versions.zlib,
    stats,
  };
  return { files, run };
}

if (UPDATE) {
  const { files, run } = goldenRun(PSEUDONYM_SCHEME_VERSION);
  const dir = schemeDir(PSEUDONYM_SCHEME_VERSION);
  mkdirSync(dir, { recursive: true });
  for (const [name, bytes] of files) writeFileSync(join(dir, name), bytes);
  writeFileSync(join(dir, 'run.json'), `${JSON.stringify(run, null, 2)}\n`);
}

if (!existsSync(join(schemeDir(PSEUDONYM_SCHEME_VERSION), 'run.json'))) {
  throw new Error(
    `No golden files for pseudonym scheme ${PSEUDONYM_SCHEME_VERSION} yet: keep the older ` +
      "schemes' folders and run UPDATE_GOLDEN=1 npx vitest run tests/engine/pseudonymize/golden.test.ts",
  );
}

/** Every scheme with a golden folder, oldest first. */
const SCHEMES = readdirSync(GOLDEN_DIR)
  .map((name) => /^scheme-(\d+)$/.exec(name)?.[1])
  .filter((digits) => digits !== undefined)
  .map(Number)
  .sort((a, b) => a - b);

interface ZipEntry {
  /** The local header with the compressed size zeroed: name, CRC-32, size, date, flags. */
  header: Uint8Array;
  content: Uint8Array;
}

/** A ZIP's entries in order, read from the local headers (the writer records sizes there). */
function zipEntries(bytes: Uint8Array): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const entries: ZipEntry[] = [];
  for (let at = 0; at + 4 <= bytes.length && view.getUint32(at, true) === 0x04034b50;) {
    const compressed = view.getUint32(at + 18, true);
    const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
    const header = bytes.slice(at, start);
    new DataView(header.buffer).setUint32(18, 0, true);
    const data = bytes.subarray(start, start + compressed);
    entries.push({
      header,
      content: view.getUint16(at + 8, true) === 8 ? new Uint8Array(inflateRawSync(data)) : data,
    });
    at = start + compressed;
  }
  return entries;
}

/** Bytes as text for a readable diff (binary files as hex lines). */
function shown(name: string, bytes: Uint8Array): string {
  if (!/\.(xlsx|xls)$/.test(name)) return new TextDecoder().decode(bytes);
  return (
    Buffer.from(bytes)
      .toString('hex')
      .match(/.{1,64}/g) ?? []
  ).join('\n');
}

describe.each(SCHEMES)('golden files of pseudonym scheme %i', (scheme) => {
  const current = goldenRun(scheme);
  const expectedBytes = (name: string) =>
    new Uint8Array(readFileSync(join(schemeDir(scheme), name)));
  const expectedRun = JSON.parse(
    readFileSync(join(schemeDir(scheme), 'run.json'), 'utf8'),
  ) as GoldenRun;

  it('were made under this scheme and this exactly pinned Faker', () => {
    const { installed, pinned } = fakerVersions();
    expect(expectedRun.scheme).toBe(scheme);
    expect(current.run.scheme).toBe(scheme);
    // A caret range would let an install pick other locale lists, and so other pseudonyms.
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    expect(installed).toBe(pinned);
    expect(expectedRun.faker).toBe(installed);
  });

  it('pins the detected schema, as its recipe', () => {
    expect(shown('recipe.json', current.files.get('recipe.json')!)).toBe(
      shown('recipe.json', expectedBytes('recipe.json')),
    );
  });

  it("pins the run's counts (rows, columns, file-dependent pseudonyms)", () => {
    expect(current.run.stats).toEqual(expectedRun.stats);
  });

  it.each(['pseudonymized.csv', 'pseudonymized.tsv', 'pseudonymized.json', 'mapping.csv'])(
    'gives %s byte for byte',
    (name) => {
      const actual = current.files.get(name)!;
      expect(shown(name, actual)).toBe(shown(name, expectedBytes(name)));
      expect(Buffer.from(actual).equals(expectedBytes(name))).toBe(true);
    },
  );

  it('gives pseudonymized.xls byte for byte', () => {
    const actual = current.files.get('pseudonymized.xls')!;
    expect(Buffer.from(actual).equals(expectedBytes('pseudonymized.xls'))).toBe(true);
  });

  it("gives pseudonymized.xlsx's parts byte for byte: names, order, headers and content", () => {
    const actual = zipEntries(current.files.get('pseudonymized.xlsx')!);
    const expected = zipEntries(expectedBytes('pseudonymized.xlsx'));
    expect(actual.map((entry) => Buffer.from(entry.header).toString('hex'))).toEqual(
      expected.map((entry) => Buffer.from(entry.header).toString('hex')),
    );
    actual.forEach((entry, index) => {
      expect(new TextDecoder().decode(entry.content)).toBe(
        new TextDecoder().decode(expected[index]!.content),
      );
    });
  });

  // Deflated bytes are only as stable as the zlib build (Node bundles its own; another release
  // may compress the same parts otherwise): the whole file is compared under the build that made it.
  it.runIf(process.versions.zlib === expectedRun.zlib)(
    `gives pseudonymized.xlsx byte for byte under zlib ${expectedRun.zlib}`,
    () => {
      const actual = current.files.get('pseudonymized.xlsx')!;
      expect(Buffer.from(actual).equals(expectedBytes('pseudonymized.xlsx'))).toBe(true);
    },
  );
});

describe('golden output and the clock', () => {
  const current = goldenRun(PSEUDONYM_SCHEME_VERSION);
  const originalTimeZone = process.env.TZ;

  afterEach(() => {
    vi.useRealTimers();
    process.env.TZ = originalTimeZone;
  });

  it.each([
    { when: '2038-01-19T03:14:07Z', timeZone: 'Pacific/Kiritimati' },
    { when: '1999-12-31T23:59:59Z', timeZone: 'America/St_Johns' },
  ])('is the same at $when in $timeZone: no timestamp, no zone', ({ when, timeZone }) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(when));
    process.env.TZ = timeZone;
    const later = goldenRun(PSEUDONYM_SCHEME_VERSION);
    for (const [name, bytes] of current.files) {
      expect(Buffer.from(later.files.get(name)!).equals(Buffer.from(bytes)), name).toBe(true);
    }
  });
});
