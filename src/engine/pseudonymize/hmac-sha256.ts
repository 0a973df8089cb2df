/**
 * HMAC-SHA-256 for many short messages under one key. The key's inner and outer pad blocks are
 * compressed once; each message then costs one compression per 64 bytes plus one for the outer
 * hash. This is several times faster than `createHmac` per value (no object per call, no
 * native-call overhead) and runs in browsers too, so the schema card's sample uses the same code.
 */

const ROUND_CONSTANTS = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

const INITIAL_STATE = new Int32Array([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
]);

const BLOCK_BYTES = 64;

/** Compresses one 64-byte block (as 16 big-endian words in `schedule[0..15]`) into `state`. */
function compress(state: Int32Array, schedule: Int32Array): void {
  for (let i = 16; i < 64; i++) {
    const w15 = schedule[i - 15]!;
    const w2 = schedule[i - 2]!;
    const s0 = ((w15 >>> 7) | (w15 << 25)) ^ ((w15 >>> 18) | (w15 << 14)) ^ (w15 >>> 3);
    const s1 = ((w2 >>> 17) | (w2 << 15)) ^ ((w2 >>> 19) | (w2 << 13)) ^ (w2 >>> 10);
    schedule[i] = (schedule[i - 16]! + s0 + schedule[i - 7]! + s1) | 0;
  }
  let a = state[0]!;
  let b = state[1]!;
  let c = state[2]!;
  let d = state[3]!;
  let e = state[4]!;
  let f = state[5]!;
  let g = state[6]!;
  let h = state[7]!;
  for (let i = 0; i < 64; i++) {
    const s1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const choice = (e & f) ^ (~e & g);
    const t1 = (h + s1 + choice + ROUND_CONSTANTS[i]! + schedule[i]!) | 0;
    const s0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const majority = (a & b) ^ (a & c) ^ (b & c);
    const t2 = (s0 + majority) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  state[0] = (state[0]! + a) | 0;
  state[1] = (state[1]! + b) | 0;
  state[2] = (state[2]! + c) | 0;
  state[3] = (state[3]! + d) | 0;
  state[4] = (state[4]! + e) | 0;
  state[5] = (state[5]! + f) | 0;
  state[6] = (state[6]! + g) | 0;
  state[7] = (state[7]! + h) | 0;
}

/** Loads 64 bytes from `bytes` at `offset` into `schedule[0..15]` as big-endian words. */
function loadBlock(schedule: Int32Array, bytes: Uint8Array, offset: number): void {
  for (let i = 0; i < 16; i++) {
    const at = offset + i * 4;
    schedule[i] =
      (bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!;
  }
}

const encoder = new TextEncoder();

/** HMAC-SHA-256 under one fixed key, for many messages. */
export class HmacSha256 {
  private readonly innerStart = new Int32Array(8);
  private readonly outerStart = new Int32Array(8);
  private readonly state = new Int32Array(8);
  private readonly schedule = new Int32Array(64);
  private buffer = new Uint8Array(256);
  /** `buffer.subarray(offset)` per offset, made once (a view per call is garbage per value). */
  private views: Uint8Array[] = [];

  constructor(key: Uint8Array) {
    const block = new Uint8Array(BLOCK_BYTES);
    if (key.length > BLOCK_BYTES) {
      const digest = new Int32Array(8);
      new HmacSha256(new Uint8Array(0)).hashInto(key, key.length, INITIAL_STATE, 0, digest);
      for (let i = 0; i < 8; i++) {
        const word = digest[i]!;
        block[i * 4] = word >>> 24;
        block[i * 4 + 1] = word >>> 16;
        block[i * 4 + 2] = word >>> 8;
        block[i * 4 + 3] = word;
      }
    } else {
      block.set(key);
    }
    const pad = new Uint8Array(BLOCK_BYTES);
    for (let i = 0; i < BLOCK_BYTES; i++) pad[i] = block[i]! ^ 0x36;
    this.innerStart.set(INITIAL_STATE);
    loadBlock(this.schedule, pad, 0);
    compress(this.innerStart, this.schedule);
    for (let i = 0; i < BLOCK_BYTES; i++) pad[i] = block[i]! ^ 0x5c;
    this.outerStart.set(INITIAL_STATE);
    loadBlock(this.schedule, pad, 0);
    compress(this.outerStart, this.schedule);
    // Key material does not outlive the constructor.
    block.fill(0);
    pad.fill(0);
  }

  /**
   * Writes HMAC(key, prefix ‖ UTF-8 of message ‖ suffix) as eight big-endian 32-bit words into
   * `out`. The parts avoid building one string per call.
   * @example hmac.digestInto(new TextEncoder().encode('email\u0000'), 'ann@x.org', '', out)
   */
  digestInto(prefix: Uint8Array, message: string, suffix: string, out: Int32Array): Int32Array {
    // UTF-8 takes at most 3 bytes per UTF-16 unit; leave room for padding.
    const needed = prefix.length + (message.length + suffix.length) * 3 + BLOCK_BYTES * 2;
    if (this.buffer.length < needed) {
      this.buffer = new Uint8Array(needed * 2);
      this.views = [];
    }
    const buffer = this.buffer;
    buffer.set(prefix);
    let length = prefix.length;
    length += encoder.encodeInto(message, this.viewAfter(length)).written;
    for (let i = 0; i < suffix.length; i++) buffer[length++] = suffix.charCodeAt(i);
    this.hashInto(buffer, length, this.innerStart, BLOCK_BYTES, this.state);
    // Outer hash: the 32-byte inner digest after the outer pad block.
    const schedule = this.schedule;
    for (let i = 0; i < 8; i++) schedule[i] = this.state[i]!;
    schedule[8] = 0x80000000 | 0;
    for (let i = 9; i < 15; i++) schedule[i] = 0;
    schedule[15] = (BLOCK_BYTES + 32) * 8;
    out.set(this.outerStart);
    compress(out, schedule);
    return out;
  }

  private viewAfter(offset: number): Uint8Array {
    let view = this.views[offset];
    if (!view) {
      view = this.buffer.subarray(offset);
      this.views[offset] = view;
    }
    return view;
  }

  /**
   * SHA-256 of `bytes[0..length)` continuing from `start`, which has already absorbed
   * `prefixBytes` bytes. `bytes` must have room for padding after `length`.
   */
  private hashInto(
    bytes: Uint8Array,
    length: number,
    start: Int32Array,
    prefixBytes: number,
    out: Int32Array,
  ): void {
    const padded = Math.ceil((length + 9) / BLOCK_BYTES) * BLOCK_BYTES;
    let data = bytes;
    if (data.length < padded) {
      data = new Uint8Array(padded);
      data.set(bytes.subarray(0, length));
    }
    data[length] = 0x80;
    data.fill(0, length + 1, padded);
    const bitLength = (length + prefixBytes) * 8;
    // Messages here are far below 2^32 bits; the high length word stays 0.
    data[padded - 4] = bitLength >>> 24;
    data[padded - 3] = bitLength >>> 16;
    data[padded - 2] = bitLength >>> 8;
    data[padded - 1] = bitLength;
    out.set(start);
    for (let offset = 0; offset < padded; offset += BLOCK_BYTES) {
      loadBlock(this.schedule, data, offset);
      compress(out, this.schedule);
    }
  }
}
