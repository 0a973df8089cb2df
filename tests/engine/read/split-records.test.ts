import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { splitRecords, splitUtf8Records } from '../../../src/engine/read/split-records';
import { seeded } from '../../support/seeded';

function papaRecords(text: string, delimiter: string): { data: string[][]; errors: number } {
  const parsed = Papa.parse<string[]>(text, {
    delimiter,
    newline: '\n',
    quoteChar: '"',
    escapeChar: '"',
    header: false,
    dynamicTyping: false,
    skipEmptyLines: false,
  });
  return { data: parsed.data, errors: parsed.errors.length };
}

describe('splitRecords', () => {
  const cases: { description: string; input: string; expected: string[][] | null }[] = [
    {
      description: 'plain fields',
      input: 'a,b\n1,2',
      expected: [
        ['a', 'b'],
        ['1', '2'],
      ],
    },
    {
      description: 'a last line break leaves one empty record',
      input: 'a,b\n1,2\n',
      expected: [['a', 'b'], ['1', '2'], ['']],
    },
    {
      description: 'CRLF, LF and CR all end records',
      input: 'a\r\nb\nc\rd',
      expected: [['a'], ['b'], ['c'], ['d']],
    },
    {
      description: 'quoted fields keep delimiters, line breaks and doubled quotes',
      input: 'x,"a,b","l1\r\nl2","say ""hi"""\r\n',
      expected: [['x', 'a,b', 'l1\r\nl2', 'say "hi"'], ['']],
    },
    {
      description: 'a quote inside an unquoted field is text',
      input: `5'10",x\n`,
      expected: [[`5'10"`, 'x'], ['']],
    },
    {
      description: 'empty fields and a trailing delimiter',
      input: ',,\n"",x,',
      expected: [
        ['', '', ''],
        ['', 'x', ''],
      ],
    },
    { description: 'a quoted field closed at the end', input: 'a,"b"', expected: [['a', 'b']] },
    { description: 'a quoted field left open', input: 'a,"b\n1,2\n', expected: null },
    { description: 'text after a closing quote', input: 'a,"b"c\n', expected: null },
    { description: 'spaces after a closing quote', input: 'a,"b" ,c\n', expected: null },
  ];
  for (const { description, input, expected } of cases) {
    it(description, () => {
      expect(splitRecords(input, ',')).toEqual(expected);
    });
  }

  it('tells where the record of a quoted field left open starts', () => {
    const open = { start: -1 };
    expect(splitRecords('a,b\r\n1,"x\n', ',', undefined, open)).toBeNull();
    expect(open.start).toBe(5);
    expect(splitRecords('a,"b"c\n', ',', undefined, open)).toBeNull();
    expect(open.start).toBe(-1);
  });

  it('keeps every value of long columns, repeated or not', () => {
    // Past the 4,096 values on which a column is judged for pooling its repeats.
    const records = Array.from({ length: 12_000 }, (_, row) => [
      `id-${row}`,
      `city-${row % 7}`,
      row < 6000 ? `u${row}` : `u${row % 50}`,
      row % 3 === 0 ? '' : 'x',
    ]);
    const text = records.map((fields) => fields.join(',')).join('\n');
    expect(splitRecords(text, ',')).toEqual(records);
  });

  it('keeps every value of a wide table of few rows', () => {
    // 70,000 distinct values in columns of 10: past the budget of pooled strings.
    const records = Array.from({ length: 10 }, (_, row) =>
      Array.from({ length: 14_000 }, (_, column) => (column % 2 ? `v${row}-${column}` : 'same')),
    );
    const text = records.map((fields) => fields.join(',')).join('\n');
    expect(splitRecords(text, ',')).toEqual(records);
  });

  it('gives back the records a writer quoted, for any fields and line breaks', () => {
    const random = seeded(20241124);
    const alphabet = ['a', 'b', ' ', ',', ';', '"', '\r', '\n', 'é', '\u4e2d', "'"];
    const breaks = ['\r\n', '\n', '\r'];
    for (let trial = 0; trial < 2000; trial++) {
      const delimiter = random(2) === 0 ? ',' : ';';
      const records: string[][] = [];
      const recordCount = 1 + random(5);
      for (let r = 0; r < recordCount; r++) {
        const fields: string[] = [];
        const fieldCount = 1 + random(4);
        for (let f = 0; f < fieldCount; f++) {
          let value = '';
          const valueLength = random(6);
          for (let c = 0; c < valueLength; c++) value += alphabet[random(alphabet.length)];
          fields.push(value);
        }
        // A record of one empty field is a blank line; keep it apart from the quoting rules.
        if (fields.length === 1 && fields[0] === '') fields[0] = 'x';
        records.push(fields);
      }
      const text = records
        .map((fields) =>
          fields
            .map((value) =>
              random(4) === 0 || /["\r\n]/.test(value) || value.includes(delimiter)
                ? `"${value.replaceAll('"', '""')}"`
                : value,
            )
            .join(delimiter),
        )
        .map((line, index) => (index === 0 ? line : (breaks[random(3)] ?? '\n') + line))
        .join('');
      const trailing = random(2) === 0;
      const expected = trailing ? [...records, ['']] : records;
      expect(splitRecords(trailing ? `${text}\n` : text, delimiter), JSON.stringify(text)).toEqual(
        expected,
      );
    }
  });

  it('splits any LF text as Papa Parse does whenever it takes the text', () => {
    const random = seeded(7);
    // Papa Parse splits on one newline, so no CR here (the first test covers them).
    const alphabet = ['a', ',', '"', '"', '\n', ' '];
    let taken = 0;
    for (let trial = 0; trial < 5000; trial++) {
      let text = '';
      const length = 1 + random(14);
      for (let c = 0; c < length; c++) text += alphabet[random(alphabet.length)];
      const records = splitRecords(text, ',');
      if (records === null) continue;
      const papa = papaRecords(text, ',');
      expect({ records, errors: 0 }, JSON.stringify(text)).toEqual({
        records: papa.data,
        errors: papa.errors,
      });
      taken++;
    }
    expect(taken).toBeGreaterThan(1000);
  });
});

describe('splitUtf8Records', () => {
  /**
   * Long enough for several 256 KB blocks, with quoted fields holding line feeds across the cuts
   * and characters above U+00FF on every line (`every` 1) or on some (every 37th line, some
   * inside quoted fields).
   */
  function sample(every: number): string {
    const lines = ['id,name,note'];
    for (let row = 0; row < 40_000; row++) {
      const wide = row % every === 0;
      const note =
        row % 3 === 0
          ? `"line 1\nline ${row}, ""quoted""\r\n${wide ? '€' : 'é'} end"`
          : row % 3 === 1
            ? 'plain'
            : '';
      lines.push(`${row},${wide && row % 2 === 0 ? 'Łukasz' : 'Lukas'} ${row % 40},${note}`);
    }
    return `${lines.join('\r\n')}\n`;
  }

  it.each([1, 37])(
    'gives the records splitRecords gives for the whole text (wide characters every %i lines)',
    (every) => {
      const text = sample(every);
      const bytes = new TextEncoder().encode(text);
      expect(bytes.length).toBeGreaterThan(4 * 256 * 1024);
      const records = splitUtf8Records(bytes, 0, ',');
      expect(records).toEqual(splitRecords(text, ','));
      expect(records?.[1]).toEqual(['0', 'Łukasz 0', 'line 1\nline 0, "quoted"\r\n€ end']);
    },
  );

  it('starts where it is told (after a byte-order mark)', () => {
    const marked = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('a,b\n€,2')]);
    expect(splitUtf8Records(marked, 3, ',')).toEqual([
      ['a', 'b'],
      ['€', '2'],
    ]);
  });

  it('gives null for a quoted field left open, however far it runs', () => {
    expect(splitUtf8Records(new TextEncoder().encode(`${sample(37)}x,"open\n`), 0, ',')).toBeNull();
  });
});
