import { describe, expect, it } from 'vitest';
import { SipHash128 } from '../../../src/engine/pseudonymize/siphash';

function hex(words: Int32Array): string {
  return Array.from(new Uint8Array(words.buffer, words.byteOffset, 16), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

/** The reference key 00 01 … 0f and message 00 01 … (n-1) of the SipHash authors' test vectors. */
const referenceKey = Uint8Array.from({ length: 16 }, (_, i) => i);
const referenceMessage = Uint8Array.from({ length: 64 }, (_, i) => i);

/** SipHash-2-4-128 outputs from vectors_sip128 in github.com/veorq/SipHash (vectors.h). */
const vectors: [number, string][] = [
  [0, 'a3817f04ba25a8e66df67214c7550293'],
  [1, 'da87c1d86b99af44347659119b22fc45'],
  [7, 'a1f1ebbed8dbc153c0b84aa61ff08239'],
  [8, '3b62a9ba6258f5610f83e264f31497b4'],
  [15, '5493e99933b0a8117e08ec0f97cfc3d9'],
  [16, '6ee2a4ca67b054bbfd3315bf85230577'],
  [63, '5150d1772f50834a503e069a973fbd7c'],
];

/** The message `hashText` documents: Latin-1 or UTF-16LE bytes, the tag, then which it was. */
function documentedMessage(text: string, tag: number): Uint8Array {
  const wide = [...text].some((char) => char.charCodeAt(0) > 0xff);
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (wide) bytes.push(code & 0xff, code >>> 8);
    else bytes.push(code);
  }
  bytes.push(tag, wide ? 1 : 0);
  return Uint8Array.from(bytes);
}

describe('SipHash128', () => {
  it.each(vectors)('matches the reference vector for a %i-byte message', (length, expected) => {
    const sip = new SipHash128(referenceKey);
    expect(hex(sip.hash(referenceMessage, length, new Int32Array(4)))).toBe(expected);
  });

  it.each([
    ['', 0],
    ['ann@corp.com', 0],
    ['ann@corp.com', 3],
    ['Zürich', 1],
    ['Łukasz Nguyễn 😀', 2],
    ['x'.repeat(300), 0],
  ])('hashes text %j with tag %i as its documented bytes', (text, tag) => {
    const sip = new SipHash128(referenceKey);
    const message = documentedMessage(text, tag);
    expect(hex(sip.hashText(text, tag, new Int32Array(4)))).toBe(
      hex(sip.hash(message, message.length, new Int32Array(4))),
    );
  });

  it.each(vectors)('gives the first 64 bits alone for a %i-byte message', (length, expected) => {
    const sip = new SipHash128(referenceKey);
    const out = sip.hash(referenceMessage, length, new Int32Array(4).fill(7), 2);
    expect(hex(out).slice(0, 16)).toBe(expected.slice(0, 16));
    // The second half is left as it was: the second finalization never ran.
    expect([out[2], out[3]]).toEqual([7, 7]);
  });

  it('gives different hashes for different keys, tags and texts', () => {
    const other = new SipHash128(referenceKey.map((byte) => byte ^ 1));
    const sip = new SipHash128(referenceKey);
    const out = () => new Int32Array(4);
    const digests = [
      hex(sip.hashText('v', 0, out())),
      hex(other.hashText('v', 0, out())),
      hex(sip.hashText('v', 1, out())),
      hex(sip.hashText('w', 0, out())),
      // The same code units read as Latin-1 and as UTF-16 stay apart.
      hex(sip.hashText('\u0041\u0000', 0, out())),
      hex(sip.hashText('\u0041', 0, out())),
    ];
    expect(new Set(digests).size).toBe(digests.length);
  });
});
