import { recipeFromSchemas, recipeSchema } from '../../engine';
import { datasetByIdSchema, datasetWithRecipeReportSchema } from '../api-schemas';
import { datasetView } from '../dataset-view';
import { restPath } from '../openapi-meta';
import { publicProcedure, router } from '../trpc';

/** A dataset's choices as a recipe: saved from one export, applied to the next. */
export const recipeRouter = router({
  getRecipe: publicProcedure
    .meta(
      restPath('GET', '/api/datasets/{id}/recipe', {
        tag: 'rules',
        summary: "The recipe of the dataset's schemas, every sheet: save it for the next export",
        description:
          'Per sheet and column the type, rule, semantic, format, time zone, precision, and a ' +
          'range only where one was set. No key, example, sample, count or observed range.',
        errors: { 404: 'Unknown or expired dataset' },
      }),
    )
    .input(datasetByIdSchema)
    .output(recipeSchema)
    .query(({ ctx, input }) => {
      const dataset = ctx.store.get(input.id);
      return recipeFromSchemas(dataset.sheets, dataset.scheme);
    }),

  applyRecipe: publicProcedure
    .meta(
      restPath('PUT', '/api/datasets/{id}/recipe', {
        tag: 'rules',
        summary: 'Applies a recipe: the body is the recipe document as GET …/recipe gives it',
        description:
          'Sheets are matched by name, or the only sheet to the only sheet; columns by name. A ' +
          "matched column takes the recipe's choices; the others keep their detected rules. " +
          '`recipeReport` lists what was applied, what was not found and what was not covered. ' +
          'A change discards the last run; a recipe that changes nothing keeps it. A recipe of ' +
          'an older format or pseudonym scheme applies; a newer one is refused.',
        errors: {
          400: 'Invalid recipe (the issues name the field), or one of a newer format or scheme',
          404: 'Unknown or expired dataset',
        },
      }),
    )
    // The body is the recipe itself (`curl -X PUT --data @recipe.json`); the page sends its
    // fields beside the id.
    .input(
      datasetByIdSchema.extend(recipeSchema.shape).meta({
        description: 'A recipe, as GET /api/datasets/{id}/recipe gives it (see the Recipe schema)',
      }),
    )
    .output(datasetWithRecipeReportSchema)
    .mutation(({ ctx, input: { id, ...recipe } }) => {
      const { dataset, report } = ctx.store.applyRecipe(id, recipe);
      return { ...datasetView(ctx.store, dataset), recipeReport: report };
    }),
});
