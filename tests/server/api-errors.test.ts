import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EngineError } from '../../src/engine';
import { errorResponse, ServerBusyError } from '../../src/server/api-errors';
import { WorkerJobError } from '../../src/server/engine-pool';

describe('errorResponse: every failure as a status and { message }', () => {
  const zodError = z.object({ limit: z.number().max(10) }).safeParse({ limit: 99 }).error;

  const cases: { description: string; error: unknown; status: number; message: string }[] = [
    {
      description: 'an unreadable file',
      error: new EngineError('INVALID_FILE', 'Row 3 has 4 cells; the header has 3.'),
      status: 400,
      message: 'Row 3 has 4 cells; the header has 3.',
    },
    {
      description: 'a file over a limit',
      error: new EngineError('TOO_LARGE', 'Too many rows'),
      status: 413,
      message: 'Too many rows',
    },
    {
      description: 'an unsupported format',
      error: new EngineError('UNSUPPORTED_FORMAT', 'Not a spreadsheet'),
      status: 415,
      message: 'Not a spreadsheet',
    },
    {
      description: 'an invalid rule',
      error: new EngineError('INVALID_RULE', 'Unknown Faker method'),
      status: 400,
      message: 'Unknown Faker method',
    },
    {
      description: 'an engine error wrapped by tRPC',
      error: new TRPCError({
        code: 'INTERNAL_SERVER_ERROR',
        cause: new EngineError('TOO_LARGE', 'Big'),
      }),
      status: 413,
      message: 'Big',
    },
    {
      description: 'a conflict',
      error: new TRPCError({ code: 'CONFLICT', message: 'Not yet' }),
      status: 409,
      message: 'Not yet',
    },
    {
      description: 'a full server',
      error: new ServerBusyError('Try again later', 12.2),
      status: 503,
      message: 'Try again later',
    },
    {
      description: 'bad input',
      error: zodError,
      status: 400,
      message: 'Input validation failed: limit: Too big: expected number to be <=10',
    },
    {
      description: 'a body that is not JSON (its parser message could quote the body)',
      error: Object.assign(new SyntaxError('Unexpected token S in "SECRET"'), {
        type: 'entity.parse.failed',
      }),
      status: 400,
      message: 'The request body is not valid JSON',
    },
    {
      description: 'a failed worker job',
      error: new WorkerJobError('TypeError'),
      status: 500,
      message: 'Internal server error',
    },
    {
      description: 'any other error, whose message might quote data',
      error: new Error('cell value SECRET broke it'),
      status: 500,
      message: 'Internal server error',
    },
  ];

  it.each(cases)('answers $description with $status', ({ error, status, message }) => {
    const response = errorResponse(error);
    expect(response.status).toBe(status);
    expect(response.body.message).toBe(message);
  });

  it('lists the zod issues of bad input and sets Retry-After when busy', () => {
    expect(errorResponse(zodError).body.issues?.[0]).toMatchObject({
      path: ['limit'],
      code: 'too_big',
    });
    expect(errorResponse(new ServerBusyError('Busy', 12.2)).headers).toEqual({
      'Retry-After': '13',
    });
  });
});
