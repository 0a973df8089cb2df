import { describe, expect, it } from 'vitest';
import { previewRowCounts } from '../../src/server/preview-size';

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
