import { randomBytes, randomUUID } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import type { ColumnSchema, FileFormat, PseudonymizeStats } from '../engine';
import { ServerBusyError } from './api-errors';

/** Milliseconds since the epoch; tests pass a clock they move by hand. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export interface SheetState {
  name: string;
  columns: string[];
  rowCount: number;
  schema: ColumnSchema[];
  /** The first rows as display text (at most the store's preview length). */
  preview: string[][];
}

export interface PseudonymizedRun {
  /** The pseudonymized workbook written in the uploaded format. */
  output: SharedArrayBuffer;
  /** The mapping (sheet, column, original, pseudonym), written as mappingFormatOf says. */
  mapping: SharedArrayBuffer;
  mappingRowCount: number;
  /** Per sheet, the first pseudonymized rows as display text. */
  previews: string[][][];
  stats: PseudonymizeStats;
}

/**
 * One uploaded dataset. Bytes are kept as SharedArrayBuffers (never written after creation) so a
 * worker job reads them without a copy, and the main thread's heap holds no per-cell objects.
 */
export interface Dataset {
  readonly id: string;
  readonly filename: string;
  readonly format: FileFormat;
  /** Bytes of the uploaded file. */
  readonly size: number;
  readonly original: SharedArrayBuffer;
  readonly sheets: SheetState[];
  selectedSheet: number;
  /** The key of this dataset's pseudonyms when a run gives no secret. Never leaves the store. */
  readonly secret: Uint8Array;
  /** The last run, set through DatasetStore.storeRun so its size is counted. */
  run: PseudonymizedRun | null;
  lastAccessMs: number;
}

export type NewDataset = Omit<Dataset, 'id' | 'secret' | 'run' | 'lastAccessMs' | 'selectedSheet'>;

/** Room held for an upload while it is received and read, before it is a dataset. */
export interface Reservation {
  /** Bytes held: FOOTPRINT_FACTOR × the upload's size. */
  readonly bytes: number;
  /**
   * Holds room for an upload of `uploadBytes` only, once its real size is known (a chunked
   * upload is reserved at the largest size allowed). Never grows the room.
   */
  shrinkTo(uploadBytes: number): void;
  release(): void;
}

/**
 * Room a dataset holds against the budget at least: its upload, and a pseudonymized output and a
 * mapping each counted as large as the upload, so the usual run fits in room held from the start.
 * A run that turns out larger is counted at its real size, or refused when that does not fit.
 */
export const FOOTPRINT_FACTOR = 3;

interface Entry {
  dataset: Dataset;
  /** The room the dataset's reservation held: its least footprint. */
  reservedBytes: number;
  /** What it really holds (upload, previews, last run), measured when it changes. */
  heldBytes: number;
}

/**
 * Datasets in memory only: ids from crypto.randomUUID(), discarded `ttlMs` after their last
 * access, and a total budget beyond which new uploads are refused (never by evicting anyone).
 */
export class DatasetStore {
  readonly #entries = new Map<string, Entry>();
  readonly #ttlMs: number;
  readonly #budgetBytes: number;
  readonly #clock: Clock;
  #reservedForUploads = 0;

  constructor(options: { ttlMs: number; budgetBytes: number; clock?: Clock }) {
    this.#ttlMs = options.ttlMs;
    this.#budgetBytes = options.budgetBytes;
    this.#clock = options.clock ?? systemClock;
  }

  /** Bytes held by datasets and by uploads in progress. */
  get usedBytes(): number {
    this.sweep();
    let total = this.#reservedForUploads;
    for (const entry of this.#entries.values()) total += footprint(entry);
    return total;
  }

  get size(): number {
    this.sweep();
    return this.#entries.size;
  }

  /** Holds room for an upload of `uploadBytes`, or refuses with 503 when the budget is full. */
  reserve(uploadBytes: number): Reservation {
    const bytes = uploadBytes * FOOTPRINT_FACTOR;
    if (this.usedBytes + bytes > this.#budgetBytes) {
      throw new ServerBusyError(
        'The server is holding as much data as it may; try again in a few minutes',
        this.#secondsUntilRoom(),
      );
    }
    this.#reservedForUploads += bytes;
    let held = bytes;
    return {
      get bytes() {
        return held;
      },
      shrinkTo: (uploadBytes: number) => {
        const smaller = Math.min(held, uploadBytes * FOOTPRINT_FACTOR);
        this.#reservedForUploads -= held - smaller;
        held = smaller;
      },
      release: () => {
        this.#reservedForUploads -= held;
        held = 0;
      },
    };
  }

  /** Stores a read upload under a new id; the reservation's room passes to the dataset. */
  add(init: NewDataset, reservation: Reservation): Dataset {
    const dataset: Dataset = {
      ...init,
      id: randomUUID(),
      secret: new Uint8Array(randomBytes(32)),
      selectedSheet: 0,
      run: null,
      lastAccessMs: this.#clock.now(),
    };
    this.#entries.set(dataset.id, {
      dataset,
      reservedBytes: reservation.bytes,
      heldBytes: heldBytes(dataset, null),
    });
    reservation.release();
    return dataset;
  }

  /**
   * Keeps a run's result as the dataset's last run, counted at its real size. When that does not
   * fit in the budget: 503, and the dataset keeps its previous run (or none), still usable.
   */
  storeRun(id: string, run: PseudonymizedRun): Dataset {
    const dataset = this.get(id);
    const entry = this.#entries.get(id);
    if (!entry) throw new Error('dataset vanished between get and storeRun');
    const before = footprint(entry);
    const held = heldBytes(dataset, run);
    const after = Math.max(entry.reservedBytes, held);
    if (this.usedBytes - before + after > this.#budgetBytes) {
      throw new ServerBusyError(
        'The server has no room to keep this result now; try again in a few minutes',
        this.#secondsUntilRoom(),
      );
    }
    dataset.run = run;
    entry.heldBytes = held;
    return dataset;
  }

  /**
   * Forgets a dataset's last run (its schema changed, so the result no longer matches it): the
   * memory is free at once, and downloads answer 409 until the next run.
   */
  discardRun(id: string): void {
    const dataset = this.get(id);
    const entry = this.#entries.get(id);
    if (!entry || !dataset.run) return;
    dataset.run = null;
    entry.heldBytes = heldBytes(dataset, null);
  }

  /** The live dataset with this id, its expiry pushed back; 404 when unknown or expired. */
  get(id: string): Dataset {
    this.sweep();
    const entry = this.#entries.get(id);
    if (!entry) {
      throw new TRPCError({
        code: 'NOT_FOUND',
        message: 'Dataset not found (it may have expired)',
      });
    }
    entry.dataset.lastAccessMs = this.#clock.now();
    return entry.dataset;
  }

  /** Discards a dataset and everything derived from it at once. */
  delete(id: string): void {
    this.get(id);
    this.#entries.delete(id);
  }

  expiresAt(dataset: Dataset): Date {
    return new Date(dataset.lastAccessMs + this.#ttlMs);
  }

  /** Drops every dataset untouched for longer than the time to live. */
  sweep(): void {
    const now = this.#clock.now();
    for (const [id, { dataset }] of this.#entries) {
      if (now - dataset.lastAccessMs >= this.#ttlMs) this.#entries.delete(id);
    }
  }

  clear(): void {
    this.#entries.clear();
  }

  #secondsUntilRoom(): number {
    const now = this.#clock.now();
    let earliest = now + this.#ttlMs;
    for (const { dataset } of this.#entries.values()) {
      earliest = Math.min(earliest, dataset.lastAccessMs + this.#ttlMs);
    }
    return (earliest - now) / 1000;
  }
}

function footprint({ reservedBytes, heldBytes }: Entry): number {
  return Math.max(reservedBytes, heldBytes);
}

/** Bytes a dataset holds with `run` as its last run: buffers and preview text. */
function heldBytes(dataset: Dataset, run: PseudonymizedRun | null): number {
  let held = dataset.original.byteLength;
  for (const sheet of dataset.sheets) held += textBytes(sheet.preview);
  if (run) {
    held += run.output.byteLength + run.mapping.byteLength;
    for (const preview of run.previews) held += textBytes(preview);
  }
  return held;
}

/** Rough heap size of a preview: two bytes per UTF-16 unit plus a per-string overhead. */
function textBytes(rows: string[][]): number {
  let total = 0;
  for (const row of rows) for (const text of row) total += 16 + 2 * text.length;
  return total;
}
