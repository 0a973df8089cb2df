/** Why the engine refused an input; the server maps each code to an HTTP status. */
export type EngineErrorCode =
  /** The content cannot be read as a table (400). */
  | 'INVALID_FILE'
  /** The file or a part of it is over a size limit (413). */
  | 'TOO_LARGE'
  /** The file type is not one Stand-in reads (415). */
  | 'UNSUPPORTED_FORMAT'
  /** A column rule or schema is not valid (400). */
  | 'INVALID_RULE';

/**
 * The engine's one error class. Messages are shown to users, so they name the problem (row
 * numbers, column names, limits) but never quote a cell value or file content.
 */
export class EngineError extends Error {
  readonly code: EngineErrorCode;
  /**
   * The line of the text read that the message names, when it names one: a caller that read a
   * part of a larger file (the command line's streaming run) renumbers it as the file's.
   */
  readonly line?: number;

  constructor(code: EngineErrorCode, message: string, where?: { line: number }) {
    super(message);
    this.name = 'EngineError';
    this.code = code;
    if (where) this.line = where.line;
  }
}
