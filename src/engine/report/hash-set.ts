/** A set of hashText values (never 0): an open-addressing Int32Array, 4–8 bytes a member. */
export class HashSet {
  private slots = new Int32Array(1024);
  private count = 0;

  add(hash: number): void {
    const mask = this.slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const value = this.slots[slot]!;
      if (value === hash) return;
      if (value === 0) {
        this.slots[slot] = hash;
        if (++this.count * 2 > this.slots.length) this.grow();
        return;
      }
    }
  }

  has(hash: number): boolean {
    const mask = this.slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const value = this.slots[slot]!;
      if (value === hash) return true;
      if (value === 0) return false;
    }
  }

  private grow(): void {
    const old = this.slots;
    this.slots = new Int32Array(old.length * 2);
    this.count = 0;
    for (const hash of old) if (hash !== 0) this.add(hash);
  }
}
