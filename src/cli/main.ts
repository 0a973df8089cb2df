/**
 * `standin`, the command line: the engine, recipes and keys of the server, on files and pipes.
 * Bundled into dist/cli (scripts/build-cli.mjs); bin/standin.mjs starts it.
 */
import { EngineError, isGenerationThread, serveGeneration } from '../engine';
import { isChunkWorker, serveChunks } from './chunk-worker';
import { detectCommand } from './commands/detect';
import { runCommand } from './commands/run';
import { CliError, EXIT, type ExitCode } from './exit-codes';
import { MAIN_USAGE } from './usage';

declare const STANDIN_VERSION: string;

const COMMANDS: Record<string, (args: string[]) => Promise<ExitCode>> = {
  detect: detectCommand,
  run: runCommand,
};

/** Runs one command line and returns its exit code; every failure is one line on stderr. */
export async function main(argv: string[]): Promise<ExitCode> {
  const [command, ...args] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    (command === undefined ? process.stderr : process.stdout).write(MAIN_USAGE);
    return command === undefined ? EXIT.usage : EXIT.done;
  }
  if (command === '--version' || command === '-v') {
    process.stdout.write(`${STANDIN_VERSION}\n`);
    return EXIT.done;
  }
  const run = COMMANDS[command];
  if (!run) {
    console.error(
      `standin: unknown command "${command}" (commands: detect, run; see standin --help)`,
    );
    return EXIT.usage;
  }
  try {
    return await run(args);
  } catch (error) {
    return failure(error);
  }
}

/** The exit code and one line for an error: ours name files and options, never a value. */
function failure(error: unknown): ExitCode {
  if (error instanceof CliError) {
    console.error(`standin: ${error.message}`);
    return error.exitCode;
  }
  if (error instanceof EngineError) {
    // The engine's messages name lines, columns and limits, never a value.
    console.error(`standin: ${error.message}`);
    return EXIT.badInput;
  }
  // Anything else may carry data in its message: only its kind is shown.
  console.error(`standin: internal error (${error instanceof Error ? error.name : typeof error})`);
  return EXIT.badInput;
}

/**
 * Standard output closed by its reader (`standin run big.csv | head`): the rest is not wanted, so
 * the run stops there, quietly and with success, as command-line tools do; any other failure to
 * write is one line and exit 1, not a stack trace.
 */
function onStdoutError(error: NodeJS.ErrnoException): void {
  if (error.code === 'EPIPE') process.exit(EXIT.done);
  console.error(`standin: cannot write to standard output (${error.code ?? error.name})`);
  process.exit(EXIT.badInput);
}

// A streaming run's worker threads (stream-run.ts) and a whole run's generation helper
// (generation-thread.ts) start this same bundle.
if (isChunkWorker()) {
  serveChunks();
} else if (isGenerationThread()) {
  serveGeneration();
} else {
  process.stdout.on('error', onStdoutError);
  // Not a top-level await: the bundle is a CommonJS function (scripts/build-cli.mjs).
  void main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
