/** How often each key was seen: detection tallies zones, fraction widths and separators. */
export type KeyCounts<K> = Map<K, number>;

/** Counts one more sighting of `key`. */
export function countKey<K>(counts: KeyCounts<K>, key: K): void {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

/**
 * The key seen most often (the first of equals, in insertion order), or `fallback` when none
 * was seen.
 * @example mostCommonKey(new Map([['.', 2], [',', 5]]), '.') // ','
 */
export function mostCommonKey<K, F>(counts: ReadonlyMap<K, number>, fallback: F): K | F {
  let best: K | F = fallback;
  let bestCount = 0;
  for (const [key, count] of counts) {
    if (count > bestCount) {
      best = key;
      bestCount = count;
    }
  }
  return best;
}
