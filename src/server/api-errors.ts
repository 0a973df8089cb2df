/**
 * The one error path. Every failure, wherever it starts (a tRPC procedure, the REST adapter, the
 * upload or a download), becomes a TRPCError here, and leaves as its HTTP status plus JSON
 * `{ message }`. Messages come from our own code or the engine, which name problems (limits, row
 * numbers, column names) but never quote cell values; anything unexpected is a bare 500.
 */
import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { ErrorRequestHandler } from 'express';
import { ZodError } from 'zod';
import { EngineError, type EngineErrorCode } from '../engine';
import { loggedPath } from './request-log';

/** A refusal that says when to try again: its status plus a `Retry-After` header. */
export class RetryLaterError extends TRPCError {
  readonly retryAfterSeconds: number;

  constructor(
    code: 'SERVICE_UNAVAILABLE' | 'TOO_MANY_REQUESTS',
    message: string,
    retryAfterSeconds: number,
  ) {
    super({ code, message });
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  }
}

/** Refusal for lack of room (memory budget, job queue): 503 with a `Retry-After`. */
export class ServerBusyError extends RetryLaterError {
  constructor(message: string, retryAfterSeconds: number) {
    super('SERVICE_UNAVAILABLE', message, retryAfterSeconds);
  }
}

/** Refusal of a client's share (its jobs at once): 429 with a `Retry-After`. */
export class ClientBusyError extends RetryLaterError {
  constructor(message: string, retryAfterSeconds: number) {
    super('TOO_MANY_REQUESTS', message, retryAfterSeconds);
  }
}

const ENGINE_ERROR_CODES: Record<EngineErrorCode, TRPC_ERROR_CODE_KEY> = {
  INVALID_FILE: 'BAD_REQUEST',
  TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_FORMAT: 'UNSUPPORTED_MEDIA_TYPE',
  INVALID_RULE: 'BAD_REQUEST',
};

/** Any thrown value as the TRPCError that describes it to the client. */
export function toTRPCError(error: unknown): TRPCError {
  if (error instanceof EngineError) {
    return new TRPCError({
      code: ENGINE_ERROR_CODES[error.code],
      message: error.message,
      cause: error,
    });
  }
  if (error instanceof ZodError) {
    return new TRPCError({ code: 'BAD_REQUEST', message: 'Invalid input', cause: error });
  }
  if (error instanceof TRPCError) {
    // tRPC wraps what a procedure throws; unwrap so an EngineError keeps its status.
    const cause: unknown = error.cause;
    if (
      error.code === 'INTERNAL_SERVER_ERROR' &&
      (cause instanceof EngineError || cause instanceof TRPCError)
    ) {
      return toTRPCError(cause);
    }
    return error;
  }
  const bodyParserError = bodyParserTRPCError(error);
  if (bodyParserError) return bodyParserError;
  return new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: error });
}

/** express.json()'s refusals; their own messages may quote the body, so they are replaced. */
function bodyParserTRPCError(error: unknown): TRPCError | null {
  if (typeof error !== 'object' || error === null || !('type' in error)) return null;
  if (error.type === 'entity.too.large') {
    return new TRPCError({ code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large' });
  }
  if (error.type === 'entity.parse.failed') {
    return new TRPCError({ code: 'BAD_REQUEST', message: 'The request body is not valid JSON' });
  }
  if (typeof error.type === 'string' && error.type.startsWith('encoding.')) {
    return new TRPCError({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Unsupported body encoding' });
  }
  return null;
}

/** One zod issue: `path`, `message`, `code` and details such as the allowed values. */
export type ApiIssue = ZodError['issues'][number];

/**
 * The zod issues behind a 400, as the REST adapter lists them too. Zod 4 issues never carry the
 * input value (only with `reportInput`, which nothing here sets).
 */
export function inputIssues(error: TRPCError): ApiIssue[] | undefined {
  return error.cause instanceof ZodError ? error.cause.issues : undefined;
}

/** The message a client sees: ours, the engine's, the input issues, or a bare 500. */
export function publicMessage(error: TRPCError): string {
  if (error.code === 'INTERNAL_SERVER_ERROR') return 'Internal server error';
  const issues = inputIssues(error);
  if (issues) {
    // A sentence written for people (a recipe's newer scheme or format) reads best alone: the
    // field it is about is in `issues`, and "Input validation failed: scheme:" helps no reader.
    if (issues.every(isSentence)) return issues.map((issue) => issue.message).join(' ');
    const listed = issues.map((issue) =>
      issue.path.length > 0
        ? `${issue.path.map(String).join('.')}: ${issue.message}`
        : issue.message,
    );
    // Starts like the REST adapter's own message for the same error.
    return `Input validation failed: ${listed.join('; ')}`;
  }
  return error.message;
}

/**
 * Whether an issue's message is a whole sentence of ours about a top-level field: zod's own
 * messages ('Too big: expected number to be <=10') never end with a full stop.
 */
function isSentence(issue: ApiIssue): boolean {
  return (
    issue.path.length <= 1 && /[A-Z]/.test(issue.message[0] ?? '') && issue.message.endsWith('.')
  );
}

/** A 500 is logged by its error class name only: never a message, which might quote data. */
export function logInternalError(where: string, error: TRPCError): void {
  if (error.code !== 'INTERNAL_SERVER_ERROR') return;
  const cause: unknown = error.cause;
  let name = cause instanceof Error ? cause.name : typeof cause;
  // A worker's failure names the class of what it threw inside (e.g. TypeError), never a message.
  if (typeof cause === 'object' && cause !== null && 'errorName' in cause) {
    name += ` (${String(cause.errorName)})`;
  }
  console.error(`[stand-in] internal error in ${where}: ${name}`);
}

export interface ErrorBody {
  message: string;
  issues?: ApiIssue[];
}

/** Status, headers and body for an error answered by a plain Express handler. */
export function errorResponse(error: unknown): {
  status: number;
  headers: Record<string, string>;
  body: ErrorBody;
  trpcError: TRPCError;
} {
  const trpcError = toTRPCError(error);
  const headers: Record<string, string> = {};
  if (trpcError instanceof RetryLaterError) {
    headers['Retry-After'] = String(trpcError.retryAfterSeconds);
  }
  const issues = inputIssues(trpcError);
  return {
    status: getHTTPStatusCodeFromError(trpcError),
    headers,
    body: issues
      ? { message: publicMessage(trpcError), issues }
      : { message: publicMessage(trpcError) },
    trpcError,
  };
}

/** Express's error middleware: the upload, downloads and unknown /api paths end here. */
export const expressErrorHandler: ErrorRequestHandler = (error: unknown, req, res, next) => {
  if (res.headersSent) {
    next(error);
    return;
  }
  const { status, headers, body, trpcError } = errorResponse(error);
  logInternalError(`${req.method} ${loggedPath(req.path)}`, trpcError);
  res.status(status).set(headers).set('Cache-Control', 'no-store').json(body);
};
