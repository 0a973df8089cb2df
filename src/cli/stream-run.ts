/**
 * A streaming run of a large csv, tsv or JSON Lines file: the file is read a part of whole records
 * at a time, the first part is detected (and the recipe applied to it), and every part is
 * pseudonymized on a worker thread (chunk-run.ts) with those schemas, while the outputs are
 * written in the file's order. Memory holds a few parts at once, whatever the file's size. Every
 * part is one run of the engine, given what a run of the whole file would know: the file's values
 * of its columns with few (a first pass: FileValues), its encoding, and the addresses rebuilt from
 * names that earlier parts handed out (shared-addresses.ts). What still depends on the part (a
 * retry after a collision in a large column or in free text) is counted in
 * stats.fileDependentPseudonyms.
 */
import { availableParallelism } from 'node:os';
import {
  applyRecipe,
  detectColumn,
  delimitedLayoutOf,
  isTwoValued,
  parseJson,
  PSEUDONYM_SCHEME_VERSION,
  StreamedReport,
  type Cell,
  type FileValues,
  type PrivacyReport,
  type PseudonymizeStats,
  type Recipe,
  type RecipeReport,
  type Workbook,
} from '../engine';
import {
  emptiedForBeingEmpty,
  sharesOf,
  splitOutput,
  writeMappingRows,
  type ChunkOutcome,
  type ChunkSetup,
  type PartMapping,
  type DetectedPart,
  type PartSource,
  type StreamFormat,
  type TruthCounts,
  type ValuesOutcome,
} from './chunk-run';
import { formatOfPath } from './args';
import { inputError } from './exit-codes';
import type { ByteSource } from './input-file';
import { JoinedOutput } from './joined-output';
import { openOutput, type OutputSink } from './output-file';
import { PartPool } from './part-pool';
import { PartReader, type Part, type StreamLayout } from './part-reader';
import type { RunProgress } from './progress';
import { SeenRows } from './seen-rows';
import { addressTable } from './shared-addresses';
import { lineBreaks, startsWithUtf8Bom } from './text-bytes';

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
/** How many of a column's first values detect it when the first part holds none of them. */
const DETECTION_SAMPLE = 10_000;

export interface StreamRequest {
  source: ByteSource;
  /** How the file's records end: a csv or tsv's delimiter and line break, or JSON Lines. */
  layout: StreamLayout;
  recipe?: Recipe;
  secret: string | Uint8Array;
  format: StreamFormat;
  formulaProtection: boolean;
  /** Where the output goes: a path, or "-" for standard output. */
  target: string;
  /** The mapping's format and path, when one is wanted. */
  mapping?: { format: StreamFormat; target: string };
  /** Whether to build the report (StreamedReport: every part's figures merged). */
  report: boolean;
  /**
   * Why the run must not stand (`--strict`), judged on the first part before any output is
   * written, and on the whole run's report once every part is done: the output file is then
   * removed (standard output has had the bytes by then).
   */
  strictFailures?: (figures: RunFigures) => string[];
  progress: RunProgress;
  /** Worker threads; by default one per core, at most four. */
  workers?: number;
  /** The size of a part (PART_BYTES by default). */
  partBytes?: number;
}

/** What a strict run is judged on: the recipe's coverage, and the report so far. */
export interface RunFigures {
  recipeReport?: RecipeReport;
  /** Of the parts done; null when computing it failed, undefined when none is built. */
  report?: PrivacyReport | null;
}

export interface StreamOutcome extends RunFigures {
  stats: PseudonymizeStats;
  rows: number;
  columns: number;
  parts: number;
  /** Whether a first pass read the file's values of its columns with few (FileValues). */
  fileValues: boolean;
  /**
   * Why the run failed `--strict` (strictFailures), empty when it stands; outputBytes is then
   * null unless the output went to standard output before the end's judgement.
   */
  failures: string[];
  inputBytes: number;
  outputBytes: number | null;
  mappingRows: number | null;
}

/**
 * Pseudonymizes a csv, tsv or JSON Lines source part by part and writes the output (and mapping)
 * as the parts are done, in order. A file (a source that can be read again) is read twice: a
 * first pass collects the values of its columns with few (FileValues), detects the columns the
 * first part held nothing in on their later values, and tells whether the file is UTF-8. Throws
 * EngineError (lines named as the file's) or CliError.
 */
export async function streamRun(request: StreamRequest): Promise<StreamOutcome> {
  const { source, layout, progress } = request;
  const onBytes = (read: number) => progress.bytes(read, source.size);
  const { partBytes } = request;
  let reader = new PartReader(layout, source.start, source.rest, { partBytes, onBytes });
  let first = await firstPartOf(reader);
  if (!first || reader.head === null) throw inputError(`${source.label}: the file is empty`);
  const pool = new PartPool(request.secret, request.workers ?? defaultWorkers());
  const output = openOutput(request.target);
  const mappingSink = request.mapping ? openOutput(request.mapping.target) : undefined;
  try {
    // Detected on a worker: the first part read whole stays off the main thread, which would
    // keep it as garbage (it allocates too little to collect it).
    const partSource: PartSource = {
      label: source.label,
      fileName: source.name,
      head: reader.head,
      jsonLines: layout === 'jsonLines',
    };
    const detect = (source: PartSource, part: Part) =>
      pool.task({
        kind: 'detect',
        source,
        text: new Uint8Array(part.text),
        firstLine: part.firstLine,
      });
    let detectedPart = await detect(partSource, first);
    let { setup, recipeReport } = setupOf(request, partSource, detectedPart);
    if (source.reopen) {
      const few = columnsWithFewValues(setup);
      const empty = emptyColumns(setup);
      const read = [...new Set([...few, ...empty])].sort((a, b) => a - b);
      // An empty column may turn out two-valued on the file's later values.
      const truthColumns = [...new Set([...twoValuedColumns(setup), ...empty])];
      await pool.setUp(setup);
      const { values, truths, utf8 } = await readColumnValues(
        pool,
        reader,
        first,
        read,
        truthColumns,
      );
      reader = new PartReader(layout, new Uint8Array(0), source.reopen(), { partBytes });
      first = (await firstPartOf(reader))!;
      // A file with bytes that are not UTF-8 is Windows-1252 to a whole run, every part of it.
      if (!utf8 && !startsWithUtf8Bom(partSource.head)) {
        partSource.windows1252 = true;
        detectedPart = await detect(partSource, first);
      }
      // A column empty in the first part is detected on the values the file holds further on,
      // as a whole run detects it, rather than blanked for being empty where it was looked at.
      ({ setup, recipeReport } = setupOf(request, partSource, redetected(detectedPart, values)));
      setup.fileValues = fileValuesOf(values, few, setup.columns.length);
      setup.twoValuedShares = sharesOf(truths);
    } else {
      // Read once (standard input): two-valued columns draw by their first part's shares.
      setup.twoValuedShares = sharesOf(detectedPart.truths);
    }
    const rows = estimatedRows(first, source.size);
    setup.addresses = addressTable(rows);
    await pool.setUp(setup);
    const report = request.report
      ? new StreamedReport({
          // Standard input's size is not known: its first part's rows tell how sparse to start.
          expectedRows: source.size === undefined ? lineBreaks(first.text) : rows,
          sheet: detectedPart.detected[0]?.name ?? source.name,
          schemas: setup.schemas[0]!,
          fileValues: setup.schemas[0]!.map((_, column) => !!setup.fileValues?.[0]?.[column]),
        })
      : undefined;
    return await runParts(request, {
      columns: setup.columns.length,
      fileValues: setup.fileValues !== undefined,
      ...(report ? { report } : {}),
      recipeReport,
      first,
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

/**
 * The first part, or null for a file with nothing in it; a file of a header and no rows is one
 * part of no records, whose output is the header, as a whole run writes it.
 */
async function firstPartOf(reader: PartReader): Promise<Part | null> {
  const part = await reader.next();
  const { head } = reader;
  if (part || head === null || head.length === 0) return part;
  return { text: new Uint8Array(head), firstLine: 1, size: head.length };
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
 * Columns the first part holds nothing in, which detection types 'blank' and the run would
 * empty (a rule of keep, blank or a Faker method says what to do without detection).
 */
function emptyColumns(setup: ChunkSetup): number[] {
  const columns: number[] = [];
  setup.schemas[0]!.forEach((schema, index) => {
    if (emptiedForBeingEmpty(schema)) columns.push(index);
  });
  return columns;
}

/** Columns the run draws as two values (booleans, measures of 0 and 1): their shares are counted. */
function twoValuedColumns(setup: ChunkSetup): number[] {
  return setup.schemas[0]!.flatMap((schema, index) =>
    isTwoValued(schema, setup.scheme) ? [index] : [],
  );
}

/** A column's distinct values over the file, and the first of them to detect it on. */
interface ColumnValues {
  /** Every distinct value in order of first appearance; null past MOST_FILE_VALUES. */
  values: Cell[] | null;
  /** The first non-blank distinct values, at most DETECTION_SAMPLE, kept past the cap too. */
  sample: Cell[];
}

/**
 * The first pass: every part's distinct values of `columns`, merged in the file's order, so each
 * column's list is in order of first appearance in the file; and whether every part's bytes are
 * UTF-8 (a file that is not is Windows-1252 to a whole run).
 */
async function readColumnValues(
  pool: PartPool,
  reader: PartReader,
  first: Part,
  columns: number[],
  truthColumns: number[],
): Promise<{
  values: Map<number, ColumnValues>;
  truths: (TruthCounts | undefined)[];
  utf8: boolean;
}> {
  let utf8 = true;
  const merged = columns.map(() => new Set<Cell>() as Set<Cell> | null);
  const samples = columns.map((): Cell[] => []);
  const truths: (TruthCounts | undefined)[] = [];
  const inFlight: Promise<ValuesOutcome>[] = [];
  const submit = (part: Part) => {
    inFlight.push(pool.task({ kind: 'values', ...part, columns, truthColumns }));
  };
  const mergeNext = async () => {
    const { values, truths: partTruths, utf8: partUtf8 } = await inFlight.shift()!;
    utf8 &&= partUtf8;
    partTruths.forEach((counts, column) => {
      if (!counts) return;
      const sum = (truths[column] ??= [0, 0]);
      sum[0] += counts[0];
      sum[1] += counts[1];
    });
    values.forEach((list, at) => {
      const sample = samples[at]!;
      for (const value of list) {
        if (sample.length >= DETECTION_SAMPLE) break;
        if (value !== null && value !== '' && !sample.includes(value)) sample.push(value);
      }
      const set = merged[at];
      if (!set) return;
      for (const value of list) set.add(value);
      if (set.size > MOST_FILE_VALUES) merged[at] = null;
    });
  };
  submit(first);
  for (let part = await reader.next(); part; part = await reader.next()) {
    submit(part);
    if (inFlight.length > pool.size) await mergeNext();
  }
  while (inFlight.length > 0) await mergeNext();
  const values = new Map(
    columns.map((column, at): [number, ColumnValues] => {
      const set = merged[at];
      return [column, { values: set ? [...set] : null, sample: samples[at]! }];
    }),
  );
  return { values, truths, utf8 };
}

/** The first part's detection, with its empty columns detected again on the file's values. */
function redetected(part: DetectedPart, values: Map<number, ColumnValues>): DetectedPart {
  const [sheet] = part.detected;
  if (!sheet) return part;
  const schema = sheet.schema.map((column, index) => {
    const sample = values.get(index)?.sample ?? [];
    if (!emptiedForBeingEmpty(column) || sample.length === 0) return column;
    return detectColumn(part.columns[index]!, sample);
  });
  return { ...part, detected: [{ ...sheet, schema }, ...part.detected.slice(1)] };
}

/** FileValues of the columns with few values (a column past MOST_FILE_VALUES left out). */
function fileValuesOf(values: Map<number, ColumnValues>, few: number[], width: number): FileValues {
  const perColumn = new Array<Cell[] | undefined>(width).fill(undefined);
  for (const column of few) perColumn[column] = values.get(column)?.values ?? undefined;
  return [perColumn];
}

interface RunState {
  columns: number;
  fileValues: boolean;
  /** The run's report, as the parts come, when one is wanted. */
  report?: StreamedReport;
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
  const end = { recipeReport, columns, fileValues: state.fileValues };
  /** The parts sent and not written yet, in the file's order, with their bytes in the file. */
  const inFlight: { outcome: Promise<ChunkOutcome>; size: number }[] = [];
  let submitted = 0;
  const report = state.report;
  let reportFailed = false;
  /** The report of the parts written so far: null once one part's figures failed. */
  const reportSoFar = () => (report ? (reportFailed ? null : report.report()) : undefined);
  const submit = (part: Part) => {
    const job = {
      kind: 'run',
      ...part,
      index: submitted,
      ...(report ? { report: { sampleStride: report.sampleStride } } : {}),
    } as const;
    inFlight.push({ outcome: pool.task(job), size: part.size });
    submitted++;
  };

  let bytesDone = 0;
  let totals: Totals | undefined;
  let output: JoinedOutput | undefined;
  let mapping: MappingOutput | undefined;
  let refused: StreamOutcome | undefined;
  /**
   * Writes the next part's output, in the file's order; false when the first part says the run
   * must write nothing (the parts after it ran meanwhile, and are dropped).
   */
  const writeNext = async (): Promise<boolean> => {
    const next = inFlight.shift()!;
    const outcome = await next.outcome;
    if (report && outcome.report) report.add(outcome.report);
    else if (report) reportFailed = true;
    if (!totals) {
      totals = new Totals(outcome);
      const firstReport = request.strictFailures ? reportSoFar() : undefined;
      const failures = request.strictFailures?.({ recipeReport, report: firstReport }) ?? [];
      if (failures.length > 0) {
        refused = totals.outcome(request, {
          ...end,
          report: firstReport,
          failures,
          parts: 1,
          outputBytes: null,
        });
        return false;
      }
      output = new JoinedOutput(state.output, request.format);
      await output.start(outcome.outputHead ?? new Uint8Array(0));
      if (state.mappingSink) mapping = new MappingOutput(state.mappingSink, request, outcome);
    } else {
      totals.add(outcome);
    }
    await output!.part(outcome.body);
    if (mapping && outcome.mapping) await mapping.part(outcome.mapping);
    bytesDone += next.size;
    progress.streamed(bytesDone, source.size, totals.rows, started);
    return true;
  };

  // One part per worker in flight (one more waiting cost memory, not time, on 1 GB: 961 MB and
  // 89 s against 940 MB and 76 s); each output is written once those before it are.
  submit(state.first);
  for (let part = await reader.next(); part; part = await reader.next()) {
    submit(part);
    while (inFlight.length >= pool.size) if (!(await writeNext())) return refused!;
  }
  while (inFlight.length > 0) if (!(await writeNext())) return refused!;
  const finalReport = reportSoFar();
  const failures = request.strictFailures?.({ recipeReport, report: finalReport }) ?? [];
  if (failures.length > 0) {
    state.output.abort();
    state.mappingSink?.abort();
    return totals!.outcome(request, {
      ...end,
      report: finalReport,
      failures,
      parts: submitted,
      outputBytes: request.target === '-' ? state.output.written : null,
    });
  }
  await output!.end();
  await mapping?.end();
  return totals!.outcome(request, {
    ...end,
    report: finalReport,
    failures: [],
    parts: submitted,
    inputBytes: reader.bytesRead,
    outputBytes: state.output.written,
    mappingRows: mapping?.rows ?? null,
  });
}

/** The setup every part shares: the first part's detection, the recipe applied to it. */
function setupOf(
  request: StreamRequest,
  source: PartSource,
  { columns, paths, detected }: DetectedPart,
): { setup: ChunkSetup; recipeReport?: RecipeReport } {
  const applied = request.recipe ? applyRecipe(request.recipe, detected) : undefined;
  const setup: ChunkSetup = {
    ...source,
    columns,
    ...(paths ? { paths } : {}),
    schemas: applied?.schemas ?? detected.map((sheet) => [...sheet.schema]),
    scheme: request.recipe?.scheme ?? PSEUDONYM_SCHEME_VERSION,
    format: request.format,
    formulaProtection: request.formulaProtection,
    ...(request.mapping ? { mapping: request.mapping.format } : {}),
  };
  return applied ? { setup, recipeReport: applied.report } : { setup };
}

/**
 * How a source's records end, from its first bytes: csv or tsv (delimitedLayoutOf), JSON Lines
 * (a first two lines that are JSON objects, in valid UTF-8), or null for what a streaming run does
 * not read (JSON, a workbook).
 */
export function streamLayoutOf(start: Uint8Array, fileName: string): StreamLayout | null {
  const lines = startOfLines(start);
  const delimited = delimitedLayoutOf(lines, fileName);
  if (delimited) return delimited;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(lines);
  } catch {
    return null;
  }
  // Its first two lines tell: a line further on that is not JSON is the reader's to name.
  const values = text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .slice(0, 2);
  const isObject = (line: string) => {
    if (!line.trimStart().startsWith('{')) return false;
    try {
      parseJson(line);
      return true;
    } catch {
      return false;
    }
  };
  return values.length === 2 && values.every(isObject) ? 'jsonLines' : null;
}

/** The format a streamed file is read in, and written in by default (JSON Lines as jsonl). */
export function streamedFormat(layout: StreamLayout, fileName: string): StreamFormat {
  if (layout !== 'jsonLines') return layout.delimiter === '\t' ? 'tsv' : 'csv';
  return formatOfPath(fileName) === 'jsonl' ? 'jsonl' : 'json';
}

/** The bytes up to the last line break among them: whole lines, no character cut in two. */
function startOfLines(bytes: Uint8Array): Uint8Array {
  const end = Math.max(bytes.lastIndexOf(0x0a), bytes.lastIndexOf(0x0d));
  return end > 0 ? bytes.subarray(0, end + 1) : bytes;
}

/** Rows of STDIN_ROWS are assumed when the size is not known (a pipe). */
const STDIN_ROWS = 3_000_000;

/** The file's rows, estimated from its size and the first part's bytes per line. */
function estimatedRows(first: Part, size: number | undefined): number {
  if (size === undefined) return STDIN_ROWS;
  return Math.ceil((size / first.text.length) * (lineBreaks(first.text) + 1));
}

/** The threads a run uses unless `--workers` says: one per core, at most four. */
export function defaultWorkers(): number {
  return Math.max(1, Math.min(availableParallelism(), 4));
}

/** The run's figures: the parts' stats summed. */
class Totals {
  readonly #stats: PseudonymizeStats;
  rows: number;

  constructor(first: ChunkOutcome) {
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
      report?: PrivacyReport | null;
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
      ...(end.report !== undefined ? { report: end.report } : {}),
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
 * The run's mapping, written as the parts come: the rows of listed columns each once (a row an
 * earlier part wrote is left out, SeenRows: at most 16 bytes a row, and their rows are bounded by
 * the first pass's lists), then the part's other rows as its worker wrote them (PartMapping).
 */
class MappingOutput {
  readonly #joined: JoinedOutput;
  readonly #seen = new SeenRows();
  readonly #layout: Pick<Workbook, 'format' | 'csv'>;
  readonly #format: StreamFormat;
  readonly #formulaProtection: boolean;
  readonly #columns: string[];
  #started = false;
  rows = 0;

  constructor(sink: OutputSink, request: StreamRequest, first: ChunkOutcome) {
    this.#format = request.mapping!.format;
    this.#joined = new JoinedOutput(sink, this.#format);
    this.#formulaProtection = request.formulaProtection;
    this.#layout = {
      format: first.layout?.format ?? 'csv',
      ...(first.layout?.csv ? { csv: first.layout.csv } : {}),
    };
    this.#columns = first.mapping?.columns ?? ['sheet', 'column', 'original', 'pseudonym'];
  }

  async part(part: PartMapping): Promise<void> {
    const fresh = part.listed.filter((row) => this.#seen.add(row));
    this.rows += fresh.length + part.writtenRows;
    const listed = fresh.length > 0 ? this.#split(fresh) : null;
    if (!this.#started) {
      // The head of the first rows written, as one write of them all has.
      const head = listed?.head ?? (part.writtenRows > 0 ? part.head : null);
      if (!head) return;
      await this.#joined.start(head);
      this.#started = true;
    }
    if (listed) await this.#joined.part(listed.body);
    await this.#joined.part(part.written);
  }

  async end(): Promise<void> {
    // A mapping with no row is what writing none gives (a csv's header; JSON's brackets).
    if (!this.#started) await this.#joined.start(this.#split([]).head);
    await this.#joined.end();
  }

  #split(rows: string[][]): { head: Uint8Array; body: Uint8Array } {
    const written = writeMappingRows(
      this.#layout,
      this.#columns,
      rows,
      this.#format,
      this.#formulaProtection,
    );
    return splitOutput(written, this.#format);
  }
}
