/** Bytes of one piece: room for the text chunks of many rows (a chunk is at most ~100 KB). */
const PIECE_BYTES = 1 << 20;

const UTF8_BOM = new Uint8Array([0xef, 0xbb, 0xbf]);

/**
 * The UTF-8 of text chunks, in pieces that are views of one buffer, filled again for the next
 * piece: a consumer writes or copies each piece before it asks for the next (the command line
 * writes each to its file; the server copies each into the shared memory that holds a run's
 * output). No fresh memory is taken for the pieces: on these machines a page of memory touched
 * for the first time costs ~10 µs, about 140 ms for 50 MB, and copying from a buffer the cache
 * holds is faster too.
 * @example for (const piece of utf8Pieces(['a,b\r\n'], false)) writeSync(fd, piece)
 */
export function* utf8Pieces(chunks: Iterable<string>, bom: boolean): Generator<Uint8Array> {
  const encoder = new TextEncoder();
  let buffer = new Uint8Array(PIECE_BYTES);
  let length = 0;
  if (bom) {
    buffer.set(UTF8_BOM);
    length = UTF8_BOM.length;
  }
  for (const chunk of chunks) {
    // Room for the worst case (3 bytes per UTF-16 unit), so encodeInto never stops short.
    const needed = chunk.length * 3;
    if (length + needed > buffer.length) {
      if (length > 0) yield buffer.subarray(0, length);
      length = 0;
      if (needed > buffer.length) buffer = new Uint8Array(needed);
    }
    length += encoder.encodeInto(chunk, buffer.subarray(length)).written;
  }
  if (length > 0) yield buffer.subarray(0, length);
}

/** Bytes to reserve for about `chars` characters of text, most of them one byte in UTF-8. */
export function expectedBytes(chars: number): number {
  return Math.ceil(chars * 1.1) + 1024;
}

/**
 * UTF-8 of the chunks in order (chunks end between rows, never inside a character), its pieces
 * copied into one buffer as they come: building the whole text first would hold it twice over at
 * the peak (a 50 MB CSV with one non-Latin-1 letter is a 100 MB UTF-16 string). `sizeHint`
 * (characters) sizes the buffer (expectedBytes); it grows when the text is longer, and each new
 * large buffer costs the process a full garbage collection. The result is a view of the bytes.
 * @example new TextDecoder().decode(encodeChunks(['a,b\r\n'], false, 5)) // 'a,b\r\n'
 */
export function encodeChunks(chunks: Iterable<string>, bom: boolean, sizeHint: number): Uint8Array {
  let bytes = new Uint8Array(expectedBytes(sizeHint));
  let length = 0;
  for (const piece of utf8Pieces(chunks, bom)) {
    if (length + piece.length > bytes.length) {
      const grown = new Uint8Array(Math.max(length + piece.length, Math.ceil(bytes.length * 1.5)));
      grown.set(bytes.subarray(0, length));
      bytes = grown;
    }
    bytes.set(piece, length);
    length += piece.length;
  }
  return bytes.subarray(0, length);
}
