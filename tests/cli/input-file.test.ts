import { describe, expect, it } from 'vitest';
import { freeNow } from '../../src/cli/input-file';

describe('freeNow', () => {
  it('lets go of the memory of bytes that fill their buffer alone', () => {
    const bytes = new Uint8Array(1024 * 1024).fill(7);
    freeNow(bytes);
    expect(bytes.length).toBe(0);
    expect(bytes.buffer.byteLength).toBe(0);
  });

  it('leaves bytes that share their buffer as they are (a pooled Buffer)', () => {
    const pooled = Buffer.from('id,name\n1,Ann\n');
    const neighbour = Buffer.from('another small buffer');
    expect(pooled.buffer).toBe(neighbour.buffer);
    freeNow(pooled);
    expect(pooled.toString()).toBe('id,name\n1,Ann\n');
    expect(neighbour.toString()).toBe('another small buffer');
  });
});
