import { describe, expect, it } from 'vitest';
import { encodeChunks, utf8Pieces } from '../../../src/engine/write/utf8-pieces';

/** The pieces, each copied as it comes (the next one fills the same buffer). */
function copiedPieces(chunks: string[], bom: boolean): Buffer[] {
  const pieces: Buffer[] = [];
  for (const piece of utf8Pieces(chunks, bom)) pieces.push(Buffer.from(piece));
  return pieces;
}

function written(chunks: string[], bom: boolean): Buffer {
  return Buffer.concat(copiedPieces(chunks, bom));
}

describe('utf8Pieces', () => {
  it('writes what TextEncoder writes for the whole text, over many pieces', () => {
    const chunks = Array.from({ length: 400 }, (_, index) =>
      `${index},Zoë Müller,€${index},"a ""quote"""\r\n`.repeat(200),
    );
    const pieces = copiedPieces(chunks, false);
    expect(pieces.length).toBeGreaterThan(1);
    const expected = Buffer.from(new TextEncoder().encode(chunks.join('')));
    expect(Buffer.concat(pieces).equals(expected)).toBe(true);
  });

  it('starts with a byte-order mark when asked to', () => {
    expect([...written(['a,b\n'], true)]).toEqual([0xef, 0xbb, 0xbf, 0x61, 0x2c, 0x62, 0x0a]);
  });

  it('takes a chunk larger than a piece whole', () => {
    const long = 'x'.repeat(3_000_000);
    expect(written(['a\n', long, 'b\n'], false).toString() === `a\n${long}b\n`).toBe(true);
  });

  it('writes a lone surrogate as TextEncoder does', () => {
    expect(written(['\ud800,\udfff\n'], false)).toEqual(
      Buffer.from(new TextEncoder().encode('\ud800,\udfff\n')),
    );
  });

  it('fills one buffer again for each piece', () => {
    const chunks = Array.from({ length: 100 }, () => 'y'.repeat(30_000));
    const pieces = [...utf8Pieces(chunks, false)];
    expect(pieces.length).toBeGreaterThan(1);
    expect(new Set(pieces.map((piece) => piece.buffer)).size).toBe(1);
  });
});

describe('encodeChunks', () => {
  it('writes the whole text into one buffer, past a hint far too small, BOM first', () => {
    const chunks = Array.from({ length: 300 }, (_, index) =>
      `${index},Zoë,€${index}\r\n`.repeat(300),
    );
    const bytes = encodeChunks(chunks, true, 10);
    const expected = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(new TextEncoder().encode(chunks.join(''))),
    ]);
    expect(Buffer.from(bytes).equals(expected)).toBe(true);
  });
});
