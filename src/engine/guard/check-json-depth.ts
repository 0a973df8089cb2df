import { EngineError } from '../errors';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * Refuses JSON that nests arrays/objects deeper than `maxDepth`, in one iterative pass over the
 * UTF-8 bytes (the structural characters are ASCII and never occur inside a multi-byte sequence),
 * so nothing recursive ever sees a 100,000-deep document. Malformed JSON is left to JSON.parse.
 * @example checkJsonDepth(new TextEncoder().encode('[[1]]'), 64) // passes
 */
export function checkJsonDepth(bytes: Uint8Array, maxDepth: number): void {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < bytes.length; index++) {
    const byte = bytes[index];
    if (inString) {
      if (byte === BACKSLASH) index++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
    } else if (byte === OPEN_BRACKET || byte === OPEN_BRACE) {
      depth++;
      if (depth > maxDepth) {
        throw new EngineError(
          'INVALID_FILE',
          `This JSON file nests arrays or objects more than ${maxDepth} levels deep; ` +
            `at most ${maxDepth} levels are accepted.`,
        );
      }
    } else if (byte === CLOSE_BRACKET || byte === CLOSE_BRACE) {
      depth--;
    }
  }
}
