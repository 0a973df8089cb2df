/**
 * One part of a streaming run (stream-run.ts): whole records of a csv or tsv file, read under the
 * file's own head (BOM, "sep=" line, header), pseudonymized with the schemas the run chose on its
 * first part, and written in the output format without the output's head, so that the parts,
 * joined in order (JoinedOutput), make one output. What runFile does to a whole file, done to a
 * part: the same engine functions, in the same order.
 */
import { isUtf8 } from 'node:buffer';
import {
  decodeWindows1252,
  EngineError,
  mappingFileName,
  mappingFormatOf,
  parseJson,
  pseudonymize,
  readWorkbook,
  writeMapping,
  writeWorkbook,
  type Cell,
  type ColumnSchema,
  type CsvLayout,
  type FileValues,
  reportPart,
  truthCounts,
  isTwoValued,
  PSEUDONYM_SCHEME_VERSION,
  type TwoValuedShares,
  type PseudonymizeResult,
  type ReportPart,
  type PseudonymizeStats,
  type SchemaOfSheet,
  type Sheet,
  type Workbook,
} from '../engine';
import type { OutputFormat } from './args';
import { inputError } from './exit-codes';
import { CLI_READ_LIMITS, converted, detectSheets } from './run-file';
import { sharedAddresses, type AddressTable } from './shared-addresses';
import { headLength, lineBreaks } from './text-bytes';

/** The output formats a streaming run writes: those whose parts join (JoinedOutput). */
export const STREAM_FORMATS = ['csv', 'tsv', 'json', 'jsonl'] as const;
export type StreamFormat = (typeof STREAM_FORMATS)[number];

export function isStreamFormat(format: OutputFormat): format is StreamFormat {
  return (STREAM_FORMATS as readonly string[]).includes(format);
}

/** What every part of one run shares; sent to each worker once. */
export interface ChunkSetup {
  /** How messages name the file: its path, or "stdin". */
  label: string;
  /** The name the file is read under (its extension breaks ties; its base names the sheet). */
  fileName: string;
  /** The file's bytes before its first data record: BOM, "sep=" line and header. */
  head: Uint8Array;
  /** Whether the file is JSON Lines (no head; every line a record), not csv or tsv. */
  jsonLines: boolean;
  /**
   * Whether the file is Windows-1252 (the first pass found bytes that are not UTF-8): every part
   * is then read as such, as a whole run reads the file, even a part whose bytes happen to be
   * valid UTF-8.
   */
  windows1252?: boolean;
  /** The columns every part must read into: the first part's. */
  columns: string[];
  /** For JSON Lines, each column's key path (Sheet.paths): the first part's. */
  paths?: string[][];
  schemas: ColumnSchema[][];
  scheme: number;
  format: StreamFormat;
  formulaProtection: boolean;
  /** The mapping's format, when the run writes one: each part then returns its rows. */
  mapping?: StreamFormat;
  /** The whole file's values of its columns with few, once a first pass read them. */
  fileValues?: FileValues;
  /** The addresses rebuilt from names that the parts share (shared-addresses.ts). */
  addresses?: AddressTable;
  /**
   * The share of true in each two-valued column (booleans, measures of 0 and 1): the whole
   * file's once a first pass counted it, else the first part's (TruthCounts).
   */
  twoValuedShares?: TwoValuedShares;
}

/** How many cells of a column say true, and how many say true or false. */
export type TruthCounts = [trues: number, said: number];

/** Where every part is read from: what the run knows before it has detected anything. */
export type PartSource = Pick<
  ChunkSetup,
  'label' | 'fileName' | 'head' | 'jsonLines' | 'windows1252'
>;

/** The columns and detected schemas of a run's first part (detectPart). */
export interface DetectedPart {
  columns: string[];
  paths?: string[][];
  detected: SchemaOfSheet[];
  /**
   * What the part's columns that may hold two values (booleans, numbers of 0 to 1) say, per
   * column (undefined for the others): a run without a first pass draws them by these shares.
   */
  truths: (TruthCounts | undefined)[];
}

/**
 * What the cells of some columns say (TruthCounts), per column of the sheet; undefined for the
 * columns not asked for.
 */
function truthCountsOf(sheet: Sheet, columns: readonly number[]): (TruthCounts | undefined)[] {
  const counts = new Array<TruthCounts | undefined>(sheet.columns.length).fill(undefined);
  for (const column of columns) counts[column] = truthCounts(sheet.rows, column);
  return counts;
}

/** Each column's share of true, from what its cells say; undefined where none said either. */
export function sharesOf(truths: readonly (TruthCounts | undefined)[]): TwoValuedShares {
  return [truths.map((counts) => (counts && counts[1] > 0 ? counts[0] / counts[1] : undefined))];
}

/** The first sheet's detected columns of two values (their rule as detected: auto). */
function twoValuedCandidates(detected: SchemaOfSheet[]): number[] {
  return (detected[0]?.schema ?? []).flatMap((schema, index) =>
    isTwoValued(schema, PSEUDONYM_SCHEME_VERSION) ? [index] : [],
  );
}

/**
 * Reads and detects the first part, as a whole-file run detects its file. Every later part is
 * read under the head alone, so the head must hold the whole header: a file with lines above
 * its header is refused.
 * @example detectPart({ label: 'a.csv', fileName: 'a.csv', head, jsonLines: false }, text, 2).detected[0].schema
 */
export function detectPart(source: PartSource, text: Uint8Array, firstLine: number): DetectedPart {
  const workbook = readPart(source, { text, firstLine });
  const sheet = workbook.sheets[0]!;
  const { columns, paths } = sheet;
  const detected = detectSheets(workbook.sheets);
  const truths = truthCountsOf(sheet, twoValuedCandidates(detected));
  if (source.jsonLines) return { columns, ...(paths ? { paths } : {}), detected, truths };
  const headOnly = readWorkbook(source.head, source.fileName, CLI_READ_LIMITS);
  if (columns.join('\u0000') !== headOnly.sheets[0]!.columns.join('\u0000')) {
    throw inputError(
      `${source.label}: a streaming run needs the header on the first line, and this file has ` +
        'lines above it: run it with --whole',
    );
  }
  return { columns, detected, truths };
}

/**
 * A first pass over a part: the distinct values of some columns (FileValues), and what the cells
 * of others say (TruthCounts, for the shares of two-valued columns).
 */
export interface ValuesJob {
  kind: 'values';
  /** The file's head, then the part's records. */
  text: Uint8Array;
  firstLine: number;
  /** The columns whose values are wanted. */
  columns: number[];
  /** The columns whose cells' truths are counted (TruthCounts). */
  truthColumns: number[];
}

export interface ValuesOutcome {
  /** For each column asked for, its distinct values in the part, in order of first appearance. */
  values: Cell[][];
  /** What the cells of the truth columns say, per column (undefined for the others). */
  truths: (TruthCounts | undefined)[];
  /** Whether the part's bytes are valid UTF-8. */
  utf8: boolean;
}

/**
 * The distinct values of some columns of a part, in order of first appearance.
 * @example columnValues(setup, { kind: 'values', text, firstLine: 9, columns: [2], truthColumns: [] }).values[0]
 */
export function columnValues(setup: PartSource, job: ValuesJob): ValuesOutcome {
  const utf8 = isUtf8(job.text);
  if (job.columns.length === 0 && job.truthColumns.length === 0) {
    return { values: [], truths: [], utf8 };
  }
  const sheet = readPart(setup, job).sheets[0]!;
  const values = job.columns.map((column) => {
    const seen = new Set<Cell>();
    for (const row of sheet.rows) seen.add(row[column] ?? null);
    return [...seen];
  });
  return { values, truths: truthCountsOf(sheet, job.truthColumns), utf8 };
}

export interface ChunkJob {
  kind: 'run';
  /** The part's place in the file: 0 for the first (its turn at the shared addresses). */
  index: number;
  /** The file's head, then the part's records (part-reader.ts's Part). */
  text: Uint8Array;
  /** The file's line (1-based) where the records start, so an error names the file's line. */
  firstLine: number;
  /** When the run builds its report: the stride of this part's sample (StreamedReport). */
  report?: { sampleStride: number };
}

export interface ChunkOutcome {
  rows: number;
  /** The part's output without the output's head (JoinedOutput adds it once). */
  body: Uint8Array;
  /** The output's head, from the first part: what JoinedOutput writes before every body. */
  outputHead?: Uint8Array;
  /** How the file was read and is written (its csv layout), from the first part. */
  layout?: { format: Workbook['format']; csv?: CsvLayout };
  /** The part's mapping (distinct sheet, column, original, pseudonym rows), when wanted. */
  mapping?: PartMapping;
  stats: PseudonymizeStats;
  /** The part's figures for the run's report, when asked for (null when computing them failed). */
  report?: ReportPart | null;
}

/**
 * Reads, pseudonymizes and writes one part. Throws the engine's EngineError with the file's line
 * numbers, and a CliError for a part whose columns differ from the first part's.
 * @example runChunk(setup, 'key', { kind: 'run', index: 0, text, firstLine: 2 }).body
 */
export function runChunk(
  setup: ChunkSetup,
  secret: string | Uint8Array,
  job: ChunkJob,
): ChunkOutcome {
  // The part's turn at the shared addresses passes on however the part ends, or the parts after
  // it would wait for it.
  const turn = setup.addresses ? sharedAddresses(setup.addresses, job.index) : undefined;
  let turnTaken = false;
  const shared = turn && {
    ...turn,
    enter: () => {
      turnTaken = true;
      turn.enter();
    },
  };
  let result: PseudonymizeResult;
  let workbook: Workbook;
  try {
    workbook = withColumnsOf(setup, job, readPart(setup, job));
    refuseValuesOfEmptyColumns(setup, job, workbook.sheets[0]!);
    result = pseudonymize(workbook, setup.schemas, {
      secret,
      scheme: setup.scheme,
      ...(setup.fileValues ? { fileValues: setup.fileValues } : {}),
      ...(shared ? { sharedAddresses: shared } : {}),
      ...(setup.twoValuedShares ? { twoValuedShares: setup.twoValuedShares } : {}),
    });
  } finally {
    if (turn && !turnTaken) {
      turn.enter();
      turn.leave();
    }
  }
  const sheet = workbook.sheets[0]!;
  const report = job.report ? reportPartOrNull(setup, job.report, workbook, result) : undefined;
  const output = writeInFormat(result.workbook, setup);
  const { head, body } = splitOutput(output, setup.format);
  return {
    rows: sheet.rows.length,
    body,
    ...(job.index === 0
      ? {
          outputHead: head,
          layout: { format: workbook.format, ...(workbook.csv ? { csv: workbook.csv } : {}) },
        }
      : {}),
    ...(setup.mapping ? { mapping: partMapping(setup, setup.mapping, workbook, result) } : {}),
    stats: result.stats,
    ...(report !== undefined ? { report } : {}),
  };
}

/**
 * A part's mapping rows. The rows of columns a first pass listed (FileValues: names, cities,
 * categories) come as text, for the run to write each once however many parts hold it: their
 * rows are bounded by the listed values. The others (ids, emails, free text: few repeat, and
 * keeping every row the run wrote would grow with the file) come written, in the mapping's
 * format without its head, each row once in its part.
 */
export interface PartMapping {
  columns: string[];
  /** Rows of listed columns, as text. */
  listed: string[][];
  /** The other rows, written (JoinedOutput's body). */
  written: Uint8Array;
  /**
   * The head those rows were written under (a csv's header), empty when there are none: from a
   * JSON file, the mapping's columns come from its rows, so a mapping of none has no head.
   */
  head: Uint8Array;
  /** How many rows `written` holds. */
  writtenRows: number;
}

function partMapping(
  setup: ChunkSetup,
  format: StreamFormat,
  workbook: Workbook,
  result: PseudonymizeResult,
): PartMapping {
  const listedColumns = new Set(
    setup.columns.filter((_, column) => setup.fileValues?.[0]?.[column] !== undefined),
  );
  const listed: string[][] = [];
  const others: Cell[][] = [];
  for (const row of result.mapping.rows) {
    if (listedColumns.has(String(row[1]))) listed.push(textRow(row));
    else others.push(row);
  }
  const { columns } = result.mapping;
  const { head, body } =
    others.length === 0
      ? { head: new Uint8Array(0), body: new Uint8Array(0) }
      : splitOutput(
          writeMappingRows(workbook, columns, others, format, setup.formulaProtection),
          format,
        );
  return { columns, listed, written: body, head, writtenRows: others.length };
}

/**
 * Mapping rows written in a streaming run's mapping format, laid out as the file was read (a
 * csv's delimiter and line break): the head and the rows, which splitOutput parts.
 */
export function writeMappingRows(
  layout: Pick<Workbook, 'format' | 'csv'>,
  columns: string[],
  rows: Cell[][],
  to: StreamFormat,
  formulaProtection: boolean,
): Uint8Array {
  const workbook: Workbook = {
    format: layout.format,
    sheets: [],
    ...(layout.csv ? { csv: layout.csv } : {}),
  };
  const written = writeMapping(workbook, { name: 'mapping', columns, rows }, layout.format);
  return Buffer.concat([
    ...converted(written, mappingFormatOf(layout.format), {
      to,
      fileName: mappingFileName(layout.format),
      formulaProtection,
      splitLongSheets: true,
    }),
  ]);
}

/**
 * The part's figures for the run's report, or null when computing them failed: as on the server,
 * a fault of the report must not fail the run (the run says the report could not be computed).
 */
function reportPartOrNull(
  setup: ChunkSetup,
  { sampleStride }: { sampleStride: number },
  workbook: Workbook,
  result: PseudonymizeResult,
): ReportPart | null {
  try {
    return reportPart({
      original: workbook.sheets[0]!,
      output: result.workbook.sheets[0]!,
      schemas: setup.schemas[0]!,
      sampleStride,
      ...(setup.fileValues?.[0] ? { fileValues: setup.fileValues[0] } : {}),
      mappingAvailable: result.mappingRowCount() > 0,
    });
  } catch {
    return null;
  }
}

/**
 * Whether a column would be emptied only because detection found it empty: typed 'blank', under
 * a rule that leaves the choice to detection (not keep, blank or a Faker method).
 */
export function emptiedForBeingEmpty(schema: ColumnSchema): boolean {
  const { action } = schema.rule;
  return schema.type === 'blank' && action !== 'keep' && action !== 'blank' && action !== 'faker';
}

/**
 * Refuses a part holding values in a column the run would empty for being empty in the first
 * part: a streaming run of a file detects such a column on its later values (stream-run.ts), but
 * standard input is read once, and emptying the values without a word would lose them.
 */
function refuseValuesOfEmptyColumns(setup: ChunkSetup, job: ChunkJob, sheet: Sheet): void {
  setup.schemas[0]!.forEach((schema, column) => {
    if (!emptiedForBeingEmpty(schema)) return;
    const markers = new Set(schema.missingMarkers ?? []);
    const row = sheet.rows.findIndex((cells) => {
      const cell = cells[column] ?? null;
      return cell !== null && cell !== '' && !(typeof cell === 'string' && markers.has(cell));
    });
    if (row < 0) return;
    throw inputError(
      `${setup.label}: column "${setup.columns[column] ?? ''}" is empty in the first part, which ` +
        `a streaming run detects on, and holds values in the part from line ${job.firstLine} on: ` +
        'stream a file rather than standard input (a file is read twice, and such a column ' +
        'detected on its values), give the column a rule in a recipe (keep, or a Faker method), ' +
        'or run with --whole',
    );
  });
}

/**
 * The part with the first part's columns, in their order. A csv or tsv part has them or more (a
 * row wider than the header); a JSON Lines part may lack some keys (null and absent, as a whole
 * run has them where a line lacks them) but not hold new ones: the output's columns are written already.
 */
function withColumnsOf(setup: ChunkSetup, job: ChunkJob, workbook: Workbook): Workbook {
  const sheet = workbook.sheets[0]!;
  if (sheet.columns.join('\u0000') === setup.columns.join('\u0000')) return workbook;
  const at = new Map(sheet.columns.map((column, index) => [column, index]));
  if (!setup.jsonLines || sheet.columns.some((column) => !setup.columns.includes(column))) {
    const what = setup.jsonLines
      ? 'keys the first lines do not have'
      : 'more fields than the header';
    throw inputError(
      `${setup.label}: the rows from line ${job.firstLine} on have ${what}, and a streaming run ` +
        'cannot add columns to the output it is writing: run it with --whole',
    );
  }
  const from = setup.columns.map((column) => at.get(column) ?? -1);
  const rows = sheet.rows.map((row) =>
    from.map((index) => (index < 0 ? null : (row[index] ?? null))),
  );
  const jsonText =
    sheet.jsonText && from.map((index) => index >= 0 && sheet.jsonText![index] === true);
  // A key no line of the part has is absent from every one of them, as in a whole run.
  const absentKeys = from.map((index) =>
    index < 0 ? new Uint8Array(rows.length).fill(1) : sheet.absentKeys?.[index],
  );
  return {
    ...workbook,
    sheets: [
      {
        ...sheet,
        columns: [...setup.columns],
        rows,
        ...(setup.paths ? { paths: setup.paths } : {}),
        ...(jsonText ? { jsonText } : {}),
        absentKeys,
      },
    ],
  };
}

/** The part read under the file's head, with any line an error names counted as the file's. */
function readPart(setup: PartSource, job: { text: Uint8Array; firstLine: number }): Workbook {
  if (setup.jsonLines) return readJsonLines(setup, job);
  // A Windows-1252 file's part, as UTF-8 behind a byte-order mark: the text a whole run decodes,
  // and the BOM its output gets for having been Windows-1252.
  const text = setup.windows1252
    ? new TextEncoder().encode(`\uFEFF${decodeWindows1252(job.text)}`)
    : job.text;
  try {
    return readWorkbook(text, setup.fileName, CLI_READ_LIMITS);
  } catch (error) {
    if (!(error instanceof EngineError) || error.line === undefined) throw error;
    const line = error.line - lineBreaks(setup.head) - 1 + job.firstLine;
    throw new EngineError(error.code, error.message.replace(`Line ${error.line}`, `Line ${line}`), {
      line,
    });
  }
}

/**
 * A part of JSON Lines read as a whole run reads JSON Lines: its non-blank lines, each a JSON
 * value, as the elements of one array (a part of one line, read alone, would be one object and
 * could be taken for a columnar table). A line that is not JSON is named with the file's line.
 */
function readJsonLines(setup: PartSource, job: { text: Uint8Array; firstLine: number }): Workbook {
  const lines = new TextDecoder().decode(job.text).split(/\r?\n/);
  const values = lines.filter((line) => line.trim() !== '');
  const array = new TextEncoder().encode(`[${values.join(',\n')}]`);
  try {
    const workbook = readWorkbook(array, setup.fileName, CLI_READ_LIMITS);
    // Lines of arrays read as pandas' orient="values"; a part is written as records all the same.
    const sheets = workbook.sheets.map(({ jsonShape: _, ...sheet }) => sheet);
    return { ...workbook, sheets, format: 'json' };
  } catch (error) {
    if (!(error instanceof EngineError) || error.code !== 'INVALID_FILE') throw error;
    const bad = lines.findIndex((line) => line.trim() !== '' && !isJson(line));
    if (bad < 0) throw error;
    throw new EngineError('INVALID_FILE', `Line ${job.firstLine + bad} is not a JSON value.`, {
      line: job.firstLine + bad,
    });
  }
}

function isJson(text: string): boolean {
  try {
    parseJson(text);
    return true;
  } catch {
    return false;
  }
}

function writeInFormat(workbook: Workbook, setup: ChunkSetup): Uint8Array {
  // Written as JSON first, a line's lacking keys are left out; converted from that, a part whose
  // lines all lack a key would lose its column. So only JSON output leaves them out.
  const keysLeftOut = setup.format === 'json' || setup.format === 'jsonl';
  const source = keysLeftOut ? workbook : withEveryKey(workbook);
  const pieces = [
    ...converted(writeWorkbook(source, source.format), source.format, {
      to: setup.format,
      fileName: setup.fileName,
      formulaProtection: setup.formulaProtection,
      splitLongSheets: false,
    }),
  ];
  return pieces.length === 1 ? pieces[0]! : Buffer.concat(pieces);
}

/** The workbook with every record holding every key (null where its line had none). */
function withEveryKey(workbook: Workbook): Workbook {
  return {
    ...workbook,
    sheets: workbook.sheets.map(({ absentKeys: _absent, ...sheet }) => sheet),
  };
}

function textRow(row: Cell[]): string[] {
  return row.map((cell) => (typeof cell === 'string' ? cell : String(cell ?? '')));
}

const JSON_OPEN = '[\n'.length;
const JSON_CLOSE = '\n]\n'.length;
const JSON_EMPTY = '[]\n';

/**
 * A part's output cut into what every part's output repeats, its head (a csv or tsv's BOM,
 * "sep=" line and header), and its body: the rows, or a JSON array's objects without its
 * brackets (one per line, with the commas between them), or JSON Lines as they are.
 * @example splitOutput(new TextEncoder().encode('a,b\n1,2\n'), 'csv').body // the bytes of '1,2\n'
 */
export function splitOutput(
  output: Uint8Array,
  format: StreamFormat,
): { head: Uint8Array; body: Uint8Array } {
  const none = new Uint8Array(0);
  if (format === 'jsonl') return { head: none, body: output };
  if (format === 'json') {
    const empty = output.length <= JSON_EMPTY.length;
    return {
      head: none,
      body: empty ? none : output.subarray(JSON_OPEN, output.length - JSON_CLOSE),
    };
  }
  if (output.length === 0) return { head: none, body: none };
  const layout = {
    delimiter: format === 'tsv' ? '\t' : ',',
    lineBreak: output.includes(0x0a) ? 0x0a : 0x0d,
  } as const;
  let end = headLength(output, layout);
  if (end < 0) end = output.length;
  return { head: output.subarray(0, end), body: output.subarray(end) };
}
