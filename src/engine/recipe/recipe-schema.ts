/**
 * The recipe document: the choices a user made for a dataset's columns, as versioned JSON that
 * reapplies them to the next export of the same shape. It holds column and sheet names and the
 * user's choices only: never a key, an example, a sample, a count or an observed range.
 */
import { z } from 'zod';
import { EngineError } from '../errors';
import { validateFakerMethod } from '../pseudonymize/faker-catalogue';
import { DEFAULT_READ_LIMITS } from '../read/read-limits';
import { PSEUDONYM_SCHEME_VERSION } from '../pseudonymize/scheme-version';
import { COLUMN_TYPES, NUMBER_MODES, RULE_ACTIONS, SEMANTICS } from '../types';
import { dateShiftSchema } from './date-shift-schema';
import { userDateRangeSchema, userNumberRangeSchema } from './range-schemas';

/** The version of the recipe format this engine writes; it reads every version up to it. */
export const RECIPE_FORMAT_VERSION = 1;

/** More sheets than a workbook the guard lets through can hold (its ZIP has at most 10,000 parts). */
const MOST_SHEETS = 10_000;

/**
 * A version field: a whole number from 1 to `latest`. A later one is refused with `newer`'s
 * words, which tell the user to update Stand-in.
 *
 * A list of literals rather than a number: the REST adapter turns the numbers at the top of a
 * body into numbers when they are text ("1"), which a recipe's fields must not be.
 */
function versionField(latest: number, newer: (given: number) => string) {
  const known = Array.from({ length: latest }, (_, index) => index + 1);
  const expected = latest === 1 ? 'Expected 1' : `Expected a whole number from 1 to ${latest}`;
  return z.literal(known, {
    error: ({ input }) => {
      if (input === undefined) return `Required: ${expected.toLowerCase()}`;
      const isNewer = typeof input === 'number' && Number.isInteger(input) && input > latest;
      return isNewer ? newer(input) : expected;
    },
  });
}

/** Why a faker rule's method is refused, in validateFakerMethod's words; null when it is fine. */
function fakerMethodProblem(method: string | undefined): string | null {
  if (!method) return "A 'faker' rule needs a fakerMethod";
  try {
    validateFakerMethod(method);
    return null;
  } catch (error) {
    if (error instanceof EngineError) return error.message;
    throw error;
  }
}

/** An issue on the second and later entries of `items` named like an earlier one. */
function namedOnce(kind: 'Column' | 'Sheet') {
  return (items: ReadonlyArray<{ name: string }>, context: z.RefinementCtx): void => {
    const seen = new Set<string>();
    items.forEach(({ name }, index) => {
      if (seen.has(name)) {
        context.addIssue({
          code: 'custom',
          path: [index, 'name'],
          message: `${kind} "${name}" is listed twice`,
        });
      }
      seen.add(name);
    });
  };
}

const recipeRuleSchema = z
  .object({
    action: z
      .enum(RULE_ACTIONS)
      .describe(
        "'auto' (a realistic pseudonym of the column's type), 'keep', 'blank', 'faker' " +
          "(the Faker method `fakerMethod` names), or 'redact' (text kept, only the personal " +
          'data found in it replaced)',
      ),
    fakerMethod: z
      .string()
      .max(100)
      .optional()
      .describe("Dotted Faker method (e.g. 'person.firstName') when action is 'faker'"),
  })
  .superRefine((rule, context) => {
    if (rule.action !== 'faker') return;
    const problem = fakerMethodProblem(rule.fakerMethod);
    if (problem) context.addIssue({ code: 'custom', path: ['fakerMethod'], message: problem });
  });

export const recipeColumnSchema = z
  .object({
    name: z.string().describe("The column's name: a dataset's column of that name takes it"),
    type: z.enum(COLUMN_TYPES),
    semantic: z.enum(SEMANTICS).nullable().describe('What the column means, or null'),
    rule: recipeRuleSchema,
    format: z
      .string()
      .max(100)
      .optional()
      .describe("Dates and datetimes: the pattern name ('YYYY-MM-DD', 'M/D/YYYY h:mm A'...)"),
    timeZone: z
      .string()
      .max(20)
      .optional()
      .describe("Datetimes: the zone written in the values ('Z', '+02:00')"),
    precision: z.number().int().min(0).max(10).optional().describe('Numbers: fraction digits'),
    range: userNumberRangeSchema
      .optional()
      .describe('Numbers: a range the user set, kept exactly (an observed range is never saved)'),
    numberMode: z
      .enum(NUMBER_MODES)
      .optional()
      .describe(
        "Measures: 'distribution' (each value moved by a keyed 2-10%, keeping the column's " +
          "shape) or 'range' (drawn evenly in the range); left out, 'range' when a range is " +
          "set, else 'distribution'",
      ),
    dateRange: userDateRangeSchema
      .optional()
      .describe(
        'Dates and datetimes: a range the user set as ISO 8601 text, kept exactly (an observed ' +
          'range is never saved)',
      ),
    dateShift: dateShiftSchema.optional(),
  })
  .meta({
    id: 'RecipeColumn',
    description:
      "One column's choices. Fields left out (format, timeZone, precision, range, dateRange, " +
      'numberMode, dateShift) ' +
      'keep what detection found in the dataset it is applied to',
  });

export const recipeSheetSchema = z
  .object({
    name: z
      .string()
      .describe(
        "The sheet's name (a csv, tsv or json file's sheet is named after the file): a dataset's " +
          'sheet of that name takes it, or the only sheet when recipe and dataset have one each',
      ),
    columns: z
      .array(recipeColumnSchema)
      .max(DEFAULT_READ_LIMITS.maxColumns)
      .superRefine(namedOnce('Column')),
  })
  .meta({ id: 'RecipeSheet' });

/**
 * A recipe as JSON: the format marker and version, the pseudonym scheme it was made with, and per
 * sheet and column the user's choices. A recipe of an older format or scheme is read; a later
 * one is refused, naming the version and asking for an update of Stand-in.
 * @example recipeSchema.parse(JSON.parse(await readFile('march.recipe.json', 'utf8')))
 */
export const recipeSchema = z
  .object({
    standin: z.literal('recipe').describe('Marks the document as a Stand-in recipe'),
    version: versionField(
      RECIPE_FORMAT_VERSION,
      (given) =>
        `This recipe is in recipe format ${given}; this Stand-in reads formats up to ` +
        `${RECIPE_FORMAT_VERSION}. Update Stand-in to use it.`,
    ).describe('The version of the recipe format'),
    scheme: versionField(
      PSEUDONYM_SCHEME_VERSION,
      (given) =>
        `This recipe was made for pseudonym scheme ${given}; this Stand-in knows schemes up to ` +
        `${PSEUDONYM_SCHEME_VERSION}. Update Stand-in to use it.`,
    ).describe('The version of the way pseudonyms are derived from a key, when it was made'),
    sheets: z.array(recipeSheetSchema).max(MOST_SHEETS).superRefine(namedOnce('Sheet')),
  })
  .meta({
    id: 'Recipe',
    description:
      'The choices made for a dataset, to reapply to the next export of the same shape: per ' +
      'sheet and column the type, rule, semantic, format, time zone, precision, and a range ' +
      'only where the user set one. Never a key, an example, a sample, a count or an observed ' +
      'range',
  });

export type Recipe = z.infer<typeof recipeSchema>;
export type RecipeSheet = z.infer<typeof recipeSheetSchema>;
export type RecipeColumn = z.infer<typeof recipeColumnSchema>;
