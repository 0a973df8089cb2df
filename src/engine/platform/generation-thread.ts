/**
 * The engine's door to Node's worker threads: a second thread that chooses some of a run's
 * pseudonyms while the run chooses the others (PseudonymizeOptions.generationHelper), for the
 * command line's whole runs and the server's. The run waits for it synchronously, as the engine
 * runs synchronously: the thread posts its answer on a port of its own, then raises a shared
 * flag the run waits on (Atomics.wait), and the run takes the answer off the port
 * (receiveMessageOnPort). It runs the caller's own module, which starts serveGeneration when
 * isGenerationThread (the command's bundle, the server's engine worker). Only the Node entry
 * (index.ts) reaches this module.
 */
import {
  isMainThread,
  MessageChannel,
  receiveMessageOnPort,
  Worker,
  workerData,
  type MessagePort,
} from 'node:worker_threads';
import { chooseForRun } from '../pseudonymize/helper-generation';
import type { GenerationHelper, HelperChoice, HelperTask } from '../types';

/**
 * Files from this size on are pseudonymized with a generation thread; below it, starting the
 * thread costs more than it saves.
 */
export const GENERATION_THREAD_FROM_BYTES = 8 * 1024 ** 2;

/** The flag's values: waiting for an answer, answered. */
const WAITING = 0;
const ANSWERED = 1;
/**
 * How long the run waits beyond the time it spent on its own share before it chooses the
 * helper's share itself (the helper died, or the machine starves it): the same output, later.
 */
const LEAST_PATIENCE_MS = 5_000;
const PATIENCE_FACTOR = 3;

/**
 * The helper's young generation: what it allocates is mostly kept (pseudonyms), so a small one
 * costs it no time, and the run's peak memory, which the helper's share falls in, is 40 MB lower
 * on the 50 MB shared CSV (550 MB, not 590) than with V8's default.
 */
const HELPER_YOUNG_GENERATION_MB = 8;

interface GenerationThreadData {
  standinGenerationThread: true;
  port: MessagePort;
  flag: Int32Array;
}

type Answer = { choices: HelperChoice[] } | { failed: true };

/** The run's side: starts the thread at once, so it is ready by the time a run needs it. */
export class GenerationThread implements GenerationHelper {
  readonly #worker: Worker;
  readonly #port: MessagePort;
  readonly #flag = new Int32Array(new SharedArrayBuffer(4));
  #startedAt = 0;

  constructor(entry: URL) {
    const { port1, port2 } = new MessageChannel();
    this.#port = port1;
    const data: GenerationThreadData = {
      standinGenerationThread: true,
      port: port2,
      flag: this.#flag,
    };
    this.#worker = new Worker(entry, {
      workerData: data,
      transferList: [port2],
      resourceLimits: { maxYoungGenerationSizeMb: HELPER_YOUNG_GENERATION_MB },
    });
    // A helper that fails answers so (or not at all, and the run stops waiting for it).
    this.#worker.on('error', () => {});
    this.#worker.unref();
  }

  start(task: HelperTask): void {
    Atomics.store(this.#flag, 0, WAITING);
    this.#startedAt = performance.now();
    this.#port.postMessage(task);
  }

  finish(): HelperChoice[] | null {
    const patience = LEAST_PATIENCE_MS + PATIENCE_FACTOR * (performance.now() - this.#startedAt);
    const deadline = performance.now() + patience;
    while (Atomics.load(this.#flag, 0) === WAITING) {
      const left = deadline - performance.now();
      if (left <= 0 || Atomics.wait(this.#flag, 0, WAITING, left) === 'timed-out') return null;
    }
    const answer = receiveMessageOnPort(this.#port)?.message as Answer | undefined;
    return answer && 'choices' in answer ? answer.choices : null;
  }

  async close(): Promise<void> {
    this.#port.close();
    await this.#worker.terminate();
  }
}

/** Whether this thread is a run's generation helper. */
export function isGenerationThread(): boolean {
  return (
    !isMainThread &&
    (workerData as Partial<GenerationThreadData> | null)?.standinGenerationThread === true
  );
}

/** The helper's side: answers each task with its choices, or that it failed (never why: data). */
export function serveGeneration(): void {
  const { port, flag } = workerData as GenerationThreadData;
  port.on('message', (task: HelperTask) => {
    let answer: Answer;
    try {
      answer = { choices: chooseForRun(task) };
    } catch {
      answer = { failed: true };
    }
    port.postMessage(answer);
    Atomics.store(flag, 0, ANSWERED);
    Atomics.notify(flag, 0);
    // One run's helper: its memory (the file's values it copied) goes back now, not at the end.
    port.close();
    process.exit(0);
  });
}
