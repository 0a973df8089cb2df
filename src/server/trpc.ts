/** The one tRPC setup: context, meta for REST paths, superjson, and the error shape. */
import { initTRPC } from '@trpc/server';
import superjson from 'superjson';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { inputIssues, publicMessage, toTRPCError } from './api-errors';
import type { DatasetStore } from './dataset-store';
import type { EnginePool } from './engine-pool';

/** What every procedure can reach: the server's store and worker pool, and who is asking. */
export interface Context {
  store: DatasetStore;
  pool: EnginePool;
  /** The client's address, the key of its share of the worker pool. */
  client: string;
}

const t = initTRPC
  .context<Context>()
  .meta<OpenApiMeta>()
  .create({
    transformer: superjson,
    // No stack traces in answers, whatever NODE_ENV says.
    isDev: false,
    errorFormatter: ({ shape, error }) => ({
      ...shape,
      message: publicMessage(error),
      data: {
        code: shape.data.code,
        httpStatus: shape.data.httpStatus,
        issues: inputIssues(error),
      },
    }),
  });

/** Engine errors thrown inside a procedure leave with their own status (400, 413, 415). */
const mapErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) throw toTRPCError(result.error);
  return result;
});

export const router = t.router;
export const mergeRouters = t.mergeRouters;
export const publicProcedure = t.procedure.use(mapErrors);
export const createCallerFactory = t.createCallerFactory;
