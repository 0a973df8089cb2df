import { EngineError } from '../engine';

/** The command's exit codes, as `standin --help` lists them. */
export const EXIT = {
  done: 0,
  /** A file that cannot be read: the input, a recipe or a key file. */
  badInput: 1,
  /** Unknown option or command, a missing FILE, options that exclude each other. */
  usage: 2,
  /** `--strict`: columns the recipe does not cover, or warnings in the report. */
  strict: 3,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/**
 * A failure the command reports in one line on stderr and exits with. Its message names a file,
 * an option, a line or a column, never a cell value or a key.
 */
export class CliError extends Error {
  readonly exitCode: ExitCode;

  constructor(exitCode: ExitCode, message: string) {
    super(message);
    this.name = 'CliError';
    this.exitCode = exitCode;
  }
}

export function usageError(message: string): CliError {
  return new CliError(EXIT.usage, message);
}

export function inputError(message: string): CliError {
  return new CliError(EXIT.badInput, message);
}

/**
 * Runs work on a file, turning the engine's EngineError into bad input named after the file (its
 * messages name lines, columns and limits, never a value).
 */
export function onFile<T>(label: string, work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof EngineError) throw inputError(`${label}: ${error.message}`);
    throw error;
  }
}

/** onFile for work that is awaited (writing converted output, whose conversion may refuse). */
export async function onFileAsync<T>(label: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof EngineError) throw inputError(`${label}: ${error.message}`);
    throw error;
  }
}
