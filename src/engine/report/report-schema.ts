import { z } from 'zod';
import { COLUMN_TYPES, RULE_ACTIONS, SEMANTICS } from '../types';

/*
 * The privacy and utility report: figures only. It never holds a cell value (top-ten
 * frequencies are counts without their values); the date ranges are ISO text of the range ends,
 * which the page already shows. Column and sheet names are not cell values.
 */

const share = z.number().min(0).max(1);
const count = z.number().int().min(0);

export const numberSummarySchema = z
  .object({
    min: z.number(),
    p10: z.number().describe('10th percentile'),
    p50: z.number().describe('Median'),
    p90: z.number().describe('90th percentile'),
    max: z.number(),
    mean: z.number(),
  })
  .describe('Quantiles of the sampled values (dates: wall-clock milliseconds since 1970)');

export const histogramPairSchema = z
  .object({
    min: z.number().describe('Lower end of the first bin (union of both ranges)'),
    max: z.number().describe('Upper end of the last bin'),
    before: z.array(count).describe('Sampled original values per bin'),
    after: z.array(count).describe('Sampled output values per bin, same bins'),
  })
  .describe('Equal-width bins over the union range of before and after');

export const numberFiguresSchema = z.object({
  sampleRows: count.describe('Rows the figures were computed on (an even spread when sampled)'),
  before: numberSummarySchema.nullable(),
  after: numberSummarySchema.nullable(),
  histogram: histogramPairSchema.nullable(),
  ksStatistic: share
    .nullable()
    .describe('Kolmogorov–Smirnov statistic between before and after (0 = same distribution)'),
});

export const dateOrderSchema = z.object({
  otherColumn: z.string(),
  rows: count.describe('Sampled rows with a date in both columns, before and after'),
  keptShare: share.describe('Share of those rows whose order between the two dates was kept'),
});

export const dateFiguresSchema = numberFiguresSchema.extend({
  rangeBefore: z
    .object({ min: z.string(), max: z.string() })
    .nullable()
    .describe('ISO text of the earliest and latest sampled original'),
  rangeAfter: z.object({ min: z.string(), max: z.string() }).nullable(),
  order: z.array(dateOrderSchema).describe('Order kept with each other date column of the sheet'),
});

export const frequencyFiguresSchema = z.object({
  before: z.array(count).describe('Counts of the ten most frequent originals (values left out)'),
  after: z.array(count).describe('Counts of the ten most frequent output values'),
  preservation: share.describe(
    '1 − total variation distance between the before and after frequency-rank profiles',
  ),
});

export const columnReportSchema = z.object({
  name: z.string(),
  type: z.enum(COLUMN_TYPES),
  semantic: z.enum(SEMANTICS).nullable(),
  rule: z.enum(RULE_ACTIONS),
  generator: z
    .string()
    .nullable()
    .describe('Faker method or rule family that made the pseudonyms; null when kept or blanked'),
  replaced: z.boolean().describe('Whether the run wrote pseudonyms in this column'),
  nonEmptyBefore: count,
  nonEmptyAfter: count,
  distinctBefore: count,
  distinctAfter: count,
  survivors: z
    .object({
      sameCell: count.describe('Cells whose output equals their own original'),
      sharedValues: count.describe(
        'Distinct originals found anywhere in the column output (bijections may do this by design)',
      ),
    })
    .nullable()
    .describe('Replaced columns only'),
  uniqueBefore: z.boolean().describe('Every non-empty original distinct'),
  uniqueAfter: z.boolean(),
  measure: z
    .boolean()
    .describe(
      'A measured quantity (an amount, a rate): its pseudonyms keep its distribution, and two ' +
        'may meet where the originals did not; no key',
    ),
  numbers: numberFiguresSchema.optional(),
  dates: dateFiguresSchema.optional(),
  frequencies: frequencyFiguresSchema.optional(),
});

export const classSizeBucketSchema = z.object({
  label: z.enum(['1', '2', '3-4', '5-9', '10+']),
  classes: count,
  rows: count,
});

export const riskFiguresSchema = z
  .object({
    quasiIdentifiers: z.array(z.string()).describe('Kept columns: the combination examined'),
    rows: count,
    uniqueRows: count.describe('Rows alone in their equivalence class'),
    uniqueShare: share,
    k: count.describe('Smallest equivalence class (k-anonymity); 0 for an empty sheet'),
    classSizes: z.array(classSizeBucketSchema),
    contributions: z
      .array(
        z.object({
          column: z.string(),
          uniqueShareAlone: share.describe('Unique share with this column alone'),
          dropWhenLeftOut: share.describe('How much the unique share falls without this column'),
        }),
      )
      .describe('Per kept column, biggest drop first'),
  })
  .describe('Re-identification risk over the kept columns of one sheet');

export const sheetReportSchema = z.object({
  name: z.string(),
  rows: count,
  columns: z.array(columnReportSchema),
  risk: riskFiguresSchema,
});

export const leakSchema = z.object({
  sourceSheet: z.string(),
  sourceColumn: z.string().describe('Replaced column whose originals were found'),
  foundSheet: z.string(),
  foundColumn: z.string(),
  cells: count.describe('Output cells holding at least one such original'),
});

export const warningSchema = z.object({
  severity: z.enum(['high', 'medium', 'low']),
  code: z.enum([
    'kept-pii-column',
    'kept-text-mentions-replaced',
    're-identification-risk',
    'pseudonyms-lost-uniqueness',
    'originals-survive',
    'mapping-downloadable',
  ]),
  advice: z.string().describe('One line: what to do about it'),
  sheet: z.string().nullable(),
  columns: z.array(z.string()),
  figures: z.record(z.string(), z.number()),
});

export const utilitySchema = z.object({
  schemaKeptShare: share.describe(
    'Share of replaced columns re-detected with the same type and format',
  ),
  schemaKept: z.array(z.object({ sheet: z.string(), column: z.string(), kept: z.boolean() })),
  numericDistance: z
    .array(z.object({ sheet: z.string(), column: z.string(), ksStatistic: share }))
    .describe('Kolmogorov–Smirnov statistic per replaced number or date column'),
  frequencyPreservation: z
    .array(z.object({ sheet: z.string(), column: z.string(), preservation: share }))
    .describe('Per replaced text column: 1 − total variation of the frequency-rank profiles'),
});

export const streamingSchema = z
  .object({
    parts: count.describe('Parts the file was read in; every figure covers every row'),
    exactValues: count.describe(
      'Distinct values counted exactly per column (and combinations of the kept columns); past ' +
        'it, a sample of them chosen by hash',
    ),
    estimatedColumns: z
      .array(z.string())
      .describe(
        'Columns past exactValues: their distinct counts, uniqueness, frequencies and shared ' +
          'values are estimated from the sample',
      ),
    estimatedRisk: z
      .boolean()
      .describe('Whether the combinations of the kept columns passed exactValues: risk estimated'),
    leakSourcesByPart: z
      .array(z.string())
      .describe(
        'Replaced columns whose originals were searched for in their own part only (columns ' +
          'with too many values to list, or any column when read once, from standard input)',
      ),
  })
  .describe('How a streaming run of the command line computed the figures part by part');

export const replacementSchema = z
  .object({
    columnsReplaced: count.describe('Columns whose rule writes pseudonyms (auto, Faker, redact)'),
    columnsKept: count.describe('Columns written out as read (rule keep)'),
    columnsBlanked: count.describe('Columns written empty (rule blank, or type blank)'),
    cellsReplaced: count.describe(
      'Non-blank cells of the replaced columns whose output differs from their original',
    ),
    cellsKept: count.describe('Non-blank cells of the kept columns: originals written as read'),
    keptColumns: z
      .array(z.object({ sheet: z.string(), column: z.string() }))
      .describe('Kept columns that hold a value: where originals survive'),
  })
  .describe('What the run replaced, counted on its output (the same figures as its stats)');

export const privacyReportSchema = z
  .object({
    version: z.literal(1),
    replacement: replacementSchema
      .optional()
      .describe("The run's replacement figures, as its stats count them"),
    sheets: z.array(sheetReportSchema),
    leaks: z.array(leakSchema),
    warnings: z.array(warningSchema),
    utility: utilitySchema,
    method: z
      .object({
        leakMinimumLength: count.describe('Originals shorter than this are not searched for'),
        leakMinimumDigits: count.describe('Pure numbers with fewer digits are not searched for'),
        leakWindowTokens: count.describe('Longest run of words matched inside text'),
        distributionSampleRows: count.describe('Rows sampled per column for distributions'),
      })
      .describe('How the figures were computed'),
    streaming: streamingSchema.optional(),
  })
  .meta({ id: 'PrivacyReport' })
  .describe('Privacy and utility figures of one run; holds no cell values');

export type PrivacyReport = z.infer<typeof privacyReportSchema>;
export type SheetReport = z.infer<typeof sheetReportSchema>;
export type ColumnReport = z.infer<typeof columnReportSchema>;
export type RiskFigures = z.infer<typeof riskFiguresSchema>;
export type ReportLeak = z.infer<typeof leakSchema>;
export type ReportWarning = z.infer<typeof warningSchema>;
export type NumberSummary = z.infer<typeof numberSummarySchema>;
export type NumberFigures = z.infer<typeof numberFiguresSchema>;
export type DateFigures = z.infer<typeof dateFiguresSchema>;
export type UtilityFigures = z.infer<typeof utilitySchema>;
export type StreamingFigures = z.infer<typeof streamingSchema>;
