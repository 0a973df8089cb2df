import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { MessagePort } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { EngineError } from '../engine';
import { ClientBusyError, ServerBusyError } from './api-errors';
import type { EngineJob, EngineJobResults, JobOutcome } from './engine-jobs';

export interface EnginePoolOptions {
  threads: number;
  maxQueuedJobs: number;
  deadlineMs: number;
  heapMb: number;
  /** Jobs one client may have running or waiting at once; 0 or absent: no limit. */
  jobsPerClient?: number;
}

/**
 * The worker file next to this module: the bundled engine.worker.js when running the build
 * (dist/server), or a bootstrap that loads engine.worker.ts through tsx when running from source
 * (tests, `npm run dev`). Finding it by location rather than by a flag means the same code works
 * in both without configuration, and tests of the source never run a stale build.
 */
function workerFile(): string {
  const built = new URL('./engine.worker.js', import.meta.url);
  if (existsSync(fileURLToPath(built))) return built.href;
  return new URL('./engine-worker-source.mjs', import.meta.url).href;
}

/**
 * Runs engine jobs on worker threads, each with a deadline, so a 50 MB file never blocks the
 * event loop and a job that throws, runs away or runs out of memory fails alone.
 */
export class EnginePool {
  readonly #pool: Piscina<EngineJob, JobOutcome<unknown>>;
  readonly #deadlineMs: number;
  readonly #threads: number;
  readonly #maxQueuedJobs: number;
  readonly #jobsPerClient: number;
  #running = 0;
  /** Jobs waiting for a thread, first come first served. */
  readonly #waiting: (() => void)[] = [];
  /** Jobs running or waiting, by client. */
  readonly #jobsByClient = new Map<string, number>();

  constructor(options: EnginePoolOptions) {
    this.#deadlineMs = options.deadlineMs;
    this.#threads = options.threads;
    this.#maxQueuedJobs = options.maxQueuedJobs;
    this.#jobsPerClient = options.jobsPerClient ?? 0;
    this.#pool = new Piscina({
      filename: workerFile(),
      minThreads: 0,
      maxThreads: options.threads,
      idleTimeout: 60_000,
      resourceLimits: { maxOldGenerationSizeMb: options.heapMb },
    });
    // A worker that dies (out of memory, a crash) fails its own job; the pool replaces it. Without
    // a listener, the pool's 'error' event would take the whole server down.
    this.#pool.on('error', (error: unknown) => {
      console.error(
        `[stand-in] engine worker failed: ${error instanceof Error ? error.name : 'unknown'}`,
      );
    });
  }

  /**
   * Runs a job for `client` (its address), within the client's share of the pool if one is set;
   * `transfer`: what the job hands over to the worker rather than copies (a MessagePort).
   */
  async run<K extends EngineJob['kind']>(
    job: Extract<EngineJob, { kind: K }>,
    client?: string,
    transfer?: MessagePort[],
  ): Promise<EngineJobResults[K]> {
    this.#admit(client);
    let outcome: JobOutcome<unknown>;
    try {
      await this.#takeThread();
      try {
        // The deadline starts when the job does, not while it waits its turn.
        outcome = await this.#pool.run(job, {
          signal: AbortSignal.timeout(this.#deadlineMs),
          ...(transfer ? { transferList: transfer } : {}),
        });
      } catch (error) {
        throw this.#poolFailure(error);
      } finally {
        this.#releaseThread();
      }
    } finally {
      this.#leave(client);
    }
    if (outcome.ok) return outcome.value as EngineJobResults[K];
    if (outcome.code === 'INTERNAL') throw new WorkerJobError(outcome.errorName);
    throw new EngineError(outcome.code, outcome.message);
  }

  #admit(client: string | undefined): void {
    if (client === undefined || this.#jobsPerClient === 0) return;
    const jobs = this.#jobsByClient.get(client) ?? 0;
    if (jobs >= this.#jobsPerClient) {
      throw new ClientBusyError(
        `At most ${this.#jobsPerClient} files may be processed at once for one address; ` +
          'wait for one to finish',
        5,
      );
    }
    this.#jobsByClient.set(client, jobs + 1);
  }

  #leave(client: string | undefined): void {
    if (client === undefined || this.#jobsPerClient === 0) return;
    const jobs = (this.#jobsByClient.get(client) ?? 1) - 1;
    if (jobs > 0) this.#jobsByClient.set(client, jobs);
    else this.#jobsByClient.delete(client);
  }

  /** Jobs running or waiting. */
  get pending(): number {
    return this.#running + this.#waiting.length;
  }

  /**
   * Waits for a free thread. The queue is kept here rather than in Piscina so each job's deadline
   * covers its own run only, and a full queue is refused at once with 503.
   */
  async #takeThread(): Promise<void> {
    if (this.#running < this.#threads) {
      this.#running++;
      return;
    }
    if (this.#waiting.length >= this.#maxQueuedJobs) {
      throw new ServerBusyError('The server is busy with other files; try again shortly', 10);
    }
    // #releaseThread hands its thread over directly, so #running stays counted.
    await new Promise<void>((resolve) => this.#waiting.push(resolve));
  }

  #releaseThread(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#running--;
  }

  async close(): Promise<void> {
    await this.#pool.destroy();
  }

  #poolFailure(error: unknown): Error {
    const name = error instanceof Error ? error.name : '';
    const code = typeof error === 'object' && error && 'code' in error ? error.code : undefined;
    if (name === 'AbortError') {
      const seconds = Math.round(this.#deadlineMs / 1000);
      return new EngineError(
        'TOO_LARGE',
        `Processing took longer than the ${seconds}-second limit; try a smaller file`,
      );
    }
    if (code === 'ERR_WORKER_OUT_OF_MEMORY') {
      return new EngineError('TOO_LARGE', 'The file needs more memory than one job may use');
    }
    return new WorkerJobError(name || 'unknown');
  }
}

/** A job failed in an unexpected way; only the error's class name is kept (500). */
export class WorkerJobError extends Error {
  constructor(readonly errorName: string) {
    super(`engine job failed (${errorName})`);
    this.name = 'WorkerJobError';
  }
}
