import type { Cell, ColumnSchema, GenerationHelper, HelperChoice, HelperTask } from '../types';
import { choosePseudonyms } from './choose-pseudonyms';
import { planColumn, type ColumnPlan, type RangeOverrides } from './column-plan';
import { KeyIndex } from './key-index';
import { createKeyedFaker } from './keyed-faker';
import { KeyedRandom } from './keyed-random';
import { keyOf, type Namespace } from './namespace';
import { SensitiveOriginals } from './sensitive-originals';

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
 * What a value handed over costs the run, as a share of choosing it: its original is copied to
 * the helper and its pseudonym back, cheap beside a keyed draw but not free. The sensitive
 * originals the helper checks against are copied too.
 */
const COPY_COST = 0.15;

/** A namespace the run may hand over, and how its plan was made. */
export interface ShareableNamespace {
  namespace: Namespace;
  schema: ColumnSchema;
  overrides: RangeOverrides | undefined;
}

/**
 * The namespaces to hand to the helper: the largest first, each to whichever thread has less to
 * do so far (a value is a unit of work, and a copy a share of one). None when the run is too
 * small to share, or has one namespace.
 */
export function namespacesToShare(
  shareable: readonly ShareableNamespace[],
  sensitiveKeys: readonly (readonly string[])[],
): ShareableNamespace[] {
  const total = shareable.reduce((sum, { namespace }) => sum + namespace.originals.length, 0);
  if (total < LEAST_VALUES_TO_SHARE || shareable.length < 2) return [];
  const sensitiveCount = sensitiveKeys.reduce((sum, keys) => sum + keys.length, 0);
  let runLoad = COPY_COST * sensitiveCount;
  let helperLoad = COPY_COST * sensitiveCount;
  const shared: ShareableNamespace[] = [];
  const bySize = [...shareable].sort(
    (a, b) => b.namespace.originals.length - a.namespace.originals.length,
  );
  for (const candidate of bySize) {
    const size = candidate.namespace.originals.length;
    if (helperLoad < runLoad + size * COPY_COST) {
      shared.push(candidate);
      helperLoad += size;
      runLoad += size * COPY_COST;
    } else {
      runLoad += size;
    }
  }
  return shared;
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
 * Chooses the pseudonyms of every namespace of `shareable` (choosePseudonyms), handing the
 * largest to the context's helper when the run is large enough (namespacesToShare) and choosing
 * the rest meanwhile; `chosen` hears each namespace once its pseudonyms are in, with how many
 * depend on the file. Returns how many values the helper chose (0 when it failed, and the run
 * chose them itself).
 */
export function chooseAll(
  shareable: readonly ShareableNamespace[],
  context: ChoiceContext,
  chosen: (namespace: Namespace, fileDependent: number) => void,
): number {
  const { random, sensitiveOriginals, helper } = context;
  const sensitiveKeys = sensitiveOriginals.keyLists();
  const shared = helper ? namespacesToShare(shareable, sensitiveKeys) : [];
  if (shared.length > 0) {
    helper!.start({
      secret: context.secret,
      scheme: context.scheme,
      sensitiveKeys,
      namespaces: shared.map(({ namespace, schema, overrides }) => ({
        schema,
        ...(overrides ? { overrides } : {}),
        originals: namespace.originals,
      })),
    });
  }
  const handedOver = new Set(shared.map(({ namespace }) => namespace));
  for (const { namespace } of shareable) {
    if (!handedOver.has(namespace)) {
      chosen(namespace, choosePseudonyms(namespace, random, sensitiveOriginals));
    }
  }
  if (shared.length === 0) return 0;
  const choices = helper!.finish();
  shared.forEach(({ namespace }, index) => {
    const choice = choices?.[index];
    if (!choice) {
      chosen(namespace, choosePseudonyms(namespace, random, sensitiveOriginals));
      return;
    }
    namespace.pseudonyms = choice.pseudonyms;
    namespace.exhausted = choice.exhausted;
    namespace.placed = choice.placed;
    chosen(namespace, choice.fileDependent);
  });
  return choices ? shared.reduce((sum, { namespace }) => sum + namespace.originals.length, 0) : 0;
}

/** A namespace of `originals` under `plan`, numbered as the run's scan numbered them. */
function indexed(plan: ColumnPlan, originals: Cell[]): Namespace {
  const ids = new KeyIndex(originals.length);
  for (const original of originals) ids.add(keyOf(original));
  return { plan, exhausted: 0, placed: 0, ids, originals, pseudonyms: [] };
}

/**
 * The helper's side: chooses the pseudonyms of every namespace of the task, as the run would.
 * @example chooseForRun(task).map((choice) => choice.pseudonyms.length)
 */
export function chooseForRun(task: HelperTask): HelperChoice[] {
  const random = new KeyedRandom(task.secret);
  const source = { random, faker: createKeyedFaker(random) };
  const sensitivePlan = { sensitive: true } as ColumnPlan;
  const sensitiveOriginals = new SensitiveOriginals(
    task.sensitiveKeys.map((keys) => indexed(sensitivePlan, keys)),
  );
  return task.namespaces.map(({ schema, overrides, originals }) => {
    const action = planColumn(schema, source, overrides, task.scheme);
    if (action.action !== 'generate') {
      throw new Error(`a ${action.action} column cannot be handed to a helper`);
    }
    const namespace = indexed(action.plan, originals);
    const fileDependent = choosePseudonyms(namespace, random, sensitiveOriginals);
    const { pseudonyms, exhausted, placed } = namespace;
    return { pseudonyms, exhausted, placed, fileDependent };
  });
}
