import { describe, expect, it } from 'vitest';
import { StringHashSet } from '../../../src/engine/pseudonymize/string-hash-set';
import { UsedPseudonyms } from '../../../src/engine/pseudonymize/used-pseudonyms';

function usedOf(pseudonyms: string[]): UsedPseudonyms {
  const used = new UsedPseudonyms(pseudonyms, pseudonyms.length);
  pseudonyms.forEach((pseudonym, id) => used.add(id, StringHashSet.hash(pseudonym)));
  return used;
}

const has = (used: UsedPseudonyms, key: string) => used.has(key, StringHashSet.hash(key));

describe('UsedPseudonyms', () => {
  it('tells the pseudonyms handed out from the others', () => {
    const used = usedOf(['Rosa', 'Kling', '42']);
    expect(['Rosa', 'Kling', '42'].map((key) => has(used, key))).toEqual([true, true, true]);
    expect(['rosa', 'Ann', '43'].map((key) => has(used, key))).toEqual([false, false, false]);
  });

  it('starts empty on the table a finished namespace handed on', () => {
    const first = usedOf(Array.from({ length: 5000 }, (_, index) => `first-${index}`));
    first.release();
    const second = usedOf(['only']);
    expect(has(second, 'first-0')).toBe(false);
    expect(has(second, 'first-4999')).toBe(false);
    expect(has(second, 'only')).toBe(true);
  });

  it('holds more values than the table a smaller namespace handed on', () => {
    usedOf(['small']).release();
    const keys = Array.from({ length: 20_000 }, (_, index) => `value-${index}`);
    const used = usedOf(keys);
    expect(keys.every((key) => has(used, key))).toBe(true);
    expect(has(used, 'value-20000')).toBe(false);
  });
});
