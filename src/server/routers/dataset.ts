import { z } from 'zod';
import { datasetIdSchema, datasetViewSchema } from '../api-schemas';
import { datasetView } from '../dataset-view';
import {
  PREVIEW_CELL_CHARS,
  PREVIEW_CELLS_PER_SHEET,
  PREVIEW_CELLS_PER_WORKBOOK,
  PREVIEW_ROWS_DEFAULT,
  PREVIEW_ROWS_MAX,
} from '../preview-size';
import { publicProcedure, router } from '../trpc';

const TAGS = ['datasets'];
const byId = z.object({ id: datasetIdSchema });

/** A dataset as a whole: read it, pseudonymize it, discard it. */
export const datasetRouter = router({
  getDataset: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        protect: false,
        path: '/api/datasets/{id}',
        tags: TAGS,
        summary: 'A dataset: summary and schema of the selected sheet, first rows of every sheet',
        errorResponses: { 400: 'Invalid input', 404: 'Unknown or expired dataset' },
      },
    })
    .input(
      byId.extend({
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
    .meta({
      openapi: {
        method: 'POST',
        protect: false,
        path: '/api/datasets/{id}/pseudonymize',
        tags: TAGS,
        summary: 'Pseudonymizes every sheet with its schema; keeps the result and the mapping',
        description:
          'Without a secret the dataset uses its own random key, so runs on the same dataset agree. ' +
          'The same secret gives the same pseudonyms across datasets. The body may be empty.',
        errorResponses: {
          400: 'Invalid rule',
          404: 'Unknown or expired dataset',
          413: 'Too large to process within the limits',
          503: 'Job queue full, or no room in the memory budget to keep the result',
        },
      },
    })
    .input(byId.extend({ secret: z.string().min(1).max(1000).optional() }))
    .output(datasetViewSchema)
    .mutation(async ({ ctx, input }) => {
      const dataset = ctx.store.get(input.id);
      const run = await ctx.pool.run(
        {
          kind: 'pseudonymize',
          bytes: dataset.original,
          fileName: dataset.filename,
          schemas: dataset.sheets.map((sheet) => sheet.schema),
          secret: input.secret ?? dataset.secret,
          previewRowCounts: dataset.sheets.map((sheet) => sheet.preview.length),
        },
        ctx.client,
      );
      const live = ctx.store.storeRun(input.id, run);
      return datasetView(ctx.store, live, PREVIEW_ROWS_DEFAULT);
    }),

  deleteDataset: publicProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        protect: false,
        path: '/api/datasets/{id}',
        tags: TAGS,
        summary: 'Discards the dataset, its result and its mapping at once',
        errorResponses: { 404: 'Unknown or expired dataset' },
      },
    })
    .input(byId)
    .output(z.object({ deleted: z.literal(true) }))
    .mutation(({ ctx, input }) => {
      ctx.store.delete(input.id);
      return { deleted: true as const };
    }),
});
