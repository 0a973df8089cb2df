import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { validateFakerMethod, type ColumnSchema } from '../../engine';
import { columnUpdateSchema, datasetIdSchema, datasetViewSchema } from '../api-schemas';
import { datasetView, selectedSheet } from '../dataset-view';
import { PREVIEW_ROWS_DEFAULT } from '../preview-size';
import { publicProcedure, router } from '../trpc';

const TAGS = ['datasets'];
const byId = z.object({ id: datasetIdSchema });

/** What a dataset's columns are taken to be: the selected sheet, its schema and its rules. */
export const schemaRouter = router({
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
          'format, precision...). Fields left out keep their value; columns left out are unchanged. ' +
          'A change discards the last run: download again after pseudonymizing again.',
        errorResponses: {
          400: 'Unknown column, type or Faker method; range min > max; dateRange not ISO 8601 or min after max',
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
      const before = JSON.stringify(sheet.schema);
      sheet.schema = sheet.schema.map((column) => mergeColumn(column, updates.get(column.name)));
      if (JSON.stringify(sheet.schema) !== before) ctx.store.discardRun(input.id);
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
        description: 'When that changes the schema, the last run is discarded as well.',
        errorResponses: { 404: 'Unknown or expired dataset', 503: 'Server busy' },
      },
    })
    .input(byId)
    .output(datasetViewSchema)
    .mutation(async ({ ctx, input }) => {
      const dataset = ctx.store.get(input.id);
      const sheetIndex = dataset.selectedSheet;
      const schema = await ctx.pool.run(
        {
          kind: 'detect',
          bytes: dataset.original,
          fileName: dataset.filename,
          sheetIndex,
        },
        ctx.client,
      );
      const live = ctx.store.get(input.id);
      const sheet = live.sheets[sheetIndex];
      if (sheet && JSON.stringify(sheet.schema) !== JSON.stringify(schema)) {
        sheet.schema = schema;
        ctx.store.discardRun(input.id);
      }
      return datasetView(ctx.store, live, PREVIEW_ROWS_DEFAULT);
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
  // A range the user gives is kept exactly; an observed one (also when a client echoes it back
  // unchanged) may be widened to make room.
  const changed = (
    given: { min: number | string; max: number | string } | undefined,
    had: { min: number | string; max: number | string } | undefined,
  ): boolean => given !== undefined && (given.min !== had?.min || given.max !== had?.max);
  if (changed(update.range, column.range) || changed(update.dateRange, column.dateRange)) {
    merged.rangeSetByUser = true;
  }
  return merged;
}
