// An independent client from openapi.json: openapi-typescript turns the document into types,
// the TypeScript compiler checks a flow written against them, and openapi-fetch runs that flow
// against the real server. A path, parameter or shape the document gets wrong fails here.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { fixtureFile } from '../support/people-files';
import { useInProcessServer } from '../support/in-process-server';

const OUT_DIR = path.resolve('test-output/openapi-client');

/** Written against the generated types only; compiled strictly before it runs. */
const FLOW = `
import createClient from 'openapi-fetch';
import type { paths } from './api';

export async function runFlow(baseUrl: string, file: Uint8Array<ArrayBuffer>) {
  const client = createClient<paths>({ baseUrl });
  const uploaded = await client.POST('/api/upload', {
    body: { file: 'people.csv' },
    bodySerializer: () => {
      const form = new FormData();
      form.append('file', new Blob([file]), 'people.csv');
      return form;
    },
  });
  if (!uploaded.data) throw new Error('upload failed: ' + uploaded.error?.message);
  const id: string = uploaded.data.id;

  const fetched = await client.GET('/api/datasets/{id}', { params: { path: { id }, query: { limit: 3 } } });
  const original = fetched.data?.originalData;
  const previewRows: number = Array.isArray(original) ? original.length : -1;
  const firstEmail: string | undefined = Array.isArray(original) ? original[0]?.email : undefined;

  const patched = await client.PATCH('/api/datasets/{id}/schema', {
    params: { path: { id } },
    body: { schema: [{ name: 'email', rule: { action: 'keep' } }] },
  });
  const emailRule = patched.data?.schema.find((column) => column.name === 'email')?.rule.action;

  const early = await client.GET('/api/datasets/{id}/download', { params: { path: { id } }, parseAs: 'text' });
  const earlyStatus: number = early.response.status;

  const run = await client.POST('/api/datasets/{id}/pseudonymize', { params: { path: { id } } });
  const rowsProcessed: number | undefined = run.data?.stats?.rowsProcessed;

  const download = await client.GET('/api/datasets/{id}/download', {
    params: { path: { id }, query: { format: 'csv' } },
    parseAs: 'text',
  });
  const mapping = await client.GET('/api/datasets/{id}/download-mapping', {
    params: { path: { id }, query: { format: 'json' } },
    parseAs: 'text',
  });

  const deleted = await client.DELETE('/api/datasets/{id}', { params: { path: { id } } });
  const gone = await client.GET('/api/datasets/{id}', { params: { path: { id } } });
  return {
    previewRows,
    firstEmail,
    emailRule,
    earlyStatus,
    rowsProcessed,
    csv: download.data ?? '',
    mapping: mapping.data ?? '',
    deleted: deleted.data?.deleted,
    goneStatus: gone.response.status,
    goneMessage: gone.error?.message,
  };
}
`;

const server = useInProcessServer();

describe('a client generated from openapi.json', () => {
  it('type-checks and runs the whole flow', async () => {
    const document = JSON.parse(readFileSync('openapi.json', 'utf8')) as OpenAPI3;
    const types = astToString(await openapiTS(document));
    expect(types).toContain('"/api/datasets/{id}/download-mapping"');

    mkdirSync(OUT_DIR, { recursive: true });
    writeFileSync(path.join(OUT_DIR, 'api.ts'), types);
    const flowFile = path.join(OUT_DIR, 'flow.ts');
    writeFileSync(flowFile, FLOW);

    const program = ts.createProgram([flowFile], {
      strict: true,
      noUncheckedIndexedAccess: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
      types: ['node'],
      skipLibCheck: true,
    });
    const problems = ts
      .getPreEmitDiagnostics(program)
      .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    expect(problems).toEqual([]);

    const { runFlow } = (await import(pathToFileURL(flowFile).href)) as {
      runFlow: (baseUrl: string, file: Uint8Array) => Promise<Record<string, unknown>>;
    };
    const result = await runFlow(server.url, fixtureFile('csv'));
    expect(result).toMatchObject({
      previewRows: 3,
      firstEmail: 'ada.lovelace0@example.com',
      emailRule: 'keep',
      earlyStatus: 409,
      rowsProcessed: 40,
      deleted: true,
      goneStatus: 404,
      goneMessage: 'Dataset not found (it may have expired)',
    });
    expect(String(result.csv).split(/\r?\n/)[0]).toBe(
      'id,first_name,last_name,email,phone,signup_date,balance,active',
    );
    expect(String(result.csv)).toContain('ada.lovelace0@example.com');
    expect(JSON.parse(String(result.mapping))).toEqual(
      expect.arrayContaining([expect.objectContaining({ column: 'first_name', original: 'Ada' })]),
    );
  }, 60_000);
});
