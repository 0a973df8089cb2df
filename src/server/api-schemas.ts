/**
 * The zod schemas the API shares between procedures, the upload and download handlers and the
 * OpenAPI document. One-off inputs sit next to their procedure instead.
 */
import { z } from 'zod';
import {
  COLUMN_TYPES,
  FILE_FORMATS,
  NUMBER_MODES,
  RULE_ACTIONS,
  SEMANTICS,
  userDateRangeSchema,
  userNumberRangeSchema,
  dateShiftSchema,
  replacementSchema,
} from '../engine';

export const fileFormatSchema = z.enum(FILE_FORMATS);

export const datasetIdSchema = z
  .string()
  .min(1)
  .max(100)
  .describe('The id the upload answered with');

/** The input of a call about one dataset. */
export const datasetByIdSchema = z.object({ id: datasetIdSchema });

/** A date range as detection writes it (ISO 8601 wall-clock text). */
const dateRangeSchema = z.object({ min: z.string(), max: z.string() });

const ruleSchema = z.object({
  action: z.enum(RULE_ACTIONS),
  fakerMethod: z
    .string()
    .max(100)
    .optional()
    .describe("Dotted Faker method (e.g. 'person.firstName') when action is 'faker'"),
});

const numberLayoutSchema = z.object({
  precision: z.number().int().min(0).max(10),
  integer: z.boolean(),
  wholeValues: z.boolean().optional(),
  decimalSeparator: z.enum(['.', ',']),
  thousandsSeparator: z.enum([',', '.', ' ', '\u00a0', "'"]).nullable(),
  prefix: z.string().max(20),
  suffix: z.string().max(20),
  negative: z.boolean(),
  negativeStyle: z.enum(['minus', 'parentheses']).optional(),
  explicitPlus: z.boolean().optional(),
  signPosition: z.enum(['afterPrefix', 'trailing']).optional(),
  minusSign: z.literal('\u2212').optional(),
  bareFraction: z.boolean().optional(),
});

/** The fields of a column a client may change; the rest are what detection found. */
const editableColumnFields = {
  type: z.enum(COLUMN_TYPES),
  rule: ruleSchema,
  semantic: z.enum(SEMANTICS).nullable(),
  range: userNumberRangeSchema,
  dateRange: userDateRangeSchema,
  format: z.string().max(100),
  timeZone: z.string().max(20),
  precision: z.number().int().min(0).max(10),
  numberMode: z
    .enum(NUMBER_MODES)
    .describe(
      "Measures: 'distribution' keeps the values' shape (each moved by a keyed 2-10%), 'range' " +
        "draws evenly in the range; absent, 'range' when the user set a range, else " +
        "'distribution'",
    ),
  dateShift: dateShiftSchema,
};

export const columnSchema = z
  .looseObject({
    name: z.string(),
    examples: z.array(z.string()),
    description: z.string(),
    suggestedMethod: z.string().nullable(),
    invalidCount: z.number().int(),
    nonEmptyCount: z.number().int(),
    distinctCount: z.number().int(),
    ...editableColumnFields,
    range: editableColumnFields.range.optional(),
    rangeSetByUser: z
      .boolean()
      .optional()
      .describe('Whether range or dateRange was set through a schema update (then kept exactly)'),
    dateRange: dateRangeSchema.optional(),
    format: editableColumnFields.format.optional(),
    timeZone: editableColumnFields.timeZone.optional(),
    precision: editableColumnFields.precision.optional(),
    numberMode: editableColumnFields.numberMode.optional(),
    dateShift: editableColumnFields.dateShift.optional(),
    // What detection saw of how values are written; not editable, so the stored layout (with any
    // field the engine adds later) is never replaced by what a client echoes back.
    number: numberLayoutSchema.optional(),
    boolean: z.object({ trueText: z.string(), falseText: z.string() }).optional(),
    code: z
      .object({
        minLength: z.number().int(),
        maxLength: z.number().int(),
        leadingZeros: z.boolean(),
      })
      .optional(),
    missingMarkers: z.array(z.string()).optional(),
    distinctApproximate: z.boolean().optional(),
  })
  .meta({ id: 'ColumnSchema' });

/**
 * One column of a schema update: its name plus any editable field. Fields left out keep their
 * value (so changing the type keeps the rule, range and format); other keys are ignored.
 */
export const columnUpdateSchema = z
  .object({ name: z.string(), ...editableColumnFields })
  .partial()
  .required({ name: true })
  .meta({ id: 'ColumnUpdate' });

export type ColumnUpdate = z.infer<typeof columnUpdateSchema>;

/** One preview row: each column's display text under the column's name. */
export type PreviewRow = Record<string, string>;
/** A workbook's previews: each sheet's rows under the sheet's name. */
export type WorkbookPreview = Record<string, PreviewRow[]>;
/** A dataset's previews: a csv, tsv or json file's rows, or a workbook's sheets by name. */
export type DatasetPreview = PreviewRow[] | WorkbookPreview;

function isPreviewRow(value: unknown): value is PreviewRow {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.values(value).every((text) => typeof text === 'string');
}

function isWorkbookPreview(value: unknown): value is WorkbookPreview {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.values(value).every((rows) => Array.isArray(rows) && rows.every(isPreviewRow));
}

// Previews are checked, never rebuilt: zod's record parsing builds a new plain object, which
// leaves out a key named __proto__ (a column or sheet may be named that) and which superjson
// would walk and refuse (see dataset-view.ts). So they are z.custom, their OpenAPI shape written
// out by hand.
const previewRowSchema = z.custom<PreviewRow>(isPreviewRow, 'Expected an object of texts').meta({
  id: 'PreviewRow',
  description:
    "One row: each column's display text under its name, in the order `schema` lists the " +
    'columns, except that names that are whole numbers (such as "2024") come first, as ' +
    'JavaScript orders object keys',
  override: { type: 'object', additionalProperties: { type: 'string' } },
});

const sheetPreviewSchema = z.array(previewRowSchema).meta({
  id: 'SheetPreview',
  description: "A sheet's first rows as display text",
});

const workbookPreviewSchema = z
  .custom<WorkbookPreview>(isWorkbookPreview, 'Expected an object of sheets')
  .meta({
    id: 'WorkbookPreview',
    description:
      "Every sheet's first rows, under the sheet's name (`sheetNames` gives their order)",
    override: {
      type: 'object',
      additionalProperties: { $ref: '#/components/schemas/SheetPreview' },
    },
  });

const datasetPreviewSchema = z.union([sheetPreviewSchema, workbookPreviewSchema]).meta({
  id: 'DatasetPreview',
  description:
    'A csv, tsv or json dataset: its rows (`[0].email`). An xlsx or xls dataset: every sheet ' +
    'under its name (`.Orders[0].email`)',
});

const dateShiftPlanSchema = z.object({
  entityColumn: z
    .string()
    .nullable()
    .describe('The column keying the offset; null when the dates are drawn per value'),
  automatic: z.boolean().describe('Whether the engine picked it (dateShift names none)'),
  automaticColumn: z
    .string()
    .nullable()
    .describe('The column the engine picks when dateShift names none; null: drawn per value'),
  birthDate: z
    .boolean()
    .describe('A birth date: drawn per value unless dateShift names an entity column for it'),
  windowDays: z.number().int().min(1).describe('The largest offset in days, either way'),
});

const statsSchema = z.object({
  scheme: z
    .number()
    .int()
    .min(1)
    .describe("The pseudonym scheme the run followed: the latest, or an applied recipe's"),
  rowsProcessed: z.number().int(),
  cellsProcessed: z.number().int(),
  columnsPseudonymized: z
    .number()
    .int()
    .describe('Columns the engine planned pseudonyms for or emptied (see columnsReplaced)'),
  columnsReplaced: replacementSchema.shape.columnsReplaced,
  columnsKept: replacementSchema.shape.columnsKept,
  columnsBlanked: replacementSchema.shape.columnsBlanked,
  cellsReplaced: replacementSchema.shape.cellsReplaced,
  cellsKept: replacementSchema.shape.cellsKept,
  keptColumns: replacementSchema.shape.keptColumns,
  schemaMatch: z
    .number()
    .min(0)
    .max(1)
    .describe('Share of replaced columns whose output re-detects alike; 1 when none was replaced'),
  fileDependentPseudonyms: z.number().int().min(0),
  piiInText: z
    .object({
      email: z.number().int().min(0),
      phone: z.number().int().min(0),
      url: z.number().int().min(0),
      iban: z.number().int().min(0),
      card: z.number().int().min(0),
      name: z.number().int().min(0),
      value: z.number().int().min(0),
    })
    .optional()
    .describe('Personal data found in free-text cells and replaced, by kind (counted per cell)'),
  rowRelations: z
    .object({
      datesShiftedByEntity: z.number().int().min(0),
      datesPerValue: z.number().int().min(0),
      addressesFromNames: z.number().int().min(0),
      fullNamesFromNames: z.number().int().min(0),
      gendersFromNames: z.number().int().min(0),
      zipCodesFromStates: z.number().int().min(0),
      countriesFromStates: z.number().int().min(0).optional(),
      urlsFromNames: z.number().int().min(0).optional(),
      peopleFromOtherSheets: z.number().int().min(0).optional(),
      fullNamesFromEmails: z.number().int().min(0).optional(),
      twoValuedRedrawn: z.number().int().min(0).optional(),
      statesFromStates: z.number().int().min(0).optional(),
    })
    .optional(),
  timings: z.record(z.string(), z.number()),
  durationMs: z.number(),
});

export const sampleKindSchema = z
  .enum(['run', 'illustration'])
  .describe(
    "'run': what the run writes for the example (its row pseudonymized under the key and the " +
      "rules); 'illustration': a value of the kind the rule makes, not the run's (no example " +
      'row to run)',
  );

/** A column's example pseudonym under a given key (POST /api/datasets/{id}/samples). */
export const columnSampleSchema = z.object({
  name: z.string(),
  sample: z.string(),
  sampleKind: sampleKindSchema,
});

export const datasetViewSchema = z
  .object({
    id: z.string(),
    filename: z.string(),
    fileType: fileFormatSchema,
    size: z.number().int().describe('Bytes of the uploaded file'),
    rowCount: z.number().int().describe('Rows of the selected sheet'),
    columnCount: z.number().int(),
    sheetNames: z.array(z.string()),
    selectedSheet: z.string(),
    schema: z.array(
      columnSchema.extend({
        sample: z
          .string()
          .describe(
            "The card's example pseudonym: the first example as the run writes it under the " +
              "dataset's own key and the current rules, or an illustration (sampleKind)",
          ),
        sampleKind: sampleKindSchema,
        dateShiftPlan: dateShiftPlanSchema
          .optional()
          .describe(
            'Dates and datetimes: the entity column their rows move with, as the run will pick ' +
              'it (the one dateShift names, else the first unique id, email or UUID column)',
          ),
      }),
    ),
    originalData: datasetPreviewSchema.describe(
      'The first rows as display text: for csv, tsv and json an array of row objects, for xlsx ' +
        "and xls an object with every sheet's rows under its name. `?limit=` rows per sheet, " +
        'fewer where the preview caps stop them',
    ),
    pseudonymizedData: datasetPreviewSchema
      .nullable()
      .describe(
        'The same rows pseudonymized, in the shape of originalData; null before a run and ' +
          'after a schema change discarded it',
      ),
    mapping: z.object({ rowCount: z.number().int() }).nullable(),
    stats: statsSchema.nullable(),
    expiresAt: z.string().describe('When the dataset is discarded unless used again (ISO 8601)'),
  })
  .meta({ id: 'DatasetView' });

export type DatasetView = z.infer<typeof datasetViewSchema>;

const sheetColumnSchema = z.object({ sheet: z.string(), column: z.string() });

/** What applying a recipe did (the engine's RecipeReport). */
export const recipeReportSchema = z
  .object({
    applied: z
      .array(sheetColumnSchema)
      .describe("The dataset's columns that took the recipe's choices"),
    notFound: z
      .array(sheetColumnSchema)
      .describe("The recipe's columns the dataset has no column for (named as in the recipe)"),
    notCovered: z
      .array(sheetColumnSchema)
      .describe("The dataset's columns the recipe says nothing of: they keep their detected rules"),
  })
  .meta({ id: 'RecipeReport' });

/** The answer of applying a recipe: the dataset as it is now, and what the recipe did. */
export const datasetWithRecipeReportSchema = datasetViewSchema
  .extend({ recipeReport: recipeReportSchema })
  .meta({ id: 'DatasetWithRecipeReport' });

/** The answer of an upload: the new dataset, and what its recipe did when it came with one. */
export const uploadedDatasetSchema = datasetViewSchema
  .extend({
    recipeReport: recipeReportSchema
      .optional()
      .describe('Present when the upload came with a recipe: what applying it did'),
  })
  .meta({ id: 'UploadedDataset' });

export type UploadedDataset = z.infer<typeof uploadedDatasetSchema>;

export const errorBodySchema = z
  .object({
    message: z.string(),
    issues: z
      .array(
        z.looseObject({
          code: z.string(),
          path: z.array(z.union([z.string(), z.number()])),
          message: z.string(),
        }),
      )
      .optional()
      .describe('For invalid input: what is wrong where'),
  })
  .meta({ id: 'Error' });
