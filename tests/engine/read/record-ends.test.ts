import { describe, expect, it } from 'vitest';
import {
  delimitedLayoutOf,
  RecordEnds,
  type DelimitedLayout,
} from '../../../src/engine/read/record-ends';
import { splitRecords } from '../../../src/engine/read/split-records';

const utf8 = (text: string) => new TextEncoder().encode(text);
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const LF = 0x0a;
const CR = 0x0d;

/** The text cut where `next()` finds record ends, one call per record, and what is left after. */
function cutByNext(text: string, layout: DelimitedLayout): { records: string[]; rest: string } {
  const bytes = utf8(text);
  const ends = new RecordEnds(layout);
  const records: string[] = [];
  let from = 0;
  for (let end = ends.next(bytes, from); end >= 0; end = ends.next(bytes, from)) {
    records.push(decode(bytes.subarray(from, end)));
    from = end;
  }
  return { records, rest: decode(bytes.subarray(from)) };
}

/**
 * The bytes handed over in pieces cut at `cuts`, each its own buffer as a stream gives them, to
 * one RecordEnds: every end `next` finds, the last end `scan` reports in each piece (-1 for
 * none; offsets are the whole text's), and the lines counted.
 */
function endsInPieces(
  bytes: Uint8Array,
  layout: DelimitedLayout,
  cuts: number[],
): { ends: number[]; lastEnds: number[]; lines: number } {
  const byNext = new RecordEnds(layout);
  const byScan = new RecordEnds(layout);
  const ends: number[] = [];
  const lastEnds: number[] = [];
  const bounds = [0, ...cuts, bytes.length];
  for (let piece = 0; piece + 1 < bounds.length; piece++) {
    const start = bounds[piece]!;
    const chunk = bytes.slice(start, bounds[piece + 1]);
    for (let from = 0, end = byNext.next(chunk, from); end >= 0; end = byNext.next(chunk, from)) {
      ends.push(start + end);
      from = end;
    }
    const last = byScan.scan(chunk, 0);
    lastEnds.push(last < 0 ? -1 : start + last);
  }
  expect(byScan.lines).toBe(byNext.lines);
  return { ends, lastEnds, lines: byNext.lines };
}

/** The last of `ends` in each piece between `bounds`, as scan() reports it. */
function lastEndsIn(ends: number[], cuts: number[], length: number): number[] {
  const bounds = [0, ...cuts, length];
  return bounds.slice(1).map((stop, index) => {
    const inPiece = ends.filter((end) => end > bounds[index]! && end <= stop);
    return inPiece.at(-1) ?? -1;
  });
}

interface Case {
  description: string;
  text: string;
  layout: DelimitedLayout;
  /** The text cut at each record end, in order. */
  records: string[];
  /** What follows the last record end (a record not ended yet). */
  rest?: string;
  /** Line breaks counted over the whole text (quoted ones too). */
  lines: number;
}

const COMMA_LF: DelimitedLayout = { delimiter: ',', lineBreak: LF };

const CASES: Case[] = [
  {
    description: 'ends a record at each line break',
    text: 'a,b\n1,2\n',
    layout: COMMA_LF,
    records: ['a,b\n', '1,2\n'],
    lines: 2,
  },
  {
    description: 'leaves a last record with no line break pending',
    text: 'a,b\n1,2',
    layout: COMMA_LF,
    records: ['a,b\n'],
    rest: '1,2',
    lines: 1,
  },
  {
    description: 'ends empty lines as records of their own',
    text: '\n\na\n',
    layout: COMMA_LF,
    records: ['\n', '\n', 'a\n'],
    lines: 3,
  },
  {
    description: 'keeps a line break inside quotes in its record, and counts it as a line',
    text: 'a,"x\ny"\nb\n',
    layout: COMMA_LF,
    records: ['a,"x\ny"\n', 'b\n'],
    lines: 3,
  },
  {
    description: 'keeps several quoted line breaks, in several fields, in one record',
    text: '"1\n2\n3",x,"4\n"\nz\n',
    layout: COMMA_LF,
    records: ['"1\n2\n3",x,"4\n"\n', 'z\n'],
    lines: 5,
  },
  {
    description: 'reads "" inside quotes as a quote, not as the closing one',
    text: 'a,"he said ""hi""\nthen left"\nz\n',
    layout: COMMA_LF,
    records: ['a,"he said ""hi""\nthen left"\n', 'z\n'],
    lines: 3,
  },
  {
    description: 'reads """ before a line break as a quote then the closing quote',
    text: '"x"""\n"y""\n"\n',
    layout: COMMA_LF,
    records: ['"x"""\n', '"y""\n"\n'],
    lines: 3,
  },
  {
    description: 'reads an empty quoted field as closed',
    text: '"",b\n"","\n"\n',
    layout: COMMA_LF,
    records: ['"",b\n', '"","\n"\n'],
    lines: 3,
  },
  {
    description: 'reads a quote in mid-field as text (5" screen), which opens nothing',
    text: 'name,size\nTV,5" screen\nlamp,6" tall, "x\ny"\n',
    layout: COMMA_LF,
    records: ['name,size\n', 'TV,5" screen\n', 'lamp,6" tall, "x\n', 'y"\n'],
    lines: 4,
  },
  {
    description: 'reads text after a closing quote as part of the field, then the line break',
    text: '"a"b,c\nd\n',
    layout: COMMA_LF,
    records: ['"a"b,c\n', 'd\n'],
    lines: 2,
  },
  {
    description: 'never ends a record inside a quote that is not closed',
    text: 'a,"b\nc\nd\n',
    layout: COMMA_LF,
    records: [],
    rest: 'a,"b\nc\nd\n',
    lines: 3,
  },
  {
    description: 'ends CRLF records after their LF, quoted CRLFs kept',
    text: 'a,b\r\n"1\r\n2",3\r\n"",x\r\n',
    layout: COMMA_LF,
    records: ['a,b\r\n', '"1\r\n2",3\r\n', '"",x\r\n'],
    lines: 4,
  },
  {
    description: 'opens a quote at the start of a CRLF record',
    text: 'a\r\n"b\r\nc"\r\nd\r\n',
    layout: COMMA_LF,
    records: ['a\r\n', '"b\r\nc"\r\n', 'd\r\n'],
    lines: 4,
  },
  {
    description: 'ends CR-only (old Mac) records at CR, counting CRs as lines',
    text: 'a,b\r"1\r2",3\rz\r',
    layout: { delimiter: ',', lineBreak: CR },
    records: ['a,b\r', '"1\r2",3\r', 'z\r'],
    lines: 4,
  },
  {
    description: 'opens a quote after a lone CR in an LF file (the reader ends a record there)',
    text: 'id,note\n1,a\r"x\ny",z\n2,b\n',
    layout: COMMA_LF,
    records: ['id,note\n', '1,a\r"x\ny",z\n', '2,b\n'],
    lines: 4,
  },
  {
    description: 'opens a quote after a lone LF in a CR file (the reader ends a record there)',
    text: 'id,note\r1,a\n"x\ry",z\r2,b\r',
    layout: { delimiter: ',', lineBreak: CR },
    records: ['id,note\r', '1,a\n"x\ry",z\r', '2,b\r'],
    lines: 4,
  },
  {
    description: 'opens quotes after semicolons in a semicolon file',
    text: 'a;"b;c\n";d\n1;2\n',
    layout: { delimiter: ';', lineBreak: LF },
    records: ['a;"b;c\n";d\n', '1;2\n'],
    lines: 3,
  },
  {
    description: 'reads the same bytes under a comma as a quote in mid-field, then one left open',
    text: 'a;"b;c\n";d\n1;2\n',
    layout: COMMA_LF,
    records: ['a;"b;c\n'],
    rest: '";d\n1;2\n',
    lines: 3,
  },
  {
    description: 'opens quotes after tabs in a tab-separated file',
    text: 'a\t"b\tc\nd"\n1\t2\n',
    layout: { delimiter: '\t', lineBreak: LF },
    records: ['a\t"b\tc\nd"\n', '1\t2\n'],
    lines: 3,
  },
  {
    description: 'opens quotes after pipes in a pipe-separated file',
    text: 'a|"b|\n"\n',
    layout: { delimiter: '|', lineBreak: LF },
    records: ['a|"b|\n"\n'],
    lines: 2,
  },
  {
    description: 'finds ends in UTF-8 text byte by byte (multi-byte characters pass through)',
    text: '名前,"é\n€"\nü,ß\n',
    layout: COMMA_LF,
    records: ['名前,"é\n€"\n', 'ü,ß\n'],
    lines: 3,
  },
];

/** The byte offsets where `records` end, in the text's UTF-8 bytes. */
function byteEnds(records: string[]): number[] {
  let at = 0;
  return records.map((record) => (at += utf8(record).length));
}

describe('RecordEnds', () => {
  describe.each(CASES)('$description', ({ text, layout, records, rest = '', lines }) => {
    it('next() stops at each record end in turn', () => {
      expect(cutByNext(text, layout)).toEqual({ records, rest });
    });

    it('scan() returns the last end and counts the lines', () => {
      const bytes = utf8(text);
      const ends = new RecordEnds(layout);
      const expected = byteEnds(records);
      expect(ends.scan(bytes, 0)).toBe(expected.at(-1) ?? -1);
      expect(ends.lines).toBe(lines);
    });

    it('finds the same ends and lines however the bytes are split in two or three', () => {
      const bytes = utf8(text);
      const expected = byteEnds(records);
      for (let cut = 0; cut <= bytes.length; cut++) {
        for (const cuts of [[cut], [cut, Math.min(bytes.length, cut + 1)], [cut, bytes.length]]) {
          expect({ cuts, ...endsInPieces(bytes, layout, cuts) }).toEqual({
            cuts,
            ends: expected,
            lastEnds: lastEndsIn(expected, cuts, bytes.length),
            lines,
          });
        }
      }
    });
  });

  it('scan() carries its state across calls on the same buffer, within `to`', () => {
    const text = 'a,"x\ny"\nb,c\nd\n';
    const bytes = utf8(text);
    const ends = new RecordEnds(COMMA_LF);
    // Up to inside the quoted field: no end yet.
    expect(ends.scan(bytes, 0, 5)).toBe(-1);
    expect(ends.lines).toBe(1);
    // The rest of the quoted field and the next record.
    expect(ends.scan(bytes, 5, 12)).toBe(12);
    expect(text.slice(0, 12)).toBe('a,"x\ny"\nb,c\n');
    expect(ends.scan(bytes, 12)).toBe(bytes.length);
    expect(ends.lines).toBe(4);
  });

  it('next() stops at the first end and scans no further', () => {
    const bytes = utf8('a\n"b\nc"\nd\n');
    const ends = new RecordEnds(COMMA_LF);
    expect(ends.next(bytes, 0)).toBe(2);
    expect(ends.lines).toBe(1);
    expect(ends.next(bytes, 2)).toBe(8);
    expect(ends.lines).toBe(3);
    expect(ends.next(bytes, 8)).toBe(10);
    expect(ends.next(bytes, 10)).toBe(-1);
    expect(ends.lines).toBe(4);
  });

  it('ends records where splitRecords does, on random well-formed texts', () => {
    const alphabet = ['a', 'b', ',', '"', '\n', '\r\n', '""', ' '];
    let state = 2463534242;
    const random = (below: number) => {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      return (state >>> 0) % below;
    };
    let checked = 0;
    for (let sample = 0; sample < 3000; sample++) {
      let text = '';
      const length = 1 + random(30);
      for (let index = 0; index < length; index++) text += alphabet[random(alphabet.length)];
      text += '\n';
      const split = splitRecords(text, ',');
      // Only the texts splitRecords reads (no quote left open, nothing after a closing quote).
      if (split === null) continue;
      checked++;
      const { records, rest } = cutByNext(text, COMMA_LF);
      expect({ text, rest }).toEqual({ text, rest: '' });
      // splitRecords gives one empty record after the text's last line break.
      expect({ text, records: records.length }).toEqual({ text, records: split.length - 1 });
    }
    expect(checked).toBeGreaterThan(500);
  });
});

describe('delimitedLayoutOf', () => {
  const cases: {
    description: string;
    start: Uint8Array | string;
    fileName: string;
    layout: DelimitedLayout | null;
  }[] = [
    {
      description: 'a csv with LF',
      start: 'id,name\n1,Ada\n',
      fileName: 'people.csv',
      layout: { delimiter: ',', lineBreak: LF },
    },
    {
      description: 'a csv with CRLF (the LF ends lines)',
      start: 'id,name\r\n1,Ada\r\n',
      fileName: 'people.csv',
      layout: { delimiter: ',', lineBreak: LF },
    },
    {
      description: 'a csv with CR only',
      start: 'id,name\r1,Ada\r',
      fileName: 'people.csv',
      layout: { delimiter: ',', lineBreak: CR },
    },
    {
      description: 'a csv with a UTF-8 BOM',
      start: '\uFEFFid,name\n1,Ada\n',
      fileName: 'people.csv',
      layout: { delimiter: ',', lineBreak: LF },
    },
    {
      description: 'a tsv',
      start: 'id\tname\n1\tAda\n',
      fileName: 'people.tsv',
      layout: { delimiter: '\t', lineBreak: LF },
    },
    {
      description: 'a tab-separated file named .csv (sniffed)',
      start: 'id\tname\tcity\n1\tAda\tLondon\n',
      fileName: 'people.csv',
      layout: { delimiter: '\t', lineBreak: LF },
    },
    {
      description: 'a one-column .tsv (the extension breaks the tie)',
      start: 'id\n1\n2\n',
      fileName: 'ids.tsv',
      layout: { delimiter: '\t', lineBreak: LF },
    },
    {
      description: 'a semicolon csv (sniffed)',
      start: 'id;name;amount\n1;Ada;3,5\n2;Alan;4,25\n',
      fileName: 'export.csv',
      layout: { delimiter: ';', lineBreak: LF },
    },
    {
      description: 'a "sep=;" line, whatever the rest looks like',
      start: 'sep=;\r\nid,name;x\r\n1,2;3\r\n',
      fileName: 'export.csv',
      layout: { delimiter: ';', lineBreak: LF },
    },
    {
      description: 'a pipe-separated file',
      start: 'id|name|city\n1|Ada|London\n',
      fileName: 'export.txt',
      layout: { delimiter: '|', lineBreak: LF },
    },
    {
      description: 'a JSON array: null',
      start: '[{"id":1,"name":"Ada"}]\n',
      fileName: 'people.json',
      layout: null,
    },
    {
      description: 'JSON Lines: null',
      start: '{"id":1}\n{"id":2}\n',
      fileName: 'people.jsonl',
      layout: null,
    },
    {
      description: 'JSON after blank lines, even named .csv: null',
      start: '\n  [{"id":1}]\n',
      fileName: 'people.csv',
      layout: null,
    },
    {
      description: 'an HTML table: null',
      start: '<table><tr><td>1</td></tr></table>\n',
      fileName: 'table.csv',
      layout: null,
    },
    {
      description: 'UTF-16 LE with a BOM: null',
      start: new Uint8Array([0xff, 0xfe, 0x61, 0x00, 0x2c, 0x00, 0x62, 0x00, 0x0a, 0x00]),
      fileName: 'people.csv',
      layout: null,
    },
    {
      description: 'UTF-16 BE with a BOM: null',
      start: new Uint8Array([0xfe, 0xff, 0x00, 0x61, 0x00, 0x2c, 0x00, 0x62, 0x00, 0x0a]),
      fileName: 'people.csv',
      layout: null,
    },
    {
      description: 'a zip (xlsx) start, with NUL bytes: null',
      start: new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00]),
      fileName: 'book.xlsx',
      layout: null,
    },
    {
      description: 'nothing at all: null',
      start: '',
      fileName: 'empty.csv',
      layout: null,
    },
  ];

  it.each(cases)('$description', ({ start, fileName, layout }) => {
    const bytes = typeof start === 'string' ? utf8(start) : start;
    expect(delimitedLayoutOf(bytes, fileName)).toEqual(layout);
  });
});
