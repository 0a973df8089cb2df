/**
 * One run of a whole file through the engine, as the server's worker runs an upload: read,
 * detect, apply the recipe, pseudonymize, report, and write in the file's own format; then, as
 * a download in another format is made, convert those bytes. The same functions in the same
 * order give the same bytes as the web for the same file, key and recipe. A streaming run of a
 * large csv or tsv (stream-run.ts) runs the same functions on parts of the file.
 */
import {
  applyRecipe,
  buildReport,
  convertWrittenChunks,
  delimitedText,
  detectSchema,
  mappingFileName,
  mappingFormatOf,
  pseudonymize,
  PSEUDONYM_SCHEME_VERSION,
  readWorkbook,
  writeMapping,
  writeWorkbook,
  utf8Pieces,
  writtenConversion,
  type FileFormat,
  type PrivacyReport,
  type GenerationHelper,
  type PseudonymizePhase,
  type PseudonymizeStats,
  type ReadLimits,
  type Recipe,
  type RecipeReport,
  type ReportInput,
  type SchemaOfSheet,
} from '../engine';
import { formatOfPath, type OutputFormat } from './args';
import { usageError } from './exit-codes';
import { freeNow, type InputFile } from './input-file';
import { jsonLinesOf } from './json-lines';

/**
 * The command line has no upload cap: rows and cells are bounded by memory only. Columns keep
 * the engine's limit (a spreadsheet's 16,384).
 */
export const CLI_READ_LIMITS: ReadLimits = {
  maxRows: Number.POSITIVE_INFINITY,
  maxCells: Number.POSITIVE_INFINITY,
};

export type RunPhase = 'detect' | 'pseudonymize' | 'report' | 'write';

export interface RunRequest {
  input: InputFile;
  recipe?: Recipe;
  secret: string | Uint8Array;
  /** The output's format; the file's own when absent (JSON Lines for a .jsonl or .ndjson). */
  format?: OutputFormat;
  /** For csv, tsv and json output of a workbook: the sheet to write (the first by default). */
  sheetName?: string;
  /** Formula protection of csv, tsv, xlsx and xls output (on, as on the web, by default). */
  formulaProtection: boolean;
  /** The mapping's format, when one is wanted. */
  mappingFormat?: OutputFormat;
  /** Whether to build the privacy and utility report. */
  report: boolean;
  /** Hears each phase as it starts, with the rows it works on. */
  onPhase?: (phase: RunPhase, rows: number) => void;
  /** Hears how far pseudonymize is within its phases (PseudonymizeOptions.onProgress). */
  onProgress?: (phase: PseudonymizePhase, done: number, total: number) => void;
  /** A thread that chooses some of the pseudonyms (PseudonymizeOptions.generationHelper). */
  generationHelper?: GenerationHelper;
}

export interface RunOutcome {
  /** The file's format as read. */
  inputFormat: OutputFormat;
  format: OutputFormat;
  /**
   * The output's bytes, in pieces made as they are read (a conversion to xlsx is written piece by
   * piece, as the web's download is sent): nothing is converted until they are read. A piece may
   * be a view of a buffer the next piece fills again (a csv or tsv: utf8Pieces), so each is
   * written or copied before the next is asked for, as writeOutput does.
   */
  output: Iterable<Uint8Array>;
  mapping?: Iterable<Uint8Array>;
  /** The report, when asked for and computed (null when computing it failed). */
  report?: PrivacyReport | null;
  /** What applying the recipe did, when there is one. */
  recipeReport?: RecipeReport;
  stats: PseudonymizeStats;
  /** Rows of the mapping (one per distinct sheet, column, original, pseudonym), when written. */
  mappingRows: number | null;
  rows: number;
  columns: number;
  sheetNames: string[];
}

/**
 * Pseudonymizes one file with the automatic rules, or a recipe's, under a key. Throws the
 * engine's EngineError for a file it cannot read (its messages quote no value).
 * @example runFile({ input, secret: 'k', formulaProtection: true, report: false }).output
 */
export function runFile(request: RunRequest): RunOutcome {
  const { input, recipe, onPhase = () => {} } = request;
  const bytes = input.take();
  const workbook = readWorkbook(bytes, input.name, CLI_READ_LIMITS);
  freeNow(bytes);
  const readFormat = workbook.format;
  const inputFormat: OutputFormat =
    readFormat === 'json' && formatOfPath(input.name) === 'jsonl' ? 'jsonl' : readFormat;
  const sheetNames = workbook.sheets.map((sheet) => sheet.name);
  const rows = workbook.sheets.reduce((sum, sheet) => sum + sheet.rows.length, 0);
  const columns = workbook.sheets.reduce((sum, sheet) => sum + sheet.columns.length, 0);
  if (request.sheetName !== undefined && !sheetNames.includes(request.sheetName)) {
    throw usageError(noSheet(request.sheetName, input.label, workbook.sheets));
  }

  onPhase('detect', rows);
  const detected = detectSheets(workbook.sheets);
  const applied = recipe ? applyRecipe(recipe, detected) : undefined;
  const schemas = applied?.schemas ?? detected.map((sheet) => [...sheet.schema]);

  onPhase('pseudonymize', rows);
  const result = pseudonymize(workbook, schemas, {
    secret: request.secret,
    scheme: recipe?.scheme ?? PSEUDONYM_SCHEME_VERSION,
    onProgress: request.onProgress,
    ...(request.generationHelper ? { generationHelper: request.generationHelper } : {}),
  });

  let report: PrivacyReport | null | undefined;
  if (request.report) {
    onPhase('report', rows);
    report = reportOrNull({
      original: workbook,
      output: result.workbook,
      schemas,
      mappingAvailable: result.mappingRowCount() > 0,
    });
  }

  onPhase('write', rows);
  const format = request.format ?? inputFormat;
  // A JSON document of several tables is written whole, unless one table is asked for: by
  // --sheet, or by JSON Lines, which holds one table (the first by default).
  const oneTable =
    result.workbook.jsonTables && (request.sheetName !== undefined || format === 'jsonl')
      ? { sheetName: request.sheetName ?? sheetNames[0]! }
      : {};
  // JSON Lines are cut from the array of records JSON output writes (jsonLinesOf), whatever
  // shape the document had (a lone object, pandas' orients).
  const written =
    format === 'jsonl'
      ? {
          ...result.workbook,
          sheets: result.workbook.sheets.map(({ jsonShape: _, ...sheet }) => sheet),
        }
      : result.workbook;
  // A csv or tsv written as it was read is encoded a piece at a time as it is written out; any
  // other output is written whole, then converted as the server's download converts it.
  const delimited =
    (format === 'csv' || format === 'tsv') &&
    writtenConversion(readFormat, format, request.formulaProtection) === null
      ? delimitedText(written, format)
      : null;
  const output = delimited
    ? utf8Pieces(delimited.chunks, delimited.bom)
    : converted(writeWorkbook(written, readFormat, oneTable), readFormat, {
        to: format,
        fileName: input.name,
        sheetName: request.sheetName,
        formulaProtection: request.formulaProtection,
        splitLongSheets: false,
      });
  const mapping =
    request.mappingFormat === undefined
      ? undefined
      : converted(
          writeMapping(result.workbook, result.mapping, readFormat),
          mappingFormatOf(readFormat),
          {
            to: request.mappingFormat,
            fileName: mappingFileName(readFormat),
            formulaProtection: request.formulaProtection,
            splitLongSheets: true,
          },
        );
  return {
    inputFormat,
    format,
    output,
    mapping,
    report,
    recipeReport: applied?.report,
    stats: result.stats,
    // The engine builds the mapping's rows when they are first read: only a run that writes the
    // mapping pays for them (~90 MB at the peak and ~0.5 s on the 50 MB bench file); the report
    // asks only whether there is one, which is counted without them.
    mappingRows: mapping === undefined ? null : result.mappingRowCount(),
    rows,
    columns,
    sheetNames,
  };
}

/** The message for a sheet name the file does not have, listing the ones it has. */
export function noSheet(
  name: string,
  label: string,
  sheets: ReadonlyArray<{ name: string }>,
): string {
  const names = sheets.map((sheet) => `"${sheet.name}"`).join(', ');
  return `${label} has no sheet named "${name}"; its sheets: ${names}`;
}

/** Each sheet's detected schema, as the server's upload detects them. */
export function detectSheets(
  sheets: ReadonlyArray<Parameters<typeof detectSchema>[0]>,
): SchemaOfSheet[] {
  return sheets.map((sheet) => ({ name: sheet.name, schema: detectSchema(sheet) }));
}

/**
 * Written bytes in the wanted format, converted as the server's download converts them
 * (convertWrittenChunks: an xlsx made from another format is a streamed ZIP there, so here too).
 */
export function converted(
  written: Uint8Array,
  writtenFormat: FileFormat,
  wanted: {
    to: OutputFormat;
    fileName: string;
    sheetName?: string;
    formulaProtection: boolean;
    splitLongSheets: boolean;
  },
): Iterable<Uint8Array> {
  if (wanted.to === 'jsonl') {
    const json = Buffer.concat([...converted(written, writtenFormat, { ...wanted, to: 'json' })]);
    return [jsonLinesOf(json)];
  }
  const conversion = writtenConversion(writtenFormat, wanted.to, wanted.formulaProtection);
  if (!conversion) return [written];
  return convertWrittenChunks(written, {
    ...conversion,
    fileName: wanted.fileName,
    sheetName: wanted.sheetName,
    splitLongSheets: wanted.splitLongSheets,
  });
}

/**
 * The report, or null when computing it failed, as on the server: a fault of the report must not
 * cost the run, which is complete without it.
 */
export function reportOrNull(input: ReportInput): PrivacyReport | null {
  try {
    return buildReport(input);
  } catch {
    return null;
  }
}
