/**
 * Every setting an operator can make, read from environment variables in one place: main.ts
 * parses `process.env` once here, and the server's configuration and abuse limits are derived
 * from the result. Every variable is optional; a malformed one stops the server at start, named,
 * rather than letting it run with a surprise default.
 */
import { z } from 'zod';
import { DEFAULT_ABUSE_LIMITS, type AbuseLimits } from './abuse-limits';
import { DEFAULT_CONFIG, MIB, type ServerConfig } from './config';

const positiveInt = z.coerce.number().int().positive();
const count = z.coerce.number().int().min(0);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).optional(),
  STANDIN_DATASET_TTL_MINUTES: positiveInt.optional(),
  STANDIN_MEMORY_BUDGET_MB: positiveInt.optional(),
  STANDIN_JOB_DEADLINE_SECONDS: positiveInt.optional(),
  STANDIN_WORKER_THREADS: positiveInt.optional(),
  STANDIN_MAX_QUEUED_JOBS: positiveInt.optional(),
  STANDIN_WORKER_HEAP_MB: positiveInt.optional(),
  STANDIN_HEAVY_WORKER_HEAP_MB: positiveInt.optional(),
  STANDIN_RATE_LIMIT_PER_MINUTE: count.optional(),
  STANDIN_UPLOAD_RATE_LIMIT_PER_MINUTE: count.optional(),
  STANDIN_UPLOAD_DEADLINE_SECONDS: count.positive().optional(),
  STANDIN_JOBS_PER_CLIENT: count.optional(),
  STANDIN_TRUSTED_PROXIES: count.optional(),
});

/** The settings the environment gives; the ones it leaves out are undefined. */
export type Env = z.infer<typeof envSchema>;

/**
 * The settings in `source` (other variables are ignored), or an error naming every malformed one.
 * @example parseEnv({ PORT: '8080' }).PORT // 8080
 */
export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const names = parsed.error.issues.map((issue) => issue.path.join('.')).join(', ');
    throw new Error(`Invalid environment variable(s): ${names}`);
  }
  return parsed.data;
}

/** The server's configuration: each setting the environment gives, the default for the rest. */
export function serverConfigFrom(env: Env): ServerConfig {
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
    heavyWorkerHeapMb: env.STANDIN_HEAVY_WORKER_HEAP_MB ?? d.heavyWorkerHeapMb,
  };
}

/** The abuse limits: each setting the environment gives, the default for the rest. */
export function abuseLimitsFrom(env: Env): AbuseLimits {
  const d = DEFAULT_ABUSE_LIMITS;
  return {
    requestsPerMinute: env.STANDIN_RATE_LIMIT_PER_MINUTE ?? d.requestsPerMinute,
    uploadsPerMinute: env.STANDIN_UPLOAD_RATE_LIMIT_PER_MINUTE ?? d.uploadsPerMinute,
    uploadDeadlineMs: env.STANDIN_UPLOAD_DEADLINE_SECONDS
      ? env.STANDIN_UPLOAD_DEADLINE_SECONDS * 1000
      : d.uploadDeadlineMs,
    jobsPerClient: env.STANDIN_JOBS_PER_CLIENT ?? d.jobsPerClient,
    trustedProxies: env.STANDIN_TRUSTED_PROXIES ?? d.trustedProxies,
  };
}
