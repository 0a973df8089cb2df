import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { validateFakerMethod, type ColumnSchema } from '../../engine';
import {
  columnUpdateSchema,
  datasetIdSchema,
  datasetViewSchema,
  PREVIEW_ROWS_DEFAULT,
  PREVIEW_ROWS_MAX,
} from '../api-schemas';
import { datasetView, selectedSheet } from '../dataset-view';
import { publicProcedure, router } from '../trpc';

const TAGS = ['datasets'];
const byId = z.object({ id: datasetIdSchema });

export const datasetRouter = router({
  getDataset: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        protect: false,
        path: '/api/datasets/{id}',
        tags: TAGS,
        summary: 'A dataset: summary, schema of the selected sheet and its first rows',
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
          .describe('Preview rows to include (the full data is the download)'),
      }),
    )
    .output(datasetViewSchema)
    .query(({ ctx, input }) => datasetView(ctx.store, ctx.store.get(input.id), input.limit)),

  setSheet: publicProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        protect: false,
        path: '/api/datasets/{id}/sheet',
        tags: TAGS,
        summary: 'Selects the sheet the schema and previews are about',
        errorResponses: {
          400: 'Unknown sheet or invalid input',
          404: 'Unknown or expired dataset',
        },
      },
    })
    .input(byId.extend({ sheetName: z.string().max(255) }))
    .output(datasetViewSchema)
    .mutation(({ ctx, input }) => {
      const dataset = ctx.store.get(input.id);
      const index = dataset.sheets.findIndex((sheet) => sheet.name === input.sheetName);
      if (index < 0) {
        throw new TRPCError({
          code: 'BAD_REQUEST',
          message: `The dataset has no sheet with that name (its sheets: ${dataset.sheets.length})`,
        });
      }
      dataset.selectedSheet = index;
      return datasetView(ctx.store, dataset, PREVIEW_ROWS_DEFAULT);
    }),

  updateSchema: publicProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        protect: false,
        path: '/api/datasets/{id}/schema',
        tags: TAGS,
        summary: "Changes columns' types and rules in the selected sheet",
        description:
          'List the columns to change by name, each with the fields to change (type, rule, range, ' +
          'format, precision...). Fields left out keep their value; columns left out are unchanged.',
        errorResponses: {
          400: 'Unknown column, unknown type or Faker method, range min > max',
          404: 'Unknown or expired dataset',
        },
      },
    })
    .input(byId.extend({ schema: z.array(columnUpdateSchema).max(10_000) }))
    .output(datasetViewSchema)
    .mutation(({ ctx, input }) => {
      const dataset = ctx.store.get(input.id);
      const sheet = selectedSheet(dataset);
      const updates = new Map<string, (typeof input.schema)[number]>();
      for (const update of input.schema) {
        if (!sheet.columns.includes(update.name)) {
          throw new TRPCError({
            code: 'BAD_REQUEST',
            message: `Sheet "${sheet.name}" has no column named "${update.name}"`,
          });
        }
        if (updates.has(update.name)) {
          throw new TRPCError({
            code: 'BAD_REQUEST',
            message: `Column "${update.name}" is listed twice`,
          });
        }
        if (update.rule?.action === 'faker') {
          if (!update.rule.fakerMethod) {
            throw new TRPCError({
              code: 'BAD_REQUEST',
              message: `Column "${update.name}": a faker rule needs a fakerMethod`,
            });
          }
          validateFakerMethod(update.rule.fakerMethod);
        }
        updates.set(update.name, update);
      }
      sheet.schema = sheet.schema.map((column) => mergeColumn(column, updates.get(column.name)));
      return datasetView(ctx.store, dataset, PREVIEW_ROWS_DEFAULT);
    }),

  reanalyze: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        protect: false,
        path: '/api/datasets/{id}/reanalyze',
        tags: TAGS,
        summary: "Detects the selected sheet's schema again, discarding its edits",
        errorResponses: { 404: 'Unknown or expired dataset', 503: 'Server busy' },
      },
    })
    .input(byId)
    .output(datasetViewSchema)
    .mutation(async ({ ctx, input }) => {
      const dataset = ctx.store.get(input.id);
      const sheetIndex = dataset.selectedSheet;
      const schema = await ctx.pool.run({
        kind: 'detect',
        bytes: dataset.original,
        fileName: dataset.filename,
        sheetIndex,
      });
      const live = ctx.store.get(input.id);
      const sheet = live.sheets[sheetIndex];
      if (sheet) sheet.schema = schema;
      return datasetView(ctx.store, live, PREVIEW_ROWS_DEFAULT);
    }),

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
          503: 'Server busy',
        },
      },
    })
    .input(byId.extend({ secret: z.string().min(1).max(1000).optional() }))
    .output(datasetViewSchema)
    .mutation(async ({ ctx, input }) => {
      const dataset = ctx.store.get(input.id);
      const run = await ctx.pool.run({
        kind: 'pseudonymize',
        bytes: dataset.original,
        fileName: dataset.filename,
        schemas: dataset.sheets.map((sheet) => sheet.schema),
        secret: input.secret ?? dataset.secret,
        previewRows: PREVIEW_ROWS_MAX,
      });
      const live = ctx.store.get(input.id);
      live.run = run;
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

/** A column with the fields an update gives; everything else stays as it was. */
function mergeColumn(
  column: ColumnSchema,
  update: z.infer<typeof columnUpdateSchema> | undefined,
): ColumnSchema {
  if (!update) return column;
  const merged: ColumnSchema = { ...column };
  for (const [key, value] of Object.entries(update)) {
    if (value !== undefined) Object.assign(merged, { [key]: value });
  }
  return merged;
}
