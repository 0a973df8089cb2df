import type { SharedAddresses } from '../engine';
import { firstHash, secondHash } from '../engine';

/*
 * The addresses a streaming run's parts rebuilt from names (the engine's SharedAddresses), in
 * memory its worker threads share: a table of (address hash, owner hash) pairs, 8 bytes a slot,
 * and a turn counter. A part's row rules run in the file's order (the turn), so what a part finds
 * taken is what a whole run would have handed out before it: no two originals get one address,
 * and an original gets the same one in every part. Only the part whose turn it is reads or writes
 * the table; the Atomics on the turn make its writes seen by the next.
 */

/** The shared memory of one run: sent to every worker with the run's setup. */
export interface AddressTable {
  /** Slot i: [2i] the address's hash (0: empty), [2i + 1] its owner's. */
  slots: SharedArrayBuffer;
  /** [0] the part whose turn it is, [1] the slots filled. */
  state: SharedArrayBuffer;
}

/**
 * At most this full: past it, addresses are no longer noted (a part then checks its own only).
 * The table is sized for one address per row, more than a file has, so it stays emptier.
 */
const MOST_FULL = 0.9;
const MOST_SLOTS = 16_000_000;
const LEAST_SLOTS = 65_536;
/** How long a part waits for its turn before the run is deemed stuck. */
const TURN_TIMEOUT_MS = 10 * 60 * 1000;

/**
 * A table for about `addresses` addresses (a file's rows, estimated from its size): 8 bytes a
 * slot, at most 16,000,000 slots (128 MB).
 */
export function addressTable(addresses: number): AddressTable {
  const slots = Math.min(MOST_SLOTS, Math.max(LEAST_SLOTS, Math.ceil(addresses / MOST_FULL)));
  return {
    slots: new SharedArrayBuffer(slots * 8),
    state: new SharedArrayBuffer(8),
  };
}

/** Part `part`'s view of the table: its turn, and the addresses of the parts before it. */
export function sharedAddresses(table: AddressTable, part: number): SharedAddresses {
  const slots = new Uint32Array(table.slots);
  const state = new Int32Array(table.state);
  const size = slots.length / 2;
  const find = (address: number): number => {
    for (let slot = (address >>> 0) % size; ; slot = slot + 1 === size ? 0 : slot + 1) {
      const held = slots[slot * 2]!;
      if (held === 0 || held === address) return slot;
    }
  };
  return {
    enter() {
      for (let turn = Atomics.load(state, 0); turn !== part; turn = Atomics.load(state, 0)) {
        if (Atomics.wait(state, 0, turn, TURN_TIMEOUT_MS) === 'timed-out') {
          throw new Error('a part waited too long for its turn');
        }
      }
    },
    takenByAnother(address, original) {
      const slot = find(firstHash(address));
      const held = slots[slot * 2 + 1]!;
      return slots[slot * 2] !== 0 && held !== secondHash(original);
    },
    take(address, original) {
      const hash = firstHash(address);
      const slot = find(hash);
      if (slots[slot * 2] !== 0) return;
      if (state[1]! >= size * MOST_FULL) return;
      slots[slot * 2] = hash;
      slots[slot * 2 + 1] = secondHash(original);
      state[1] = state[1]! + 1;
    },
    leave() {
      Atomics.store(state, 0, part + 1);
      Atomics.notify(state, 0);
    },
  };
}
