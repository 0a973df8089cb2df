import * as XLSX from '@e965/xlsx';
import { beforeAll, describe, expect, it } from 'vitest';
import { readWorkbook, type FileFormat } from '../../src/engine';
import { readXlsxParts, xlsQuotePrefixedCells } from '../support/spreadsheet-parts';
import { sendJson, useInProcessServer, uploadDataset } from '../support/in-process-server';

const server = useInProcessServer();

/** International phone numbers as people write them. */
const PHONES = [
  '+44 20 7946 0958',
  '+44 (0)20 7946 0958',
  '+1 (555) 123-4567',
  '+1-555-123-4567',
  '+1.555.123.4567',
  '+49 30 901820',
  '+49 (0) 30 901820',
  '+49 89/123456',
  '+33 1 23 45 67 89',
  '+33\u00a06\u00a012\u00a034\u00a056\u00a078',
  '+81 3-1234-5678',
  '+86 10 1234 5678',
  '+91 98765 43210',
  '+55 (11) 91234-5678',
  '+61 2 9876 5432',
  '+7 495 123-45-67',
  '+353 1 234 5678',
  '+27 21 123 4567',
];

/** Notes kept as they are: the hostile corpus's calls, and what only looks like one. */
const NOTES = [
  '=SUM(A1)',
  "+cmd|' /C calc'!A0",
  '@SUM(1+1)',
  "-2+3+cmd|' /C calc'!A0",
  '=HYPERLINK("http://evil.example","click")',
  "'=1",
  '-2+3',
  "'+44 20 7946 0958",
  '-2.5',
  '-',
  'call back after 5',
  '+1-555-123-4567',
];
/** The notes a spreadsheet could run to call something: quoted in csv/tsv, quote-prefixed in xlsx/xls. */
const CALLS = new Set([
  '=SUM(A1)',
  "+cmd|' /C calc'!A0",
  '@SUM(1+1)',
  "-2+3+cmd|' /C calc'!A0",
  '=HYPERLINK("http://evil.example","click")',
  "'=1",
]);

const COLUMNS = ['phone', 'phone_kept', 'note'];
const ROWS = PHONES.map((phone, index) => [phone, phone, NOTES[index % NOTES.length] as string]);

/** The table as the user's file: csv as a spreadsheet exports it, xlsx/xls by SheetJS. */
function upload(format: 'csv' | 'xlsx' | 'xls'): Uint8Array {
  if (format === 'csv') {
    const field = (text: string) =>
      /[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
    const lines = [COLUMNS, ...ROWS].map((row) => row.map(field).join(','));
    return new TextEncoder().encode(`${lines.join('\r\n')}\r\n`);
  }
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([COLUMNS, ...ROWS]), 'Contacts');
  const bookType = format === 'xls' ? 'biff8' : 'xlsx';
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType }) as ArrayBuffer);
}

async function download(id: string, query: string, kind = 'download'): Promise<Uint8Array> {
  const response = await fetch(`${server.url}/api/datasets/${id}/${kind}${query}`);
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

/** A dataset of the table uploaded as `format`, its phone column pseudonymized, the rest kept. */
async function pseudonymized(format: 'csv' | 'xlsx' | 'xls'): Promise<string> {
  const { id } = await uploadDataset(server.url, `contacts.${format}`, upload(format));
  const patched = await sendJson(server.url, 'PATCH', `/api/datasets/${id}/schema`, {
    schema: [
      { name: 'phone_kept', rule: { action: 'keep' } },
      { name: 'note', rule: { action: 'keep' } },
    ],
  });
  expect(patched.status).toBe(200);
  const run = await fetch(`${server.url}/api/datasets/${id}/pseudonymize`, { method: 'POST' });
  expect(run.status).toBe(200);
  return id;
}

/** The generated values: JSON is never altered. */
async function generated(id: string): Promise<string[][]> {
  const text = new TextDecoder().decode(await download(id, '?format=json'));
  const records = JSON.parse(text) as Record<string, unknown>[];
  return records.map((record) => COLUMNS.map((column) => String(record[column])));
}

const rowsOf = (bytes: Uint8Array, format: FileFormat) =>
  readWorkbook(bytes, `out.${format}`).sheets[0]?.rows;

describe.each(['csv', 'xlsx', 'xls'] as const)('formula protection of a %s upload', (source) => {
  let id: string;
  let values: string[][];

  beforeAll(async () => {
    id = await pseudonymized(source);
    values = await generated(id);
  }, 60_000);

  it('pseudonymizes the phone column in its international layout and keeps the rest', () => {
    expect(values.map((row) => row[1])).toEqual(PHONES);
    expect(values.map((row) => row[2])).toEqual(ROWS.map((row) => row[2]));
    const phones = values.map((row) => row[0] ?? '');
    const layout = (phone: string) => phone.replace(/\d/g, '0');
    expect(phones.map(layout)).toEqual(PHONES.map(layout));
    expect(phones.filter((phone, index) => phone !== PHONES[index]).length).toBeGreaterThan(
      PHONES.length / 2,
    );
  });

  it.each(['csv', 'tsv'] as const)(
    'downloads %s with every phone as generated and only the calls quoted',
    async (format) => {
      const rows = rowsOf(await download(id, `?format=${format}`), format);
      expect(rows?.map((row) => row.slice(0, 2))).toEqual(values.map((row) => row.slice(0, 2)));
      expect(rows?.map((row) => row[2])).toEqual(
        values.map(([, , note = '']) => (CALLS.has(note) ? `'${note}` : note)),
      );
      const raw = rowsOf(await download(id, `?format=${format}&formulaProtection=off`), format);
      expect(raw).toEqual(values);
    },
  );

  it('downloads xlsx with every text as generated, the calls quote-prefixed, no formula', async () => {
    const bytes = await download(id, '?format=xlsx');
    const parts = readXlsxParts(bytes);
    const [header, ...body] = parts.sheets[0] ?? [];
    expect(header?.map((cell) => cell?.text)).toEqual(COLUMNS);
    expect(body.map((row) => row.map((cell) => cell?.text))).toEqual(values);
    expect(body.map((row) => row.map((cell) => cell?.quotePrefix))).toEqual(
      values.map(([, , note = '']) => [false, false, CALLS.has(note)]),
    );
    // The only texts starting with a quote are the user's own.
    expect(new Set(parts.sharedStrings.filter((text) => text.startsWith("'")))).toEqual(
      new Set(NOTES.filter((note) => note.startsWith("'"))),
    );
    for (const [name, xml] of parts.xml) expect(xml, name).not.toMatch(/<f[\s>]/);

    const unprotected = readXlsxParts(await download(id, '?format=xlsx&formulaProtection=off'));
    expect(unprotected.sheets[0]?.slice(1).map((row) => row.map((cell) => cell?.text))).toEqual(
      values,
    );
    expect(unprotected.xml.get('xl/styles.xml')).not.toContain('quotePrefix');
  });

  it('downloads xls with every text as generated and the calls quote-prefixed', async () => {
    const bytes = await download(id, '?format=xls');
    const book = XLSX.read(bytes, { type: 'array' });
    const sheet = book.Sheets[book.SheetNames[0] ?? ''];
    if (!sheet) throw new Error('the xls has no sheet');
    const rows = XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1, raw: true });
    expect(rows).toEqual([COLUMNS, ...values]);
    const calls = values.flatMap(([, , note = ''], index) =>
      CALLS.has(note) ? [`0:${index + 1}:2`] : [],
    );
    expect(xlsQuotePrefixedCells(bytes)).toEqual(new Set(calls));
  });

  it('keeps the phones of the mapping as they are, in csv and xlsx', async () => {
    const mapping = rowsOf(await download(id, '?format=csv', 'download-mapping'), 'csv') ?? [];
    const phoneRows = mapping.filter((row) => row[1] === 'phone');
    expect(new Set(phoneRows.map((row) => row[2]))).toEqual(new Set(PHONES));
    expect(new Set(phoneRows.map((row) => row[3]))).toEqual(new Set(values.map((row) => row[0])));
    const parts = readXlsxParts(await download(id, '?format=xlsx', 'download-mapping'));
    expect(parts.sharedStrings).toEqual(expect.arrayContaining([...PHONES]));
    expect(parts.sharedStrings.filter((text) => text.startsWith("'"))).toEqual([]);
  });
});
