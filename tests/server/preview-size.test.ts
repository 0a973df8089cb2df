import { describe, expect, it } from 'vitest';
import {
  previewRowCounts,
  previewTables,
  previewText,
  type PreviewSource,
} from '../../src/server/preview-size';

describe('previewRowCounts', () => {
  it.each([
    { description: 'a narrow sheet: up to 1000 rows', sheets: [[5000, 20]], expected: [1000] },
    { description: 'a short sheet: all its rows', sheets: [[7, 20]], expected: [7] },
    { description: 'a wide sheet: 200,000 cells', sheets: [[1000, 16_000]], expected: [12] },
    { description: 'no columns: counted as one', sheets: [[3, 0]], expected: [3] },
    {
      description: 'a workbook: 1,000,000 cells over all sheets',
      sheets: [
        [1000, 200],
        [1000, 200],
        [1000, 200],
        [1000, 200],
        [1000, 300],
        [1000, 200],
        [1000, 200],
      ],
      // Four sheets of 200,000 cells, then 200,000 cells left for 300 columns, then nothing.
      expected: [1000, 1000, 1000, 1000, 666, 1, 0],
    },
  ])('$description', ({ sheets, expected }) => {
    const counts = previewRowCounts(
      sheets.map(([rowCount, columnCount]) => ({ rowCount: rowCount!, columnCount: columnCount! })),
    );
    expect(counts).toEqual(expected);
  });
});

describe('previewText', () => {
  it.each([
    { description: 'a short text as it is', text: 'Ada', expected: 'Ada' },
    {
      description: '1,000 characters as they are',
      text: 'a'.repeat(1000),
      expected: 'a'.repeat(1000),
    },
    {
      description: 'a longer text cut at 1,000',
      text: 'a'.repeat(1001),
      expected: `${'a'.repeat(1000)}…`,
    },
    {
      description: 'never half an emoji',
      text: `${'a'.repeat(999)}😀b`,
      expected: `${'a'.repeat(999)}…`,
    },
  ])('$description', ({ text, expected }) => {
    expect(previewText(text)).toBe(expected);
  });
});

describe('previewTables', () => {
  const sheet = (
    rowCount: number,
    columnCount: number,
    text: string,
    nameCharacters = 0,
  ): PreviewSource => ({
    rowCount,
    columnCount,
    nameCharacters,
    text: () => text,
  });

  it('stops a sheet before its text passes 4,000,000 characters', () => {
    // 10 cells of 1,001 characters a row: 399 rows fit.
    const [rows] = previewTables([sheet(1000, 10, 'x'.repeat(5000))]);
    expect(rows).toHaveLength(399);
    expect(rows?.[0]?.[0]).toHaveLength(1001);
  });

  it('counts the column names each row repeats as its keys', () => {
    // 10 cells of 1,001 characters and 9,990 characters of names a row: 200 rows fit.
    const [rows] = previewTables([sheet(1000, 10, 'x'.repeat(5000), 9_990)]);
    expect(rows).toHaveLength(200);
  });

  it('shows the first row of a sheet whatever its names cost', () => {
    const [rows] = previewTables([sheet(5, 1, 'a', 5_000_000)]);
    expect(rows).toHaveLength(1);
  });

  it('stops all sheets together near 8,000,000 characters', () => {
    // 399 rows of 10,010 characters fill a sheet; the third sheet has 12,020 characters left
    // (one row), the fourth shows its first row only, and the fifth none.
    const long = 'x'.repeat(5000);
    const tables = previewTables(Array.from({ length: 5 }, () => sheet(1000, 10, long)));
    expect(tables.map((rows) => rows.length)).toEqual([399, 399, 1, 1, 0]);
  });

  it('keeps the row counts it is given, so a run lines up with the upload', () => {
    const tables = previewTables([sheet(1000, 10, 'x'.repeat(5000)), sheet(5, 2, 'a')], [400, 3]);
    expect(tables.map((rows) => rows.length)).toEqual([400, 3]);
  });
});
