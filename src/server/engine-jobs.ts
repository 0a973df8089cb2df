/**
 * The jobs the engine worker runs, shared by the worker (engine.worker.ts) and the pool that
 * sends them (engine-pool.ts). Inputs and outputs cross threads by structured clone, so they hold
 * SharedArrayBuffers (shared, not copied) and small previews, never whole workbooks.
 */
import type { MessagePort } from 'node:worker_threads';
import type { ColumnSchema, ConvertOptions, EngineErrorCode, FileFormat } from '../engine';
import type { Dataset, SheetState } from './dataset-store';

/** What a job on a dataset's upload reads. */
interface DatasetBytes {
  bytes: SharedArrayBuffer;
  fileName: string;
  /**
   * Names these bytes (Dataset.readKey): a worker that read bytes of this key for an earlier job
   * may use the table it read instead of reading them again (see engine.worker.ts). Without a
   * key they are read afresh.
   */
  readKey?: string;
}

export interface IngestJob extends DatasetBytes {
  kind: 'ingest';
}

export interface IngestResult {
  format: FileFormat;
  sheets: SheetState[];
}

/** Detects one sheet's schema again. */
export interface DetectJob extends DatasetBytes {
  kind: 'detect';
  sheetIndex: number;
}

export interface PseudonymizeJob extends DatasetBytes {
  kind: 'pseudonymize';
  /** One schema per sheet, in sheet order. */
  schemas: ColumnSchema[][];
  secret: string | Uint8Array;
  /** The pseudonym scheme to follow (the dataset's: see Dataset.scheme). */
  scheme: number;
  /** Per sheet, the rows of the uploaded preview, so the run's previews line up with them. */
  previewRowCounts: number[];
  /**
   * Where the worker posts the run's result (a RunResult) as soon as it is written, then its
   * report (PrivacyReport or null); the job then writes the mapping and answers it.
   */
  early: MessagePort;
}

/** The job that detects the schema of a dataset's selected sheet again. */
export function detectJob(dataset: Dataset): DetectJob {
  return {
    kind: 'detect',
    bytes: dataset.original,
    fileName: dataset.filename,
    readKey: dataset.readKey,
    sheetIndex: dataset.selectedSheet,
  };
}

/**
 * The job that pseudonymizes every sheet of a dataset with its schema, keyed by `secret` or, when
 * there is none, by the dataset's own key.
 */
export function pseudonymizeJob(
  dataset: Dataset,
  secret: string | undefined,
  early: MessagePort,
): PseudonymizeJob {
  return {
    kind: 'pseudonymize',
    bytes: dataset.original,
    fileName: dataset.filename,
    readKey: dataset.readKey,
    schemas: dataset.sheets.map((sheet) => [...sheet.schema]),
    secret: secret ?? dataset.secret,
    scheme: dataset.scheme,
    previewRowCounts: dataset.sheets.map((sheet) => sheet.preview.length),
    early,
  };
}

/**
 * Re-reads bytes the worker wrote earlier and writes them in another format (convertWritten),
 * sent as it is written: the worker posts the bytes on `port` piece by piece (each
 * a Uint8Array whose buffer is handed over, then null when the file is complete), so an xlsx
 * is on its way to the client while it is being written and never whole in memory. The job
 * itself answers how many bytes it sent.
 */
export interface ConvertJob extends ConvertOptions {
  kind: 'convert';
  bytes: SharedArrayBuffer;
  port: MessagePort;
}

/**
 * Asks whether a job reading these bytes needs more heap than `laneHeapMb` (job-heap.ts), so the
 * pool runs it on its heavy lane (engine-pool.ts). Answered from the guard's count of a
 * workbook's cells, before anything is parsed; the guard's refusals come back as they would
 * from the job itself.
 */
export interface LaneJob {
  kind: 'lane';
  bytes: SharedArrayBuffer;
  fileName: string;
  laneHeapMb: number;
}

export type EngineJob = IngestJob | DetectJob | PseudonymizeJob | ConvertJob | LaneJob;

export interface EngineJobResults {
  ingest: IngestResult;
  detect: ColumnSchema[];
  pseudonymize: { mapping: SharedArrayBuffer };
  convert: number;
  lane: boolean;
}

/**
 * What comes back from the worker. Errors travel as data: an EngineError's code and message (safe
 * to show), or for anything else only the error's class name (its message might quote data).
 */
export type JobOutcome<T> =
  | { ok: true; value: T }
  | { ok: false; code: EngineErrorCode; message: string }
  | { ok: false; code: 'INTERNAL'; errorName: string };
