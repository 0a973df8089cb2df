import { z } from 'zod';

/** Everything an operator can tune, with the defaults a single small server needs. */
export interface ServerConfig {
  /** TCP port; 0 picks a free one. */
  port: number;
  /** A dataset is discarded this long after its last access. */
  datasetTtlMs: number;
  /** Upper bound on the memory all stored datasets may hold; new uploads beyond it get 503. */
  memoryBudgetBytes: number;
  /** Largest accepted upload (the product's 50 MiB). */
  maxUploadBytes: number;
  /** A worker job (read, detect, pseudonymize, convert) is cut off after this long. */
  jobDeadlineMs: number;
  /** Worker threads for heavy jobs. */
  workerThreads: number;
  /** Jobs that may wait for a worker; more get 503. */
  maxQueuedJobs: number;
  /**
   * Heap limit (V8 old generation) of each worker thread. The default is what the heaviest job
   * the input caps allow needs, measured: converting a 50 MB CSV's result to xlsx takes 2–4 GB.
   * It is a last resort, not a guard: past it a worker usually fails alone with 413, but Node may
   * also abort the whole process (nodejs/node#47224), so never set it below what jobs need.
   */
  workerHeapMb: number;
}

export const MIB = 1024 * 1024;

export const DEFAULT_CONFIG: ServerConfig = {
  port: 3000,
  datasetTtlMs: 30 * 60_000,
  memoryBudgetBytes: 2048 * MIB,
  maxUploadBytes: 50 * MIB,
  jobDeadlineMs: 120_000,
  workerThreads: 2,
  maxQueuedJobs: 16,
  workerHeapMb: 4096,
};

const positiveInt = z.coerce.number().int().positive();

const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).optional(),
  STANDIN_DATASET_TTL_MINUTES: positiveInt.optional(),
  STANDIN_MEMORY_BUDGET_MB: positiveInt.optional(),
  STANDIN_JOB_DEADLINE_SECONDS: positiveInt.optional(),
  STANDIN_WORKER_THREADS: positiveInt.optional(),
  STANDIN_MAX_QUEUED_JOBS: positiveInt.optional(),
  STANDIN_WORKER_HEAP_MB: positiveInt.optional(),
});

/**
 * The configuration from environment variables (all optional). A malformed value stops the
 * server at start with the variable's name rather than running with a surprise default.
 */
export function configFromEnvironment(environment: NodeJS.ProcessEnv): ServerConfig {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    const names = parsed.error.issues.map((issue) => issue.path.join('.')).join(', ');
    throw new Error(`Invalid environment variable(s): ${names}`);
  }
  const env = parsed.data;
  const d = DEFAULT_CONFIG;
  return {
    port: env.PORT ?? d.port,
    datasetTtlMs: env.STANDIN_DATASET_TTL_MINUTES
      ? env.STANDIN_DATASET_TTL_MINUTES * 60_000
      : d.datasetTtlMs,
    memoryBudgetBytes: env.STANDIN_MEMORY_BUDGET_MB
      ? env.STANDIN_MEMORY_BUDGET_MB * MIB
      : d.memoryBudgetBytes,
    maxUploadBytes: d.maxUploadBytes,
    jobDeadlineMs: env.STANDIN_JOB_DEADLINE_SECONDS
      ? env.STANDIN_JOB_DEADLINE_SECONDS * 1000
      : d.jobDeadlineMs,
    workerThreads: env.STANDIN_WORKER_THREADS ?? d.workerThreads,
    maxQueuedJobs: env.STANDIN_MAX_QUEUED_JOBS ?? d.maxQueuedJobs,
    workerHeapMb: env.STANDIN_WORKER_HEAP_MB ?? d.workerHeapMb,
  };
}

/** The main thread's own memory besides the datasets: code, sockets, answers being written. */
export const MAIN_THREAD_MB = 512;

/**
 * The most memory the server can come to use: the dataset budget, every worker's heap limit, and
 * the main thread. Worker buffers (a file's copy, a result being written) come on top.
 */
export function plannedMemoryBytes(config: ServerConfig): number {
  return (
    config.memoryBudgetBytes +
    config.workerThreads * config.workerHeapMb * MIB +
    MAIN_THREAD_MB * MIB
  );
}

/**
 * A warning for the start-up log when the planned memory exceeds what the process may use (its
 * cgroup limit or the machine's memory), naming the settings to lower; null when it fits.
 * @example memoryPlanWarning(DEFAULT_CONFIG, 4096 * MIB) // "Memory: the settings plan for ..."
 */
export function memoryPlanWarning(config: ServerConfig, availableBytes: number): string | null {
  const planned = plannedMemoryBytes(config);
  if (planned <= availableBytes) return null;
  const mb = (bytes: number) => Math.round(bytes / MIB);
  return (
    `Memory: the settings plan for ${mb(planned)} MB (budget ${mb(config.memoryBudgetBytes)} MB + ` +
    `${config.workerThreads} workers × ${config.workerHeapMb} MB heap + ${MAIN_THREAD_MB} MB), ` +
    `more than the ${mb(availableBytes)} MB this process may use. Lower STANDIN_MEMORY_BUDGET_MB ` +
    'or STANDIN_WORKER_THREADS (lowering STANDIN_WORKER_HEAP_MB makes large files fail instead).'
  );
}
