import { describe, expect, it } from 'vitest';
import { EngineError, inspectContainer, type FileFormat } from '../../src/engine';
import type { GuardLimits } from '../../src/engine/guard/limits';
import {
  contentHostileFiles,
  craftZip,
  deflatedEntry,
  mulrkXls,
  sheetJsWorkbook,
  zipHostileFiles,
} from '../../scripts/lib/hostile-files';

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

function guardError(
  bytes: Uint8Array,
  format: FileFormat,
  limits: Partial<GuardLimits> = {},
): EngineError | undefined {
  try {
    inspectContainer(bytes, format, limits);
    return undefined;
  } catch (error) {
    if (error instanceof EngineError) return error;
    throw error;
  }
}

// Test cases carry only labels: vitest formats each case's arguments, and megabytes of bytes
// would make that slow.
const zipFiles = zipHostileFiles();
const contentFiles = contentHostileFiles();

describe('the container guard on hostile ZIPs', () => {
  it.each(zipFiles.map((file) => file.label))('refuses %s with a clear error', (label) => {
    const file = zipFiles.find((candidate) => candidate.label === label)!;
    const error = guardError(file.bytes, 'xlsx');
    expect(file.expected.kind).toBe('rejected');
    if (file.expected.kind !== 'rejected') return;
    expect(error?.code).toBe(file.expected.code);
    expect(error?.message).toMatch(
      file.expected.code === 'TOO_LARGE'
        ? /^This XLSX workbook (holds|expands)/
        : /^This file is not a valid XLSX workbook: .{10,}/,
    );
  });

  it('names the caps it enforces', () => {
    const bomb = zipFiles.find((file) => file.fileName === 'bomb-honest.xlsx');
    expect(guardError(bomb!.bytes, 'xlsx')?.message).toMatch(/1024 MB; at most 256 MB per part/);
    const many = zipFiles.find((file) => file.fileName === 'many-entries.xlsx');
    expect(guardError(many!.bytes, 'xlsx')?.message).toMatch(/20000 files; at most 10000/);
  });

  it('accepts real workbooks written by SheetJS', () => {
    const rows = [
      ['name', 'when'],
      ['Ada', new Date(Date.UTC(2020, 0, 2))],
    ];
    expect(guardError(sheetJsWorkbook(rows, 'xlsx'), 'xlsx')).toBeUndefined();
    expect(guardError(sheetJsWorkbook(rows, 'xls'), 'xls')).toBeUndefined();
  });

  it('accepts an honest ZIP up to the entry cap', () => {
    const zip = craftZip(
      Array.from({ length: 10_000 }, (_, index) => deflatedEntry(`p${index}.xml`, 'x')),
    );
    expect(guardError(zip, 'xlsx')).toBeUndefined();
  });

  it('honours caller limits', () => {
    const xlsx = sheetJsWorkbook([['a'], ['b']], 'xlsx');
    expect(() => inspectContainer(xlsx, 'xlsx', { maxZipEntries: 2 })).toThrow(/at most 2 are/);
    expect(() => inspectContainer(xlsx, 'xlsx', { maxZipTotalBytes: 100 })).toThrow(EngineError);
    const xls = sheetJsWorkbook([['a'], ['b']], 'xls');
    expect(guardError(xls.slice(), 'xls')).toBeUndefined();
    expect(() => inspectContainer(xls, 'xls', { maxXlsBytes: 1024 })).toThrow(/XLS workbook is/);
  });

  it('caps the size of spreadsheets that are neither ZIP nor OLE2 (HTML or XML saved as .xls)', () => {
    const html = utf8('<table><tr><td>a</td></tr></table>');
    expect(guardError(html, 'xls')).toBeUndefined();
    expect(() => inspectContainer(html, 'xlsx', { maxXlsBytes: 10 })).toThrow(/spreadsheet is/);
  });
});

describe('the container guard on hostile content', () => {
  const refusedByGuard = new Set(['deep.json', 'deep-object.json', 'bad-header.xls']);
  it.each(
    contentFiles.filter((file) => refusedByGuard.has(file.fileName)).map((file) => file.label),
  )('refuses %s', (label) => {
    const file = contentFiles.find((candidate) => candidate.label === label)!;
    const format = file.fileName.endsWith('.json') ? 'json' : 'xls';
    expect(guardError(file.bytes, format)?.code).toBe('INVALID_FILE');
  });
});

describe('the xls cell count', () => {
  it('counts the value cells SheetJS would make objects of, blanks left out', () => {
    // A header of four, then 300 rows of text, number, boolean and a blank: 904 values. (Large
    // enough for its stream to leave the compound file's mini stream, which is never counted.)
    const rows = [
      ['name', 'age', 'member', 'note'],
      ...Array.from({ length: 300 }, (_, i) => [`Person ${i}`, i, i % 2 === 0, null]),
    ];
    const xls = sheetJsWorkbook(rows, 'xls');
    expect(guardError(xls, 'xls', { maxXlsCells: 904 })).toBeUndefined();
    expect(guardError(xls, 'xls', { maxXlsCells: 903 })?.message).toMatch(
      /^This XLS workbook holds more than 903 cells; at most 903 are read from an XLS file/,
    );
  });

  it('counts the cells of MULRK records, and refuses millions in a second', () => {
    // 2,560 cells in MULRK records after the nine of the people table.
    expect(guardError(mulrkXls(10, 256), 'xls', { maxXlsCells: 2569 })).toBeUndefined();
    expect(guardError(mulrkXls(10, 256), 'xls', { maxXlsCells: 2568 })?.code).toBe('TOO_LARGE');
    const bomb = contentFiles.find((file) => file.fileName === 'mulrk-bomb.xls')!;
    const started = performance.now();
    expect(guardError(bomb.bytes, 'xls')?.message).toMatch(/more than 4,000,000 cells/);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('counts a bare BIFF stream saved as .xls too', () => {
    const biff = new Uint8Array(20);
    const view = new DataView(biff.buffer);
    view.setUint16(0, 0x0809, true); // BOF, 4 bytes of body
    view.setUint16(2, 4, true);
    view.setUint16(8, 0x0203, true); // NUMBER, 4 bytes of body (truncated, still one cell)
    view.setUint16(10, 4, true);
    expect(guardError(biff, 'xls', { maxXlsCells: 0 })?.code).toBe('TOO_LARGE');
    expect(guardError(biff, 'xls', { maxXlsCells: 1 })).toBeUndefined();
  });
});

describe('the JSON depth check', () => {
  const nested = (depth: number): string => '['.repeat(depth) + ']'.repeat(depth);
  it.each([
    ['64 levels', nested(64), true],
    ['65 levels', nested(65), false],
    ['brackets inside strings', `[${JSON.stringify('['.repeat(500))}]`, true],
    ['escaped quotes before brackets', `["\\"${'{'.repeat(100)}"]`, true],
    ['a backslash ending a string', `["\\\\", ${nested(70)}]`, false],
    ['objects and arrays mixed', '{"a":'.repeat(40) + nested(30) + '}'.repeat(40), false],
    ['wide but shallow', `[${Array.from({ length: 10_000 }, () => '{"a":[1]}').join(',')}]`, true],
  ])('%s', (_label, json, accepted) => {
    const error = guardError(utf8(json), 'json');
    expect(error === undefined).toBe(accepted);
    if (!accepted) expect(error?.message).toMatch(/more than 64 levels deep/);
  });

  it('does not scan CSV for brackets', () => {
    expect(guardError(utf8('a\n' + '[\n'.repeat(100)), 'csv')).toBeUndefined();
  });
});
