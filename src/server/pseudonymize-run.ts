import { MessageChannel } from 'node:worker_threads';
import type { PrivacyReport } from '../engine';
import type { Dataset, ExtrasToCome, RunResult } from './dataset-store';
import { pseudonymizeJob } from './engine-jobs';
import type { EnginePool } from './engine-pool';

/** A promise settled from outside, already handled so a rejection nobody awaits is no error. */
function deferred<T>(): {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
} {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}

/**
 * Pseudonymizes a dataset on the pool, answering in steps of one job: the result as soon as the
 * worker has written it, then the report, then the mapping (`extras`, for
 * DatasetStore.recordEarlyRun), so the run's result, what a client waits for, waits for neither.
 * A failure before the result rejects; one after it rejects what had not arrived.
 */
export async function startPseudonymizeRun(
  pool: EnginePool,
  dataset: Dataset,
  secret: string | undefined,
  client?: string,
): Promise<{ result: RunResult; extras: ExtrasToCome }> {
  const { port1: messages, port2: early } = new MessageChannel();
  const result = deferred<RunResult>();
  const report = deferred<PrivacyReport | null>();
  // The worker posts the result, then the report (see PseudonymizeJob.early).
  let received = 0;
  messages.on('message', (message: unknown) => {
    if (received++ === 0) result.resolve(message as RunResult);
    else {
      report.resolve(message as PrivacyReport | null);
      messages.close();
    }
  });
  const job = pool.run(pseudonymizeJob(dataset, secret, early), client, [early]);
  // The job's answer and the messages on the port come by different ways, in either order: a
  // failure settles what has not come (a promise settled already stays as it is).
  job.catch((error: unknown) => {
    result.reject(error);
    report.reject(error);
    messages.close();
  });
  return {
    result: await result.promise,
    extras: { report: report.promise, mapping: job.then(({ mapping }) => mapping) },
  };
}
