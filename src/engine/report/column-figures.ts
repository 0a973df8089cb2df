import { isMeasureColumn } from '../pseudonymize/number-mode';
import type { ColumnSchema } from '../types';
import {
  descending,
  histogramPair,
  ksStatistic,
  rankProfileSimilarity,
  summarize,
} from './distribution';
import { isUnique, type ColumnValues, type Survivors } from './encode-column';
import type { ColumnReport, DateFigures, NumberFigures } from './report-schema';
import { sortedFinite } from './sampled-values';

/** The generator a column's rule used, as the page names it; null when nothing was generated. */
export function generatorOf(schema: ColumnSchema): string | null {
  if (!isReplaced(schema)) return null;
  if (schema.rule.action === 'faker') return schema.rule.fakerMethod ?? null;
  return schema.suggestedMethod ?? `${schema.type} rules`;
}

/** Whether the run wrote pseudonyms in the column (auto or Faker rule on a non-blank column). */
export function isReplaced(schema: ColumnSchema): boolean {
  return (
    (schema.rule.action === 'auto' || schema.rule.action === 'faker') && schema.type !== 'blank'
  );
}

/**
 * Whether the column's text is written out as it was read, where originals of other columns
 * may hide inside: kept text, and text whose rule replaces only what it finds in it (redact).
 */
export function isTextWrittenAsRead(schema: ColumnSchema): boolean {
  return schema.type === 'string' && !isReplaced(schema) && schema.rule.action !== 'blank';
}

/** Whether a kept column takes part in the re-identification risk. */
export function isKept(schema: ColumnSchema): boolean {
  return schema.rule.action === 'keep' && schema.type !== 'blank';
}

export interface ColumnSamples {
  /** Sampled values (numbers, or dates as ms) in row order, NaN where unreadable. */
  before: Float64Array;
  after: Float64Array;
}

function numberFigures(
  samples: ColumnSamples,
  before: Float64Array,
  after: Float64Array,
): NumberFigures {
  return {
    sampleRows: samples.before.length,
    before: summarize(before),
    after: summarize(after),
    histogram: histogramPair(before, after),
    ksStatistic: ksStatistic(before, after),
  };
}

function isoRange(sorted: Float64Array): { min: string; max: string } | null {
  if (sorted.length === 0) return null;
  const iso = (ms: number) =>
    new Date(ms)
      .toISOString()
      .replace(/T00:00:00\.000Z$/, '')
      .replace(/\.000Z$/, '');
  return { min: iso(sorted[0]!), max: iso(sorted[sorted.length - 1]!) };
}

/**
 * The share of sampled rows whose order between this date column and another was kept
 * (earlier, same or later), among rows with a date in both, before and after.
 */
export function dateOrderKept(
  self: ColumnSamples,
  other: ColumnSamples,
): { rows: number; keptShare: number } {
  let rows = 0;
  let kept = 0;
  for (let at = 0; at < self.before.length; at++) {
    const a = self.before[at]!;
    const b = other.before[at]!;
    const c = self.after[at]!;
    const d = other.after[at]!;
    if (Number.isNaN(a) || Number.isNaN(b) || Number.isNaN(c) || Number.isNaN(d)) continue;
    rows++;
    if (Math.sign(a - b) === Math.sign(c - d)) kept++;
  }
  return { rows, keptShare: rows === 0 ? 1 : kept / rows };
}

function dateFigures(samples: ColumnSamples, order: DateFigures['order']): DateFigures {
  const before = sortedFinite(samples.before);
  const after = sortedFinite(samples.after);
  return {
    ...numberFigures(samples, before, after),
    rangeBefore: isoRange(before),
    rangeAfter: isoRange(after),
    order,
  };
}

const TOP_FREQUENCIES = 10;

export interface ColumnInput {
  schema: ColumnSchema;
  before: ColumnValues;
  after: ColumnValues;
  /** Replaced columns only: read with the output's encoding (encodeOutputColumn). */
  survivors?: Survivors;
  /** Numbers and dates only. */
  samples?: ColumnSamples;
  /** Dates only: order kept with each other date column of the sheet. */
  order?: DateFigures['order'];
}

/**
 * The figures of one column: rule and generator, distinct counts, survivors, uniqueness, and
 * the distribution figures of its type.
 * @example columnFigures({ schema, before, after }).survivors?.sameCell // 0
 */
export function columnFigures(input: ColumnInput): ColumnReport {
  const { schema, before, after } = input;
  const replaced = isReplaced(schema);
  const report: ColumnReport = {
    name: schema.name,
    type: schema.type,
    semantic: schema.semantic,
    rule: schema.rule.action,
    generator: generatorOf(schema),
    replaced,
    nonEmptyBefore: before.nonEmpty,
    nonEmptyAfter: after.nonEmpty,
    distinctBefore: before.distinct,
    distinctAfter: after.distinct,
    survivors: replaced ? (input.survivors ?? null) : null,
    uniqueBefore: isUnique(before),
    uniqueAfter: isUnique(after),
    measure: isMeasureColumn(schema),
  };
  if (input.samples && schema.type === 'number') {
    const { before: sampled, after: output } = input.samples;
    report.numbers = numberFigures(input.samples, sortedFinite(sampled), sortedFinite(output));
  } else if (input.samples) report.dates = dateFigures(input.samples, input.order ?? []);
  else if (hasFrequencies(schema)) {
    const countsBefore = descending(before.counts());
    const countsAfter = descending(after.counts());
    report.frequencies = {
      before: Array.from(countsBefore.subarray(0, TOP_FREQUENCIES)),
      after: Array.from(countsAfter.subarray(0, TOP_FREQUENCIES)),
      preservation: rankProfileSimilarity(countsBefore, countsAfter),
    };
  }
  return report;
}

/** Whether a column gets number or date figures. */
export function hasSamples(schema: ColumnSchema): boolean {
  return schema.type === 'number' || schema.type === 'date' || schema.type === 'datetime';
}

/** Whether a column gets the top-ten frequencies, which need the cells of each value. */
export function hasFrequencies(schema: ColumnSchema): boolean {
  return !hasSamples(schema) && schema.type !== 'blank';
}
