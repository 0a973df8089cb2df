import type { MessagePort } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { EngineError } from '../engine';
import { ClientBusyError, ServerBusyError } from './api-errors';
import type { EngineJob, EngineJobResults, JobOutcome, LaneJob } from './engine-jobs';
import { engineWorkerFile } from './engine-worker-file';

export interface EnginePoolOptions {
  threads: number;
  maxQueuedJobs: number;
  deadlineMs: number;
  heapMb: number;
  /**
   * Heap of the heavy lane, one worker that runs the jobs needing more than `heapMb` (a large
   * workbook: job-heap.ts) one at a time; no heavy lane when absent or not above `heapMb`.
   */
  heavyHeapMb?: number;
  /** Jobs one client may have running or waiting at once; 0 or absent: no limit. */
  jobsPerClient?: number;
}

/** Lanes remembered for datasets' bytes (by read key); past this many the oldest is forgotten. */
const REMEMBERED_LANES = 1024;

/**
 * Runs engine jobs on worker threads, each with a deadline, so a 50 MB file never blocks the
 * event loop and a job that throws, runs away or runs out of memory fails alone.
 *
 * Two lanes: the workers' heap fits every text file the upload takes, and a job on a workbook
 * whose cells need more (job-heap.ts, asked of a worker before the job runs, and remembered for
 * the dataset's later jobs) runs on the heavy lane's one worker, whose larger heap is taken only
 * while such a job needs it. A worker that runs out of heap may take the whole process down
 * (nodejs/node#47224), so a job goes where its planned heap fits rather than where it might.
 */
export class EnginePool {
  readonly #pool: Piscina<EngineJob, JobOutcome<unknown>>;
  readonly #heavy: Piscina<EngineJob, JobOutcome<unknown>> | null;
  readonly #heapMb: number;
  /** Whether a dataset's bytes need the heavy lane, by read key (the order is their age). */
  readonly #heavyByReadKey = new Map<string, boolean>();
  #heavyRunning = false;
  #heavyJobs = 0;
  /** Jobs waiting for the heavy lane, first come first served; their deadline not yet started. */
  readonly #heavyWaiting: (() => void)[] = [];
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
    this.#heapMb = options.heapMb;
    this.#pool = workerPool(options.threads, options.heapMb, 60_000);
    const heavyHeapMb = options.heavyHeapMb ?? 0;
    // Its heap is let go a few seconds after its job: it is planned for, not kept.
    this.#heavy = heavyHeapMb > options.heapMb ? workerPool(1, heavyHeapMb, 5_000) : null;
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
        outcome =
          this.#heavy && (await this.#needsHeavyLane(job))
            ? await this.#runHeavy(this.#heavy, job, transfer)
            : await this.#runOn(this.#pool, job, transfer);
      } finally {
        this.#releaseThread();
      }
    } finally {
      this.#leave(client);
    }
    return valueOf(outcome) as EngineJobResults[K];
  }

  /** Runs a job on a lane's workers. The deadline starts when the job does, not while it waits. */
  async #runOn(
    lane: Piscina<EngineJob, JobOutcome<unknown>>,
    job: EngineJob,
    transfer?: MessagePort[],
  ): Promise<JobOutcome<unknown>> {
    try {
      return await lane.run(job, {
        signal: AbortSignal.timeout(this.#deadlineMs),
        ...(transfer ? { transferList: transfer } : {}),
      });
    } catch (error) {
      throw this.#poolFailure(error);
    }
  }

  /**
   * Whether a job needs the heavy lane: asked of an ordinary worker (a 'lane' job) the first
   * time a dataset's bytes are met, then remembered by their read key. The guard's refusal of
   * the bytes is thrown here, as the job would have thrown it.
   */
  async #needsHeavyLane(job: EngineJob): Promise<boolean> {
    if (job.kind === 'lane') return false;
    const readKey = job.kind === 'convert' ? undefined : job.readKey;
    const known = readKey === undefined ? undefined : this.#heavyByReadKey.get(readKey);
    if (known !== undefined) return known;
    const asked: LaneJob = {
      kind: 'lane',
      bytes: job.bytes,
      fileName: job.fileName,
      laneHeapMb: this.#heapMb,
    };
    const heavy = valueOf(await this.#runOn(this.#pool, asked)) as boolean;
    if (readKey !== undefined) {
      if (this.#heavyByReadKey.size >= REMEMBERED_LANES) {
        this.#heavyByReadKey.delete(this.#heavyByReadKey.keys().next().value!);
      }
      this.#heavyByReadKey.set(readKey, heavy);
    }
    return heavy;
  }

  /** Runs a job on the heavy lane, one at a time, in turn. */
  async #runHeavy(
    lane: Piscina<EngineJob, JobOutcome<unknown>>,
    job: EngineJob,
    transfer?: MessagePort[],
  ): Promise<JobOutcome<unknown>> {
    if (this.#heavyRunning) await new Promise<void>((resolve) => this.#heavyWaiting.push(resolve));
    this.#heavyRunning = true;
    this.#heavyJobs++;
    try {
      return await this.#runOn(lane, job, transfer);
    } finally {
      const next = this.#heavyWaiting.shift();
      if (next) next();
      else this.#heavyRunning = false;
    }
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

  /** Jobs sent to the heavy lane so far. */
  get heavyJobs(): number {
    return this.#heavyJobs;
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
    await Promise.all([this.#pool.destroy(), this.#heavy?.destroy()]);
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

/**
 * Worker threads with a heap limit, ended when idle for `idleMs`. A worker that dies (out of
 * memory, a crash) fails its own job and is replaced; without a listener, the pool's 'error'
 * event would take the whole server down.
 */
function workerPool(
  threads: number,
  heapMb: number,
  idleMs: number,
): Piscina<EngineJob, JobOutcome<unknown>> {
  const pool = new Piscina<EngineJob, JobOutcome<unknown>>({
    filename: engineWorkerFile().href,
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: idleMs,
    resourceLimits: { maxOldGenerationSizeMb: heapMb },
  });
  pool.on('error', (error: unknown) => {
    console.error(
      `[stand-in] engine worker failed: ${error instanceof Error ? error.name : 'unknown'}`,
    );
  });
  return pool;
}

/** A job's value, or its error thrown: the engine's as EngineError, anything else as 500. */
function valueOf(outcome: JobOutcome<unknown>): unknown {
  if (outcome.ok) return outcome.value;
  if (outcome.code === 'INTERNAL') throw new WorkerJobError(outcome.errorName);
  throw new EngineError(outcome.code, outcome.message);
}

/** A job failed in an unexpected way; only the error's class name is kept (500). */
export class WorkerJobError extends Error {
  constructor(readonly errorName: string) {
    super(`engine job failed (${errorName})`);
    this.name = 'WorkerJobError';
  }
}
