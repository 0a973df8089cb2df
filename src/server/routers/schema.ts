import { z } from 'zod';
import { withUserRules } from '../../engine';
import { selectedSheet } from '../dataset-store';
import {
  columnSampleSchema,
  columnUpdateSchema,
  datasetByIdSchema,
  datasetViewSchema,
} from '../api-schemas';
import { columnSamples, datasetView } from '../dataset-view';
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
        summary: "Detects the selected sheet's types again, keeping the rules the user set",
        description:
          'Types, formats and examples come from a new detection; the rules set through schema ' +
          'updates or a recipe (keep, blank, redact, a Faker method, a number mode, a date ' +
          'shift, a range of their own) stay on the columns of the same name, unless cleanSlate ' +
          'is true. When that changes the schema, the last run is discarded as well.',
        errors: { 404: 'Unknown or expired dataset', 503: 'Server busy' },
      }),
    )
    .input(
      datasetByIdSchema.extend({
        cleanSlate: z
          .boolean()
          .optional()
          .describe('true: discard the rules too, every column back to what detection gives'),
      }),
    )
    .output(datasetViewSchema)
    .mutation(async ({ ctx, input }) => {
      const dataset = ctx.store.get(input.id);
      const detected = await ctx.pool.run(detectJob(dataset), ctx.client);
      // The rules as they are now: the sheet may have been edited while detection ran.
      const earlier = selectedSheet(ctx.store.get(input.id)).schema;
      const schema = input.cleanSlate ? detected : withUserRules(detected, earlier);
      return datasetView(
        ctx.store,
        ctx.store.replaceSchema(input.id, dataset.selectedSheet, schema),
      );
    }),

  getSamples: publicProcedure
    .meta(
      restPath('POST', '/api/datasets/{id}/samples', {
        tag: 'datasets',
        summary: "The selected sheet's example pseudonyms under a key of your own",
        description:
          "Each column's first example as a run with this secret writes it (the schema's " +
          "samples use the dataset's own key). POST, so the secret stays out of URLs and logs.",
        errors: { 400: 'Invalid input', 404: 'Unknown or expired dataset' },
      }),
    )
    .input(datasetByIdSchema.extend({ secret: z.string().min(1).max(1000) }))
    .output(z.object({ sheet: z.string(), samples: z.array(columnSampleSchema) }))
    .mutation(({ ctx, input }) => {
      const dataset = ctx.store.get(input.id);
      const sheet = selectedSheet(dataset);
      const samples = columnSamples(dataset, sheet, input.secret);
      return {
        sheet: sheet.name,
        samples: sheet.schema.map((column, index) => ({
          name: column.name,
          ...(samples[index] ?? { sample: '', sampleKind: 'illustration' as const }),
        })),
      };
    }),
});
