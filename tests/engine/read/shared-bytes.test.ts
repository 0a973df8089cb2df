/**
 * The server's engine workers read an upload's bytes where they are, in shared memory
 * (engine.worker.ts), with no private copy: readWorkbook must read such a view as it reads its
 * own bytes, in every format and by every path (whole text, block by block), and never write into
 * them, as the dataset keeps them for its next read.
 */
import { describe, expect, it } from 'vitest';
import { readWorkbook, writeWorkbook, type FileFormat, type Workbook } from '../../../src/engine';

const people = (rows: number, note: string): Workbook => ({
  format: 'csv',
  sheets: [
    {
      name: 'people',
      columns: ['id', 'name', 'joined', 'note'],
      rows: Array.from({ length: rows }, (_, row) => [
        String(row + 1),
        `Zoë ${row}`,
        `2024-01-${String((row % 28) + 1).padStart(2, '0')}`,
        `${note} ${row}`,
      ]),
    },
  ],
});

/** `bytes` copied into shared memory, and the view the server's worker reads. */
function inSharedMemory(bytes: Uint8Array): Uint8Array {
  const view = new Uint8Array(new SharedArrayBuffer(bytes.length));
  view.set(bytes);
  return view;
}

const cases: { name: string; bytes: () => Uint8Array }[] = [
  ...(['csv', 'tsv', 'json', 'xlsx', 'xls'] as FileFormat[]).map((format) => ({
    name: `people.${format}`,
    bytes: () => writeWorkbook(people(50, 'plain'), format),
  })),
  {
    // A character above U+00FF: read block by block from the bytes (readWideUtf8Delimited).
    name: 'wide.csv',
    bytes: () => writeWorkbook(people(40_000, 'Łukasz said “fine”'), 'csv'),
  },
  {
    name: 'utf16.csv',
    bytes: () => {
      const text = '\uFEFFid,name\n1,Zoë\n2,Łukasz\n';
      const bytes = new Uint8Array(text.length * 2);
      for (let i = 0; i < text.length; i++) {
        bytes[2 * i] = text.charCodeAt(i) & 0xff;
        bytes[2 * i + 1] = text.charCodeAt(i) >> 8;
      }
      return bytes;
    },
  },
];

describe('reading bytes in shared memory', () => {
  it.each(cases)(
    'reads $name as its own bytes, and leaves them as they were',
    ({ name, bytes }) => {
      const own = bytes();
      const shared = inSharedMemory(own);
      const read = readWorkbook(shared, name);
      expect(read).toEqual(readWorkbook(own.slice(), name));
      expect(read.sheets[0]!.rows.length).toBeGreaterThan(0);
      expect(Buffer.from(shared).equals(Buffer.from(own))).toBe(true);
    },
  );
});
