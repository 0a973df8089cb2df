import { z } from 'zod';
import { datasetByIdSchema, datasetViewSchema } from '../api-schemas';
import { datasetView } from '../dataset-view';
import { restPath } from '../openapi-meta';
import {
  PREVIEW_CELL_CHARS,
  PREVIEW_CELLS_PER_SHEET,
  PREVIEW_CELLS_PER_WORKBOOK,
  PREVIEW_ROWS_DEFAULT,
  PREVIEW_ROWS_MAX,
} from '../preview-size';
import { startPseudonymizeRun } from '../pseudonymize-run';
import { publicProcedure, router } from '../trpc';

/** A dataset as a whole: read it, pseudonymize it, discard it. */
export const datasetRouter = router({
  getDataset: publicProcedure
    .meta(
      restPath('GET', '/api/datasets/{id}', {
        tag: 'datasets',
        summary: 'A dataset: summary and schema of the selected sheet, first rows of every sheet',
        errors: { 400: 'Invalid input', 404: 'Unknown or expired dataset' },
      }),
    )
    .input(
      datasetByIdSchema.extend({
        limit: z
          .number()
          .int()
          .min(1)
          .max(PREVIEW_ROWS_MAX)
          .default(PREVIEW_ROWS_DEFAULT)
          .describe(
            "Preview rows to include of each sheet (the full data is the download). A sheet's " +
              `preview holds at most ${PREVIEW_CELLS_PER_SHEET.toLocaleString('en-US')} cells, ` +
              'so a wide sheet shows fewer rows: with C columns, at most that many cells / C rows; ' +
              `a workbook's sheets together hold at most ${PREVIEW_CELLS_PER_WORKBOOK.toLocaleString('en-US')}. ` +
              `A cell shows at most ${PREVIEW_CELL_CHARS.toLocaleString('en-US')} characters, then "…".`,
          ),
      }),
    )
    .output(datasetViewSchema)
    .query(({ ctx, input }) => datasetView(ctx.store, ctx.store.get(input.id), input.limit)),

  pseudonymize: publicProcedure
    .meta(
      restPath('POST', '/api/datasets/{id}/pseudonymize', {
        tag: 'datasets',
        summary: 'Pseudonymizes every sheet with its schema; keeps the result and the mapping',
        description:
          'Without a secret the dataset uses its own random key, so runs on the same dataset agree. ' +
          'The same secret gives the same pseudonyms across datasets. The body may be empty.',
        errors: {
          400: 'Invalid rule',
          404: 'Unknown or expired dataset',
          409: 'The schema changed while the run was going (nothing is kept): run it again',
          413: 'Too large to process within the limits',
          503: 'Job queue full, or no room in the memory budget to keep the result',
        },
      }),
    )
    .input(datasetByIdSchema.extend({ secret: z.string().min(1).max(1000).optional() }))
    .output(datasetViewSchema)
    .mutation(async ({ ctx, input }) => {
      const dataset = ctx.store.get(input.id);
      const { result, extras } = await startPseudonymizeRun(
        ctx.pool,
        dataset,
        input.secret,
        ctx.client,
      );
      return datasetView(ctx.store, ctx.store.recordEarlyRun(input.id, result, dataset, extras));
    }),

  deleteDataset: publicProcedure
    .meta(
      restPath('DELETE', '/api/datasets/{id}', {
        tag: 'datasets',
        summary: 'Discards the dataset, its result and its mapping at once',
        errors: { 404: 'Unknown or expired dataset' },
      }),
    )
    .input(datasetByIdSchema)
    .output(z.object({ deleted: z.literal(true) }))
    .mutation(({ ctx, input }) => {
      ctx.store.delete(input.id);
      return { deleted: true as const };
    }),
});
