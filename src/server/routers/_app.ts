import { datasetRouter } from './dataset';
import { fakerRouter } from './faker';
import { healthRouter } from './health';
import { recipeRouter } from './recipe';
import { reportRouter } from './report';
import { schemaRouter } from './schema';
import { createCallerFactory, mergeRouters } from '../trpc';

/** Every procedure, served over tRPC at /api/trpc and as REST under /api. */
export const appRouter = mergeRouters(
  datasetRouter,
  schemaRouter,
  recipeRouter,
  reportRouter,
  fakerRouter,
  healthRouter,
);

export type AppRouter = typeof appRouter;

/** Calls procedures in process, with a context of one's own (tests). */
export const createCaller = createCallerFactory(appRouter);
