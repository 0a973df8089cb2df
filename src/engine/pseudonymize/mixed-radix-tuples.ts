/*
 * Arithmetic on mixed-radix tuples (position i below radices[i], the last position counting
 * fastest), for MixedRadixPermutation: counting, indexing and adding without big numbers.
 */

/** How many tuples a pattern holds, or a number past `cap` once it exceeds it. */
export function tupleCount(radices: Uint8Array, length: number, cap: number): number {
  let count = 1;
  for (let i = 0; i < length && count <= cap; i++) count *= radices[i]!;
  return count;
}

/** A tuple's index, the last position counting fastest. */
export function tupleIndex(values: Uint8Array, radices: Uint8Array, length: number): number {
  let index = 0;
  for (let i = 0; i < length; i++) index = index * radices[i]! + values[i]!;
  return index;
}

/** Writes the tuple at an index (the inverse of tupleIndex) into `out`. */
export function writeTuple(
  index: number,
  radices: Uint8Array,
  length: number,
  out: Uint8Array,
): Uint8Array {
  let rest = index;
  for (let i = length - 1; i >= 0; i--) {
    const radix = radices[i]!;
    out[i] = rest % radix;
    rest = Math.floor(rest / radix);
  }
  return out;
}

/** The next tuple of the pattern, wrapping from the largest to the smallest. */
export function increment(values: Uint8Array, radices: Uint8Array, length: number): void {
  for (let i = length - 1; i >= 0; i--) {
    if (values[i]! + 1 < radices[i]!) {
      values[i]!++;
      return;
    }
    values[i] = 0;
  }
}

/** half += draws, position by position with carry, modulo the half's size. */
export function addInto(
  half: Uint8Array,
  draws: Uint8Array,
  radices: Uint8Array,
  start: number,
  length: number,
): void {
  let carry = 0;
  for (let i = length - 1; i >= 0; i--) {
    const radix = radices[start + i]!;
    const sum = half[i]! + draws[i]! + carry;
    carry = sum >= radix ? 1 : 0;
    half[i] = sum - carry * radix;
  }
}

/** half -= draws, position by position with borrow, modulo the half's size. */
export function subtractFrom(
  half: Uint8Array,
  draws: Uint8Array,
  radices: Uint8Array,
  start: number,
  length: number,
): void {
  let borrow = 0;
  for (let i = length - 1; i >= 0; i--) {
    const radix = radices[start + i]!;
    const difference = half[i]! - draws[i]! - borrow;
    borrow = difference < 0 ? 1 : 0;
    half[i] = difference + borrow * radix;
  }
}
