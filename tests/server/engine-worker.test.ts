import { MessageChannel, receiveMessageOnPort } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { PSEUDONYM_SCHEME_VERSION, type ColumnSchema, type PrivacyReport } from '../../src/engine';
import type { RunResult } from '../../src/server/dataset-store';
import type { IngestResult } from '../../src/server/engine-jobs';
import runEngineJob from '../../src/server/engine.worker';
import { fixtureFile } from '../support/people-files';

/*
 * The worker's module run in this thread, job after job, as one worker thread runs them: what
 * it keeps between jobs is what these tests are about.
 */

function shared(bytes: Uint8Array): SharedArrayBuffer {
  const buffer = new SharedArrayBuffer(bytes.byteLength);
  new Uint8Array(buffer).set(bytes);
  return buffer;
}

const forty = shared(fixtureFile('csv', 40));
const five = shared(fixtureFile('csv', 5));

function ingest(bytes: SharedArrayBuffer, readKey?: string): IngestResult {
  const outcome = runEngineJob({ kind: 'ingest', bytes, fileName: 'people.csv', readKey });
  if (!outcome.ok) throw new Error('ingest failed');
  return outcome.value as IngestResult;
}

/** Runs a pseudonymize job; what it posts on its port (result, report) and its mapping. */
function run(
  bytes: SharedArrayBuffer,
  schemas: ColumnSchema[][],
  readKey?: string,
): { result: RunResult; report: PrivacyReport | null; mapping: SharedArrayBuffer } {
  const { port1, port2 } = new MessageChannel();
  const outcome = runEngineJob({
    kind: 'pseudonymize',
    bytes,
    fileName: 'people.csv',
    readKey,
    schemas,
    secret: 'k',
    scheme: PSEUDONYM_SCHEME_VERSION,
    previewRowCounts: [3],
    early: port2,
  });
  const result = receiveMessageOnPort(port1);
  const report = receiveMessageOnPort(port1);
  port1.close();
  if (!outcome.ok || !result || !report) throw new Error('run failed');
  return {
    result: result.message as RunResult,
    report: report.message as PrivacyReport | null,
    mapping: (outcome.value as { mapping: SharedArrayBuffer }).mapping,
  };
}

describe('engine worker', () => {
  const schemas = [ingest(forty).sheets[0]!.schema.map((column) => ({ ...column }))];

  it('runs on the table its upload read when the key matches, and reads bytes afresh otherwise', () => {
    ingest(forty, 'upload-1');
    // Other bytes under the same key: only the table kept from the upload has 40 rows.
    expect(run(five, schemas, 'upload-1').result.stats.rowsProcessed).toBe(40);
    expect(run(five, schemas, 'upload-2').result.stats.rowsProcessed).toBe(5);
    // The table of upload-1 was let go when a job on other bytes came.
    expect(run(five, schemas, 'upload-1').result.stats.rowsProcessed).toBe(5);
    expect(run(forty, schemas).result.stats.rowsProcessed).toBe(40);
  });

  it('gives the same result, mapping and report from the kept table as from a new read', () => {
    ingest(forty, 'upload-3');
    const kept = run(forty, schemas, 'upload-3');
    const fresh = run(forty, schemas);
    expect(Buffer.from(kept.result.output).equals(Buffer.from(fresh.result.output))).toBe(true);
    expect(Buffer.from(kept.mapping).equals(Buffer.from(fresh.mapping))).toBe(true);
    expect(kept.report).not.toBeNull();
    expect(kept.report).toEqual(fresh.report);
    expect(kept.result.previews).toEqual(fresh.result.previews);
  });

  it('lets the kept table go before a conversion', () => {
    ingest(forty, 'upload-4');
    const { port1, port2 } = new MessageChannel();
    runEngineJob({
      kind: 'convert',
      bytes: five,
      fileName: 'people.csv',
      to: 'json',
      restoreFormulas: true,
      neutralizeFormulas: false,
      port: port2,
    });
    port1.close();
    expect(run(five, schemas, 'upload-4').result.stats.rowsProcessed).toBe(5);
  });
});
