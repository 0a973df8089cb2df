import { statSync } from 'node:fs';
import {
  GENERATION_THREAD_FROM_BYTES,
  GenerationThread,
  type PrivacyReport,
  type PseudonymizeStats,
  type RecipeReport,
} from '../../engine';
import { renderReportHtml } from '../../server/report-html';
import { formatOfPath, parseCommandArgs, parseFormat, type OutputFormat } from '../args';
import { isStreamFormat } from '../chunk-run';
import { EXIT, onFile, onFileAsync, usageError, type ExitCode } from '../exit-codes';
import {
  openFileSource,
  openStdinSource,
  readInputFile,
  wholeInput,
  type ByteSource,
  type InputFile,
} from '../input-file';
import { resolveKey } from '../key';
import { writeOutput } from '../output-file';
import { runProgress, type RunProgress } from '../progress';
import { readRecipe } from '../recipe-file';
import { runFile, type RunOutcome } from '../run-file';
import {
  defaultWorkers,
  STREAM_ABOVE_BYTES,
  streamLayoutOf,
  streamedFormat,
  streamRun,
  type RunFigures,
} from '../stream-run';
import type { StreamLayout } from '../part-reader';
import { RUN_USAGE } from '../usage';

/** The command's own bundle, which a helper thread runs (main.ts). */
const BUNDLE = new URL(import.meta.url);

/** Report warnings that fail a `--strict` run; a low one (the mapping exists) only informs. */
const STRICT_SEVERITIES = new Set(['high', 'medium']);

/**
 * `standin run FILE|- …`: pseudonymizes a file and writes the result, and on demand its mapping,
 * report and a JSON summary. See RUN_USAGE.
 */
export async function runCommand(args: string[]): Promise<ExitCode> {
  const { values, positionals } = parseCommandArgs(args, {
    output: { type: 'string', short: 'o' },
    recipe: { type: 'string' },
    'key-file': { type: 'string' },
    'key-env': { type: 'string' },
    format: { type: 'string' },
    sheet: { type: 'string' },
    mapping: { type: 'string' },
    report: { type: 'string' },
    'formula-protection': { type: 'string' },
    strict: { type: 'boolean' },
    stream: { type: 'boolean' },
    whole: { type: 'boolean' },
    'part-mb': { type: 'string' },
    workers: { type: 'string' },
    quiet: { type: 'boolean' },
    json: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    process.stdout.write(RUN_USAGE);
    return EXIT.done;
  }

  // Everything about usage is checked before any file is read.
  const [file, ...extra] = positionals;
  if (file === undefined)
    throw usageError('run needs a FILE, or - for standard input (see standin run --help)');
  if (extra.length > 0) throw usageError('run takes one FILE');
  const target = values.output ?? '-';
  const formatOption = parseFormat(values.format, '--format');
  const wanted = formatOption ?? (target === '-' ? undefined : formatOfPath(target));
  const mappingFormat = values.mapping === undefined ? undefined : formatOfPath(values.mapping);
  if (values.mapping !== undefined && !mappingFormat) {
    throw usageError('--mapping needs a path ending in .csv, .tsv, .json, .jsonl, .xlsx or .xls');
  }
  const reportKind = values.report === undefined ? undefined : reportKindOf(values.report);
  if (values.strict && values.recipe === undefined) {
    throw usageError('--strict checks the file against a recipe: give --recipe');
  }
  if (values.stream && values.whole) throw usageError('--stream and --whole exclude each other');
  const partMb = values['part-mb'] === undefined ? undefined : Number(values['part-mb']);
  if (partMb !== undefined && !(partMb > 0 && partMb <= 1024)) {
    throw usageError('--part-mb must be a number of megabytes above 0, at most 1024');
  }
  const workers = values.workers === undefined ? undefined : Number(values.workers);
  if (workers !== undefined && !(Number.isInteger(workers) && workers >= 1 && workers <= 64)) {
    throw usageError('--workers must be a whole number from 1 to 64');
  }
  const protection = values['formula-protection'] ?? 'on';
  if (protection !== 'on' && protection !== 'off') {
    throw usageError('--formula-protection must be on or off');
  }
  const key = resolveKey({ keyFile: values['key-file'], keyEnv: values['key-env'] });
  const recipe = values.recipe === undefined ? undefined : readRecipe(values.recipe);
  const quiet = values.quiet ?? false;
  const note = (text: string) => {
    if (!quiet) console.error(`standin: ${text}`);
  };
  if (key.from === 'random') {
    note(
      'no key given (--key-file or --key-env): this run used a random key, so its pseudonyms match no other run',
    );
  }

  const started = performance.now();
  const progress = runProgress(!quiet && process.stderr.isTTY === true);
  const request: RunChoice = {
    mode: values.stream ? 'stream' : values.whole ? 'whole' : 'auto',
    file,
    formatOption,
    wanted,
    mappingFormat,
  };
  let finished: Finished;
  try {
    const run = await chooseRun(request, progress);
    if (run.stream) {
      const { source, layout, format, mapping } = run.stream;
      const outcome = await onFileAsync(source.label, () =>
        streamRun({
          source,
          layout,
          recipe,
          secret: key.secret,
          format,
          formulaProtection: protection === 'on',
          target,
          ...(mapping && values.mapping !== undefined
            ? { mapping: { format: mapping, target: values.mapping } }
            : {}),
          report: reportKind !== undefined || values.strict === true || values.json === true,
          ...(values.strict ? { strictFailures } : {}),
          progress,
          ...(partMb !== undefined ? { partBytes: partMb * 1024 ** 2 } : {}),
          ...(workers !== undefined ? { workers } : {}),
        }),
      );
      finished = {
        ...outcome,
        label: source.label,
        sheets: 1,
        inputFormat: streamedFormat(layout, source.name),
        format,
        streamed: { parts: outcome.parts, fileValues: outcome.fileValues },
      };
    } else {
      finished = await runWhole(run.input, {
        recipe,
        secret: key.secret,
        wanted,
        sheetName: values.sheet,
        formulaProtection: protection === 'on',
        mappingFormat,
        report: reportKind !== undefined || values.strict === true || values.json === true,
        target,
        mappingTarget: values.mapping,
        strict: values.strict === true,
        progress,
        threads: workers ?? defaultWorkers(),
      });
    }
  } finally {
    progress.stop();
  }

  const { failures } = finished;
  if (finished.report === null) console.error('standin: the privacy report could not be computed');
  if (reportKind && values.report !== undefined && finished.report) {
    await writeOutput(values.report, reportText(reportKind, finished.report, file));
  }
  const seconds = (performance.now() - started) / 1000;
  for (const missing of finished.recipeReport?.notFound ?? []) {
    note(`the recipe's column "${missing.column}" of sheet "${missing.sheet}" is not in the file`);
  }
  if (finished.streamed && finished.stats.fileDependentPseudonyms > 0) {
    note(
      `streamed in ${finished.streamed.parts} parts: ${finished.stats.fileDependentPseudonyms} values took a pseudonym that depends on the file or its part (see README, Command line)`,
    );
  }
  if (values.json) {
    const summary = `${JSON.stringify(runSummary(finished, { seconds, target, keyFrom: key.from, strict: values.strict === true }), null, 2)}\n`;
    if (target === '-') process.stderr.write(summary);
    else await writeOutput('-', summary);
  }
  if (failures.length > 0) {
    for (const failure of failures) console.error(`standin: --strict: ${failure}`);
    console.error(
      finished.outputBytes === null
        ? 'standin: --strict: nothing written'
        : 'standin: --strict: the output went to standard output before the whole file was judged: do not use it',
    );
    return EXIT.strict;
  }
  if (finished.report === null && (reportKind || values.strict)) return EXIT.badInput;
  return EXIT.done;
}

/** What decides between a whole-file and a streaming run. */
interface RunChoice {
  /** --stream, --whole, or by size. */
  mode: 'stream' | 'whole' | 'auto';
  file: string;
  formatOption?: OutputFormat;
  wanted?: OutputFormat;
  mappingFormat?: OutputFormat;
}

type ChosenRun =
  | { input: InputFile; stream?: undefined }
  | {
      stream: {
        source: ByteSource;
        layout: StreamLayout;
        format: 'csv' | 'tsv' | 'json' | 'jsonl';
        mapping?: 'csv' | 'tsv' | 'json' | 'jsonl';
      };
    };

/**
 * A whole-file run, as the web's, for files up to STREAM_ABOVE_BYTES and with --whole; a streaming
 * run (stream-run.ts) for a larger csv or tsv, or with --stream, when every output it writes is
 * one whose parts join (csv, tsv, json, jsonl).
 */
async function chooseRun(choice: RunChoice, progress: RunProgress): Promise<ChosenRun> {
  const onBytes = (read: number, total: number | undefined) => progress.bytes(read, total);
  const { mode, file } = choice;
  if (file !== '-' && mode !== 'stream') {
    const size = sizeOf(file);
    if (mode === 'whole' || size === undefined || size <= STREAM_ABOVE_BYTES) {
      return { input: readInputFile(file, onBytes) };
    }
  }
  let source: ByteSource;
  if (file === '-') {
    const limit = mode === 'whole' ? Number.POSITIVE_INFINITY : STREAM_ABOVE_BYTES;
    const stdin = await openStdinSource(choice.formatOption, limit);
    source = stdin.source;
    if (stdin.ended && mode !== 'stream') return { input: await wholeInput(source) };
  } else {
    source = openFileSource(file);
  }
  const layout = streamLayoutOf(source.start, source.name);
  const format = choice.wanted ?? (layout === null ? 'csv' : streamedFormat(layout, source.name));
  const blocker = !layout
    ? `${source.label} is not csv, tsv or JSON Lines, which are all a streaming run reads`
    : !isStreamFormat(format)
      ? `an ${format} output is written from the whole file`
      : choice.mappingFormat && !isStreamFormat(choice.mappingFormat)
        ? `an ${choice.mappingFormat} mapping is written from the whole file`
        : null;
  if (blocker === null && layout && isStreamFormat(format)) {
    const mapping = choice.mappingFormat;
    return {
      stream: {
        source,
        layout,
        format,
        ...(mapping && isStreamFormat(mapping) ? { mapping } : {}),
      },
    };
  }
  if (mode === 'stream') throw usageError(`--stream: ${blocker} (run it without --stream)`);
  return { input: await wholeInput(source) };
}

function sizeOf(file: string): number | undefined {
  try {
    return statSync(file).size;
  } catch {
    // readInputFile names the problem.
    return undefined;
  }
}

interface WholeRequest {
  recipe?: Parameters<typeof runFile>[0]['recipe'];
  secret: string | Uint8Array;
  wanted?: OutputFormat;
  sheetName?: string;
  formulaProtection: boolean;
  mappingFormat?: OutputFormat;
  report: boolean;
  target: string;
  mappingTarget?: string;
  strict: boolean;
  progress: RunProgress;
  /** The threads the run may use: from two, a helper chooses some pseudonyms. */
  threads: number;
}

/** The whole file through runFile, then its output and mapping written unless --strict fails. */
async function runWhole(input: InputFile, request: WholeRequest): Promise<Finished> {
  const { progress } = request;
  // Started now, it has loaded by the time the run has read and detected the file.
  const helper =
    input.size >= GENERATION_THREAD_FROM_BYTES && request.threads >= 2
      ? new GenerationThread(BUNDLE)
      : undefined;
  const outcome: RunOutcome = onFile(input.label, () =>
    runFile({
      ...(helper ? { generationHelper: helper } : {}),
      input,
      recipe: request.recipe,
      secret: request.secret,
      format: request.wanted,
      sheetName: request.sheetName,
      formulaProtection: request.formulaProtection,
      mappingFormat: request.mappingFormat,
      report: request.report,
      onPhase: (phase, rows) => progress.phase(phase, rows),
      onProgress: (phase, done, total) => progress.step(phase, done, total),
    }),
  );
  await helper?.close();
  progress.stop();
  if (
    request.target === '-' &&
    process.stdout.isTTY &&
    (outcome.format === 'xlsx' || outcome.format === 'xls')
  ) {
    throw usageError(`an ${outcome.format} file is not for a terminal: give -o PATH`);
  }
  const failures = request.strict ? strictFailures(outcome) : [];
  let outputBytes: number | null = null;
  if (failures.length === 0) {
    outputBytes = await onFileAsync(input.label, () => writeOutput(request.target, outcome.output));
    const { mapping } = outcome;
    if (request.mappingTarget !== undefined && mapping) {
      await onFileAsync(input.label, () => writeOutput(request.mappingTarget ?? '-', mapping));
    }
  }
  return {
    label: input.label,
    rows: outcome.rows,
    columns: outcome.columns,
    sheets: outcome.sheetNames.length,
    inputFormat: outcome.inputFormat,
    format: outcome.format,
    stats: outcome.stats,
    mappingRows: outcome.mappingRows,
    ...(outcome.recipeReport ? { recipeReport: outcome.recipeReport } : {}),
    ...(outcome.report !== undefined ? { report: outcome.report } : {}),
    inputBytes: input.size,
    outputBytes,
    failures,
    streamed: null,
  };
}

/** What a run did, whole or streamed: what the summary, the report and --strict read. */
interface Finished extends RunFigures {
  label: string;
  rows: number;
  columns: number;
  sheets: number;
  inputFormat: OutputFormat;
  format: OutputFormat;
  stats: PseudonymizeStats;
  mappingRows: number | null;
  recipeReport?: RecipeReport;
  inputBytes: number;
  /** Null when nothing was written (a strict failure). */
  outputBytes: number | null;
  failures: string[];
  /**
   * A streaming run's parts, and whether a first pass read its file values (stream-run.ts); null
   * for a whole-file run.
   */
  streamed: { parts: number; fileValues: boolean } | null;
}

function reportKindOf(path: string): 'json' | 'html' {
  const lower = path.toLowerCase();
  if (lower.endsWith('.json')) return 'json';
  if (lower.endsWith('.html') || lower.endsWith('.htm')) return 'html';
  throw usageError('--report needs a path ending in .json or .html');
}

/** The report as the API's JSON or the web's printable page, run now, named after FILE. */
function reportText(kind: 'json' | 'html', report: PrivacyReport, fileName: string): string {
  if (kind === 'json') return `${JSON.stringify(report, null, 2)}\n`;
  return renderReportHtml({ report, fileName: baseName(fileName), ranAt: Date.now() });
}

function baseName(file: string): string {
  return file === '-' ? 'stdin' : (file.split(/[\\/]/).pop() ?? file);
}

/** Why a `--strict` run fails: uncovered columns, then the report's high and medium warnings. */
function strictFailures(outcome: RunFigures): string[] {
  const failures = (outcome.recipeReport?.notCovered ?? []).map(
    (column) => `column "${column.column}" of sheet "${column.sheet}" is not covered by the recipe`,
  );
  for (const warning of outcome.report?.warnings ?? []) {
    if (!STRICT_SEVERITIES.has(warning.severity)) continue;
    failures.push(`report warns (${warning.severity}, ${warning.code}): ${warning.advice}`);
  }
  return failures;
}

interface SummaryContext {
  seconds: number;
  target: string;
  keyFrom: string;
  strict: boolean;
}

/** The `--json` summary: figures and names only, never a value, key or mapping row. */
function runSummary(run: Finished, context: SummaryContext) {
  const megabytes = run.inputBytes / 1024 ** 2;
  return {
    rows: run.rows,
    columns: run.columns,
    sheets: run.sheets,
    seconds: round(context.seconds, 3),
    mbPerSecond: round(megabytes / Math.max(context.seconds, 1e-6), 2),
    inputFormat: run.inputFormat,
    inputBytes: run.inputBytes,
    format: run.format,
    outputBytes: run.outputBytes,
    output: run.failures.length > 0 ? null : context.target,
    key: context.keyFrom,
    scheme: run.stats.scheme,
    fileDependentPseudonyms: run.stats.fileDependentPseudonyms,
    helperPseudonyms: run.stats.helperPseudonyms ?? 0,
    helperTexts: run.stats.helperTexts ?? 0,
    streamed: run.streamed,
    mappingRows: run.mappingRows,
    recipe: run.recipeReport
      ? {
          applied: run.recipeReport.applied.length,
          notFound: run.recipeReport.notFound,
          notCovered: run.recipeReport.notCovered,
        }
      : null,
    warnings: (run.report?.warnings ?? []).map(({ severity, code, sheet, columns }) => ({
      severity,
      code,
      sheet,
      columns,
    })),
    strict: context.strict ? { passed: run.failures.length === 0, failures: run.failures } : null,
  };
}

function round(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}
