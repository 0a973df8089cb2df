import type { Cell, ColumnSchema, Sheet } from '../types';
import { columnReports, REPORT_METHOD, utilityOf } from './build-report';
import { isKept } from './column-figures';
import { DISTRIBUTION_SAMPLE_ROWS } from './distribution';
import { ColumnValues, type EncodedColumn } from './encode-column';
import { isLeakSource, leakList, type LeakCounts } from './leaks';
import type { ReportPart } from './report-part';
import type { PrivacyReport, RiskFigures, SheetReport } from './report-schema';
import { classFigures, contributionsOf, riskFigures } from './risk';
import { EVERY_VALUE, SampledCounts, summaryOf } from './sampled-counts';
import { reportWarnings } from './warnings';
import type { ReplacementFigures } from './replacement-figures';

/*
 * The report of a streaming run, over every row of the file in bounded memory: the parts'
 * figures (report-part.ts) merged in the file's order.
 * - Summed, exact: rows, non-empty cells, cells left in place, leaks.
 * - Distinct values per column and side, and the combinations of the kept columns (the risk):
 *   exact up to EXACT_VALUES each, then a sample of them chosen by hash (sampled-counts.ts),
 *   from which distinct counts, uniqueness, frequencies, shared values and class sizes are
 *   estimated, and the report names those columns (its `streaming` figures). 24 to 48 bytes a
 *   value, at most 1.6 MB a table.
 * - Number and date figures: an even spread of at most DISTRIBUTION_SAMPLE_ROWS rows, as a
 *   whole run reads them; the type-and-format check reads those rows' output.
 * - Leaks: a part looks for the whole file's originals of the columns a first pass listed
 *   (FileValues: names, cities, categories), and for its own originals of the others.
 * A file of at most EXACT_VALUES distinct values per column and DISTRIBUTION_SAMPLE_ROWS rows
 * gets the report a whole run gives.
 */

/** Distinct values counted exactly per column and side, and kept-column combinations. */
export const EXACT_VALUES = 65_536;

interface MergedColumn {
  nonEmptyBefore: number;
  nonEmptyAfter: number;
  sameCell: number;
  before: SampledCounts;
  /** Null for a kept column. */
  after: SampledCounts | null;
}

export interface StreamedReportOptions {
  /** The sheet's name, as a whole run of the file names it. */
  sheet: string;
  /** The schemas the parts ran with. */
  schemas: readonly ColumnSchema[];
  /** Per column, whether its originals were listed for the whole file (FileValues). */
  fileValues?: readonly boolean[];
  /** EXACT_VALUES unless given (tests). */
  exactValues?: number;
  /**
   * About how many rows the file has, when known: the parts' samples start as sparse as that
   * many rows need (a part sampled more densely is thinned once merged, after it has been sent).
   */
  expectedRows?: number;
}

/**
 * Merges the parts of a streaming run into its report.
 * @example const merged = new StreamedReport({ sheet: 'people', schemas }); merged.add(part); merged.report().sheets[0].rows
 */
export class StreamedReport {
  private rows = 0;
  private parts = 0;
  private mappingAvailable = false;
  private readonly columns: MergedColumn[];
  private readonly classes: SampledCounts[];
  private readonly leaks: LeakCounts = new Map();
  private replacement: ReplacementFigures | null = null;
  private sampleOriginal: Cell[][] = [];
  private sampleOutput: Cell[][] = [];
  #sampleStride = 1;
  private readonly exactValues: number;

  constructor(private readonly options: StreamedReportOptions) {
    this.exactValues = options.exactValues ?? EXACT_VALUES;
    const expected = options.expectedRows ?? 0;
    while (expected / this.#sampleStride > DISTRIBUTION_SAMPLE_ROWS) this.#sampleStride *= 2;
    const table = () => new SampledCounts(this.exactValues);
    this.columns = options.schemas.map((schema) => ({
      nonEmptyBefore: 0,
      nonEmptyAfter: 0,
      sameCell: 0,
      before: table(),
      after: isKept(schema) ? null : table(),
    }));
    const kept = options.schemas.filter(isKept).length;
    this.classes = Array.from({ length: kept + 1 }, table);
  }

  /** Every how many rows of a part its sample takes (a power of 2; doubles as the sample fills). */
  get sampleStride(): number {
    return this.#sampleStride;
  }

  /** Adds the next part, in the file's order. */
  add(part: ReportPart): void {
    this.rows += part.rows;
    this.parts++;
    this.mappingAvailable ||= part.mappingAvailable;
    part.columns.forEach((figures, column) => {
      const merged = this.columns[column]!;
      merged.nonEmptyBefore += figures.nonEmptyBefore;
      merged.nonEmptyAfter += figures.nonEmptyAfter;
      merged.sameCell += figures.sameCell;
      merged.before.addAll(figures.before);
      if (merged.after && figures.after) merged.after.addAll(figures.after);
    });
    part.classes.forEach((entries, at) => this.classes[at]!.addAll(entries));
    for (const [key, cells] of part.leaks) this.leaks.set(key, (this.leaks.get(key) ?? 0) + cells);
    this.addSample(part.sample);
    this.addReplacement(part.replacement);
  }

  /**
   * Every part counts the same columns; the cells add up, and a kept column holds originals
   * when any part's does (listed in the schema's order, under the run's sheet name).
   */
  private addReplacement(part: ReplacementFigures): void {
    const before = this.replacement;
    const kept = new Set(
      [...(before?.keptColumns ?? []), ...part.keptColumns].map((entry) => entry.column),
    );
    this.replacement = {
      ...part,
      cellsReplaced: (before?.cellsReplaced ?? 0) + part.cellsReplaced,
      cellsKept: (before?.cellsKept ?? 0) + part.cellsKept,
      keptColumns: this.options.schemas
        .filter((schema) => kept.has(schema.name))
        .map((schema) => ({ sheet: this.options.sheet, column: schema.name })),
    };
  }

  /**
   * A part sampled at a finer stride than the run's now keeps every so many of its rows; the
   * sample is halved (every other row) each time it passes DISTRIBUTION_SAMPLE_ROWS, so it stays
   * an even spread of the file.
   */
  private addSample(sample: ReportPart['sample']): void {
    const every = Math.max(1, Math.round(this.#sampleStride / sample.stride));
    for (let at = 0; at < sample.original.length; at += every) {
      this.sampleOriginal.push(sample.original[at]!);
      this.sampleOutput.push(sample.output[at]!);
    }
    while (this.sampleOriginal.length > DISTRIBUTION_SAMPLE_ROWS) {
      this.sampleOriginal = this.sampleOriginal.filter((_, at) => at % 2 === 0);
      this.sampleOutput = this.sampleOutput.filter((_, at) => at % 2 === 0);
      this.#sampleStride *= 2;
    }
  }

  /** The report of the parts added so far (the run's, once every part is). */
  report(): PrivacyReport {
    const { schemas } = this.options;
    const encoded = this.columns.map((column) => this.encoded(column));
    const columns = columnReports(
      schemas,
      { original: this.sampleOriginal, output: this.sampleOutput, stride: 1 },
      (column) => encoded[column]!,
    );
    const risk = this.risk(encoded);
    const sheet: SheetReport = { name: this.options.sheet, rows: this.rows, columns, risk };
    const sources = schemas.flatMap((schema, column) =>
      isLeakSource(schema) ? [{ sheet: 0, column }] : [],
    );
    const leaks = leakList(this.leaks, sources, ({ column }) => ({
      sheet: this.options.sheet,
      column: schemas[column]!.name,
    }));
    const output: Sheet = { name: this.options.sheet, columns: [], rows: this.sampleOutput };
    return {
      version: 1,
      ...(this.replacement ? { replacement: this.replacement } : {}),
      sheets: [sheet],
      leaks,
      warnings: reportWarnings([sheet], leaks, this.mappingAvailable),
      utility: utilityOf([{ report: sheet, schemas, output }]),
      method: REPORT_METHOD,
      streaming: {
        parts: this.parts,
        exactValues: this.exactValues,
        estimatedColumns: schemas.flatMap((schema, column) => {
          const { before, after } = this.columns[column]!;
          return before.sampled || after?.sampled === true ? [schema.name] : [];
        }),
        estimatedRisk: this.classes.some((table) => table.sampled),
        leakSourcesByPart: schemas.flatMap((schema, column) =>
          isLeakSource(schema) && this.options.fileValues?.[column] !== true ? [schema.name] : [],
        ),
      },
    };
  }

  /**
   * A column's two sides as the column figures read them. Sampled, both sides are read at the
   * lower of their limits (the same values in or out on each), and a count is the sample's
   * share of the cells applied to the column's: distinct values as cells × (values ÷ cells),
   * which a column of distinct values gets exactly.
   */
  private encoded(column: MergedColumn): EncodedColumn {
    const limit = Math.min(column.before.limit, column.after?.limit ?? EVERY_VALUE);
    const side = (table: SampledCounts, nonEmpty: number) => {
      const summary = summaryOf(table, limit);
      const counts = new Int32Array(summary.values);
      let at = 0;
      table.forEach((_low, _high, count) => (counts[at++] = count), limit);
      const distinct =
        limit === EVERY_VALUE || summary.cells === 0
          ? summary.values
          : Math.round((nonEmpty * summary.values) / summary.cells);
      return { values: new ColumnValues(nonEmpty, distinct, counts, null, null), summary };
    };
    const before = side(column.before, column.nonEmptyBefore);
    if (!column.after) return { before: before.values, after: before.values, survivors: null };
    const after = side(column.after, column.nonEmptyAfter);
    let shared = 0;
    const { after: outputs } = column;
    column.before.forEach((low, high) => {
      if (outputs.countOf(low, high) > 0) shared++;
    }, limit);
    const scale = before.summary.values === 0 ? 1 : before.values.distinct / before.summary.values;
    return {
      before: before.values,
      after: after.values,
      survivors: { sameCell: column.sameCell, sharedValues: Math.round(shared * scale) },
    };
  }

  /**
   * The risk over the kept columns. Sampled, the classes kept are a fair share of them: their
   * sizes, scaled by the rows over the rows they hold, estimate the file's.
   */
  private risk(encoded: readonly EncodedColumn[]): RiskFigures {
    const { schemas } = this.options;
    const kept = schemas.flatMap((schema, column) => (isKept(schema) ? [column] : []));
    const rows = this.rows;
    if (kept.length === 0) return riskFigures([], [], rows);
    const share = (n: number) => (rows === 0 ? 0 : n / rows);
    const uniqueOf = (table: SampledCounts) => {
      const sizes: number[] = [];
      let sampledRows = 0;
      table.forEach((_low, _high, count) => {
        sizes.push(count);
        sampledRows += count;
      });
      return classFigures(sizes, sampledRows === 0 ? 1 : rows / sampledRows);
    };
    const all = uniqueOf(this.classes[0]!);
    const uniqueShare = share(all.uniqueRows);
    const alone = kept.map((column) => {
      // A column alone: its values' classes, and its blank cells' one class.
      const values = this.columns[column]!.before;
      const { once, cells } = summaryOf(values);
      const nonEmpty = encoded[column]!.before.nonEmpty;
      const onceInColumn = cells === 0 ? 0 : (once * nonEmpty) / cells;
      return share(onceInColumn + (rows - nonEmpty === 1 ? 1 : 0));
    });
    const leftOut = kept.map((_, i) => share(uniqueOf(this.classes[i + 1]!).uniqueRows));
    return {
      quasiIdentifiers: kept.map((column) => schemas[column]!.name),
      rows,
      uniqueRows: all.uniqueRows,
      uniqueShare,
      k: all.k,
      classSizes: all.classSizes,
      contributions: contributionsOf(
        kept.map((column) => schemas[column]!.name),
        uniqueShare,
        alone,
        leftOut,
      ),
    };
  }
}
