import { z } from 'zod';
import { columnUpdateSchema, datasetByIdSchema, datasetViewSchema } from '../api-schemas';
import { datasetView } from '../dataset-view';
import { detectJob } from '../engine-jobs';
import { restPath } from '../openapi-meta';
import { publicProcedure, router } from '../trpc';

/** What a dataset's columns are taken to be: the selected sheet, its schema and its rules. */
export const schemaRouter = router({
  setSheet: publicProcedure
    .meta(
      restPath('PATCH', '/api/datasets/{id}/sheet', {
        tag: 'datasets',
        summary: 'Selects the sheet the schema and previews are about',
        errors: { 400: 'Unknown sheet or invalid input', 404: 'Unknown or expired dataset' },
      }),
    )
    .input(datasetByIdSchema.extend({ sheetName: z.string().max(255) }))
    .output(datasetViewSchema)
    .mutation(({ ctx, input }) =>
      datasetView(ctx.store, ctx.store.selectSheet(input.id, input.sheetName)),
    ),

  updateSchema: publicProcedure
    .meta(
      restPath('PATCH', '/api/datasets/{id}/schema', {
        tag: 'datasets',
        summary: "Changes columns' types and rules in the selected sheet",
        description:
          'List the columns to change by name, each with the fields to change (type, rule, range, ' +
          'format, precision...). Fields left out keep their value; columns left out are unchanged. ' +
          'A change discards the last run: download again after pseudonymizing again.',
        errors: {
          400: 'Unknown column, type or Faker method; range min > max; dateRange not ISO 8601 or min after max',
          404: 'Unknown or expired dataset',
        },
      }),
    )
    .input(datasetByIdSchema.extend({ schema: z.array(columnUpdateSchema).max(10_000) }))
    .output(datasetViewSchema)
    .mutation(({ ctx, input }) =>
      datasetView(ctx.store, ctx.store.updateColumns(input.id, input.schema)),
    ),

  reanalyze: publicProcedure
    .meta(
      restPath('POST', '/api/datasets/{id}/reanalyze', {
        tag: 'datasets',
        summary: "Detects the selected sheet's schema again, discarding its edits",
        description: 'When that changes the schema, the last run is discarded as well.',
        errors: { 404: 'Unknown or expired dataset', 503: 'Server busy' },
      }),
    )
    .input(datasetByIdSchema)
    .output(datasetViewSchema)
    .mutation(async ({ ctx, input }) => {
      const dataset = ctx.store.get(input.id);
      const schema = await ctx.pool.run(detectJob(dataset), ctx.client);
      return datasetView(
        ctx.store,
        ctx.store.replaceSchema(input.id, dataset.selectedSheet, schema),
      );
    }),
});
