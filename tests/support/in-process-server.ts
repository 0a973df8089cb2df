/** Starting the real server in-process for API tests, and small request helpers. */
import { startServer, type RunningServer, type StartOptions } from '../../src/server/app';
import { afterAll, beforeAll } from 'vitest';
import type { Clock } from '../../src/server/dataset-store';
import type { DatasetPreview, DatasetView, PreviewRow } from '../../src/server/api-schemas';

/** A clock that only moves when a test moves it. */
export class ManualClock implements Clock {
  #ms = Date.UTC(2026, 0, 1);

  now(): number {
    return this.#ms;
  }

  advance(ms: number): void {
    this.#ms += ms;
  }
}

/** The real server on an ephemeral port, quiet, running its workers from the TypeScript source. */
export function startTestServer(options: StartOptions = {}): Promise<RunningServer> {
  return startServer({ port: 0, logRequests: false, workerThreads: 2, ...options });
}

export function uploadFile(
  baseUrl: string,
  fileName: string,
  bytes: Uint8Array | string,
  field = 'file',
): Promise<Response> {
  const form = new FormData();
  form.append(
    field,
    new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)]),
    fileName,
  );
  return fetch(`${baseUrl}/api/upload`, { method: 'POST', body: form });
}

/** Uploads and returns the new dataset, failing loudly when the upload is refused. */
export async function uploadDataset(
  baseUrl: string,
  fileName: string,
  bytes: Uint8Array | string,
): Promise<DatasetView> {
  const response = await uploadFile(baseUrl, fileName, bytes);
  if (response.status !== 201) {
    throw new Error(`upload of ${fileName} answered ${response.status}: ${await response.text()}`);
  }
  return (await response.json()) as DatasetView;
}

export async function sendJson(
  baseUrl: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<Response> {
  return fetch(`${baseUrl}${path}`, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

export interface ErrorBody {
  message: string;
  issues?: { code: string; path: (string | number)[]; message: string }[];
}

/**
 * One sheet's preview rows: the rows of a csv, tsv or json dataset, or the named sheet's of a
 * workbook (whose previews hold every sheet under its name). Fails loudly on a missing preview.
 */
export function sheetRows(preview: DatasetPreview | null, sheetName?: string): PreviewRow[] {
  if (preview === null) throw new Error('the dataset has no preview of this kind (not run yet?)');
  if (Array.isArray(preview)) return preview;
  const rows = sheetName !== undefined && Object.hasOwn(preview, sheetName) && preview[sheetName];
  if (!rows) throw new Error(`the workbook preview has no sheet named ${String(sheetName)}`);
  return rows;
}

/**
 * The real server in-process for one test file: started before its tests, closed after them.
 * Its fields are read inside tests, once it has started.
 */
export function useInProcessServer(
  options: StartOptions = {},
): Pick<RunningServer, 'url' | 'store' | 'pool'> {
  let server: RunningServer | undefined;
  beforeAll(async () => {
    server = await startTestServer(options);
  });
  afterAll(async () => {
    await server?.close();
  });
  const started = (): RunningServer => {
    if (!server) throw new Error('the in-process server has not started yet');
    return server;
  };
  return {
    get url() {
      return started().url;
    },
    get store() {
      return started().store;
    },
    get pool() {
      return started().pool;
    },
  };
}
