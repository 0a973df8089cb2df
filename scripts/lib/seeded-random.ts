/**
 * mulberry32: a tiny seeded PRNG for generated test and benchmark data, so the same seed gives
 * the same file on every run and nothing depends on Math.random.
 * @example createSeededRandom(42)() // 0.6011037519201636
 */
export function createSeededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
