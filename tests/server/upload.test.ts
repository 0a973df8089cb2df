import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatasetView } from '../../src/server/api-schemas';
import type { RunningServer } from '../../src/server/app';
import { EVERY_FORMAT, fixtureFile } from '../support/people-files';
import {
  sheetRows,
  startTestServer,
  uploadDataset,
  uploadFile,
  type ErrorBody,
} from '../support/in-process-server';

let server: RunningServer;
let earlierId: string;

beforeAll(async () => {
  server = await startTestServer();
  earlierId = (await uploadDataset(server.url, 'earlier.csv', fixtureFile('csv'))).id;
});

afterAll(async () => {
  await server.close();
});

async function expectEarlierDatasetServed(): Promise<void> {
  const response = await fetch(`${server.url}/api/datasets/${earlierId}`);
  expect(response.status).toBe(200);
}

describe('POST /api/upload', () => {
  it.each(EVERY_FORMAT)(
    'reads a %s file and answers 201 with the detected schema',
    async (format) => {
      const response = await uploadFile(server.url, `people.${format}`, fixtureFile(format));
      expect(response.status).toBe(201);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const view = (await response.json()) as DatasetView;
      expect(view.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(view.filename).toBe(`people.${format}`);
      expect(view.fileType).toBe(format);
      expect(view.rowCount).toBe(40);
      expect(view.columnCount).toBe(8);
      expect(view.sheetNames).toEqual(format.startsWith('xls') ? ['People', 'Orders'] : ['people']);
      expect(view.selectedSheet).toBe(view.sheetNames[0]);
      expect(view.schema.map((column) => column.name)).toEqual([
        'id',
        'first_name',
        'last_name',
        'email',
        'phone',
        'signup_date',
        'balance',
        'active',
      ]);
      expect(view.schema.find((column) => column.name === 'email')?.type).toBe('email');
      expect(view.schema.every((column) => typeof column.sample === 'string')).toBe(true);
      expect(Array.isArray(view.originalData)).toBe(!format.startsWith('xls'));
      const rows = sheetRows(view.originalData, 'People');
      expect(Object.keys(rows[0] ?? {})).toHaveLength(8);
      expect(rows).toHaveLength(40);
      expect(rows[0]?.first_name).toBe('Ada');
      expect(view.pseudonymizedData).toBeNull();
      expect(view.mapping).toBeNull();
      expect(view.stats).toBeNull();
      expect(Date.parse(view.expiresAt) - Date.now()).toBeGreaterThan(29 * 60_000);
    },
  );

  it('keeps a file name with any characters as it was sent', async () => {
    const name = 'Kundenübersicht; 2024 ✓ (final).csv';
    const view = await uploadDataset(server.url, name, fixtureFile('csv', 3));
    expect(view.filename).toBe(name);
  });

  const refusals: {
    description: string;
    send: () => Promise<Response>;
    status: number;
    message: RegExp;
  }[] = [
    {
      description: 'an extension Stand-in does not read',
      send: () => uploadFile(server.url, 'notes.txt', 'a,b\n1,2\n'),
      status: 415,
      message: /\.csv, \.tsv, \.json, \.xlsx and \.xls/,
    },
    {
      description: 'a file without an extension',
      send: () => uploadFile(server.url, 'people', 'a,b\n1,2\n'),
      status: 415,
      message: /accepted/,
    },
    {
      description: 'a file over 50 MiB',
      send: () =>
        uploadFile(server.url, 'big.csv', new Uint8Array(50 * 1024 * 1024 + 1).fill(0x61)),
      status: 413,
      message: /50 MB/,
    },
    {
      description: 'an xlsx that is not a spreadsheet',
      send: () => uploadFile(server.url, 'broken.xlsx', 'SECRET-MARKER this is not a zip at all'),
      status: 400,
      message: /./,
    },
    {
      description: 'a json file that does not parse',
      send: () => uploadFile(server.url, 'broken.json', '[{"name": "SECRET-MARKER", "age": '),
      status: 400,
      message: /./,
    },
    {
      description: 'an empty file',
      send: () => uploadFile(server.url, 'empty.csv', ''),
      status: 400,
      message: /empty/i,
    },
    {
      description: 'a form without a field named file',
      send: () => uploadFile(server.url, 'people.csv', 'a,b\n1,2\n', 'upload'),
      status: 400,
      message: /"file"/,
    },
    {
      description: 'two files in one form',
      send: () => {
        const form = new FormData();
        form.append('file', new Blob(['a\n1\n']), 'one.csv');
        form.append('file', new Blob(['b\n2\n']), 'two.csv');
        return fetch(`${server.url}/api/upload`, { method: 'POST', body: form });
      },
      status: 400,
      message: /one file/,
    },
    {
      description: 'a body that is not multipart',
      send: () =>
        fetch(`${server.url}/api/upload`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: '{"file": "a,b"}',
        }),
      status: 400,
      message: /multipart/,
    },
    {
      description: 'a multipart body cut short',
      send: () =>
        fetch(`${server.url}/api/upload`, {
          method: 'POST',
          headers: { 'Content-Type': 'multipart/form-data; boundary=XYZ' },
          body: '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\na,b\n1,2',
        }),
      status: 400,
      message: /./,
    },
  ];

  it.each(refusals)('refuses $description with $status and keeps serving', async (refusal) => {
    const response = await refusal.send();
    expect(response.status).toBe(refusal.status);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await response.json()) as ErrorBody;
    expect(body.message).toMatch(refusal.message);
    expect(body.message).not.toContain('SECRET-MARKER');
    await expectEarlierDatasetServed();
  });

  it('refuses an upload that declares more than 50 MiB before reading it', async () => {
    // A raw socket: only the start of the declared body is ever sent, and the answer must come
    // without waiting for the rest.
    const { port } = new URL(server.url);
    const answer = await new Promise<string>((resolve, reject) => {
      let received = '';
      const socket = net.connect(Number(port), '127.0.0.1', () => {
        socket.write(
          'POST /api/upload HTTP/1.1\r\nHost: localhost\r\n' +
            'Content-Type: multipart/form-data; boundary=XYZ\r\n' +
            `Content-Length: ${60 * 1024 * 1024}\r\n\r\n--XYZ\r\n`,
        );
      });
      socket.on('data', (chunk: Buffer) => {
        received += chunk.toString();
        if (received.includes('}')) {
          socket.destroy();
          resolve(received);
        }
      });
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain('{"message":"The file is larger than the 50 MB limit"}');
    await expectEarlierDatasetServed();
  });

  it('takes concurrent uploads, each its own dataset', async () => {
    const names = EVERY_FORMAT.flatMap((format) => [`a.${format}`, `b.${format}`]);
    const views = await Promise.all(
      names.map((name) =>
        uploadDataset(server.url, name, fixtureFile(name.split('.')[1] as never, 12)),
      ),
    );
    expect(new Set(views.map((view) => view.id)).size).toBe(names.length);
    for (const [index, view] of views.entries()) {
      const response = await fetch(`${server.url}/api/datasets/${view.id}`);
      const fetched = (await response.json()) as { filename: string; rowCount: number };
      expect(fetched).toMatchObject({ filename: names[index], rowCount: 12 });
    }
    await expectEarlierDatasetServed();
  });
});
