import { MessageChannel } from 'node:worker_threads';
import type { Dataset, RunResult, RunExtras } from './dataset-store';
import { pseudonymizeJob } from './engine-jobs';
import type { EnginePool } from './engine-pool';

/**
 * Pseudonymizes a dataset on the pool, answering in two steps of one job: the result as soon as
 * the worker has written it, and the mapping and the report it writes and computes afterwards
 * (`extras`, for DatasetStore.recordEarlyRun). The run's result, what a client waits for, no
 * longer waits for them. A failure before the result rejects; one after it rejects `extras`.
 */
export async function startPseudonymizeRun(
  pool: EnginePool,
  dataset: Dataset,
  secret: string | undefined,
  client?: string,
): Promise<{ result: RunResult; extras: Promise<RunExtras> }> {
  const { port1: results, port2: early } = new MessageChannel();
  const result = new Promise<RunResult>((resolve) => {
    results.once('message', (message: RunResult) => resolve(message));
  });
  const extras = pool.run(pseudonymizeJob(dataset, secret, early), client, [early]);
  try {
    // The job's answer and the message on the port come by different ways, in either order.
    return { result: await Promise.race([result, extras.then(() => result)]), extras };
  } finally {
    results.close();
  }
}
