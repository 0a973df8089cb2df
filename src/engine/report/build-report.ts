import type { Cell, ColumnSchema, Sheet, Workbook } from '../types';
import {
  columnFigures,
  dateOrderKept,
  hasFrequencies,
  hasSamples,
  isKept,
  isReplaced,
  type ColumnSamples,
} from './column-figures';
import { DISTRIBUTION_SAMPLE_ROWS, sampleStride } from './distribution';
import { encodeColumns, type EncodedColumn } from './encode-column';
import {
  countLeaks,
  isLeakSource,
  leakEncoding,
  leakList,
  leakReads,
  LEAK_MINIMUM_DIGITS,
  LEAK_MINIMUM_LENGTH,
  LEAK_WINDOW_TOKENS,
} from './leaks';
import type {
  ColumnReport,
  PrivacyReport,
  ReportLeak,
  SheetReport,
  UtilityFigures,
} from './report-schema';
import { replacementFigures, type ReplacementFigures } from './replacement-figures';
import { riskFigures } from './risk';
import { sampleValues, valueReader } from './sampled-values';
import { keepsShape, utilityFigures, type UtilityColumn } from './utility';
import { reportWarnings } from './warnings';

/*
 * The privacy and utility report, computed at the end of a run from the workbook as read and
 * as written. It holds figures only (see report-schema.ts).
 *
 * Cost: every column is read once per side (a kept column once: its output is its original),
 * one hash and one probe per cell into a table both sides share, allocating little (see
 * encode-column.ts): a replaced column's survivors are counted in its output's pass, codes per
 * row are kept for kept columns only (the risk), values for the leak search only. Every other
 * figure reads those counts or a sample. On the 50 MB bench file the report adds about 11–13.5%
 * to read + detect + pseudonymize + write (`npm run bench`; issue 17 asks for at most 15%);
 * with a kept notes column and two other kept columns (`npm run bench -- --keep
 * notes,city,signup_date`) about 25–30%: the leak search reads every distinct kept text.
 * - Exact: distinct counts, uniqueness, survivors, top-ten frequencies, risk (k, unique share,
 *   class sizes, per-column contributions: typed arrays, see risk.ts), and leaks.
 * - Sampled: number and date figures (quantiles, histograms, KS, date order) read an even
 *   spread of at most DISTRIBUTION_SAMPLE_ROWS (20,000) rows per column; the type-and-format
 *   check re-detects at most 5,000 rows per replaced column, as the run's own check does.
 * - Leaks: the distinct originals of replaced text, email, phone and whole-number columns (at
 *   least 4 characters; pure numbers at least 5 digits) are looked up in the distinct values of
 *   every column written as read (kept, or redacted text), whole, and inside text as runs of up
 *   to 4 words. Replaced columns are not scanned (see leaksOf). Counted once per cell, per
 *   source and found column.
 */

export interface ReportInput {
  /** The workbook as read. */
  original: Workbook;
  /** The pseudonymized workbook: same sheets, columns and rows, in the same order. */
  output: Workbook;
  /** Per sheet, per column: the schema the run used (rule, type, semantic, Faker method). */
  schemas: ColumnSchema[][];
  /** Whether the run offers the mapping (originals ↔ pseudonyms) for download. */
  mappingAvailable: boolean;
  /** The run's replacement figures, as its stats carry them; counted here when left out. */
  replacement?: ReplacementFigures;
}

/** One sheet's columns encoded before and after, computed once and read by every figure. */
interface EncodedSheet {
  original: Sheet;
  output: Sheet;
  schemas: ColumnSchema[];
  columns: EncodedColumn[];
}

function encodeSheet(
  original: Sheet,
  output: Sheet,
  schemas: ColumnSchema[],
  readsValues: (schema: ColumnSchema) => boolean,
): EncodedSheet {
  const columns = encodeColumns(
    original.rows,
    output.rows,
    schemas.map((schema, column) => ({
      column,
      // A kept column's output is its original: read once, with codes for the risk.
      readOutput: !isKept(schema),
      codes: isKept(schema),
      ...(readsValues(schema) ? leakEncoding(schema) : {}),
      // Numbers and dates get sampled figures, not frequencies.
      counts: hasFrequencies(schema),
      missing: new Set(schema.missingMarkers ?? []),
      expectedDistinct: schema.distinctCount,
    })),
  );
  return { original, output, schemas, columns };
}

/** The rows the number and date figures read: every `stride`th row as read and as written. */
export interface SampledRows {
  original: readonly Cell[][];
  output: readonly Cell[][];
  stride: number;
}

/**
 * The figures of each column of a sheet: `valuesOf` a column's values before and after (and its
 * survivors), `sampled` the rows its number and date figures read.
 */
export function columnReports(
  schemas: readonly ColumnSchema[],
  sampled: SampledRows,
  valuesOf: (column: number) => EncodedColumn,
): ColumnReport[] {
  const samples = new Map<number, ColumnSamples>();
  schemas.forEach((schema, column) => {
    if (!hasSamples(schema)) return;
    const read = valueReader(schema);
    samples.set(column, {
      before: sampleValues(sampled.original, column, sampled.stride, read),
      after: sampleValues(sampled.output, column, sampled.stride, read),
    });
  });
  const dateColumns = schemas.flatMap((schema, column) =>
    schema.type === 'date' || schema.type === 'datetime' ? [column] : [],
  );
  return schemas.map((schema, column) => {
    const own = samples.get(column);
    const order = dateColumns.includes(column)
      ? dateColumns
          .filter((other) => other !== column)
          .map((other) => ({
            otherColumn: schemas[other]!.name,
            ...dateOrderKept(own!, samples.get(other)!),
          }))
      : undefined;
    const { before, after, survivors } = valuesOf(column);
    return columnFigures({
      schema,
      before,
      after,
      ...(survivors && isReplaced(schema) ? { survivors } : {}),
      ...(own ? { samples: own } : {}),
      ...(order ? { order } : {}),
    });
  });
}

function sheetFigures(sheet: EncodedSheet): SheetReport {
  const sampled = {
    original: sheet.original.rows,
    output: sheet.output.rows,
    stride: sampleStride(sheet.original.rows.length),
  };
  const columns = columnReports(sheet.schemas, sampled, (column) => sheet.columns[column]!);
  const kept = sheet.schemas.flatMap((schema, column) => (isKept(schema) ? [column] : []));
  const risk = riskFigures(
    kept.map((column) => sheet.schemas[column]!.name),
    kept.map((column) => sheet.columns[column]!.before),
    sheet.output.rows.length,
  );
  return { name: sheet.original.name, rows: sheet.original.rows.length, columns, risk };
}

/**
 * The utility figures of the replaced columns, each checked for its shape on `output` (the
 * sheet as written, or a sample of its rows).
 */
export function utilityOf(
  sheets: readonly { report: SheetReport; schemas: readonly ColumnSchema[]; output: Sheet }[],
): UtilityFigures {
  const columns: UtilityColumn[] = sheets.flatMap(({ report, schemas, output }) =>
    schemas.flatMap((schema, column) =>
      isReplaced(schema)
        ? [
            {
              sheet: report.name,
              report: report.columns[column]!,
              shapeKept: keepsShape(schema, output, column),
            },
          ]
        : [],
    ),
  );
  return utilityFigures(columns);
}

/** How the figures were computed (the report's method). */
export const REPORT_METHOD: PrivacyReport['method'] = {
  leakMinimumLength: LEAK_MINIMUM_LENGTH,
  leakMinimumDigits: LEAK_MINIMUM_DIGITS,
  leakWindowTokens: LEAK_WINDOW_TOKENS,
  distributionSampleRows: DISTRIBUTION_SAMPLE_ROWS,
};

function leaksOf(sheets: readonly EncodedSheet[]): ReportLeak[] {
  const columns = sheets.flatMap((sheet, sheetIndex) =>
    sheet.schemas.map((schema, column) => ({
      at: { sheet: sheetIndex, column },
      schema,
      originals: sheet.columns[column]!.before,
      output: sheet.columns[column]!.after,
    })),
  );
  const sources = columns.filter((column) => isLeakSource(column.schema));
  return leakList(
    countLeaks(columns),
    sources.map((source) => source.at),
    ({ sheet, column }) => ({
      sheet: sheets[sheet]!.original.name,
      column: sheets[sheet]!.schemas[column]!.name,
    }),
  );
}

/**
 * The privacy and utility report of one run, from the original and pseudonymized workbooks:
 * figures only, never a cell value (see privacyReportSchema).
 * @example buildReport({ original, output: result.workbook, schemas, mappingAvailable: true }).warnings
 */
export function buildReport(input: ReportInput): PrivacyReport {
  const readsValues = leakReads(input.schemas);
  const sheets = input.original.sheets.flatMap((original, index) => {
    const output = input.output.sheets[index];
    const schemas = input.schemas[index];
    return output && schemas ? [encodeSheet(original, output, schemas, readsValues)] : [];
  });
  const sheetReports = sheets.map(sheetFigures);
  const leaks = leaksOf(sheets);
  return {
    version: 1,
    replacement:
      input.replacement ?? replacementFigures(input.original, input.output, input.schemas),
    sheets: sheetReports,
    leaks,
    warnings: reportWarnings(sheetReports, leaks, input.mappingAvailable),
    utility: utilityOf(sheets.map((sheet, index) => ({ ...sheet, report: sheetReports[index]! }))),
    method: REPORT_METHOD,
  };
}
