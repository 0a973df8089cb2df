/**
 * A streaming run of a large csv or tsv: the file is read a part of whole records at a time, the
 * first part is detected (and the recipe applied to it), and every part is pseudonymized on a
 * worker thread (chunk-run.ts) with those schemas, while the outputs are written in the file's
 * order. Memory holds a few parts at once, whatever the file's size. Every part is one run of the
 * engine, so a streaming run gives what the same parts run one by one give (README: partitions):
 * the whole file's output, except for the values whose pseudonym depends on the part they are in
 * (stats.fileDependentPseudonyms counts them).
 */
import { availableParallelism } from 'node:os';
import {
  applyRecipe,
  mappingFileName,
  mappingFormatOf,
  PSEUDONYM_SCHEME_VERSION,
  readWorkbook,
  writeMapping,
  type Cell,
  type DelimitedLayout,
  type FileValues,
  type PrivacyReport,
  type PseudonymizeStats,
  type Recipe,
  type RecipeReport,
  type Workbook,
} from '../engine';
import { bodyOf, type ChunkOutcome, type ChunkSetup, type StreamFormat } from './chunk-run';
import { inputError } from './exit-codes';
import type { ByteSource } from './input-file';
import { JoinedOutput } from './joined-output';
import { openOutput, type OutputSink } from './output-file';
import { PartPool } from './part-pool';
import { PartReader, type Part } from './part-reader';
import type { RunProgress } from './progress';
import { CLI_READ_LIMITS, converted, detectSheets } from './run-file';
import { SeenRows } from './seen-rows';

/** Text files larger than this stream by default; smaller ones are read whole, as the web does. */
export const STREAM_ABOVE_BYTES = 64 * 1024 ** 2;
/**
 * Columns whose first part holds at most this many distinct values have the whole file's values
 * read in a first pass (FileValues): names, cities, categories, whose pseudonyms drawn from
 * finite lists would otherwise depend on the part they are in.
 */
const FEW_VALUES = 20_000;
/** A column whose values pass this many over the whole file is left out of FileValues. */
const MOST_FILE_VALUES = 200_000;

export interface StreamRequest {
  source: ByteSource;
  layout: DelimitedLayout;
  recipe?: Recipe;
  secret: string | Uint8Array;
  format: StreamFormat;
  formulaProtection: boolean;
  /** Where the output goes: a path, or "-" for standard output. */
  target: string;
  /** The mapping's format and path, when one is wanted. */
  mapping?: { format: StreamFormat; target: string };
  /** Whether to build the report (of the first part). */
  report: boolean;
  /**
   * Why the run must write nothing (`--strict`), judged once the first part is done: before any
   * output is written.
   */
  failuresBeforeWriting: (first: FirstPart) => string[];
  progress: RunProgress;
  /** Worker threads; by default one per core, at most four. */
  workers?: number;
  /** The size of a part (PART_BYTES by default). */
  partBytes?: number;
}

/** What is known once the first part is done. */
export interface FirstPart {
  recipeReport?: RecipeReport;
  report?: PrivacyReport | null;
}

export interface StreamOutcome extends FirstPart {
  stats: PseudonymizeStats;
  rows: number;
  columns: number;
  parts: number;
  /** Whether a first pass read the file's values of its columns with few (FileValues). */
  fileValues: boolean;
  /** Why nothing was written (failuresBeforeWriting), empty when the output was written. */
  failures: string[];
  inputBytes: number;
  outputBytes: number | null;
  mappingRows: number | null;
}

/**
 * Pseudonymizes a csv or tsv source part by part and writes the output (and mapping) as the
 * parts are done, in order. A file (a source that can be read again) is read twice: a first pass
 * collects the values of its columns with few (FileValues), so that their pseudonyms are those of
 * a run of the whole file. Throws EngineError (lines named as the file's) or CliError.
 */
export async function streamRun(request: StreamRequest): Promise<StreamOutcome> {
  const { source, layout, progress } = request;
  const onBytes = (read: number) => progress.bytes(read, source.size);
  const { partBytes } = request;
  let reader = new PartReader(layout, source.start, source.rest, { partBytes, onBytes });
  const first = await reader.next();
  if (!first || reader.head === null) throw inputError(`${source.label}: the file is empty`);
  const { setup, recipeReport } = setupOf(request, reader.head, first.records);
  const workers = request.workers ?? defaultWorkers();

  let firstPart: Part = first;
  const few = columnsWithFewValues(setup);
  if (source.reopen && few.length > 0) {
    const passOne = new PartPool(setup, request.secret, workers);
    try {
      setup.fileValues = await readFileValues(passOne, reader, first, few, setup.columns.length);
    } finally {
      await passOne.close();
    }
    reader = new PartReader(layout, new Uint8Array(0), source.reopen(), { partBytes });
    firstPart = (await reader.next())!;
  }

  const pool = new PartPool(setup, request.secret, workers);
  const output = openOutput(request.target);
  const mappingSink = request.mapping ? openOutput(request.mapping.target) : undefined;
  try {
    return await runParts(request, {
      columns: setup.columns.length,
      fileValues: setup.fileValues !== undefined,
      recipeReport,
      first: firstPart,
      reader,
      pool,
      output,
      mappingSink,
    });
  } catch (error) {
    output.abort();
    mappingSink?.abort();
    throw error;
  } finally {
    await pool.close();
  }
}

/** Columns of the first part with few distinct values (and some): FileValues candidates. */
function columnsWithFewValues(setup: ChunkSetup): number[] {
  const columns: number[] = [];
  setup.schemas[0]!.forEach((schema, index) => {
    if (schema.distinctCount > 0 && schema.distinctCount <= FEW_VALUES) columns.push(index);
  });
  return columns;
}

/**
 * The first pass: every part's distinct values of `columns`, merged in the file's order, so each
 * column's list is in order of first appearance in the file. A column past MOST_FILE_VALUES is
 * dropped (its pseudonyms stay per part).
 */
async function readFileValues(
  pool: PartPool,
  reader: PartReader,
  first: Part,
  columns: number[],
  width: number,
): Promise<FileValues> {
  const merged = columns.map(() => new Set<Cell>() as Set<Cell> | null);
  let submitted = 0;
  let merged_ = 0;
  const submit = (part: Part) => {
    pool.submit({ kind: 'values', index: submitted++, ...part, columns });
  };
  const mergeNext = async () => {
    const { values } = await pool.values(merged_++);
    values.forEach((list, at) => {
      const set = merged[at];
      if (!set) return;
      for (const value of list) set.add(value);
      if (set.size > MOST_FILE_VALUES) merged[at] = null;
    });
  };
  submit(first);
  for (let part = await reader.next(); part; part = await reader.next()) {
    submit(part);
    if (submitted - merged_ >= pool.size * 2) await mergeNext();
  }
  while (merged_ < submitted) await mergeNext();
  const perColumn: (Cell[] | undefined)[] = new Array<Cell[] | undefined>(width).fill(undefined);
  columns.forEach((column, at) => {
    const set = merged[at];
    if (set) perColumn[column] = [...set];
  });
  return [perColumn];
}

interface RunState {
  columns: number;
  fileValues: boolean;
  recipeReport?: RecipeReport;
  first: Part;
  reader: PartReader;
  pool: PartPool;
  output: OutputSink;
  mappingSink?: OutputSink;
}

async function runParts(request: StreamRequest, state: RunState): Promise<StreamOutcome> {
  const { pool, reader, columns, recipeReport } = state;
  const { source, progress } = request;
  const started = performance.now();
  /** Each part's bytes in the file, by index, until it is written. */
  const partBytes = new Map<number, number>();
  let submitted = 0;
  const submit = (part: Part) => {
    partBytes.set(submitted, part.bytes);
    pool.submit({ kind: 'run', ...part, index: submitted, report: submitted === 0 });
    submitted++;
  };

  // The first part runs alone: whether the run may write at all is known from it.
  submit(state.first);
  const firstOutcome = await pool.outcome(0);
  const failures = request.failuresBeforeWriting({ recipeReport, report: firstOutcome.report });
  const totals = new Totals(firstOutcome);
  const end = { recipeReport, columns, fileValues: state.fileValues };
  if (failures.length > 0) {
    return totals.outcome(request, { ...end, failures, parts: 1, outputBytes: null });
  }
  const output = new JoinedOutput(state.output, request.format);
  await output.start(firstOutcome.outputHead ?? new Uint8Array(0));
  const mapping = state.mappingSink
    ? new MappingOutput(state.mappingSink, request, firstOutcome)
    : undefined;
  let written = 0;
  let bytesDone = 0;
  const write = async (outcome: ChunkOutcome) => {
    await output.part(outcome.body);
    if (mapping && outcome.mapping) await mapping.part(outcome.mapping.rows);
    if (outcome.index > 0) totals.add(outcome);
    bytesDone += partBytes.get(outcome.index) ?? 0;
    partBytes.delete(outcome.index);
    written++;
    progress.streamed(bytesDone, source.size, totals.rows, started);
  };
  await write(firstOutcome);

  // The rest, at most two parts per worker in flight, written in the file's order.
  const inFlight = pool.size * 2;
  for (let part = await reader.next(); part; part = await reader.next()) {
    submit(part);
    while (submitted - written >= inFlight) await write(await pool.outcome(written));
  }
  while (written < submitted) await write(await pool.outcome(written));
  await output.end();
  await mapping?.end();
  return totals.outcome(request, {
    ...end,
    failures: [],
    parts: submitted,
    inputBytes: reader.bytesRead,
    outputBytes: state.output.written,
    mappingRows: mapping?.rows ?? null,
  });
}

/** The setup every part shares: the first part read and detected, the recipe applied. */
function setupOf(
  request: StreamRequest,
  head: Uint8Array,
  records: Uint8Array,
): { setup: ChunkSetup; recipeReport?: RecipeReport } {
  const { source } = request;
  const workbook = readWorkbook(Buffer.concat([head, records]), source.name, CLI_READ_LIMITS);
  // Every later part is read under the head alone, so the head must be all the header there is.
  const headOnly = readWorkbook(head, source.name, CLI_READ_LIMITS);
  const columns = workbook.sheets[0]!.columns;
  if (columns.join('\u0000') !== headOnly.sheets[0]!.columns.join('\u0000')) {
    throw inputError(
      `${source.label}: a streaming run needs the header on the first line, and this file has ` +
        'lines above it: run it with --whole',
    );
  }
  const detected = detectSheets(workbook.sheets);
  const applied = request.recipe ? applyRecipe(request.recipe, detected) : undefined;
  const setup: ChunkSetup = {
    label: source.label,
    fileName: source.name,
    head,
    columns,
    schemas: applied?.schemas ?? detected.map((sheet) => [...sheet.schema]),
    scheme: request.recipe?.scheme ?? PSEUDONYM_SCHEME_VERSION,
    format: request.format,
    formulaProtection: request.formulaProtection,
    mapping: request.mapping !== undefined,
  };
  return applied ? { setup, recipeReport: applied.report } : { setup };
}

function defaultWorkers(): number {
  return Math.max(1, Math.min(availableParallelism(), 4));
}

/** The run's figures: the parts' stats summed, the first part's report. */
class Totals {
  readonly #first: ChunkOutcome;
  readonly #stats: PseudonymizeStats;
  rows: number;

  constructor(first: ChunkOutcome) {
    this.#first = first;
    this.#stats = structuredClone(first.stats);
    this.rows = first.rows;
  }

  add(outcome: ChunkOutcome): void {
    this.rows += outcome.rows;
    addCounts(this.#stats as unknown as Counts, outcome.stats as unknown as Counts);
    // Values numbered from the file's values are the same in every part: counted once.
    this.#stats.fileDependentPseudonyms -= outcome.stats.fileDependentOfFileValues ?? 0;
    // The share of columns that re-detect alike: the parts' weighed by their rows.
    this.#stats.schemaMatch +=
      ((outcome.stats.schemaMatch - this.#stats.schemaMatch) * outcome.rows) / this.rows;
  }

  outcome(
    request: StreamRequest,
    end: {
      recipeReport?: RecipeReport;
      failures: string[];
      columns: number;
      fileValues: boolean;
      parts: number;
      inputBytes?: number;
      outputBytes: number | null;
      mappingRows?: number | null;
    },
  ): StreamOutcome {
    return {
      ...(end.recipeReport ? { recipeReport: end.recipeReport } : {}),
      ...(this.#first.report !== undefined ? { report: this.#first.report } : {}),
      stats: this.#stats,
      rows: this.rows,
      columns: end.columns,
      parts: end.parts,
      fileValues: end.fileValues,
      failures: end.failures,
      inputBytes: end.inputBytes ?? request.source.size ?? request.source.start.length,
      outputBytes: end.outputBytes,
      mappingRows: end.mappingRows ?? null,
    };
  }
}

interface Counts {
  [name: string]: number | Counts | undefined;
}

/** Adds every count of `add` into `into`, nested records too (the shares are set apart). */
function addCounts(into: Counts, add: Counts): void {
  for (const [name, value] of Object.entries(add)) {
    if (name === 'scheme' || name === 'schemaMatch' || name === 'fileDependentOfFileValues') {
      continue;
    }
    const current = into[name];
    if (typeof value === 'number') into[name] = (typeof current === 'number' ? current : 0) + value;
    else if (value && typeof value === 'object') {
      if (typeof current !== 'object' || current === null) into[name] = {};
      addCounts(into[name] as Counts, value);
    }
  }
}

/**
 * The run's mapping, written as the parts come: each distinct row once (a row an earlier part
 * wrote is left out, SeenRows), laid out as the output is.
 */
class MappingOutput {
  readonly #joined: JoinedOutput;
  readonly #seen = new SeenRows();
  readonly #workbook: Workbook;
  readonly #format: StreamFormat;
  readonly #formulaProtection: boolean;
  readonly #columns: string[];
  readonly #emptyOutput: Uint8Array;
  #started = false;
  rows = 0;

  constructor(sink: OutputSink, request: StreamRequest, first: ChunkOutcome) {
    this.#format = request.mapping!.format;
    this.#joined = new JoinedOutput(sink, this.#format);
    this.#formulaProtection = request.formulaProtection;
    this.#workbook = {
      format: first.layout?.format ?? 'csv',
      sheets: [],
      ...(first.layout?.csv ? { csv: first.layout.csv } : {}),
    };
    this.#columns = first.mapping?.columns ?? ['sheet', 'column', 'original', 'pseudonym'];
    this.#emptyOutput = this.#write([]);
  }

  async part(rows: string[][]): Promise<void> {
    if (!this.#started) {
      this.#started = true;
      await this.#joined.start(
        this.#format === 'csv' || this.#format === 'tsv' ? this.#emptyOutput : new Uint8Array(0),
      );
    }
    const fresh = rows.filter((row) => this.#seen.add(row));
    this.rows += fresh.length;
    if (fresh.length > 0)
      await this.#joined.part(bodyOf(this.#write(fresh), this.#format, this.#emptyOutput));
  }

  async end(): Promise<void> {
    if (!this.#started) await this.part([]);
    await this.#joined.end();
  }

  #write(rows: string[][]): Uint8Array {
    const { format } = this.#workbook;
    const written = writeMapping(
      this.#workbook,
      { name: 'mapping', columns: this.#columns, rows },
      format,
    );
    return Buffer.concat([
      ...converted(written, mappingFormatOf(format), {
        to: this.#format,
        fileName: mappingFileName(format),
        formulaProtection: this.#formulaProtection,
        splitLongSheets: true,
      }),
    ]);
  }
}
