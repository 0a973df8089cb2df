import type { ColumnSchema, RowRelationStats, Sheet } from '../types';
import type { KeyedRandom } from './keyed-random';
import type { PlannedColumn } from './namespace';
import { shiftRowDates } from './row-date-shift';
import { agreeLocations } from './row-location';
import { coherePeople } from './row-people';

/*
 * Rules that need the whole row, applied after every cell got its per-value pseudonym: each
 * sees the original rows and rewrites cells of the output rows. A column a rule touched is
 * marked (PlannedColumn.rowRewritten), so the mapping lists the pairs actually written there.
 * Rules keep no object per cell: they walk rows and write cells in place.
 * Places (row-location.ts): a US ZIP follows its row's pseudonymized state; cities stay
 * per-value (Faker's cities are tied to no state).
 */

/**
 * Applies the row rules to every sheet: dates move with their row's entity (row-date-shift.ts);
 * emails, usernames and full names made of the row's names follow their pseudonyms
 * (row-people.ts); US ZIPs fall inside their row's pseudonymized state (row-location.ts).
 * @example applyRowRelations(workbook.sheets, sheets, schemas, planned, random).datesShiftedByEntity
 */
export function applyRowRelations(
  input: readonly Sheet[],
  output: Sheet[],
  schemas: readonly (readonly ColumnSchema[])[],
  planned: readonly PlannedColumn[],
  random: KeyedRandom,
): RowRelationStats {
  const stats: RowRelationStats = {
    datesShiftedByEntity: 0,
    datesPerValue: 0,
    addressesFromNames: 0,
    fullNamesFromNames: 0,
    gendersFromNames: 0,
    zipCodesFromStates: 0,
  };
  input.forEach((sheet, sheetIndex) => {
    const dates = shiftRowDates(
      sheetIndex,
      sheet,
      output[sheetIndex]!,
      schemas[sheetIndex]!,
      planned,
      random,
    );
    stats.datesShiftedByEntity += dates.shiftedByEntity;
    stats.datesPerValue += dates.perValue;
    const people = coherePeople(sheetIndex, sheet, output[sheetIndex]!, planned, random);
    stats.addressesFromNames += people.addresses;
    stats.fullNamesFromNames += people.fullNames;
    stats.gendersFromNames += people.genders;
    stats.zipCodesFromStates += agreeLocations(
      sheetIndex,
      sheet,
      output[sheetIndex]!,
      schemas[sheetIndex]!,
      planned,
      random,
    );
  });
  return stats;
}
