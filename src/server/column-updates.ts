import { TRPCError } from '@trpc/server';
import { validateFakerMethod, type ColumnSchema } from '../engine';
import type { ColumnUpdate } from './api-schemas';

/** The parts of a sheet a schema update reads. */
interface UpdatedSheet {
  readonly name: string;
  readonly columns: ReadonlyArray<string>;
  readonly schema: ReadonlyArray<ColumnSchema>;
}

/**
 * A sheet's schema with `updates` applied: each names one of the sheet's columns, at most once,
 * a faker rule names a method of the catalogue, and a date shift's entity another column of the
 * sheet; the first update that does not is refused
 * with 400 naming its column. Columns without an update keep their objects.
 */
export function applyColumnUpdates(
  sheet: UpdatedSheet,
  updates: ReadonlyArray<ColumnUpdate>,
): ColumnSchema[] {
  const byName = new Map<string, ColumnUpdate>();
  for (const update of updates) {
    if (!sheet.columns.includes(update.name)) {
      throw badRequest(`Sheet "${sheet.name}" has no column named "${update.name}"`);
    }
    if (byName.has(update.name)) {
      throw badRequest(`Column "${update.name}" is listed twice`);
    }
    const entity = update.dateShift?.entityColumn;
    if (entity !== undefined && (entity === update.name || !sheet.columns.includes(entity))) {
      throw badRequest(
        `Column "${update.name}": dateShift.entityColumn must name another column of the sheet`,
      );
    }
    if (update.rule?.action === 'faker') {
      if (!update.rule.fakerMethod) {
        throw badRequest(`Column "${update.name}": a faker rule needs a fakerMethod`);
      }
      validateFakerMethod(update.rule.fakerMethod);
    }
    byName.set(update.name, update);
  }
  return sheet.schema.map((column) => mergeColumn(column, byName.get(column.name)));
}

function badRequest(message: string): TRPCError {
  return new TRPCError({ code: 'BAD_REQUEST', message });
}

/** A column with the fields an update gives; everything else stays as it was. */
function mergeColumn(column: ColumnSchema, update: ColumnUpdate | undefined): ColumnSchema {
  if (!update) return column;
  const merged: ColumnSchema = { ...column };
  for (const [key, value] of Object.entries(update)) {
    if (value !== undefined) Object.assign(merged, { [key]: value });
  }
  // A range the user gives is kept exactly; an observed one (also when a client echoes it back
  // unchanged) may be widened to make room.
  const changed = (
    given: { min: number | string; max: number | string } | undefined,
    had: { min: number | string; max: number | string } | undefined,
  ): boolean => given !== undefined && (given.min !== had?.min || given.max !== had?.max);
  if (changed(update.range, column.range) || changed(update.dateRange, column.dateRange)) {
    merged.rangeSetByUser = true;
    // A new range asks for values inside it ('range' mode), unless this update picks a mode.
    if (update.range !== undefined && update.numberMode === undefined) delete merged.numberMode;
  }
  return merged;
}
