/**
 * A worker thread of a streaming run: it takes parts of the file (ChunkJob) and answers each with
 * its output (ChunkOutcome) or why it failed. It runs in the command's own bundle, started with
 * ChunkWorkerData (main.ts starts this loop instead of the command).
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { EngineError } from '../engine';
import {
  columnValues,
  runChunk,
  type ChunkJob,
  type ChunkOutcome,
  type ChunkSetup,
  type ValuesJob,
  type ValuesOutcome,
} from './chunk-run';
import { CliError } from './exit-codes';

export interface ChunkWorkerData {
  standinChunkWorker: true;
  setup: ChunkSetup;
  secret: string | Uint8Array;
}

/** Why a part failed, as data: the messages of ours name lines and columns, never a value. */
export type ChunkFailure =
  | { kind: 'engine'; code: EngineError['code']; message: string }
  | { kind: 'cli'; exitCode: CliError['exitCode']; message: string }
  /** Anything else may carry data in its message: only its kind crosses. */
  | { kind: 'internal'; name: string };

export type ChunkReply =
  { outcome: ChunkOutcome } | { values: ValuesOutcome } | { index: number; failure: ChunkFailure };

/** The part a reply answers. */
export function indexOf(reply: ChunkReply): number {
  if ('outcome' in reply) return reply.outcome.index;
  if ('values' in reply) return reply.values.index;
  return reply.index;
}

/** Whether this thread is a streaming run's worker. */
export function isChunkWorker(): boolean {
  return (
    !isMainThread && (workerData as Partial<ChunkWorkerData> | null)?.standinChunkWorker === true
  );
}

/** Answers the parts the run sends, one at a time, until the run ends the thread. */
export function serveChunks(): void {
  const { setup, secret } = workerData as ChunkWorkerData;
  const port = parentPort!;
  port.on('message', (job: ChunkJob | ValuesJob) => {
    let reply: ChunkReply;
    try {
      if (job.kind === 'values') {
        port.postMessage({ values: columnValues(setup, job) } satisfies ChunkReply);
        return;
      }
      const outcome = runChunk(setup, secret, job);
      // A buffer of its own, handed over rather than copied again (a slice of a larger buffer,
      // or of Node's shared pool, cannot be).
      reply = { outcome: { ...outcome, body: new Uint8Array(outcome.body) } };
    } catch (error) {
      reply = { index: job.index, failure: failureOf(error) };
    }
    port.postMessage(reply, 'outcome' in reply ? [reply.outcome.body.buffer as ArrayBuffer] : []);
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
