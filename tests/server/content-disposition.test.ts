import { describe, expect, it } from 'vitest';
import type { FileFormat } from '../../src/engine';
import {
  attachmentHeader,
  downloadName,
  inlineHeader,
  reportFileName,
} from '../../src/server/content-disposition';

/** What an RFC 6266 client reads from the header: the filename* value, decoded. */
function decodedName(header: string): string | undefined {
  const encoded = /filename\*=UTF-8''([^;]+)$/.exec(header)?.[1];
  return encoded === undefined ? undefined : decodeURIComponent(encoded);
}

describe('attachmentHeader', () => {
  const cases: { name: string; fallback: string }[] = [
    { name: 'people.pseudonymized.csv', fallback: 'people.pseudonymized.csv' },
    { name: 'Kundenübersicht.mapping.xlsx', fallback: 'Kunden_bersicht.mapping.xlsx' },
    { name: '顧客リスト.pseudonymized.json', fallback: '_____.pseudonymized.json' },
    { name: 'a "quoted" name.csv', fallback: 'a _quoted_ name.csv' },
    { name: 'semi;colon\\back/slash%20.tsv', fallback: 'semi_colon_back_slash_20.tsv' },
    { name: 'line\r\nbreak\u0000.csv', fallback: 'line__break_.csv' },
    { name: "it's (1) *.xls", fallback: "it's (1) *.xls" },
  ];

  it.each(cases)('names $name exactly, with a safe ASCII fallback', ({ name, fallback }) => {
    const header = attachmentHeader(name);
    expect(header.startsWith(`attachment; filename="${fallback}"; filename*=UTF-8''`)).toBe(true);
    expect(decodedName(header)).toBe(name);
    expect(header).toMatch(/^[\x20-\x7e]+$/);
  });
});

describe('downloadName', () => {
  const cases: { description: string; uploaded: string; format: FileFormat; expected: string }[] = [
    {
      description: 'a plain name',
      uploaded: 'people.csv',
      format: 'csv',
      expected: 'people.pseudonymized.csv',
    },
    {
      description: 'another format',
      uploaded: 'people.csv',
      format: 'xlsx',
      expected: 'people.pseudonymized.xlsx',
    },
    {
      description: 'dots only before the extension',
      uploaded: '..csv',
      format: 'csv',
      expected: 'dataset.pseudonymized.csv',
    },
    {
      description: 'an extension alone',
      uploaded: '.csv',
      format: 'csv',
      expected: 'dataset.pseudonymized.csv',
    },
    {
      description: 'dots and spaces around',
      uploaded: ' .report. .csv',
      format: 'csv',
      expected: 'report.pseudonymized.csv',
    },
    {
      description: 'control characters',
      uploaded: 'a\r\nSet-Cookie: x=1.csv',
      format: 'csv',
      expected: 'a__Set-Cookie: x=1.pseudonymized.csv',
    },
    {
      description: 'letters beyond ASCII',
      uploaded: 'Kundenübersicht.xlsx',
      format: 'xlsx',
      expected: 'Kundenübersicht.pseudonymized.xlsx',
    },
  ];

  it.each(cases)('$description: $uploaded', ({ uploaded, format, expected }) => {
    expect(downloadName(uploaded, 'pseudonymized', format)).toBe(expected);
  });

  it.each([`${'Z'.repeat(251)}.csv`, `${'ü'.repeat(200)}.csv`, `${'😀'.repeat(100)}.csv`])(
    'caps a long name at 255 UTF-8 bytes without splitting a character (%#)',
    (uploaded) => {
      const name = downloadName(uploaded, 'pseudonymized', 'xlsx');
      expect(Buffer.byteLength(name, 'utf8')).toBeLessThanOrEqual(255);
      expect(Buffer.byteLength(name, 'utf8')).toBeGreaterThan(240);
      expect(name.endsWith('.pseudonymized.xlsx')).toBe(true);
      // A lone surrogate would not survive a round trip through UTF-8.
      expect(Buffer.from(name, 'utf8').toString('utf8')).toBe(name);
    },
  );
});

describe('inlineHeader and reportFileName', () => {
  it('names a page shown in place like an attachment, from the uploaded name', () => {
    const name = reportFileName('Kundenübersicht.xlsx');
    expect(name).toBe('Kundenübersicht-report.html');
    const header = inlineHeader(name);
    expect(header.startsWith(`inline; filename="Kunden_bersicht-report.html"; `)).toBe(true);
    expect(decodedName(header)).toBe(name);
  });

  it('makes the report name safe as download names are', () => {
    expect(reportFileName('..csv')).toBe('dataset-report.html');
    expect(reportFileName('a\u202eb.csv')).toBe('a_b-report.html');
    expect(Buffer.byteLength(reportFileName(`${'é'.repeat(300)}.csv`), 'utf8')).toBeLessThanOrEqual(
      255,
    );
  });
});
