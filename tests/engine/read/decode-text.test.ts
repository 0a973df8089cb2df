import { describe, expect, it } from 'vitest';
import { EngineError } from '../../../src/engine';
import { decodeText, MAX_TEXT_FILE_BYTES } from '../../../src/engine/read/decode-text';

describe('decodeText', () => {
  it('reads a file up to the longest string a text can be', () => {
    expect(MAX_TEXT_FILE_BYTES).toBe(536_870_888);
    expect(decodeText(new TextEncoder().encode('a,b\n'), 4).text).toBe('a,b\n');
  });

  it('refuses a larger file with a message that names its size and the way around', () => {
    const refusal = (() => {
      try {
        decodeText(new Uint8Array(3 * 1024 ** 2 + 1).fill(0x61), 2 * 1024 ** 2);
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(refusal).toBeInstanceOf(EngineError);
    expect((refusal as EngineError).code).toBe('TOO_LARGE');
    expect((refusal as EngineError).message).toBe(
      'The file holds 3 MB of text; a text file is read whole up to 2 MB. The command line ' +
        'streams a csv, tsv or JSON Lines file of any size; split other files by rows (see the ' +
        "README's Command line section).",
    );
  });
});
