import { describe, expect, it } from 'vitest';
import { KeyedRandom } from '../../../src/engine/pseudonymize/keyed-random';
import { SipHash128 } from '../../../src/engine/pseudonymize/siphash';
import { HmacSha256 } from '../../../src/engine/pseudonymize/hmac-sha256';

const secret = new TextEncoder().encode('keyed-random test key');

function draws(random: KeyedRandom, count = 6): number[] {
  return Array.from({ length: count }, () => random.nextUint32());
}

/**
 * The documented state after reseed(kind, original, attempt), computed here without the class:
 * SipHash-2-4-128 of the text under the kind's key, then eight sfc32 steps.
 */
function documentedDraws(kind: string, original: string, attempt: number, count = 6): number[] {
  const kindKey = new HmacSha256(secret).digestInto(
    new TextEncoder().encode('kind\u0000'),
    kind,
    '',
    new Int32Array(8),
  );
  const key = new Uint8Array(16);
  for (let i = 0; i < 16; i++) key[i] = kindKey[i >> 2]! >>> (24 - 8 * (i & 3));
  const digest = new SipHash128(key).hashText(original, attempt, new Int32Array(4));
  let [a, b, c, d] = [digest[0]!, digest[1]!, digest[2]!, digest[3]! | 1];
  const step = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (((c << 21) | (c >>> 11)) + t) | 0;
    return t >>> 0;
  };
  for (let i = 0; i < 8; i++) step();
  return Array.from({ length: count }, step);
}

describe('KeyedRandom', () => {
  it('draws after a reseed what the keyed hash of (kind, original, attempt) seeds', () => {
    const random = new KeyedRandom(secret);
    random.reseed('email', 'ann.lee@corp.com', 2);
    expect(draws(random)).toEqual(documentedDraws('email', 'ann.lee@corp.com', 2));
  });

  it('leaves no trace of a reseed nothing was drawn from', () => {
    const skipped = new KeyedRandom(secret);
    skipped.reseed('email', 'ann.lee@corp.com');
    skipped.reseed('emailDigits', 'ann.lee@corp.com', 1);
    const direct = new KeyedRandom(secret);
    direct.reseed('emailDigits', 'ann.lee@corp.com', 1);
    expect(draws(skipped)).toEqual(draws(direct));
  });

  it('draws from a numeric seed set after a reseed, not from the reseed', () => {
    const random = new KeyedRandom(secret);
    random.reseed('uuid', 'a-value');
    random.seed(42);
    const seeded = new KeyedRandom(secret);
    seeded.seed(42);
    expect(draws(random)).toEqual(draws(seeded));
  });

  it('goes on from where it was when reseeded with the same input again', () => {
    const random = new KeyedRandom(secret);
    random.reseed('phone', '555-0100');
    const first = draws(random, 3);
    random.reseed('phone', '555-0100');
    expect(draws(random, 3)).toEqual(first);
  });
});

describe('KeyedRandom.bits', () => {
  it.each([1, 2, 3, 4, 8, 16, 31, 32])('draws what int(2^%i) draws', (count) => {
    const byBits = new KeyedRandom(secret);
    const byInt = new KeyedRandom(secret);
    byBits.reseed('bits', String(count));
    byInt.reseed('bits', String(count));
    const bits = Array.from({ length: 200 }, () => byBits.bits(count));
    const ints = Array.from({ length: 200 }, () => byInt.int(2 ** count));
    expect(bits).toEqual(ints);
    expect(Math.max(...bits)).toBeLessThan(2 ** count);
  });
});
