import { utils, write } from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { needsMoreHeap } from '../../src/server/job-heap';

const MIB = 1024 * 1024;

/** A one-sheet workbook of `rows` × 10 numbers under a header, as SheetJS writes it. */
function workbookOf(rows: number, bookType: 'xlsx' | 'biff8'): Uint8Array {
  const table: (string | number)[][] = [Array.from({ length: 10 }, (_, column) => `c${column}`)];
  for (let row = 0; row < rows; row++) table.push(Array.from({ length: 10 }, (_, c) => row * c));
  const book = utils.book_new();
  utils.book_append_sheet(book, utils.aoa_to_sheet(table), 'S');
  return new Uint8Array(write(book, { type: 'array', bookType }) as ArrayBuffer);
}

describe('needsMoreHeap', () => {
  it("plans a workbook's heap by the cells the guard counts, an xls's dearer than an xlsx's", () => {
    // 20,010 value cells (the header's included): an xls plans 26 MB, an xlsx 8 MB.
    const xls = workbookOf(2_000, 'biff8');
    const xlsx = workbookOf(2_000, 'xlsx');
    expect(needsMoreHeap(xls, 'orders.xls', 64 * MIB)).toBe(false);
    expect(needsMoreHeap(xls, 'orders.xls', 32 * MIB)).toBe(true);
    expect(needsMoreHeap(xlsx, 'orders.xlsx', 16 * MIB)).toBe(false);
    expect(needsMoreHeap(xlsx, 'orders.xlsx', 8 * MIB)).toBe(true);
    // The container is recognised by its bytes, whatever the name says.
    expect(needsMoreHeap(xls, 'orders.csv', 32 * MIB)).toBe(true);
  });

  it('sends no text file to the heavy lane, and spreadsheet markup only past 8 MB', () => {
    const csv = new TextEncoder().encode('a,b\n'.repeat(1_000_000));
    expect(needsMoreHeap(csv, 'big.csv', 1 * MIB)).toBe(false);
    const table = new TextEncoder().encode(
      `<table>${'<tr><td>1</td></tr>'.repeat(500_000)}</table>`,
    );
    expect(needsMoreHeap(table, 'export.xls', 1024 * MIB)).toBe(true);
    expect(needsMoreHeap(table, 'export.xlsm', 1024 * MIB)).toBe(true);
    expect(needsMoreHeap(table.subarray(0, 1_000_000), 'export.xls', 1024 * MIB)).toBe(false);
  });

  it("throws the guard's refusal, as reading the file would", () => {
    const truncated = workbookOf(10, 'xlsx').subarray(0, 100);
    expect(() => needsMoreHeap(truncated, 'broken.xlsx', 1024 * MIB)).toThrow(/not a valid XLSX/);
  });
});
