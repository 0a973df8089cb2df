import type {
  Cell,
  ColumnSchema,
  GenerationHelper,
  HelperChoice,
  HelperTask,
  KeyIndexTable,
} from '../types';
import { choosePseudonyms } from './choose-pseudonyms';
import { planColumn, type ColumnPlan, type RangeOverrides } from './column-plan';
import { KeyIndex } from './key-index';
import { createKeyedFaker } from './keyed-faker';
import { KeyedRandom } from './keyed-random';
import type { Namespace } from './namespace';
import {
  SensitiveAmbiguity,
  SensitiveHashes,
  type SensitiveOriginals,
} from './sensitive-originals';

/*
 * A second thread choosing some namespaces' pseudonyms while the run chooses the others
 * (PseudonymizeOptions.generationHelper). A namespace's choice reads only its own originals, its
 * plan (rebuilt here from the column schema that made it, the same function of the key), and the
 * file's names, emails and phones (SensitiveOriginals): so whichever thread makes it, it is the
 * same, byte for byte, retries included.
 */

/** Below this many values to choose, handing some over would cost more than it saves. */
const LEAST_VALUES_TO_SHARE = 100_000;

/**
 * What choosing one value costs, as a share of a keyed draw's (a UUID's), by how its namespace
 * chooses; measured on the 50 MB shared CSV. An email made of names also draws its names'
 * pseudonyms and retries for namesakes (3.9 µs a value there, a UUID 2.3 µs); an identifier's
 * keyed permutation (1.6 µs), a measure's keyed nudge (1.3 µs) and a phone's digits (1.1 µs)
 * cost less than a draw. Only the order of the queue depends on it, never a pseudonym.
 */
function costPerValue(plan: ColumnPlan): number {
  if (plan.kind === 'email') return 1.7;
  if (plan.permute) return 0.7;
  if (plan.repeatable) return 0.6;
  if (plan.kind === 'phone') return 0.5;
  return 1;
}

/** A namespace the run may hand over, and how its plan was made. */
export interface ShareableNamespace {
  namespace: Namespace;
  schema: ColumnSchema;
  overrides: RangeOverrides | undefined;
}

/**
 * The namespaces in the order the run and its helper take them, the costliest first (largest
 * first, scheduling's rule for two workers: what is left at the end is small); null when the run
 * is too small to share, or has one namespace.
 */
export function sharingOrder(
  shareable: readonly ShareableNamespace[],
): ShareableNamespace[] | null {
  const total = shareable.reduce((sum, { namespace }) => sum + namespace.originals.length, 0);
  if (total < LEAST_VALUES_TO_SHARE || shareable.length < 2) return null;
  return [...shareable].sort((a, b) => costOf(b) - costOf(a));
}

/** A namespace's estimated cost: its values, each at its kind's cost (costPerValue). */
function costOf({ namespace }: ShareableNamespace): number {
  return namespace.originals.length * costPerValue(namespace.plan);
}

/**
 * The share of a run's work its helper is offered. Less than half: the copies to the helper and
 * back cost the run time the helper does not, and on the 50 MB shared CSV the run took the
 * phones it was offered beyond this, which cost a copy for nothing.
 */
const OFFERED_SHARE = 0.4;

/**
 * How many of the namespaces after the run's own (`order`'s first) the helper is offered: the
 * costliest, until they make OFFERED_SHARE of the work. The rest stay the run's, not copied: the
 * copy to the helper costs the run a tenth of a second per million values, and memory.
 */
function offeredCount(order: readonly ShareableNamespace[]): number {
  const total = order.reduce((sum, shareable) => sum + costOf(shareable), 0);
  let offered = 0;
  let cost = 0;
  while (offered < order.length - 1 && cost < total * OFFERED_SHARE) {
    cost += costOf(order[1 + offered++]!);
  }
  return offered;
}

/** What choosing a run's namespaces reads besides them. */
interface ChoiceContext {
  random: KeyedRandom;
  sensitiveOriginals: SensitiveOriginals;
  secret: Uint8Array;
  scheme: number;
  helper: GenerationHelper | undefined;
}

/**
 * The namespaces a run's helper took and has not answered yet (chooseAll). The run goes on with
 * what needs none of them, and settles before anything reads their pseudonyms.
 */
export interface HelperShare {
  /** The namespaces the helper took: their pseudonyms are not chosen until settle(). */
  readonly pending: ReadonlySet<Namespace>;
  /**
   * Waits for the helper's answer and takes its pseudonyms (or chooses those it did not answer
   * here: the same ones); returns how many values the helper chose. Called once.
   */
  settle(): number;
}

const NOTHING_PENDING: HelperShare = { pending: new Set(), settle: () => 0 };

/**
 * Chooses the pseudonyms of every namespace of `shareable` (choosePseudonyms); `chosen` hears
 * each namespace once its pseudonyms are in, with how many depend on the file. With a helper
 * and a run large enough (sharingOrder), the run chooses the costliest namespace, and the cheap
 * ones it keeps, while the helper takes the next from the queue of those it is offered
 * (offeredCount); then each side takes the next one left whenever it is free: whatever their
 * speeds, neither waits long for the other. What the helper took is returned pending
 * (HelperShare), so the run does other work before it waits for the answer.
 */
export function chooseAll(
  shareable: readonly ShareableNamespace[],
  context: ChoiceContext,
  chosen: (namespace: Namespace, fileDependent: number) => void,
): HelperShare {
  const { random, sensitiveOriginals, helper } = context;
  const choose = ({ namespace }: ShareableNamespace) =>
    chosen(namespace, choosePseudonyms(namespace, random, sensitiveOriginals));
  const order = helper ? sharingOrder(shareable) : null;
  if (!helper || !order) {
    shareable.forEach(choose);
    return NOTHING_PENDING;
  }
  // The costliest is the run's: it starts on it at once, while the helper receives the task, so
  // it is not copied. So are the cheap ones the helper is not offered (offeredCount).
  const [own, ...others] = order as [ShareableNamespace, ...ShareableNamespace[]];
  const offered = offeredCount(order);
  const queue = others.slice(0, offered);
  const claims = sharedFlag();
  // The helper is handed the sensitive originals' shapes empty, and the run fills them while the
  // helper receives the namespaces: the helper starts choosing that much sooner.
  const sensitive = sensitiveOriginals.tables();
  const sensitiveReady = sharedFlag();
  helper.start({
    secret: context.secret,
    scheme: context.scheme,
    sensitive,
    sensitiveReady,
    namespaces: queue.map(({ namespace, schema, overrides }) => ({
      schema,
      ...(overrides ? { overrides } : {}),
      originals: namespace.originals,
      ids: namespace.ids.table(),
    })),
    claims,
  });
  sensitiveOriginals.fillShapes(sensitive);
  Atomics.store(sensitiveReady, 0, 1);
  Atomics.notify(sensitiveReady, 0);
  choose(own);
  others.slice(offered).forEach(choose);
  const takenHere = new Uint8Array(queue.length);
  for (let index = claim(claims); index < queue.length; index = claim(claims)) {
    takenHere[index] = 1;
    choose(queue[index]!);
  }
  const pending = queue.filter((_, index) => takenHere[index] === 0);
  // A helper that took nothing (it was still loading) is not waited for.
  if (pending.length === 0) return NOTHING_PENDING;
  const settle = () => {
    const answer = helper.finish();
    const choices = new Map(answer?.map((choice) => [choice.index, choice]));
    let helped = 0;
    queue.forEach((shared, index) => {
      if (takenHere[index] === 1) return;
      const choice = choices.get(index);
      if (!choice) {
        choose(shared);
        return;
      }
      const { namespace } = shared;
      namespace.pseudonyms = choice.pseudonyms;
      namespace.exhausted = choice.exhausted;
      namespace.placed = choice.placed;
      chosen(namespace, choice.fileDependent);
      helped += namespace.originals.length;
    });
    return helped;
  };
  return { pending: new Set(pending.map(({ namespace }) => namespace)), settle };
}

/** A namespace of `originals` under `plan`, numbered as the run's scan numbered them. */
function namespaceOf(plan: ColumnPlan, originals: Cell[], ids: KeyIndexTable): Namespace {
  return { plan, exhausted: 0, placed: 0, ids: KeyIndex.fromTable(ids), originals, pseudonyms: [] };
}

/**
 * The helper's side: takes namespaces from the task's queue (HelperTask.claims) until none is
 * left, and chooses their pseudonyms as the run would.
 * @example chooseForRun(task).map((choice) => choice.index)
 */
export function chooseForRun(task: HelperTask): HelperChoice[] {
  // The run fills the sensitive originals' shapes after it hands the task over (chooseAll).
  Atomics.wait(task.sensitiveReady, 0, 0);
  const random = new KeyedRandom(task.secret);
  const source = { random, faker: createKeyedFaker(random) };
  const sensitive = new SensitiveHashes(task.sensitive);
  const choices: HelperChoice[] = [];
  for (let index = claim(task.claims); index < task.namespaces.length; index = claim(task.claims)) {
    const taken = task.namespaces[index]!;
    const action = planColumn(taken.schema, source, taken.overrides, task.scheme);
    if (action.action !== 'generate') {
      throw new Error(`a ${action.action} column cannot be handed to a helper`);
    }
    const namespace = namespaceOf(action.plan, taken.originals, taken.ids);
    let fileDependent: number;
    try {
      fileDependent = choosePseudonyms(namespace, random, sensitive);
    } catch (error) {
      // A candidate that may be a name, email or phone of the file: the run, which holds them,
      // chooses this namespace itself.
      if (error instanceof SensitiveAmbiguity) continue;
      throw error;
    }
    const { pseudonyms, exhausted, placed } = namespace;
    choices.push({ index, pseudonyms, exhausted, placed, fileDependent });
  }
  return choices;
}

/** One number in shared memory, 0 at first: a task's claims, or a flag. */
export function sharedFlag(): Int32Array {
  return new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
}

/** The next namespace of the queue, taken for the side that asks (see HelperTask.claims). */
function claim(claims: Int32Array): number {
  return Atomics.add(claims, 0, 1);
}
