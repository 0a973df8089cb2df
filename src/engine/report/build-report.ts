import type { ColumnSchema, Sheet, Workbook } from '../types';
import {
  columnFigures,
  dateOrderKept,
  hasFrequencies,
  hasSamples,
  isKept,
  isReplaced,
  isTextWrittenAsRead,
  type ColumnSamples,
} from './column-figures';
import { DISTRIBUTION_SAMPLE_ROWS, sampleStride } from './distribution';
import { encodeColumns, type EncodedColumn } from './encode-column';
import {
  LEAK_MINIMUM_DIGITS,
  LEAK_MINIMUM_LENGTH,
  LEAK_WINDOW_TOKENS,
  OriginalsIndex,
  scanColumn,
  type LeakCounts,
} from './leaks';
import type { PrivacyReport, ReportLeak, SheetReport } from './report-schema';
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
}

/** One sheet's columns encoded before and after, computed once and read by every figure. */
interface EncodedSheet {
  original: Sheet;
  output: Sheet;
  schemas: ColumnSchema[];
  columns: EncodedColumn[];
}

/**
 * Whether the column's output is searched for other columns' originals (see leaksOf): columns
 * written as read. A replaced column's pseudonyms are kept off the file's originals by the run
 * itself, or may equal another original by design (a bijection).
 */
function isLeakScanned(schema: ColumnSchema): boolean {
  return !isReplaced(schema) && schema.rule.action !== 'blank' && schema.type !== 'blank';
}

/**
 * Which columns' values the leak search reads after encoding (the rest keep counts only): the
 * originals of replaced leak sources, and the output of scanned columns, when the workbook
 * has both.
 */
function leakReads(schemas: readonly ColumnSchema[][]): (schema: ColumnSchema) => boolean {
  const all = schemas.flat();
  const sources = all.some((schema) => isReplaced(schema) && isLeakSource(schema));
  const scanned = all.some(isLeakScanned);
  return (schema) =>
    sources && scanned && ((isReplaced(schema) && isLeakSource(schema)) || isLeakScanned(schema));
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
      // Sources and kept columns are read on their original side, other scanned columns
      // (redacted text) on their output.
      ...(readsValues(schema)
        ? {
            values:
              isKept(schema) || isReplaced(schema) ? ('original' as const) : ('both' as const),
          }
        : {}),
      firstWords: readsValues(schema) && isReplaced(schema),
      // Numbers and dates get sampled figures, not frequencies.
      counts: hasFrequencies(schema),
      missing: new Set(schema.missingMarkers ?? []),
      expectedDistinct: schema.distinctCount,
    })),
  );
  return { original, output, schemas, columns };
}

function sheetFigures(sheet: EncodedSheet): SheetReport {
  const stride = sampleStride(sheet.original.rows.length);
  const samples = new Map<number, ColumnSamples>();
  sheet.schemas.forEach((schema, column) => {
    if (!hasSamples(schema)) return;
    const read = valueReader(schema);
    samples.set(column, {
      before: sampleValues(sheet.original.rows, column, stride, read),
      after: sampleValues(sheet.output.rows, column, stride, read),
    });
  });
  const dateColumns = sheet.schemas.flatMap((schema, column) =>
    schema.type === 'date' || schema.type === 'datetime' ? [column] : [],
  );
  const columns = sheet.schemas.map((schema, column) => {
    const own = samples.get(column);
    const order = dateColumns.includes(column)
      ? dateColumns
          .filter((other) => other !== column)
          .map((other) => ({
            otherColumn: sheet.schemas[other]!.name,
            ...dateOrderKept(own!, samples.get(other)!),
          }))
      : undefined;
    const { before, after, survivors } = sheet.columns[column]!;
    return columnFigures({
      schema,
      before,
      after,
      ...(survivors && isReplaced(schema) ? { survivors } : {}),
      ...(own ? { samples: own } : {}),
      ...(order ? { order } : {}),
    });
  });
  const kept = sheet.schemas.flatMap((schema, column) => (isKept(schema) ? [column] : []));
  const risk = riskFigures(
    kept.map((column) => sheet.schemas[column]!.name),
    kept.map((column) => sheet.columns[column]!.before),
    sheet.output.rows.length,
  );
  return { name: sheet.original.name, rows: sheet.original.rows.length, columns, risk };
}

/**
 * Whether a replaced column's originals are searched for elsewhere: text, emails, phones and
 * whole numbers (ids, account numbers). Booleans, decimals and dates are left out: they name
 * nobody, and the same amount or day in another column is a coincidence, not a leak.
 */
function isLeakSource(schema: ColumnSchema): boolean {
  if (schema.type === 'number') return schema.number?.integer ?? false;
  return schema.type === 'string' || schema.type === 'email' || schema.type === 'phone';
}

function leaksOf(sheets: readonly EncodedSheet[]): ReportLeak[] {
  const originals = new OriginalsIndex();
  sheets.forEach((sheet, sheetIndex) => {
    sheet.schemas.forEach((schema, column) => {
      if (!isReplaced(schema) || !isLeakSource(schema)) return;
      originals.add({ sheet: sheetIndex, column }, sheet.columns[column]!.before);
    });
  });
  if (originals.size === 0) return [];
  const counts: LeakCounts = new Map();
  sheets.forEach((sheet, sheetIndex) => {
    sheet.schemas.forEach((schema, column) => {
      if (!isLeakScanned(schema)) return;
      // Text is searched inside as well; other kept cells as a whole.
      const insideText = isTextWrittenAsRead(schema);
      scanColumn(
        { sheet: sheetIndex, column },
        sheet.columns[column]!.after,
        originals,
        insideText,
        counts,
      );
    });
  });
  return [...counts].map(([key, cells]) => {
    const [id, foundSheet, foundColumn] = key.split('|').map(Number) as [number, number, number];
    const source = originals.sources[id]!;
    return {
      sourceSheet: sheets[source.sheet]!.original.name,
      sourceColumn: sheets[source.sheet]!.schemas[source.column]!.name,
      foundSheet: sheets[foundSheet]!.original.name,
      foundColumn: sheets[foundSheet]!.schemas[foundColumn]!.name,
      cells,
    };
  });
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
  const utilityColumns: UtilityColumn[] = sheets.flatMap((sheet, index) =>
    sheet.schemas.flatMap((schema, column) =>
      isReplaced(schema)
        ? [
            {
              sheet: sheet.original.name,
              report: sheetReports[index]!.columns[column]!,
              shapeKept: keepsShape(schema, sheet.output, column),
            },
          ]
        : [],
    ),
  );
  return {
    version: 1,
    sheets: sheetReports,
    leaks,
    warnings: reportWarnings(sheetReports, leaks, input.mappingAvailable),
    utility: utilityFigures(utilityColumns),
    method: {
      leakMinimumLength: LEAK_MINIMUM_LENGTH,
      leakMinimumDigits: LEAK_MINIMUM_DIGITS,
      leakWindowTokens: LEAK_WINDOW_TOKENS,
      distributionSampleRows: DISTRIBUTION_SAMPLE_ROWS,
    },
  };
}
