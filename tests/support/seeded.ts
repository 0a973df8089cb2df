/**
 * A small seeded generator (xorshift32): `below(n)` gives a number from 0 to n - 1, the same
 * sequence for the same seed, so every run checks the same texts and tables.
 * @example const below = seeded(7); below(10) // the same digit on every run
 */
export function seeded(seed: number): (below: number) => number {
  let state = seed;
  return (below) => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) % below;
  };
}
