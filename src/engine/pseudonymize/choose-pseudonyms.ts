import { isBlankCell } from '../cell';
import type { Cell } from '../types';
import type { ColumnPlan } from './column-plan';
import { substituteCharacters } from './generators/text';
import type { KeyedRandom } from './keyed-random';
import { cellKey, generatorText, type Namespace } from './namespace';
import { StringHashSet } from './string-hash-set';

/** Retries that must avoid every original of the namespace (and, for names, of the file). */
const STRICT_ATTEMPTS = 12;
/** Further retries that need only avoid other pseudonyms and the value itself. */
const MAX_ATTEMPTS = 32;
/** A grid is walked instead of retried when distinct values fill more than a third of it. */
const DENSE_GRID_SHARE = 3;
const MAX_GRID_SIZE = 20_000_000;

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
 * Chooses one pseudonym per distinct original of a namespace, in order of first appearance:
 * a keyed walk to the next free grid point when the originals fill much of the column's grid,
 * else keyed draws retried until one is new (choosePseudonym). `sensitiveOriginals` holds the
 * hashes of the file's names, emails and phones, which no pseudonym may be.
 */
export function choosePseudonyms(
  namespace: Namespace,
  random: KeyedRandom,
  sensitiveOriginals: StringHashSet,
): void {
  const { plan, ids, originals, pseudonyms } = namespace;
  const count = originals.length;
  const used = new StringHashSet(count);
  namespace.used = used;
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
  const choice: PseudonymChoice = { pseudonym: null, hash: 0, unique: false };

  for (let id = 0; id < count; id++) {
    const original = originals[id]!;
    const key = typeof original === 'string' ? original : cellKey(original);
    const text = generatorText(original);
    let pseudonym: Cell | undefined;
    if (grid && nextFree) {
      const own = grid.indexOf(original, text);
      if (own >= 0) {
        random.reseed(plan.kind, key);
        let point = findFree(nextFree, random.int(grid.size));
        if (point === own) point = findFree(nextFree, (own + 1) % grid.size);
        // A full grid, or one whose only free point is the value itself: draw off the grid.
        if (point >= 0 && point !== own) {
          takeGridPoint(nextFree, point);
          pseudonym = grid.render(point, original, text);
          used.add(typeof pseudonym === 'string' ? pseudonym : cellKey(pseudonym));
        }
      }
    }
    if (pseudonym === undefined) {
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
      pseudonym = choice.pseudonym;
      if (choice.unique) namespace.placed++;
      else namespace.exhausted++;
      used.addHash(choice.hash);
    }
    pseudonyms.push(pseudonym);
  }
}

/** What `choosePseudonym` chose: the pseudonym, the hash of its key, and whether it is new. */
interface PseudonymChoice {
  pseudonym: Cell;
  hash: number;
  unique: boolean;
}

function hashOfCell(cell: Cell): number {
  return StringHashSet.hash(typeof cell === 'string' ? cell : cellKey(cell));
}

/**
 * Draws candidates until one is new: first one that is no original at all, then one that is at
 * least not this value and not another value's pseudonym, then anything but this value. Names,
 * emails and phones of the file are never chosen, whatever column the pseudonym lands in (a
 * word column's 'King' is no surname of the file), unless nothing else can be drawn; a hash
 * that merely collides with one costs a redraw, never a leak. Writes the choice into `choice`
 * (one object per namespace, not one per value).
 */
function choosePseudonym(
  choice: PseudonymChoice,
  original: Cell,
  originalKey: string,
  text: string,
  plan: ColumnPlan,
  random: KeyedRandom,
  used: StringHashSet,
  isOriginal: (key: string, hash: number) => boolean,
  attempts: number,
  sensitiveOriginals: StringHashSet,
): void {
  let unique: Cell | undefined;
  let uniqueHash = 0;
  let different: Cell | undefined;
  let sensitive: Cell | undefined;
  let last: Cell = original;
  for (let attempt = 0; attempt < attempts; attempt++) {
    random.reseed(plan.kind, originalKey, attempt);
    const candidate = plan.generate(original, text, attempt);
    last = candidate;
    if (isBlankCell(candidate)) continue;
    const key = typeof candidate === 'string' ? candidate : cellKey(candidate);
    if (key === originalKey) continue;
    const hash = StringHashSet.hash(key);
    if (sensitiveOriginals.hasHash(hash)) {
      sensitive ??= candidate;
      continue;
    }
    different ??= candidate;
    if (used.hasHash(hash)) continue;
    if (!isOriginal(key, hash)) {
      choice.pseudonym = candidate;
      choice.hash = hash;
      choice.unique = true;
      return;
    }
    if (unique === undefined) {
      unique = candidate;
      uniqueHash = hash;
    }
    if (attempt >= STRICT_ATTEMPTS) break;
  }
  if (unique !== undefined) {
    choice.pseudonym = unique;
    choice.hash = uniqueHash;
    choice.unique = true;
    return;
  }
  // Booleans may keep their value (the documented keyed keep-or-swap).
  choice.pseudonym =
    different ?? (plan.tinyDomain ? null : lastResort(original, text, random)) ?? sensitive ?? last;
  choice.hash = hashOfCell(choice.pseudonym);
  choice.unique = false;
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
