/**
 * The engine's door to Node's worker threads: a second thread that chooses some of a run's
 * pseudonyms while the run chooses the others (PseudonymizeOptions.generationHelper), for the
 * command line's whole runs and the server's, and a third, started once that one is done, that
 * finds the personal data in the run's free texts while the run applies its row rules. The run
 * waits for each synchronously, as the engine runs synchronously: the thread posts its answer
 * on a port of its own, then raises a shared flag the run waits on (Atomics.wait), and the run
 * takes the answer off the port (receiveMessageOnPort). It runs the caller's own module, which
 * starts serveGeneration when isGenerationThread (the command's bundle, the server's engine
 * worker). Only the Node entry (index.ts) reaches this module.
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
import { findSpansForRun } from '../pseudonymize/pii-in-text/pii-in-text';
import type { FoundSpans, GenerationHelper, HelperChoice, HelperTask, SpanTask } from '../types';

/**
 * Files from this size on are pseudonymized with a generation thread; below it, starting the
 * thread costs more than it saves.
 */
export const GENERATION_THREAD_FROM_BYTES = 8 * 1024 ** 2;

/** The flag's values: waiting for an answer, answered. */
const WAITING = 0;
const ANSWERED = 1;
/**
 * How long the run waits beyond the time since it handed the task over before it does the
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

type Task = HelperTask | SpanTask;
type Answer = { choices: HelperChoice[] } | { spans: FoundSpans } | { failed: true };

/** One thread that does one task of a run, and its answer. */
class HelperThread {
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

  start(task: Task): void {
    Atomics.store(this.#flag, 0, WAITING);
    this.#startedAt = performance.now();
    this.#port.postMessage(task);
  }

  /** The answer; null when the thread failed or took too long. */
  answer(): Answer | null {
    const patience = LEAST_PATIENCE_MS + PATIENCE_FACTOR * (performance.now() - this.#startedAt);
    const deadline = performance.now() + patience;
    while (Atomics.load(this.#flag, 0) === WAITING) {
      const left = deadline - performance.now();
      if (left <= 0 || Atomics.wait(this.#flag, 0, WAITING, left) === 'timed-out') return null;
    }
    return (receiveMessageOnPort(this.#port)?.message as Answer | undefined) ?? null;
  }

  async close(): Promise<void> {
    this.#port.close();
    await this.#worker.terminate();
  }
}

/**
 * The run's side: starts the generation thread at once, so it is ready by the time a run needs
 * it, and the thread that finds spans when the run asks for it (the first is gone by then).
 */
export class GenerationThread implements GenerationHelper {
  readonly #entry: URL;
  readonly #chooser: HelperThread;
  #spanFinder: HelperThread | null = null;

  constructor(entry: URL) {
    this.#entry = entry;
    this.#chooser = new HelperThread(entry);
  }

  start(task: HelperTask): void {
    this.#chooser.start(task);
  }

  finish(): HelperChoice[] | null {
    const answer = this.#chooser.answer();
    return answer && 'choices' in answer ? answer.choices : null;
  }

  findSpans(task: SpanTask): void {
    this.#spanFinder ??= new HelperThread(this.#entry);
    this.#spanFinder.start(task);
  }

  spansFound(): FoundSpans | null {
    const answer = this.#spanFinder?.answer();
    return answer && 'spans' in answer ? answer.spans : null;
  }

  async close(): Promise<void> {
    await Promise.all([this.#chooser.close(), this.#spanFinder?.close()]);
  }
}

/** Whether this thread is a run's generation helper. */
export function isGenerationThread(): boolean {
  return (
    !isMainThread &&
    (workerData as Partial<GenerationThreadData> | null)?.standinGenerationThread === true
  );
}

/**
 * The helper's side: answers its task with its choices or spans, or that it failed (never why:
 * data).
 */
export function serveGeneration(): void {
  const { port, flag } = workerData as GenerationThreadData;
  port.on('message', (task: Task) => {
    let answer: Answer;
    try {
      answer = 'texts' in task ? { spans: findSpansForRun(task) } : { choices: chooseForRun(task) };
    } catch {
      answer = { failed: true };
    }
    const transfer =
      'spans' in answer ? [answer.spans.starts.buffer, answer.spans.spans.buffer] : [];
    port.postMessage(answer, transfer);
    Atomics.store(flag, 0, ANSWERED);
    Atomics.notify(flag, 0);
    // One run's helper: its memory (the file's values it copied) goes back now, not at the end.
    port.close();
    process.exit(0);
  });
}
