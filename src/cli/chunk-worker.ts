/**
 * A worker thread of a streaming run: it takes the run's setup, then tasks on parts of the file
 * (detect the first, collect values, run), and answers each with its result or why it failed.
 * It runs in the command's own bundle, started with ChunkWorkerData (main.ts starts this loop
 * instead of the command).
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { EngineError, type ReportPart } from '../engine';
import {
  columnValues,
  detectPart,
  runChunk,
  type ChunkJob,
  type ChunkOutcome,
  type ChunkSetup,
  type DetectedPart,
  type PartSource,
  type ValuesJob,
  type ValuesOutcome,
} from './chunk-run';
import { CliError } from './exit-codes';

/** Buffers at least this large are never slices of Node's pool (Buffer.poolSize is 8 KiB). */
const SHARED_POOL_LIMIT = 64 * 1024;

export interface ChunkWorkerData {
  standinChunkWorker: true;
  secret: string | Uint8Array;
}

/** What a worker is asked, each with the result it answers. */
export type WorkerTask =
  | { kind: 'setup'; setup: ChunkSetup }
  | { kind: 'detect'; source: PartSource; text: Uint8Array; firstLine: number }
  | ValuesJob
  | ChunkJob;

export interface TaskResults {
  setup: null;
  detect: DetectedPart;
  values: ValuesOutcome;
  run: ChunkOutcome;
}

/** Why a task failed, as data: the messages of ours name lines and columns, never a value. */
export type ChunkFailure =
  | { kind: 'engine'; code: EngineError['code']; message: string }
  | { kind: 'cli'; exitCode: CliError['exitCode']; message: string }
  /** Anything else may carry data in its message: only its kind crosses. */
  | { kind: 'internal'; name: string };

export type WorkerReply =
  { id: number; result: TaskResults[WorkerTask['kind']] } | { id: number; failure: ChunkFailure };

/** Whether this thread is a streaming run's worker. */
export function isChunkWorker(): boolean {
  return (
    !isMainThread && (workerData as Partial<ChunkWorkerData> | null)?.standinChunkWorker === true
  );
}

/**
 * Bytes in a buffer of their own, to hand over rather than copy: written bytes are in one unless
 * they are few, when they may be a slice of Node's shared pool, which cannot be handed over.
 */
function ownBuffer(bytes: Uint8Array): Uint8Array {
  return bytes.buffer.byteLength >= SHARED_POOL_LIMIT ? bytes : new Uint8Array(bytes);
}

/** The buffers of a part's report figures, handed over too: made for the reply, read once. */
function reportBuffers(report: ReportPart | null | undefined): ArrayBuffer[] {
  if (!report) return [];
  const tables = [
    ...report.columns.flatMap((column) =>
      column.after ? [column.before, column.after] : [column.before],
    ),
    ...report.classes,
  ];
  return tables.flatMap((table) =>
    [table.low, table.high, table.counts].map((array) => array.buffer as ArrayBuffer),
  );
}

/** Answers the tasks the run sends, one at a time, until the run ends the thread. */
export function serveChunks(): void {
  const { secret } = workerData as ChunkWorkerData;
  const port = parentPort!;
  let setup: ChunkSetup | undefined;
  port.on('message', ({ id, task }: { id: number; task: WorkerTask }) => {
    try {
      if (task.kind === 'setup') {
        setup = task.setup;
        port.postMessage({ id, result: null } satisfies WorkerReply);
      } else if (task.kind === 'detect') {
        port.postMessage({
          id,
          result: detectPart(task.source, task.text, task.firstLine),
        } satisfies WorkerReply);
      } else if (task.kind === 'values') {
        port.postMessage({ id, result: columnValues(setup!, task) } satisfies WorkerReply);
      } else {
        const outcome = runChunk(setup!, secret, task);
        const body = ownBuffer(outcome.body);
        const mapping = outcome.mapping && {
          ...outcome.mapping,
          written: ownBuffer(outcome.mapping.written),
        };
        const reply: WorkerReply = {
          id,
          result: { ...outcome, body, ...(mapping ? { mapping } : {}) },
        };
        port.postMessage(reply, [
          body.buffer as ArrayBuffer,
          ...(mapping ? [mapping.written.buffer as ArrayBuffer] : []),
          ...reportBuffers(outcome.report),
        ]);
      }
    } catch (error) {
      port.postMessage({ id, failure: failureOf(error) } satisfies WorkerReply);
    }
  });
}

function failureOf(error: unknown): ChunkFailure {
  if (error instanceof EngineError) {
    return { kind: 'engine', code: error.code, message: error.message };
  }
  if (error instanceof CliError) {
    return { kind: 'cli', exitCode: error.exitCode, message: error.message };
  }
  return { kind: 'internal', name: error instanceof Error ? error.name : typeof error };
}

/** The error a failure stands for, thrown again on the main thread. */
export function errorOf(failure: ChunkFailure): Error {
  if (failure.kind === 'engine') return new EngineError(failure.code, failure.message);
  if (failure.kind === 'cli') return new CliError(failure.exitCode, failure.message);
  const error = new Error('a worker failed');
  error.name = failure.name;
  return error;
}
