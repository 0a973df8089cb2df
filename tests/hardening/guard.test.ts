import { describe, expect, it } from 'vitest';
import { EngineError, inspectContainer, type FileFormat } from '../../src/engine';
import {
  contentHostileFiles,
  craftZip,
  deflatedEntry,
  sheetJsWorkbook,
  zipHostileFiles,
} from '../../scripts/lib/hostile-files';

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

function guardError(bytes: Uint8Array, format: FileFormat): EngineError | undefined {
  try {
    inspectContainer(bytes, format);
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
