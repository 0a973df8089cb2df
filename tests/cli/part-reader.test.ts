/**
 * PartReader (streaming runs, issue 19): delimited text, however its bytes arrive, cut into parts
 * of whole records, each carrying the file's head, so that each part read as a file of its own
 * gives the file's rows, in order, and names the file's lines.
 */
import { describe, expect, it } from 'vitest';
import { readWorkbook, type Cell, type DelimitedLayout } from '../../src/engine';
import { PartReader, type Part } from '../../src/cli/part-reader';
import { seeded } from '../support/seeded';

const utf8 = (text: string) => new TextEncoder().encode(text);

/** Rows of three fields, some quoted with line breaks, doubled quotes and delimiters inside. */
function table(rows: number, random: (below: number) => number, newline: string): string {
  const fields = [
    () => String(random(100_000)),
    () => `"a ""quoted"" word${newline}and a second line, with a comma"`,
    () => `plain ${random(1000)}`,
    () => `5" screen`,
    () => `"${newline}"`,
    () => '',
    () => `"é€ ${random(9)}"`,
  ];
  const lines = ['id,note,extra'];
  for (let row = 0; row < rows; row++) {
    lines.push([0, 1, 2].map(() => fields[random(fields.length)]!()).join(','));
  }
  return `${lines.join(newline)}${newline}`;
}

/** Pieces handed over one at a time, each after a turn of the event loop, as a stream does. */
async function* arriving(pieces: Uint8Array[]): AsyncIterable<Uint8Array> {
  for (const piece of pieces) {
    await Promise.resolve();
    yield piece;
  }
}

/** The bytes in pieces of random sizes, as a pipe hands them over. */
function inPieces(
  bytes: Uint8Array,
  random: (below: number) => number,
  most: number,
): AsyncIterable<Uint8Array> {
  const pieces: Uint8Array[] = [];
  for (let at = 0; at < bytes.length;) {
    const size = 1 + random(most);
    pieces.push(bytes.slice(at, at + size));
    at += size;
  }
  return arriving(pieces);
}

async function partsOf(
  bytes: Uint8Array,
  layout: DelimitedLayout,
  partBytes: number,
  pieces: (bytes: Uint8Array) => AsyncIterable<Uint8Array>,
  startBytes = 0,
): Promise<{ parts: Part[]; head: Uint8Array }> {
  const reader = new PartReader(
    layout,
    bytes.slice(0, startBytes),
    pieces(bytes.slice(startBytes)),
    {
      partBytes,
    },
  );
  const parts: Part[] = [];
  for (let part = await reader.next(); part; part = await reader.next()) parts.push(part);
  return { parts, head: reader.head ?? new Uint8Array(0) };
}

function rowsOf(bytes: Uint8Array): Cell[][] {
  return readWorkbook(bytes, 'part.csv').sheets[0]!.rows;
}

function linesBefore(bytes: Uint8Array, end: number, lineBreak: number): number {
  return bytes.subarray(0, end).filter((byte) => byte === lineBreak).length;
}

describe('PartReader', () => {
  const layouts: { name: string; newline: string; layout: DelimitedLayout }[] = [
    { name: 'LF', newline: '\n', layout: { delimiter: ',', lineBreak: 0x0a } },
    { name: 'CRLF', newline: '\r\n', layout: { delimiter: ',', lineBreak: 0x0a } },
    { name: 'CR', newline: '\r', layout: { delimiter: ',', lineBreak: 0x0d } },
  ];

  it.each(layouts)(
    'cuts $name text into parts that read as the file’s rows, whatever the pieces',
    async ({ newline, layout }) => {
      const random = seeded(newline.length * 7 + newline.charCodeAt(0));
      for (let sample = 0; sample < 12; sample++) {
        const bytes = utf8(table(20 + random(60), random, newline));
        const wholeRows = rowsOf(bytes);
        const partBytes = 1 + random(400);
        const { parts, head } = await partsOf(bytes, layout, partBytes, (rest) =>
          inPieces(rest, random, 1 + random(300)),
        );
        const header = utf8(`id,note,extra${newline}`);
        expect(head).toEqual(header);
        expect(parts.length).toBeGreaterThan(0);

        let offset = head.length;
        const rows: Cell[][] = [];
        parts.forEach((part, index) => {
          // Each part is the head, then the file's next bytes.
          expect(part.text.subarray(0, head.length)).toEqual(head);
          const records = part.text.subarray(head.length);
          expect(records).toEqual(bytes.subarray(offset, offset + records.length));
          expect(part.size).toBe(records.length + (index === 0 ? head.length : 0));
          expect(part.firstLine).toBe(linesBefore(bytes, offset, layout.lineBreak) + 1);
          // Cut at the first record end at or past the part's size: a smaller part ends the file.
          if (index < parts.length - 1) expect(records.length).toBeGreaterThanOrEqual(partBytes);
          rows.push(...rowsOf(part.text));
          offset += records.length;
        });
        expect(offset).toBe(bytes.length);
        expect(rows).toEqual(wholeRows);
      }
    },
  );

  it('numbers a part’s first line as the reader does in a file of mixed line breaks', async () => {
    // An LF file whose quoted notes hold a lone CR (old Mac text pasted in) and a CRLF: the reader
    // ends a line at each, so an error in a later part names the line an editor shows.
    const rows = Array.from({ length: 40 }, (_, index) =>
      index % 3 === 0 ? `${index},"a\rb\r\nc",x` : `${index},plain,y`,
    );
    const bytes = utf8(`id,note,extra\n${rows.join('\n')}\n`);
    const { parts, head } = await partsOf(bytes, { delimiter: ',', lineBreak: 0x0a }, 50, (rest) =>
      arriving([rest]),
    );
    let offset = head.length;
    for (const part of parts) {
      const before = new TextDecoder().decode(bytes.subarray(0, offset));
      expect(part.firstLine).toBe(before.split(/\r\n|\n|\r/).length);
      offset += part.text.length - head.length;
    }
    expect(parts.length).toBeGreaterThan(5);
  });

  it('cuts a file alike however its bytes arrive', async () => {
    const random = seeded(42);
    const bytes = utf8(table(80, random, '\n'));
    const layout: DelimitedLayout = { delimiter: ',', lineBreak: 0x0a };
    const cut = async (pieces: (rest: Uint8Array) => AsyncIterable<Uint8Array>, start = 0) =>
      (await partsOf(bytes, layout, 300, pieces, start)).parts.map((part) => [
        part.firstLine,
        part.size,
        Buffer.from(part.text).toString('base64'),
      ]);
    const whole = await cut((rest) => arriving([rest]));
    expect(whole.length).toBeGreaterThan(3);
    expect(await cut((rest) => inPieces(rest, random, 1))).toEqual(whole);
    expect(await cut((rest) => inPieces(rest, random, 7))).toEqual(whole);
    // Some bytes already read before the rest (stdin's read-ahead).
    expect(await cut((rest) => inPieces(rest, random, 50), 123)).toEqual(whole);
  });

  it('keeps a BOM and a "sep=" line in the head of every part', async () => {
    const text = `\uFEFFsep=;\nid;note\n${Array.from({ length: 40 }, (_, i) => `${i};"x;\n${i}"`).join('\n')}\n`;
    const bytes = utf8(text);
    const layout: DelimitedLayout = { delimiter: ';', lineBreak: 0x0a };
    const { parts, head } = await partsOf(bytes, layout, 64, (rest) => arriving([rest]));
    expect(head).toEqual(utf8('\uFEFFsep=;\nid;note\n'));
    expect(parts.length).toBeGreaterThan(3);
    // Line 1 is "sep=;", line 2 the header: the records start on line 3.
    expect(parts[0]!.firstLine).toBe(3);
    const rows = parts.flatMap((part) => rowsOf(part.text));
    expect(rows).toEqual(rowsOf(bytes));
    expect(rows).toHaveLength(40);
  });

  it('gives a file of only a header no part, and a file with no line break its last part', async () => {
    const layout: DelimitedLayout = { delimiter: ',', lineBreak: 0x0a };
    const once = (rest: Uint8Array) => arriving([rest]);
    const headerOnly = await partsOf(utf8('id,name\n'), layout, 10, once);
    expect(headerOnly.head).toEqual(utf8('id,name\n'));
    expect(headerOnly.parts).toEqual([]);
    const unfinished = await partsOf(utf8('id,name\n1,Ada\n2,Alan'), layout, 1, once);
    expect(unfinished.parts.map((part) => new TextDecoder().decode(part.text))).toEqual([
      'id,name\n1,Ada\n',
      'id,name\n2,Alan',
    ]);
    expect(unfinished.parts.map((part) => part.firstLine)).toEqual([2, 3]);
  });
});
