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
  /** Heap limit of each worker thread; a job beyond it fails alone, the server keeps running. */
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
