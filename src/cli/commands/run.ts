import type { PrivacyReport } from '../../engine';
import { renderReportHtml } from '../../server/report-html';
import { formatOfPath, parseCommandArgs, parseFormat } from '../args';
import { EXIT, onFile, onFileAsync, usageError, type ExitCode } from '../exit-codes';
import { readInputFile, readStdin } from '../input-file';
import { resolveKey } from '../key';
import { writeOutput } from '../output-file';
import { runProgress } from '../progress';
import { readRecipe } from '../recipe-file';
import { runFile, type RunOutcome } from '../run-file';
import { RUN_USAGE } from '../usage';

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
  let outcome: RunOutcome;
  let inputBytes: number;
  let label: string;
  try {
    const onBytes = (read: number, total: number | undefined) => progress.bytes(read, total);
    // Standard input can only be awaited; a file is read at once (readInputFile).
    const input =
      file === '-' ? await readStdin(formatOption, onBytes) : readInputFile(file, onBytes);
    inputBytes = input.size;
    label = input.label;
    outcome = onFile(input.label, () =>
      runFile({
        input,
        recipe,
        secret: key.secret,
        format: wanted,
        sheetName: values.sheet,
        formulaProtection: protection === 'on',
        mappingFormat,
        report: reportKind !== undefined || values.strict === true || values.json === true,
        onPhase: (phase, rows) => progress.phase(phase, rows),
        onProgress: (phase, done, total) => progress.step(phase, done, total),
      }),
    );
  } finally {
    progress.stop();
  }

  if (
    target === '-' &&
    process.stdout.isTTY &&
    (outcome.format === 'xlsx' || outcome.format === 'xls')
  ) {
    throw usageError(`an ${outcome.format} file is not for a terminal: give -o PATH`);
  }
  const failures = values.strict ? strictFailures(outcome) : [];
  if (outcome.report === null) console.error('standin: the privacy report could not be computed');
  if (reportKind && values.report !== undefined && outcome.report) {
    await writeOutput(values.report, reportText(reportKind, outcome.report, file));
  }
  let outputBytes: number | null = null;
  if (failures.length === 0) {
    outputBytes = await onFileAsync(label, () => writeOutput(target, outcome.output));
    if (values.mapping !== undefined && outcome.mapping) {
      const mapping = outcome.mapping;
      await onFileAsync(label, () => writeOutput(values.mapping ?? '-', mapping));
    }
  }
  const seconds = (performance.now() - started) / 1000;
  for (const missing of outcome.recipeReport?.notFound ?? []) {
    note(`the recipe's column "${missing.column}" of sheet "${missing.sheet}" is not in the file`);
  }
  if (values.json) {
    const summary = `${JSON.stringify(runSummary(outcome, { seconds, inputBytes, outputBytes, target, keyFrom: key.from, strict: values.strict === true, failures }), null, 2)}\n`;
    if (target === '-') process.stderr.write(summary);
    else await writeOutput('-', summary);
  }
  if (failures.length > 0) {
    for (const failure of failures) console.error(`standin: --strict: ${failure}`);
    console.error('standin: --strict: nothing written');
    return EXIT.strict;
  }
  if (outcome.report === null && (reportKind || values.strict)) return EXIT.badInput;
  return EXIT.done;
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
function strictFailures(outcome: RunOutcome): string[] {
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
  inputBytes: number;
  /** Null when nothing was written (a strict failure). */
  outputBytes: number | null;
  target: string;
  keyFrom: string;
  strict: boolean;
  failures: string[];
}

/** The `--json` summary: figures and names only, never a value, key or mapping row. */
function runSummary(outcome: RunOutcome, context: SummaryContext) {
  const megabytes = context.inputBytes / 1024 ** 2;
  return {
    rows: outcome.rows,
    columns: outcome.columns,
    sheets: outcome.sheetNames.length,
    seconds: round(context.seconds, 3),
    mbPerSecond: round(megabytes / Math.max(context.seconds, 1e-6), 2),
    inputFormat: outcome.inputFormat,
    inputBytes: context.inputBytes,
    format: outcome.format,
    outputBytes: context.outputBytes,
    output: context.failures.length > 0 ? null : context.target,
    key: context.keyFrom,
    scheme: outcome.stats.scheme,
    fileDependentPseudonyms: outcome.stats.fileDependentPseudonyms,
    mappingRows: outcome.mappingRows,
    recipe: outcome.recipeReport
      ? {
          applied: outcome.recipeReport.applied.length,
          notFound: outcome.recipeReport.notFound,
          notCovered: outcome.recipeReport.notCovered,
        }
      : null,
    warnings: (outcome.report?.warnings ?? []).map(({ severity, code, sheet, columns }) => ({
      severity,
      code,
      sheet,
      columns,
    })),
    strict: context.strict
      ? { passed: context.failures.length === 0, failures: context.failures }
      : null,
  };
}

function round(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}
