import { Worker } from 'node:worker_threads';
import type { ChunkSetup } from './chunk-run';
import {
  errorOf,
  type ChunkWorkerData,
  type TaskResults,
  type WorkerReply,
  type WorkerTask,
} from './chunk-worker';

type Task<K extends WorkerTask['kind']> = Extract<WorkerTask, { kind: K }>;

/** The worker threads of a streaming run, each task sent to the one with the fewest to do. */
export class PartPool {
  readonly #workers: Worker[];
  /** Tasks sent to each worker and not answered yet. */
  readonly #busy: number[];
  readonly #pending = new Map<
    number,
    { worker: number; resolve: (result: unknown) => void; reject: (error: Error) => void }
  >();
  #nextId = 0;
  #failure: Error | null = null;

  constructor(secret: string | Uint8Array, count: number) {
    const workerData: ChunkWorkerData = { standinChunkWorker: true, secret };
    this.#busy = new Array<number>(count).fill(0);
    this.#workers = Array.from({ length: count }, () => {
      // The command's own bundle, which serves tasks when started as a worker (main.ts).
      const worker = new Worker(new URL(import.meta.url), { workerData });
      worker.on('message', (reply: WorkerReply) => this.#settle(reply));
      worker.on('error', (error) => this.#fail(error));
      return worker;
    });
  }

  get size(): number {
    return this.#workers.length;
  }

  /** Gives every worker the run's setup (again, once the first pass has added to it). */
  async setUp(setup: ChunkSetup): Promise<void> {
    await Promise.all(
      this.#workers.map((_, worker) => this.#send(worker, { kind: 'setup', setup })),
    );
  }

  /**
   * Sends a task on a part to the worker with the fewest tasks to do (parts differ in cost: the
   * first builds the report); its text is handed over, not copied. The promise is settled
   * whether or not it is awaited yet, so a failure waits for its turn to be seen.
   */
  task<K extends 'detect' | 'values' | 'run'>(task: Task<K>): Promise<TaskResults[K]> {
    const worker = this.#busy.indexOf(Math.min(...this.#busy));
    const result = this.#send(worker, task) as Promise<TaskResults[K]>;
    result.catch(() => {});
    return result;
  }

  #send(worker: number, task: WorkerTask): Promise<unknown> {
    if (this.#failure) return Promise.reject(this.#failure);
    const id = this.#nextId++;
    this.#busy[worker]!++;
    const transfer = 'text' in task ? [task.text.buffer as ArrayBuffer] : [];
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { worker, resolve, reject });
      this.#workers[worker]!.postMessage({ id, task }, transfer);
    });
  }

  #settle(reply: WorkerReply): void {
    const pending = this.#pending.get(reply.id);
    if (!pending) return;
    this.#pending.delete(reply.id);
    this.#busy[pending.worker]!--;
    if ('failure' in reply) pending.reject(errorOf(reply.failure));
    else pending.resolve(reply.result);
  }

  /** A worker that died (out of memory, say) fails the run. */
  #fail(error: Error): void {
    this.#failure = error;
    for (const { reject } of this.#pending.values()) reject(error);
    this.#pending.clear();
  }

  async close(): Promise<void> {
    await Promise.all(this.#workers.map((worker) => worker.terminate()));
  }
}
