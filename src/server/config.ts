import { WEB_UPLOAD_MAX_BYTES } from '../engine';

/**
 * Everything an operator can tune, with the defaults a single small server needs (env.ts reads
 * the environment's settings into one).
 */
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
   * Heap limit (V8 old generation) of each worker thread. Its default holds every text file the
   * upload takes (measured, a run with its report and mapping: the shared 50 MB CSV about 0.6 GB,
   * its result converted to xlsx and sent as it is written about 0.25 GB) and the workbooks
   * whose cells job-heap.ts plans within 60% of it; larger workbooks go to the heavy lane.
   */
  workerHeapMb: number;
  /**
   * Heap limit of the heavy lane: one more worker thread, started for a workbook whose cells need
   * more than `workerHeapMb` and ended seconds after its job (an xls of 4,000,000 cells, the
   * guard's cap, peaks near 2.2 GB). Not above `workerHeapMb`: no heavy lane, and such jobs run
   * on the ordinary workers.
   * A heap limit is a last resort, not a guard: past it a worker usually fails alone with 413,
   * but Node may also abort the whole process (nodejs/node#47224), so never set either below
   * what jobs need.
   */
  heavyWorkerHeapMb: number;
}

export const MIB = 1024 * 1024;

export const DEFAULT_CONFIG: ServerConfig = {
  port: 3000,
  datasetTtlMs: 30 * 60_000,
  memoryBudgetBytes: 2048 * MIB,
  maxUploadBytes: WEB_UPLOAD_MAX_BYTES,
  jobDeadlineMs: 120_000,
  workerThreads: 2,
  maxQueuedJobs: 16,
  workerHeapMb: 1024,
  heavyWorkerHeapMb: 3072,
};

/** The main thread's own memory besides the datasets: code, sockets, answers being written. */
export const MAIN_THREAD_MB = 512;

/** The heavy lane's heap, 0 when it has none (see ServerConfig.heavyWorkerHeapMb). */
export function heavyLaneMb(config: ServerConfig): number {
  return config.heavyWorkerHeapMb > config.workerHeapMb ? config.heavyWorkerHeapMb : 0;
}

/**
 * The most memory the server can come to use: the dataset budget, every worker's heap limit (the
 * heavy lane's included), and the main thread. Worker buffers (a file's copy, a result being
 * written) come on top.
 */
export function plannedMemoryBytes(config: ServerConfig): number {
  return (
    config.memoryBudgetBytes +
    (config.workerThreads * config.workerHeapMb + heavyLaneMb(config)) * MIB +
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
    `${config.workerThreads} workers × ${config.workerHeapMb} MB heap + ` +
    `${heavyLaneMb(config)} MB heavy lane + ${MAIN_THREAD_MB} MB), ` +
    `more than the ${mb(availableBytes)} MB this process may use. Lower STANDIN_MEMORY_BUDGET_MB ` +
    'or STANDIN_WORKER_THREADS (lowering STANDIN_WORKER_HEAP_MB makes large files fail instead).'
  );
}
