import { describe, expect, it } from 'vitest';
import { KeyIndex } from '../../../src/engine/pseudonymize/key-index';
import { StringHashSet } from '../../../src/engine/pseudonymize/string-hash-set';

describe('KeyIndex', () => {
  it.each([[''], ['a'], ['ann@corp.com'], ['Zürich 😀']])(
    'numbers %j once however often it is added',
    (key) => {
      const index = new KeyIndex();
      const ids = Array.from({ length: 5 }, () => index.add(key));
      expect(ids).toEqual([0, 0, 0, 0, 0]);
      expect(index.find(key)).toBe(0);
      expect(index.size).toBe(1);
    },
  );

  it('numbers 100,000 distinct keys in order of first appearance, through growth', () => {
    const index = new KeyIndex();
    const keys = Array.from({ length: 100_000 }, (_, i) => `key-${i}`);
    keys.forEach((key, i) => expect(index.add(key)).toBe(i));
    keys.forEach((key, i) => expect(index.add(key)).toBe(i));
    expect(index.size).toBe(100_000);
    expect(index.find('key-100000')).toBe(-1);
  });

  it('is held again from a copy of its table, numbers and all, and goes on numbering', () => {
    const index = new KeyIndex();
    const keys = Array.from({ length: 5_000 }, (_, i) => `key-${i}`);
    keys.forEach((key) => index.add(key));
    const copy = KeyIndex.fromTable(structuredClone(index.table()));
    keys.forEach((key, i) => expect(copy.find(key)).toBe(i));
    expect(copy.find('key-5000')).toBe(-1);
    expect(copy.add('key-5000')).toBe(5_000);
    expect(copy.add('key-17')).toBe(17);
    expect(index.size).toBe(5_000);
  });
});

describe('StringHashSet', () => {
  it('finds every added string, the empty string included', () => {
    const set = new StringHashSet();
    const members = ['', 'x', ...Array.from({ length: 5_000 }, (_, i) => `member ${i}`)];
    for (const member of members) set.add(member);
    expect(members.every((member) => set.has(member))).toBe(true);
    expect(set.has('member 5000')).toBe(false);
  });

  it('is held again from its table as data, count and all, and grows on from there', () => {
    const set = new StringHashSet();
    for (let i = 0; i < 500; i++) set.add(`member ${i}`);
    const again = StringHashSet.fromTable(structuredClone(set.table()));
    expect(again.table().count).toBe(500);
    // Past its first table's load: it grows where the set it came from would.
    for (let i = 500; i < 5_000; i++) {
      again.add(`member ${i}`);
      set.add(`member ${i}`);
    }
    expect(again.table().hashes.length).toBe(set.table().hashes.length);
    expect(again.table().count).toBe(5_000);
    expect(Array.from({ length: 5_000 }, (_, i) => again.has(`member ${i}`))).not.toContain(false);
    expect(again.has('member 5000')).toBe(false);
  });
});

describe('KeyIndex.forNamespace', () => {
  it('numbers keys as an index that grows does, and lists exactly them once trimmed', () => {
    const keys = Array.from({ length: 3000 }, (_, index) => `key-${index % 2000}`);
    const reserved = KeyIndex.forNamespace(2500);
    const grown = new KeyIndex();
    expect(keys.map((key) => reserved.add(key))).toEqual(keys.map((key) => grown.add(key)));
    expect(reserved.size).toBe(2000);
    expect(reserved.keys.length).toBe(2500);
    reserved.trim();
    expect(reserved.keys).toEqual(grown.keys);
    expect(reserved.find('key-1999')).toBe(1999);
  });

  it('takes more keys than it reserved room for', () => {
    const index = KeyIndex.forNamespace(10);
    for (let key = 0; key < 5000; key++) index.add(String(key));
    index.trim();
    expect(index.size).toBe(5000);
    expect(index.keys.length).toBe(5000);
    expect(index.find('4999')).toBe(4999);
  });
});
