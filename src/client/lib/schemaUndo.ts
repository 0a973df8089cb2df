import { numberModeOf, ruleWords, type ColumnSchema } from '../../engine/browser';
import type { RouterInputs, SchemaColumn } from '../trpc';

export type ColumnUpdate = RouterInputs['updateSchema']['schema'][number];

/** A schema change the page can take back: the sheet's columns before it, and what it was. */
export interface SchemaChange {
  datasetId: string;
  sheet: string;
  /** In words, for the Undo button: 'Keep on city', 'the re-analysis'. */
  label: string;
  before: SchemaColumn[];
}

/** The editable fields of a column, as a schema update sends them. */
export function columnUpdate(column: ColumnSchema): ColumnUpdate {
  return {
    name: column.name,
    type: column.type,
    rule: column.rule,
    ...(column.numberMode ? { numberMode: column.numberMode } : {}),
    ...(column.dateShift ? { dateShift: column.dateShift } : {}),
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The schema updates that put `now`'s columns back as they were `before`: type, rule, format,
 * number mode, date shift and a range of the user's own, for each column that differs. A field
 * the change added is set back to what its absence meant (a number mode, an automatic shift).
 */
export function restoringUpdates(
  before: readonly ColumnSchema[],
  now: readonly ColumnSchema[],
): ColumnUpdate[] {
  const current = new Map(now.map((column) => [column.name, column]));
  return before.flatMap((was) => {
    const is = current.get(was.name);
    if (!is) return [];
    const update: ColumnUpdate = { name: was.name };
    if (was.type !== is.type) update.type = was.type;
    if (!same(was.rule, is.rule)) update.rule = was.rule;
    if (was.format !== undefined && was.format !== is.format) update.format = was.format;
    if (was.numberMode !== is.numberMode) update.numberMode = numberModeOf(was);
    if (!same(was.dateShift, is.dateShift)) update.dateShift = was.dateShift ?? {};
    if (was.rangeSetByUser && !same(was.range, is.range) && was.range) update.range = was.range;
    return Object.keys(update).length > 1 ? [update] : [];
  });
}

/** What a column edit did, in a few words: 'Keep on city', 'type number on zip'. */
export function changeLabel(before: ColumnSchema, after: ColumnSchema): string {
  if (!same(before.rule, after.rule)) return `${ruleWords(after.rule)} on ${after.name}`;
  if (before.type !== after.type) return `type ${after.type} on ${after.name}`;
  if (before.numberMode !== after.numberMode) return `distribution of ${after.name}`;
  if (!same(before.dateShift, after.dateShift)) return `date shift of ${after.name}`;
  return `change to ${after.name}`;
}
