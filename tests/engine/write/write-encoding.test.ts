import { describe, expect, it } from 'vitest';
import { writeWorkbook, type Cell, type Workbook } from '../../../src/engine';

const text = (bytes: Uint8Array) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);

function book(rows: Cell[][], columns: string[]): Workbook {
  return { format: 'csv', sheets: [{ name: 'Data', columns, rows }] };
}

// Text far longer in UTF-8 than in characters (3 bytes per CJK letter, 4 per emoji) and many
// chunks long, so the output buffer must grow past its size estimate while encoding.
const wide = Array.from({ length: 3_000 }, (_, i) => [`東京都${i}😀`.repeat(8), `名前${i}`]);

describe('UTF-8 output of text formats', () => {
  it('writes every character of a long multi-byte CSV', () => {
    const expected = `a,b\r\n${wide.map((row) => row.join(',')).join('\r\n')}\r\n`;
    expect(text(writeWorkbook(book(wide, ['a', 'b']), 'csv'))).toBe(expected);
  });

  it('writes every character of a long multi-byte JSON', () => {
    const written = JSON.parse(text(writeWorkbook(book(wide, ['a', 'b']), 'json'))) as unknown;
    expect(written).toEqual(wide.map(([a, b]) => ({ a, b })));
  });

  it('starts with a byte-order mark when the source had one', () => {
    const workbook: Workbook = {
      ...book([['é']], ['x']),
      csv: { delimiter: ',', newline: '\n', bom: true },
    };
    expect([...writeWorkbook(workbook, 'csv')]).toEqual([
      0xef, 0xbb, 0xbf, 0x78, 0x0a, 0xc3, 0xa9, 0x0a,
    ]);
  });
});
