import type {
  ColumnSchema,
  RowRelationStats,
  SharedAddresses,
  Sheet,
  TwoValuedShares,
} from '../types';
import type { KeyedRandom } from './keyed-random';
import type { PlannedColumn } from './namespace';
import { redrawTwoValued } from './row-booleans';
import { shiftRowDates, type RowsLeftPerValue } from './row-date-shift';
import { agreeLocations } from './row-location';
import { coherePeople, SheetsOfPeople } from './row-people';
import { rebuildUrls } from './row-urls';

/*
 * Rules that need the whole row, applied after every cell got its per-value pseudonym: each
 * sees the original rows and rewrites cells of the output rows. A column a rule touched is
 * marked (PlannedColumn.rowRewritten), so the mapping lists the pairs actually written there.
 * Rules keep no object per cell: they walk rows and write cells in place.
 * Places (row-location.ts): a US ZIP follows its row's pseudonymized state; cities stay
 * per-value (Faker's cities are tied to no state).
 * Rules added by a later pseudonym scheme run only under it (`scheme`), so a recipe of an older
 * scheme gives that scheme's pseudonyms: scheme 2 adds countries that follow their row's US
 * state (row-location.ts) and URLs rebuilt from the row's names (row-urls.ts); scheme 5 writes an
 * email, username or full name rebuilt in a sheet with names the same in the sheets without them,
 * so the sheets still join on it (row-people.ts); scheme 10 draws two-valued columns row by row,
 * their share kept (row-booleans.ts).
 */

/** What a caller of applyRowRelations may hear from it. */
export interface RowRelationHooks {
  /** Gets the rows each date column left to the per-value draw. */
  datesLeft?: RowsLeftPerValue;
  /** Hears each rule done on each sheet: `done` of `total`. */
  onStep?: (done: number, total: number) => void;
  /**
   * Hears how many distinct values a rule gave a pseudonym that depends on the file's other
   * values (an address rebuilt from names whose first form another had, PeopleCounts).
   */
  onFileDependent?: (count: number) => void;
  /** The addresses the file's other parts rebuilt (PseudonymizeOptions.sharedAddresses). */
  sharedAddresses?: SharedAddresses;
  /** The whole file's shares of true, when the sheets are a part of one (row-booleans.ts). */
  twoValuedShares?: TwoValuedShares;
}

/**
 * Applies the row rules to every sheet: dates move with their row's entity (row-date-shift.ts);
 * emails, usernames and full names made of the row's names follow their pseudonyms
 * (row-people.ts); US ZIPs fall inside their row's pseudonymized state (row-location.ts); from
 * scheme 2 on, countries follow their row's US state and URLs made of the row's names follow
 * their pseudonyms (row-urls.ts); from scheme 10 on, two-valued columns are drawn row by row
 * (row-booleans.ts).
 * @example applyRowRelations(workbook.sheets, sheets, schemas, planned, random, 2).datesShiftedByEntity
 */
export function applyRowRelations(
  input: readonly Sheet[],
  output: Sheet[],
  schemas: readonly (readonly ColumnSchema[])[],
  planned: readonly PlannedColumn[],
  random: KeyedRandom,
  scheme: number,
  {
    datesLeft,
    onStep = () => {},
    onFileDependent = () => {},
    sharedAddresses,
    twoValuedShares,
  }: RowRelationHooks = {},
): RowRelationStats {
  const stats: RowRelationStats = {
    datesShiftedByEntity: 0,
    datesPerValue: 0,
    addressesFromNames: 0,
    fullNamesFromNames: 0,
    gendersFromNames: 0,
    zipCodesFromStates: 0,
    ...(scheme >= 2 ? { countriesFromStates: 0, urlsFromNames: 0 } : {}),
    ...(scheme >= 5 ? { peopleFromOtherSheets: 0 } : {}),
    ...(scheme >= 6 ? { fullNamesFromEmails: 0 } : {}),
    ...(scheme >= 10 ? { twoValuedRedrawn: 0 } : {}),
    ...(scheme >= 11 ? { statesFromStates: 0 } : {}),
  };
  const sheetsOfPeople = scheme >= 5 ? new SheetsOfPeople(planned) : undefined;
  const rulesPerSheet = scheme >= 10 ? 5 : scheme >= 2 ? 4 : 3;
  let done = 0;
  const ruleDone = () => onStep(++done, input.length * rulesPerSheet);
  onStep(0, input.length * rulesPerSheet);
  input.forEach((sheet, sheetIndex) => {
    const dates = shiftRowDates(
      sheetIndex,
      sheet,
      output[sheetIndex]!,
      schemas[sheetIndex]!,
      planned,
      random,
      scheme,
      datesLeft,
    );
    stats.datesShiftedByEntity += dates.shiftedByEntity;
    stats.datesPerValue += dates.perValue;
    ruleDone();
    const people = coherePeople(
      sheetIndex,
      sheet,
      output[sheetIndex]!,
      planned,
      random,
      scheme,
      sharedAddresses,
      sheetsOfPeople,
    );
    stats.addressesFromNames += people.addresses;
    stats.fullNamesFromNames += people.fullNames;
    stats.gendersFromNames += people.genders;
    if (scheme >= 6) stats.fullNamesFromEmails! += people.fullNamesFromEmails;
    onFileDependent(people.fileDependent);
    ruleDone();
    const places = agreeLocations(
      sheetIndex,
      sheet,
      output[sheetIndex]!,
      schemas[sheetIndex]!,
      planned,
      random,
      scheme,
    );
    stats.zipCodesFromStates += places.zipCodes;
    if (scheme >= 11) stats.statesFromStates! += places.states;
    ruleDone();
    if (scheme >= 2) {
      stats.countriesFromStates! += places.countries;
      stats.urlsFromNames! += rebuildUrls(sheetIndex, sheet, output[sheetIndex]!, planned, random);
      ruleDone();
    }
    if (scheme >= 10) {
      stats.twoValuedRedrawn! += redrawTwoValued(
        sheetIndex,
        sheet,
        output[sheetIndex]!,
        schemas[sheetIndex]!,
        planned,
        random,
        scheme,
        twoValuedShares,
      );
      ruleDone();
    }
  });
  // Once every sheet with names is done: an orders sheet may come before its customers sheet.
  if (sheetsOfPeople) stats.peopleFromOtherSheets = sheetsOfPeople.carryTo(output);
  return stats;
}
