import { Worker } from 'node:worker_threads';
import type { ChunkJob, ChunkOutcome, ChunkSetup, ValuesJob, ValuesOutcome } from './chunk-run';
import { errorOf, indexOf, type ChunkReply, type ChunkWorkerData } from './chunk-worker';

/** The worker threads of one pass of a streaming run, sent the parts in turn. */
export class PartPool {
  readonly #workers: Worker[];
  readonly #replies = new Map<number, ChunkReply>();
  readonly #waiting = new Map<
    number,
    { resolve: (reply: ChunkReply) => void; reject: (error: Error) => void }
  >();
  #failure: Error | null = null;
  #turn = 0;

  constructor(setup: ChunkSetup, secret: string | Uint8Array, count: number) {
    const workerData: ChunkWorkerData = { standinChunkWorker: true, setup, secret };
    this.#workers = Array.from({ length: count }, () => {
      // The command's own bundle, which serves parts when started as a worker (main.ts).
      const worker = new Worker(new URL(import.meta.url), { workerData });
      worker.on('message', (reply: ChunkReply) => this.#settle(reply));
      worker.on('error', (error) => this.#fail(error));
      return worker;
    });
  }

  get size(): number {
    return this.#workers.length;
  }

  /** Sends a part to the next worker in turn; its records are handed over, not copied. */
  submit(job: ChunkJob | ValuesJob): void {
    const worker = this.#workers[this.#turn++ % this.#workers.length]!;
    worker.postMessage(job, [job.records.buffer as ArrayBuffer]);
  }

  /** The outcome of run job `index`, once its worker has answered. */
  async outcome(index: number): Promise<ChunkOutcome> {
    const reply = await this.#reply(index);
    if (!('outcome' in reply)) throw new Error('not a run job');
    return reply.outcome;
  }

  /** The values of values job `index`, once its worker has answered. */
  async values(index: number): Promise<ValuesOutcome> {
    const reply = await this.#reply(index);
    if (!('values' in reply)) throw new Error('not a values job');
    return reply.values;
  }

  async #reply(index: number): Promise<ChunkReply> {
    let reply = this.#replies.get(index);
    this.#replies.delete(index);
    if (!reply) {
      if (this.#failure) throw this.#failure;
      reply = await new Promise<ChunkReply>((resolve, reject) => {
        this.#waiting.set(index, { resolve, reject });
      });
    }
    if ('failure' in reply) throw errorOf(reply.failure);
    return reply;
  }

  #settle(reply: ChunkReply): void {
    const index = indexOf(reply);
    const waiting = this.#waiting.get(index);
    this.#waiting.delete(index);
    if (waiting) waiting.resolve(reply);
    else this.#replies.set(index, reply);
  }

  /** A worker that died (out of memory, say) fails the run. */
  #fail(error: Error): void {
    this.#failure = error;
    for (const { reject } of this.#waiting.values()) reject(error);
    this.#waiting.clear();
  }

  async close(): Promise<void> {
    await Promise.all(this.#workers.map((worker) => worker.terminate()));
  }
}
