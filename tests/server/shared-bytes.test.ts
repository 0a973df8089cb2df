import { describe, expect, it } from 'vitest';
import { delimitedText, readWorkbook, utf8Pieces, writeWorkbook } from '../../src/engine';
import { shared, sharedPieces } from '../../src/server/shared-bytes';

/** Pieces that are views of one buffer, filled again for each (as utf8Pieces gives them). */
function* reusedPieces(pieces: readonly number[][]): Generator<Uint8Array> {
  const buffer = new Uint8Array(16);
  for (const piece of pieces) {
    buffer.set(piece);
    yield buffer.subarray(0, piece.length);
  }
}

describe('sharedPieces', () => {
  it('holds each piece as it came, though the next one filled the same buffer', () => {
    const bytes = sharedPieces(reusedPieces([[1, 2, 3], [4], [5, 6]]), 1024);
    expect(bytes.byteLength).toBe(6);
    expect([...new Uint8Array(bytes)]).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('grows past the size it expected, keeping what it holds', () => {
    const pieces = Array.from({ length: 300 }, (_, index) => [index % 256, 7, 8, 9]);
    const bytes = sharedPieces(reusedPieces(pieces), 10);
    expect(bytes.byteLength).toBe(1200);
    expect(Buffer.from(bytes).equals(Buffer.from(pieces.flat()))).toBe(true);
  });

  it('is empty for no pieces', () => {
    expect(sharedPieces([], 100).byteLength).toBe(0);
  });

  it("holds a csv's bytes as writeWorkbook writes them, BOM and every letter", () => {
    const text = '\uFEFFname,city\r\nZoë,Montréal\r\n"Lee, Ann",東京\r\n'.repeat(2000);
    const workbook = readWorkbook(new TextEncoder().encode(text), 'people.csv');
    const { bom, chunks, sizeHint } = delimitedText(workbook, 'csv');
    const bytes = sharedPieces(utf8Pieces(chunks, bom), sizeHint);
    const written = writeWorkbook(workbook, 'csv');
    expect(bom).toBe(true);
    expect(Buffer.from(bytes).equals(Buffer.from(written))).toBe(true);
  });
});

describe('shared', () => {
  it('copies bytes into shared memory of their length', () => {
    const bytes = shared(new Uint8Array([9, 8, 7]));
    expect(bytes).toBeInstanceOf(SharedArrayBuffer);
    expect([...new Uint8Array(bytes)]).toEqual([9, 8, 7]);
  });
});
