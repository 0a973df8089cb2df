import { randomBytes, randomUUID } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import {
  applyRecipe,
  PSEUDONYM_SCHEME_VERSION,
  type ColumnSchema,
  type ExampleRows,
  type FileFormat,
  type PrivacyReport,
  type PseudonymizeStats,
  type Recipe,
  type RecipeReport,
  type ReplacementFigures,
} from '../engine';
import { ServerBusyError } from './api-errors';
import type { ColumnUpdate } from './api-schemas';
import { applyColumnUpdates } from './column-updates';

/** Milliseconds since the epoch; tests pass a clock they move by hand. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export interface SheetState {
  readonly name: string;
  readonly columns: ReadonlyArray<string>;
  readonly rowCount: number;
  readonly schema: ReadonlyArray<Readonly<ColumnSchema>>;
  /** The first rows as display text (at most the store's preview length). */
  readonly preview: ReadonlyArray<ReadonlyArray<string>>;
  /** The rows that hold each column's first example, as read: the cards' samples run them. */
  readonly exampleRows?: ExampleRows;
}

/** A run's figures: the engine's stats and what it really replaced (replacementFigures). */
export type RunStats = PseudonymizeStats & ReplacementFigures;

/** What a run's worker answers first, as soon as the result is written. */
export interface RunResult {
  /** The pseudonymized workbook written in the uploaded format. */
  readonly output: SharedArrayBuffer;
  readonly mappingRowCount: number;
  /** Per sheet, the first pseudonymized rows as display text. */
  readonly previews: ReadonlyArray<ReadonlyArray<ReadonlyArray<string>>>;
  readonly stats: Readonly<RunStats>;
}

/** What the worker writes and computes after the result, while the client has it already. */
export interface RunExtras {
  /** The mapping (sheet, column, original, pseudonym), written as mappingFormatOf says. */
  readonly mapping: SharedArrayBuffer;
  /**
   * The privacy and utility report of the run: figures only, no cell values; null when it
   * could not be computed (the run's data stands without it).
   */
  readonly report: PrivacyReport | null;
}

/** The extras of a run answered early, each on its way: the report comes before the mapping. */
export interface ExtrasToCome {
  readonly report: Promise<PrivacyReport | null>;
  readonly mapping: Promise<SharedArrayBuffer>;
}

/** A whole run: its result, mapping and report. */
export interface PseudonymizedRun extends RunResult, RunExtras {}

/** A run as the store keeps it: with when it was recorded, and its extras once they are in. */
export interface RecordedRun extends RunResult {
  /** When the store recorded the run (milliseconds since the epoch, by the store's clock). */
  readonly recordedAt: number;
  /** Null while `completion` is pending, or when the mapping could not be kept (`mappingError`). */
  readonly mapping: SharedArrayBuffer | null;
  /** Null while `reportCompletion` is pending, or when the report could not be computed. */
  readonly report: PrivacyReport | null;
  /**
   * Present while the report is on its way (recordEarlyRun): settles once the store holds it, or
   * its failure, in a new dataset (see DatasetStore.reported).
   */
  readonly reportCompletion?: Promise<void>;
  /** The same for the mapping, which comes after the report (see DatasetStore.settled). */
  readonly completion?: Promise<void>;
  /** Why a run has no mapping: the worker failed to write it, or there was no room to keep it. */
  readonly mappingError?: Error;
}

/**
 * One uploaded dataset, immutable: every change is a store operation that puts a new dataset in
 * the old one's place, so a dataset once returned never changes (the view's sample cache relies on
 * it), and the store freezes what it keeps to hold everyone to that. Bytes are kept as
 * SharedArrayBuffers (never written after creation) so a worker job reads them without a copy, and
 * the main thread's heap holds no per-cell objects.
 */
export interface Dataset {
  readonly id: string;
  readonly filename: string;
  readonly format: FileFormat;
  /** Bytes of the uploaded file. */
  readonly size: number;
  readonly original: SharedArrayBuffer;
  /**
   * A random name for `original`, given to the worker jobs that read it, so a worker that read it
   * for one job (the upload's) may use that table for the next (the run). Never leaves the server.
   */
  readonly readKey: string;
  readonly sheets: ReadonlyArray<SheetState>;
  /** The index in `sheets` of the sheet the schema and the downloads of one table are about. */
  readonly selectedSheet: number;
  /** The key of this dataset's pseudonyms when a run gives no secret. Never leaves the store. */
  readonly secret: Uint8Array;
  /**
   * The pseudonym scheme runs follow: the latest for an upload, the recipe's once one is applied
   * (so a recipe of scheme 1 reproduces scheme 1's pseudonyms), named by the dataset's recipe.
   */
  readonly scheme: number;
  /** The last run, set through DatasetStore.recordRun so its size is counted. */
  readonly run: RecordedRun | null;
}

export type NewDataset = Omit<
  Dataset,
  'id' | 'secret' | 'scheme' | 'run' | 'selectedSheet' | 'readKey'
> & {
  /** The key the upload's read was made under, if any; a new one otherwise. */
  readKey?: string;
};

/** The selected sheet of a dataset (the store keeps the index within range). */
export function selectedSheet(dataset: Dataset): SheetState {
  const sheet = dataset.sheets[dataset.selectedSheet];
  if (!sheet) throw new Error('selected sheet out of range');
  return sheet;
}

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
  /** The dataset as it is now; each change puts a new one here. */
  dataset: Dataset;
  /** When the dataset was last used: it expires `ttlMs` after. */
  lastAccessMs: number;
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
    const dataset = frozenDataset({
      ...init,
      readKey: init.readKey ?? randomUUID(),
      sheets: init.sheets.map(frozenSheet),
      id: randomUUID(),
      secret: new Uint8Array(randomBytes(32)),
      scheme: PSEUDONYM_SCHEME_VERSION,
      selectedSheet: 0,
      run: null,
    });
    this.#entries.set(dataset.id, {
      dataset,
      lastAccessMs: this.#clock.now(),
      reservedBytes: reservation.bytes,
      heldBytes: heldBytes(dataset, null),
    });
    reservation.release();
    return dataset;
  }

  /** The live dataset with this id, its expiry pushed back; 404 when unknown or expired. */
  get(id: string): Dataset {
    return this.#entry(id).dataset;
  }

  /** Selects the sheet the schema and previews are about; 400 when the dataset has none so named. */
  selectSheet(id: string, sheetName: string): Dataset {
    const entry = this.#entry(id);
    const { sheets } = entry.dataset;
    const index = sheets.findIndex((sheet) => sheet.name === sheetName);
    if (index < 0) {
      throw new TRPCError({
        code: 'BAD_REQUEST',
        message: `The dataset has no sheet with that name (its sheets: ${sheets.length})`,
      });
    }
    if (index === entry.dataset.selectedSheet) return entry.dataset;
    entry.dataset = frozenDataset({ ...entry.dataset, selectedSheet: index });
    return entry.dataset;
  }

  /**
   * Changes columns of the selected sheet (see applyColumnUpdates: 400 for an unknown column, one
   * listed twice, or a faker rule without a known method). A change discards the last run.
   */
  updateColumns(id: string, updates: ReadonlyArray<ColumnUpdate>): Dataset {
    const entry = this.#entry(id);
    const { dataset } = entry;
    const schema = applyColumnUpdates(selectedSheet(dataset), updates);
    return this.#setSchema(entry, dataset.selectedSheet, schema);
  }

  /**
   * Puts a new schema (detected again) in place of a sheet's. When that changes it, the last run
   * is discarded; a sheet the dataset does not have leaves it as it is.
   */
  replaceSchema(id: string, sheetIndex: number, schema: ReadonlyArray<ColumnSchema>): Dataset {
    return this.#setSchema(this.#entry(id), sheetIndex, schema);
  }

  /**
   * Applies a recipe to every sheet (see the engine's applyRecipe: sheets matched by name, or the
   * only one to the only one; columns by name), and its pseudonym scheme to the dataset's runs.
   * When that changes a schema or the scheme, the last run is discarded; a recipe that changes
   * nothing keeps it.
   */
  applyRecipe(id: string, recipe: Recipe): { dataset: Dataset; report: RecipeReport } {
    const entry = this.#entry(id);
    const { schemas, report } = applyRecipe(recipe, entry.dataset.sheets);
    const dataset = this.#setSchemas(entry, schemas);
    if (dataset.scheme === recipe.scheme) return { dataset, report };
    entry.dataset = frozenDataset({ ...dataset, scheme: recipe.scheme, run: null });
    entry.heldBytes = heldBytes(entry.dataset, null);
    return { dataset: entry.dataset, report };
  }

  /**
   * Keeps a run's result as the dataset's last run, counted at its real size. `from` is the
   * dataset the run was made from: when its sheets have changed since (a schema update while the
   * run was going), the result no longer matches them and is refused with 409. When it does not
   * fit in the budget: 503, and the dataset keeps its previous run (or none), still usable.
   */
  recordRun(id: string, run: PseudonymizedRun, from: Dataset): Dataset {
    return this.#keepRun(id, run, from);
  }

  #keepRun(id: string, run: Omit<RecordedRun, 'recordedAt'>, from: Dataset): Dataset {
    const entry = this.#entry(id);
    // Datasets are immutable: the same sheets object is the same schemas.
    if (entry.dataset.sheets !== from.sheets || entry.dataset.scheme !== from.scheme) {
      throw new TRPCError({
        code: 'CONFLICT',
        message: 'The schema changed while the run was going; run it again',
      });
    }
    const before = footprint(entry);
    const held = heldBytes(entry.dataset, run);
    const after = Math.max(entry.reservedBytes, held);
    if (this.usedBytes - before + after > this.#budgetBytes) {
      throw new ServerBusyError(
        'The server has no room to keep this result now; try again in a few minutes',
        this.#secondsUntilRoom(),
      );
    }
    entry.dataset = frozenDataset({
      ...entry.dataset,
      run: frozenRun({ ...run, recordedAt: this.#clock.now() }),
    });
    entry.heldBytes = held;
    return entry.dataset;
  }

  /**
   * Keeps a run's result as the dataset's last run as soon as it is written, as recordRun does
   * (409, 503 alike), while the worker still computes the report and writes the mapping: the
   * client may show and download the result meanwhile. Each of `extras` joins the run in a new
   * dataset when it arrives, counted at its size; a mapping that no longer fits in the budget is
   * not kept (its download answers 503; a report, kilobytes, is always kept). A worker that
   * failed leaves the run without what had not arrived (the mapping's download answers the
   * error, the report 500). A run discarded or replaced meanwhile takes no extras.
   */
  recordEarlyRun(id: string, result: RunResult, from: Dataset, extras: ExtrasToCome): Dataset {
    // The run as the store holds it now: each arrival replaces it, and checks it is still there.
    const holder: { run?: RecordedRun } = {};
    const reportCompletion = extras.report.then(
      (report) => this.#addToRun(id, holder, 'reportCompletion', { report }),
      () => this.#addToRun(id, holder, 'reportCompletion', { report: null }),
    );
    const completion = extras.mapping.then(
      (mapping) => this.#addToRun(id, holder, 'completion', { mapping }),
      (error: unknown) =>
        this.#addToRun(id, holder, 'completion', {
          mappingError:
            error instanceof Error ? error : new Error('The mapping could not be written'),
        }),
    );
    const dataset = this.#keepRun(
      id,
      { ...result, mapping: null, report: null, reportCompletion, completion },
      from,
    );
    holder.run = dataset.run ?? undefined;
    return dataset;
  }

  /**
   * The live dataset with this id once its last run's report is in (at once when it is, or when
   * it has no run); 404 when unknown or expired.
   */
  async reported(id: string): Promise<Dataset> {
    let dataset = this.get(id);
    while (dataset.run?.reportCompletion) {
      await dataset.run.reportCompletion;
      dataset = this.get(id);
    }
    return dataset;
  }

  /** The live dataset with this id once its last run's report and mapping are both in. */
  async settled(id: string): Promise<Dataset> {
    let dataset = await this.reported(id);
    while (dataset.run?.completion || dataset.run?.reportCompletion) {
      await Promise.all([dataset.run.completion, dataset.run.reportCompletion]);
      dataset = this.get(id);
    }
    return dataset;
  }

  /**
   * Puts what arrived for a run (its report, its mapping or the mapping's failure) into it and
   * ends its wait (`pending`), unless the run is no longer the dataset's last one.
   */
  #addToRun(
    id: string,
    holder: { run?: RecordedRun },
    pending: 'reportCompletion' | 'completion',
    arrived: Pick<RecordedRun, 'report'> | Pick<RecordedRun, 'mapping'> | { mappingError: Error },
  ): void {
    const entry = this.#entries.get(id);
    const run = holder.run;
    if (!run || !entry || entry.dataset.run !== run) return;
    const { [pending]: _arrived, ...waiting } = run;
    let next: RecordedRun = { ...waiting, ...arrived };
    if ('mapping' in arrived) {
      const after = Math.max(entry.reservedBytes, heldBytes(entry.dataset, next));
      if (this.usedBytes - footprint(entry) + after > this.#budgetBytes) {
        next = {
          ...next,
          mapping: null,
          mappingError: new ServerBusyError(
            'The server had no room to keep the mapping of this run; run it again in a few minutes',
            this.#secondsUntilRoom(),
          ),
        };
      }
    }
    entry.dataset = frozenDataset({ ...entry.dataset, run: frozenRun(next) });
    entry.heldBytes = heldBytes(entry.dataset, next);
    holder.run = entry.dataset.run ?? undefined;
  }

  /**
   * Forgets a dataset's last run and its report (its schema changed, so the result no longer
   * matches it): the memory is free at once, and downloads and the report answer 409 until the
   * next run.
   */
  discardRun(id: string): Dataset {
    const entry = this.#entry(id);
    if (!entry.dataset.run) return entry.dataset;
    entry.dataset = frozenDataset({ ...entry.dataset, run: null });
    entry.heldBytes = heldBytes(entry.dataset, null);
    return entry.dataset;
  }

  /** Discards a dataset and everything derived from it at once. */
  delete(id: string): void {
    this.#entry(id);
    this.#entries.delete(id);
  }

  /** When the dataset is discarded unless used again; 404 when it is gone already. */
  expiresAt(dataset: Dataset): Date {
    const entry = this.#entries.get(dataset.id);
    if (!entry) throw notFound();
    return new Date(entry.lastAccessMs + this.#ttlMs);
  }

  /** Drops every dataset untouched for longer than the time to live. */
  sweep(): void {
    const now = this.#clock.now();
    for (const [id, { lastAccessMs }] of this.#entries) {
      if (now - lastAccessMs >= this.#ttlMs) this.#entries.delete(id);
    }
  }

  clear(): void {
    this.#entries.clear();
  }

  /** The live entry with this id, its expiry pushed back; 404 when unknown or expired. */
  #entry(id: string): Entry {
    this.sweep();
    const entry = this.#entries.get(id);
    if (!entry) throw notFound();
    entry.lastAccessMs = this.#clock.now();
    return entry;
  }

  /** Puts `schema` in place of the schema of the sheet at `sheetIndex` (see #setSchemas). */
  #setSchema(entry: Entry, sheetIndex: number, schema: ReadonlyArray<ColumnSchema>): Dataset {
    const schemas = entry.dataset.sheets.map((sheet, index) =>
      index === sheetIndex ? schema : sheet.schema,
    );
    return this.#setSchemas(entry, schemas);
  }

  /**
   * Puts `schemas` (one per sheet, in order) in place of the sheets' schemas and discards the last
   * run, unless they are the same schemas: ones sent back unchanged keep the run, and a sheet
   * whose schema is unchanged keeps its object.
   */
  #setSchemas(entry: Entry, schemas: ReadonlyArray<ReadonlyArray<ColumnSchema>>): Dataset {
    const { dataset } = entry;
    let changed = false;
    const sheets = dataset.sheets.map((sheet, index) => {
      const schema = schemas[index];
      if (!schema || sameSchema(schema, sheet.schema)) return sheet;
      changed = true;
      return frozenSheet({ ...sheet, schema });
    });
    if (!changed) return dataset;
    entry.dataset = frozenDataset({ ...dataset, sheets, run: null });
    entry.heldBytes = heldBytes(entry.dataset, null);
    return entry.dataset;
  }

  #secondsUntilRoom(): number {
    const now = this.#clock.now();
    let earliest = now + this.#ttlMs;
    for (const { lastAccessMs } of this.#entries.values()) {
      earliest = Math.min(earliest, lastAccessMs + this.#ttlMs);
    }
    return (earliest - now) / 1000;
  }
}

/** Whether two schemas say the same: the same column objects, or columns equal as JSON. */
function sameSchema(
  schema: ReadonlyArray<ColumnSchema>,
  other: ReadonlyArray<Readonly<ColumnSchema>>,
): boolean {
  if (schema.length === other.length && schema.every((column, index) => column === other[index])) {
    return true;
  }
  return JSON.stringify(schema) === JSON.stringify(other);
}

function notFound(): TRPCError {
  return new TRPCError({ code: 'NOT_FOUND', message: 'Dataset not found (it may have expired)' });
}

/*
 * What the store keeps is frozen where that is cheap: a dataset, its sheets and their arrays, each
 * column through (small objects), a run and its arrays. The rows of previews are not, one by one:
 * a workbook's previews hold up to a million cells, and only the view reads them, into new rows.
 */

function frozenDataset(dataset: Dataset): Dataset {
  Object.freeze(dataset.sheets);
  return Object.freeze(dataset);
}

function frozenSheet(sheet: SheetState): SheetState {
  Object.freeze(sheet.columns);
  Object.freeze(sheet.preview);
  for (const column of sheet.schema) deepFreeze(column);
  Object.freeze(sheet.schema);
  return Object.freeze(sheet);
}

function frozenRun(run: RecordedRun): RecordedRun {
  for (const preview of run.previews) Object.freeze(preview);
  Object.freeze(run.previews);
  deepFreeze(run.stats);
  if (run.report) deepFreeze(run.report);
  return Object.freeze(run);
}

/** Freezes an object and every object in it; one frozen already is taken to be frozen through. */
function deepFreeze(value: object): void {
  if (Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const each of Object.values(value as Record<string, unknown>)) {
    if (typeof each === 'object' && each !== null) deepFreeze(each);
  }
}

function footprint({ reservedBytes, heldBytes }: Entry): number {
  return Math.max(reservedBytes, heldBytes);
}

/** Bytes a dataset holds with `run` as its last run: buffers, preview text and the report. */
function heldBytes(
  dataset: Dataset,
  run: Pick<RecordedRun, 'output' | 'mapping' | 'previews' | 'report'> | null,
): number {
  let held = dataset.original.byteLength;
  for (const sheet of dataset.sheets) held += textBytes(sheet.preview);
  if (run) {
    held += run.output.byteLength + (run.mapping?.byteLength ?? 0);
    for (const preview of run.previews) held += textBytes(preview);
    held += reportBytes(run.report);
  }
  return held;
}

/**
 * Rough heap size of a report: two bytes per character of its JSON. Its numbers and short keys
 * take about as much as objects as they do as text; a report is kilobytes per column.
 */
function reportBytes(report: PrivacyReport | null): number {
  return report ? 2 * JSON.stringify(report).length : 0;
}

/** Rough heap size of a preview: two bytes per UTF-16 unit plus a per-string overhead. */
function textBytes(rows: ReadonlyArray<ReadonlyArray<string>>): number {
  let total = 0;
  for (const row of rows) for (const text of row) total += 16 + 2 * text.length;
  return total;
}
