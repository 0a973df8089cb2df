/**
 * Bytes in shared memory, where a worker's result is posted to the server's thread and kept
 * for downloads without another copy.
 */

/** `bytes` copied into shared memory of their exact length. */
export function shared(bytes: Uint8Array): SharedArrayBuffer {
  const buffer = new SharedArrayBuffer(bytes.byteLength);
  new Uint8Array(buffer).set(bytes);
  return buffer;
}

/**
 * Pieces (which may be views of one buffer filled again: utf8Pieces) copied one after the other
 * into shared memory that grows as they come, to their exact length: the bytes are written once
 * in fresh memory, not written whole first and then copied (on the 50 MB shared CSV, 55 MB of
 * fresh memory and about 0.15 s less). `expected` sizes the memory reserved at first; more is
 * taken, and the bytes so far copied into it, when the pieces add up to more.
 * @example new Uint8Array(sharedPieces([new Uint8Array([1, 2])], 2)) // Uint8Array [1, 2]
 */
export function sharedPieces(pieces: Iterable<Uint8Array>, expected: number): SharedArrayBuffer {
  let buffer = growable(expected);
  for (const piece of pieces) {
    const length = buffer.byteLength;
    const needed = length + piece.byteLength;
    if (needed > buffer.maxByteLength) {
      const larger = growable(Math.max(needed, buffer.maxByteLength * 2));
      larger.grow(length);
      new Uint8Array(larger).set(new Uint8Array(buffer));
      buffer = larger;
    }
    buffer.grow(needed);
    new Uint8Array(buffer, length).set(piece);
  }
  return buffer;
}

/** Empty shared memory that may grow to `most` bytes (only what it grows to is touched). */
function growable(most: number): SharedArrayBuffer {
  return new SharedArrayBuffer(0, { maxByteLength: Math.max(most, 1024) });
}
