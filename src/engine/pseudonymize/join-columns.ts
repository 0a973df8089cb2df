import type { ColumnSchema, NumericRange } from '../types';
import type { RangeOverrides } from './column-plan';
import { dateRangeOf, dateStepOf, roomyDateRange } from './date-ranges';
import { isIdentifierColumn, isIdName } from './identifier-columns';
import { roomyRange } from './number-ranges';

const normalizedName = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]+/g, '');

/**
 * What joins columns into one namespace: same-named columns of a kind on any sheet, and every
 * id-named integer column that is no plain identifier (`customers.id` joins
 * `orders.customer_id` when they are written '#1,024').
 */
function joinKey(column: ColumnSchema): string {
  const name =
    column.type === 'number' && column.number?.integer !== false && isIdName(column.name)
      ? '#id'
      : normalizedName(column.name);
  return `${column.type}|${column.semantic ?? ''}|${name}`;
}

/** The smallest range that holds every one of `ranges`. */
function unionOf(ranges: readonly NumericRange[]): NumericRange {
  return {
    min: ranges.reduce((min, r) => Math.min(min, r.min), Infinity),
    max: ranges.reduce((max, r) => Math.max(max, r.max), -Infinity),
  };
}

/**
 * Number and date measures that join (see joinKey) draw from the union of their ranges, so they
 * share one namespace and a value joins to the same pseudonym everywhere in the file. Plain
 * integer identifiers need no range: their keyed permutation joins them in every file.
 */
export function mergedRanges(
  schemas: ColumnSchema[][],
  scheme: number,
): Map<ColumnSchema, RangeOverrides> {
  const groups = new Map<string, ColumnSchema[]>();
  for (const column of schemas.flat()) {
    if (column.rule.action !== 'auto' || column.rangeSetByUser) continue;
    if (column.type !== 'number' && column.type !== 'date' && column.type !== 'datetime') continue;
    if (isIdentifierColumn(column, scheme)) continue;
    const key = joinKey(column);
    groups.set(key, [...(groups.get(key) ?? []), column]);
  }
  const overrides = new Map<ColumnSchema, RangeOverrides>();
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    if (group[0]!.type === 'number') {
      const ranges = group.flatMap((column) => (column.range ? [column.range] : []));
      if (ranges.length < 2) continue;
      const merged = unionOf(ranges);
      // Widened once for the whole group, so every column keeps the one shared namespace.
      const distinctCount = group.reduce((sum, column) => sum + column.distinctCount, 0);
      const precision = group.reduce((most, column) => Math.max(most, column.precision ?? 0), 0);
      const range = roomyRange(merged, { ...group[0]!, distinctCount, precision });
      for (const column of group) overrides.set(column, { range });
    } else {
      const ranges = group.map((column) => dateRangeOf(column));
      const merged = unionOf(ranges);
      const distinctCount = group.reduce((sum, column) => sum + column.distinctCount, 0);
      const stepMs = Math.min(...group.map((column) => dateStepOf(column, scheme)));
      const dateRange = roomyDateRange(merged, distinctCount, stepMs);
      for (const column of group) overrides.set(column, { dateRange });
    }
  }
  return overrides;
}
