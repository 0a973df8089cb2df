import { datasetRouter } from './dataset';
import { fakerRouter } from './faker';
import { healthRouter } from './health';
import { schemaRouter } from './schema';
import { mergeRouters } from '../trpc';

/** Every procedure, served over tRPC at /api/trpc and as REST under /api. */
export const appRouter = mergeRouters(datasetRouter, schemaRouter, fakerRouter, healthRouter);

export type AppRouter = typeof appRouter;
