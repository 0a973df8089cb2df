import { isBlankCell } from '../cell';
import type { Cell } from '../types';
import type { ColumnPlan, PermuteValue } from './column-plan';
import { substituteCharacters } from './generators/text';
import type { KeyedRandom } from './keyed-random';
import { generatorText, keyOf, type Namespace } from './namespace';
import type { SensitiveCheck } from './sensitive-originals';
import { StringHashSet } from './string-hash-set';
import { UsedPseudonyms } from './used-pseudonyms';

/** Retries that must avoid every original of the namespace (and, for names, of the file). */
const STRICT_ATTEMPTS = 12;
/** Further retries that need only avoid other pseudonyms and the value itself. */
const MAX_ATTEMPTS = 32;
/** A grid is walked instead of retried when distinct values fill more than a third of it. */
const DENSE_GRID_SHARE = 3;
const MAX_GRID_SIZE = 20_000_000;
/** Steps along a permutation's cycle before a value whose image is refused goes to the retries. */
const MAX_CYCLE_STEPS = 16;

/** Finds the first free grid point at or after `index`, or -1 when the grid is full. */
function findFree(nextFree: Int32Array, index: number): number {
  const size = nextFree.length - 1;
  let at = index;
  while (nextFree[at] !== at) {
    const next = nextFree[at]!;
    nextFree[at] = nextFree[next]!; // path halving
    at = next;
  }
  if (at < size) return at;
  // Wrapped past the end: look again from the start, unless that was the start.
  return index === 0 ? -1 : findFree(nextFree, 0);
}

function takeGridPoint(nextFree: Int32Array, index: number): void {
  nextFree[index] = index + 1;
}

/**
 * Chooses one pseudonym per distinct original of a namespace and returns how many depend on the
 * file's other values (see PseudonymizeStats.fileDependentPseudonyms). Values with a keyed
 * bijection (plan.permute: identifiers, codes) come first and take their image, unless it is a
 * name, email or phone of the file: then the next image along the bijection's cycle that is no
 * such original and no pseudonym handed out (cycle-walking), once every direct image is placed. The other values follow in order
 * of first appearance: a keyed walk to the next free grid point when the originals fill much of
 * the column's grid, else keyed draws retried until one is new (choosePseudonym).
 * `sensitiveOriginals` holds the file's names, emails and phones, which no pseudonym may be.
 * `only`, when given, marks the values that need one (1); the others keep null, and their
 * originals are still avoided.
 */
export function choosePseudonyms(
  namespace: Namespace,
  random: KeyedRandom,
  sensitiveOriginals: SensitiveCheck,
  only?: Uint8Array,
): number {
  const { plan, ids, originals } = namespace;
  const count = originals.length;
  const pseudonyms = new Array<Cell>(count).fill(null);
  namespace.pseudonyms = pseudonyms;
  const used = new UsedPseudonyms(pseudonyms, count);
  let fileDependent = 0;
  /** What is left for the retries: 0 chosen, 1 to choose, 2 to choose after a refused image. */
  const pending = only ? only.slice() : new Uint8Array(count).fill(1);

  const { permute } = plan;
  if (permute) {
    const refused: number[] = [];
    for (let id = 0; id < count; id++) {
      if (pending[id] === 0) continue;
      const original = originals[id]!;
      const image = permute(original, generatorText(original));
      if (image === null) continue;
      const key = keyOf(image);
      const hash = StringHashSet.hash(key);
      if (sensitiveOriginals.has(key, hash)) {
        refused.push(id);
        continue;
      }
      // A bijection: no other value of the namespace has this image, so no `used` check.
      pseudonyms[id] = image;
      used.add(id, hash);
      pending[id] = 0;
    }
    for (const id of refused) {
      fileDependent++;
      const original = originals[id]!;
      const next = nextFreeImage(permute, original, used, sensitiveOriginals);
      if (next === null) {
        pending[id] = 2;
        continue;
      }
      pseudonyms[id] = next;
      used.add(id, StringHashSet.hash(keyOf(next)));
      pending[id] = 0;
    }
  }

  const grid =
    plan.grid &&
    plan.grid.size > 0 &&
    plan.grid.size <= MAX_GRID_SIZE &&
    count * DENSE_GRID_SHARE > plan.grid.size
      ? plan.grid
      : undefined;
  const nextFree = grid ? new Int32Array(grid.size + 1) : null;
  if (nextFree) for (let i = 0; i < nextFree.length; i++) nextFree[i] = i;
  if (grid && nextFree && grid.size >= 2 * count) {
    // Room enough: the originals' own points are off limits, so no pseudonym is an original.
    for (const original of originals) {
      const index = grid.indexOf(original, generatorText(original));
      if (index >= 0) takeGridPoint(nextFree, index);
    }
  }
  const isOriginal = (key: string, hash: number): boolean => ids.find(key, hash) >= 0;
  const choice: PseudonymChoice = { pseudonym: null, hash: 0, unique: false, fileDependent: false };

  for (let id = 0; id < count; id++) {
    if (pending[id] === 0) continue;
    const original = originals[id]!;
    const key = keyOf(original);
    const text = generatorText(original);
    let placed = false;
    if (grid && nextFree) {
      const own = grid.indexOf(original, text);
      if (own >= 0) {
        random.reseed(plan.kind, key);
        const drawn = random.int(grid.size);
        let point = findFree(nextFree, drawn);
        if (point === own) point = findFree(nextFree, (own + 1) % grid.size);
        // A full grid, or one whose only free point is the value itself: draw off the grid.
        if (point >= 0 && point !== own) {
          takeGridPoint(nextFree, point);
          const pseudonym = grid.render(point, original, text);
          pseudonyms[id] = pseudonym;
          placed = true;
          used.add(id, StringHashSet.hash(keyOf(pseudonym)));
          // Alone in a file, the value would have had the point drawn (or the one after itself).
          if (point !== (drawn === own ? (own + 1) % grid.size : drawn)) fileDependent++;
        }
      }
    }
    if (!placed) {
      const spaceUsedUp = namespace.exhausted > 100 && namespace.exhausted > namespace.placed;
      const attempts = plan.tinyDomain ? 1 : spaceUsedUp ? 2 : MAX_ATTEMPTS;
      choosePseudonym(
        choice,
        original,
        key,
        text,
        plan,
        random,
        used,
        isOriginal,
        attempts,
        sensitiveOriginals,
      );
      pseudonyms[id] = choice.pseudonym;
      used.add(id, choice.hash);
      if (choice.unique) namespace.placed++;
      else namespace.exhausted++;
      // A value whose image was refused is counted already.
      if (choice.fileDependent && pending[id] === 1) fileDependent++;
    }
  }
  used.release();
  return fileDependent;
}

/**
 * The first image after the value's own along the permutation's cycle (the image of its image,
 * and so on) that is no sensitive original and no pseudonym handed out; null when none is
 * within MAX_CYCLE_STEPS, or the cycle comes back to the value itself.
 */
function nextFreeImage(
  permute: PermuteValue,
  original: Cell,
  used: UsedPseudonyms,
  sensitiveOriginals: SensitiveCheck,
): Cell | null {
  const originalKey = keyOf(original);
  let image = permute(original, generatorText(original));
  for (let step = 0; image !== null && step < MAX_CYCLE_STEPS; step++) {
    image = permute(image, generatorText(image));
    if (image === null) return null;
    const key = keyOf(image);
    if (key === originalKey) return null;
    const hash = StringHashSet.hash(key);
    if (!sensitiveOriginals.has(key, hash) && !used.has(key, hash)) return image;
  }
  return null;
}

/**
 * What `choosePseudonym` chose: the pseudonym, the hash of its key, whether it is new, and
 * whether it depends on the file (its first keyed candidate was refused for another value).
 */
interface PseudonymChoice {
  pseudonym: Cell;
  hash: number;
  unique: boolean;
  fileDependent: boolean;
}

function hashOfCell(cell: Cell): number {
  return StringHashSet.hash(keyOf(cell));
}

/**
 * Draws candidates until one is new: first one that is no original at all, then one that is at
 * least not this value and not another value's pseudonym, then anything but this value. Names,
 * emails and phones of the file are never chosen, whatever column the pseudonym lands in (a
 * word column's 'King' is no surname of the file), unless nothing else can be drawn. Every
 * check compares keys, not just hashes, so only a real collision costs a redraw. Writes the
 * choice into `choice` (one object per namespace, not one per value).
 */
function choosePseudonym(
  choice: PseudonymChoice,
  original: Cell,
  originalKey: string,
  text: string,
  plan: ColumnPlan,
  random: KeyedRandom,
  used: UsedPseudonyms,
  isOriginal: (key: string, hash: number) => boolean,
  attempts: number,
  sensitiveOriginals: SensitiveCheck,
): void {
  let unique: Cell | undefined;
  let uniqueHash = 0;
  let different: Cell | undefined;
  let sensitive: Cell | undefined;
  let last: Cell = original;
  // The first candidate that is neither blank nor the value itself: what the value gets alone
  // in a file. Choosing another depends on the file's other values.
  let firstKey: string | undefined;
  for (let attempt = 0; attempt < attempts; attempt++) {
    random.reseed(plan.kind, originalKey, attempt);
    const candidate = plan.generate(original, text, attempt);
    last = candidate;
    if (isBlankCell(candidate)) continue;
    const key = keyOf(candidate);
    if (key === originalKey) continue;
    firstKey ??= key;
    const hash = StringHashSet.hash(key);
    if (sensitiveOriginals.has(key, hash)) {
      sensitive ??= candidate;
      continue;
    }
    different ??= candidate;
    // A measure's pseudonym may repeat and be another original: its first candidate stands.
    if (plan.repeatable) {
      choose(choice, candidate, hash, true, firstKey);
      return;
    }
    if (used.has(key, hash)) continue;
    if (!isOriginal(key, hash)) {
      choose(choice, candidate, hash, true, firstKey);
      return;
    }
    if (unique === undefined) {
      unique = candidate;
      uniqueHash = hash;
    }
    if (attempt >= STRICT_ATTEMPTS) break;
  }
  if (unique !== undefined) {
    choose(choice, unique, uniqueHash, true, firstKey);
    return;
  }
  // Booleans may keep their value (the documented keyed keep-or-swap).
  const pseudonym =
    different ?? (plan.tinyDomain ? null : lastResort(original, text, random)) ?? sensitive ?? last;
  choose(choice, pseudonym, hashOfCell(pseudonym), false, firstKey);
}

function choose(
  choice: PseudonymChoice,
  pseudonym: Cell,
  hash: number,
  unique: boolean,
  firstKey: string | undefined,
): void {
  choice.pseudonym = pseudonym;
  choice.hash = hash;
  choice.unique = unique;
  choice.fileDependent = firstKey !== undefined && keyOf(pseudonym) !== firstKey;
}

/**
 * When every draw gave the value back (a generator with no room for this value), the string
 * rules: every letter and digit redrawn, leading zeros too. Null when that changes nothing
 * either (text with no letters or digits).
 */
function lastResort(original: Cell, text: string, random: KeyedRandom): Cell | null {
  if (typeof original !== 'string' && typeof original !== 'number') return null;
  for (let attempt = 0; attempt < 4; attempt++) {
    const fake = substituteCharacters(text, random, Number.MAX_SAFE_INTEGER);
    if (fake === text) continue;
    if (typeof original === 'string') return fake;
    const value = Number(fake);
    if (Number.isFinite(value) && value !== original) return value;
  }
  return null;
}
