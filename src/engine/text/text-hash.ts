/*
 * Two 32-bit hashes of a text, independent enough that together they are a 64-bit hash: what
 * sets keep instead of the values themselves where the values are too many to keep (a streaming
 * run's seen mapping rows and shared addresses, a streamed report's counts). Neither is ever 0,
 * which marks an empty slot in their tables.
 */

/** FNV-1a, its high bits folded in. */
export function firstHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  }
  return (hash ^ (hash >>> 16)) >>> 0 || 1;
}

/** A multiply–rotate hash (MurmurHash3's constants), finalized. */
export function secondHash(text: string): number {
  let hash = 0x9e3779b9;
  for (let index = 0; index < text.length; index++) {
    hash = Math.imul(hash ^ text.charCodeAt(index), 0x85ebca6b);
    hash = (hash << 13) | (hash >>> 19);
  }
  return Math.imul(hash ^ (hash >>> 15), 0xc2b2ae35) >>> 0 || 1;
}
