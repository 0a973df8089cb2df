/**
 * SipHash-2-4 with 128-bit output (Aumasson & Bernstein), a keyed pseudorandom function made
 * for short inputs. 64-bit words are (high, low) pairs of 32-bit integers, since JavaScript has
 * no fast uint64; the whole hash runs on local variables, with no allocation per message.
 */

/** Reads a 32-bit little-endian word. */
function word(bytes: Uint8Array, offset: number): number {
  return (
    bytes[offset]! |
    (bytes[offset + 1]! << 8) |
    (bytes[offset + 2]! << 16) |
    (bytes[offset + 3]! << 24)
  );
}

/** SipHash-2-4-128 under one 16-byte key, for many messages. */
export class SipHash128 {
  private readonly k0l: number;
  private readonly k0h: number;
  private readonly k1l: number;
  private readonly k1h: number;
  private buffer = new Uint8Array(256);

  constructor(key: Uint8Array) {
    if (key.length !== 16) throw new RangeError('SipHash needs a 16-byte key.');
    this.k0l = word(key, 0);
    this.k0h = word(key, 4);
    this.k1l = word(key, 8);
    this.k1h = word(key, 12);
  }

  /**
   * The hash of a string and a small `tag` (0..255; it keeps retries of one value apart), as
   * four 32-bit words in `out`. The string is hashed as Latin-1 bytes when every code unit fits
   * one byte, else as UTF-16LE; a last byte says which, so no two inputs share a message.
   * @example sip.hashText('ann@corp.com', 0, out) // out: 128 keyed pseudorandom bits
   */
  hashText(text: string, tag: number, out: Int32Array): Int32Array {
    const length = text.length;
    if (this.buffer.length < length * 2 + 16) this.buffer = new Uint8Array(length * 4 + 16);
    const buffer = this.buffer;
    let size = 0;
    let wide = false;
    for (let i = 0; i < length; i++) {
      const code = text.charCodeAt(i);
      if (code > 0xff) {
        wide = true;
        break;
      }
      buffer[size++] = code;
    }
    if (wide) {
      size = 0;
      for (let i = 0; i < length; i++) {
        const code = text.charCodeAt(i);
        buffer[size++] = code & 0xff;
        buffer[size++] = code >>> 8;
      }
    }
    buffer[size++] = tag & 0xff;
    buffer[size++] = wide ? 1 : 0;
    return this.hash(buffer, size, out);
  }

  /**
   * The hash of `bytes[0..length)` as four 32-bit words (the 16 output bytes, little-endian).
   * `words` 2 stops after the first 64 bits (SipHash-128's first half, a pseudorandom function
   * too), saving the second finalization's four rounds where 64 bits are enough.
   * @example sip.hash(new Uint8Array([0, 1, 2]), 3, out)
   */
  hash(bytes: Uint8Array, length: number, out: Int32Array, words: 2 | 4 = 4): Int32Array {
    let v0l = this.k0l ^ 0x70736575;
    let v0h = this.k0h ^ 0x736f6d65;
    // ^ 0xee: the 128-bit output variant.
    let v1l = this.k1l ^ 0x6e646f6d ^ 0xee;
    let v1h = this.k1h ^ 0x646f7261;
    let v2l = this.k0l ^ 0x6e657261;
    let v2h = this.k0h ^ 0x6c796765;
    let v3l = this.k1l ^ 0x79746573;
    let v3h = this.k1h ^ 0x74656462;
    let low: number;
    let high: number;
    let sum: number;
    let rotated: number;
    const whole = length & ~7;
    // Message words, then the last word (remaining bytes, length mod 256 on top), then the two
    // finalization passes: each step is "mix in m, run `rounds` SipRounds, mix out m".
    for (let offset = 0; ; offset += 8) {
      let rounds = 2;
      if (offset < whole) {
        low = word(bytes, offset);
        high = word(bytes, offset + 4);
      } else if (offset === whole) {
        low = 0;
        high = (length & 0xff) << 24;
        for (let i = whole; i < length; i++) {
          const shift = (i - whole) * 8;
          if (shift < 32) low |= bytes[i]! << shift;
          else high |= bytes[i]! << (shift - 32);
        }
      } else {
        // Finalization: v2 ^= 0xee (first pass) or v1 ^= 0xdd (second), then four rounds.
        low = 0;
        high = 0;
        rounds = 4;
        if (offset === whole + 8) v2l ^= 0xee;
        else v1l ^= 0xdd;
      }
      v3l ^= low;
      v3h ^= high;
      for (let round = 0; round < rounds; round++) {
        // v0 += v1; v1 = rotl(v1, 13) ^ v0; v0 = rotl(v0, 32)
        sum = (v0l + v1l) | 0;
        v0h = (v0h + v1h + (((v0l & v1l) | ((v0l | v1l) & ~sum)) >>> 31)) | 0;
        v0l = sum;
        rotated = (v1h << 13) | (v1l >>> 19);
        v1l = ((v1l << 13) | (v1h >>> 19)) ^ v0l;
        v1h = rotated ^ v0h;
        rotated = v0h;
        v0h = v0l;
        v0l = rotated;
        // v2 += v3; v3 = rotl(v3, 16) ^ v2
        sum = (v2l + v3l) | 0;
        v2h = (v2h + v3h + (((v2l & v3l) | ((v2l | v3l) & ~sum)) >>> 31)) | 0;
        v2l = sum;
        rotated = (v3h << 16) | (v3l >>> 16);
        v3l = ((v3l << 16) | (v3h >>> 16)) ^ v2l;
        v3h = rotated ^ v2h;
        // v0 += v3; v3 = rotl(v3, 21) ^ v0
        sum = (v0l + v3l) | 0;
        v0h = (v0h + v3h + (((v0l & v3l) | ((v0l | v3l) & ~sum)) >>> 31)) | 0;
        v0l = sum;
        rotated = (v3h << 21) | (v3l >>> 11);
        v3l = ((v3l << 21) | (v3h >>> 11)) ^ v0l;
        v3h = rotated ^ v0h;
        // v2 += v1; v1 = rotl(v1, 17) ^ v2; v2 = rotl(v2, 32)
        sum = (v2l + v1l) | 0;
        v2h = (v2h + v1h + (((v2l & v1l) | ((v2l | v1l) & ~sum)) >>> 31)) | 0;
        v2l = sum;
        rotated = (v1h << 17) | (v1l >>> 15);
        v1l = ((v1l << 17) | (v1h >>> 15)) ^ v2l;
        v1h = rotated ^ v2h;
        rotated = v2h;
        v2h = v2l;
        v2l = rotated;
      }
      v0l ^= low;
      v0h ^= high;
      if (offset === whole + 8) {
        out[0] = v0l ^ v1l ^ v2l ^ v3l;
        out[1] = v0h ^ v1h ^ v2h ^ v3h;
        if (words === 2) return out;
      } else if (offset === whole + 16) {
        out[2] = v0l ^ v1l ^ v2l ^ v3l;
        out[3] = v0h ^ v1h ^ v2h ^ v3h;
        return out;
      }
    }
  }
}
