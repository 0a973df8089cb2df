import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HmacSha256 } from '../../../src/engine/pseudonymize/hmac-sha256';

function hex(words: Int32Array): string {
  return Array.from(words, (word) => (word >>> 0).toString(16).padStart(8, '0')).join('');
}

const encoder = new TextEncoder();

describe('HmacSha256', () => {
  const keys = [0, 1, 32, 64, 65, 200].map((length) =>
    Uint8Array.from({ length }, (_, i) => (i * 37 + length) % 256),
  );
  const messages = ['', 'a', 'x'.repeat(55), 'y'.repeat(56), 'z'.repeat(64), 'é€😀'.repeat(40)];

  it.each(keys.map((key) => [key.length, key] as const))(
    'equals node:crypto HMAC-SHA-256 for a %i-byte key',
    (_length, key) => {
      const hmac = new HmacSha256(key);
      const out = new Int32Array(8);
      for (const message of messages) {
        const prefix = encoder.encode('email\u0000');
        const expected = createHmac('sha256', key)
          .update(`email\u0000${message}\u00003`)
          .digest('hex');
        expect(hex(hmac.digestInto(prefix, message, '\u00003', out))).toBe(expected);
      }
    },
  );

  it('gives different digests for different keys', () => {
    const out = new Int32Array(8);
    const prefix = encoder.encode('kind\u0000');
    const first = hex(new HmacSha256(encoder.encode('one')).digestInto(prefix, 'v', '', out));
    const second = hex(new HmacSha256(encoder.encode('two')).digestInto(prefix, 'v', '', out));
    expect(first).not.toBe(second);
  });
});
