import { en_US } from '@faker-js/faker';
import { usStateAbbr, usStateName } from '../text/us-states';
import type { Cell, ColumnSchema, Sheet } from '../types';
import type { KeyedRandom } from './keyed-random';
import { inCaseOf } from './generators/letter-case';
import type { PlannedColumn } from './namespace';

/*
 * A row's place that holds together as far as Faker's en data ties places together. Its only
 * tie is US states to ZIP ranges (en_US postcode_by_state), so:
 * - a ZIP is rebuilt from its row's pseudonymized state: a keyed draw inside that state's ZIP
 *   ranges, keyed by the output state and the original ZIP (the same ZIP in the same state gets
 *   the same pseudonym in every file under one key), in the original's layout (5 digits or
 *   ZIP+4), never the original itself (after a few redraws it keeps its per-value pseudonym).
 *   A row is rebuilt where its original ZIP lay inside its original state's ranges, or where the
 *   sheet is US-shaped (every state a US state name or abbreviation, every ZIP 5 digits or
 *   ZIP+4). Other rows, and sheets without US states, keep their per-value pseudonyms. ZIPs that
 *   are numbers (not text) are left per-value.
 * - a country column (scheme 2 on) follows its row's state, or its US ZIP where the sheet has no
 *   state column: where the original row's country named the United States ('United States',
 *   'USA', 'U.S.', 'united states of america', any case) beside a US state (or ZIP), the output
 *   row's state is a US state too (a US state's pseudonym is one), so its country is the US,
 *   written as the original wrote it. That text equals the original, and is no leak: it is
 *   one value that every US row shares, it tells only what the pseudonymized state beside it
 *   already tells, and which rows are US rows was never hidden (their state column says so in
 *   its layout). Rows whose country did not agree with their state keep the per-value keyed
 *   country pseudonym, as do sheets whose states are not US states: Faker's en data ties no
 *   other country to its states. Under scheme 1 every country keeps its per-value pseudonym.
 * - Faker's NY range is one ZIP (06390): a 5-digit ZIP drawn for New York is always that one.
 * - cities stay per-value: Faker's en cities are generated names ('Port Jaydenfield') tied to
 *   no state, so no rule can make them agree.
 * - from scheme 11 on, a second state column of the row (a state code beside a state name,
 *   'NY' beside 'New York') follows the first where both named one US state: it is written as
 *   the first's pseudonym, as a code or a name as the original was, in its case. Before, each
 *   drew its own ('Oklahoma' beside 'MT').
 */

/** Each state abbreviation's ZIP ranges as numbers ('0{{6001…6389}}' is 06001–06389). */
const ZIP_RANGES = new Map<string, (readonly [number, number])[]>();
for (const [abbr, patterns] of Object.entries(en_US.location?.postcode_by_state ?? {})) {
  const ranges = [patterns]
    .flat()
    .map((pattern) => /"min":\s*(\d+),\s*"max":\s*(\d+)/.exec(pattern))
    .filter((match) => match !== null)
    .map((match) => [Number(match[1]), Number(match[2])] as const);
  if (ranges.length > 0) ZIP_RANGES.set(abbr, ranges);
}

const US_ZIP = /^(\d{5})(-\d{4})?$/;

/** The ways a country cell names the United States, as letters in lower case. */
const US_COUNTRY_LETTERS = new Set(['unitedstates', 'unitedstatesofamerica', 'usa', 'us']);

/**
 * Whether a country text names the United States ('USA', 'U.S.A.', 'united states').
 * @example isUsCountry('U.S.') // true
 */
export function isUsCountry(text: string): boolean {
  return US_COUNTRY_LETTERS.has(text.toLowerCase().replace(/[^a-z]/g, ''));
}

/** Tries before a ZIP keeps its per-value pseudonym. */
const ZIP_ATTEMPTS = 4;

function cellString(cell: Cell | undefined): string {
  return typeof cell === 'string' ? cell.trim() : '';
}

/**
 * The capital, Puerto Rico and the other territories, which US addresses name where a state
 * stands: not among Faker's states (no ZIP ranges there), so their rows keep their ZIPs' draws.
 */
const US_TERRITORIES = new Map<string, string>(
  [
    ['District of Columbia', 'DC'],
    ['Washington DC', 'DC'],
    ['Washington, D.C.', 'DC'],
    ['Puerto Rico', 'PR'],
    ['Guam', 'GU'],
    ['U.S. Virgin Islands', 'VI'],
    ['US Virgin Islands', 'VI'],
    ['American Samoa', 'AS'],
    ['Northern Mariana Islands', 'MP'],
  ].flatMap(([name, abbr]) => [
    [name!.toLowerCase(), abbr!],
    [abbr!.toLowerCase(), abbr!],
  ]),
);

/**
 * usStateAbbr, and from scheme 11 on the abbreviation of the capital or a territory too: a sheet
 * with Puerto Rico among its states is still US-shaped, and 'PR' beside 'Puerto Rico' agrees.
 * @example usPlaceAbbr('Puerto Rico', 11) // 'PR'
 */
function usPlaceAbbr(text: string, scheme: number): string | undefined {
  return (
    usStateAbbr(text) ?? (scheme >= 11 ? US_TERRITORIES.get(text.trim().toLowerCase()) : undefined)
  );
}

/**
 * Whether a 5-digit ZIP (or ZIP+4) lies inside a US state's ranges per Faker's data.
 * @example zipInState('94103', 'CA') // true
 */
export function zipInState(zip: string, abbr: string): boolean {
  const match = US_ZIP.exec(zip.trim());
  if (!match) return false;
  const value = Number(match[1]);
  return (ZIP_RANGES.get(abbr) ?? []).some(([min, max]) => value >= min && value <= max);
}

/** A keyed ZIP inside a state's ranges in `original`'s layout, or null if none differs. */
function zipFor(abbr: string, original: string, random: KeyedRandom): string | null {
  const ranges = ZIP_RANGES.get(abbr);
  if (!ranges) return null;
  const plusFour = US_ZIP.exec(original)?.[2] !== undefined;
  const size = ranges.reduce((sum, [min, max]) => sum + max - min + 1, 0);
  for (let attempt = 0; attempt < ZIP_ATTEMPTS; attempt++) {
    random.reseed('zipCodeInState', `${abbr}\u0000${original}`, attempt);
    let offset = random.int(size);
    let value = 0;
    for (const [min, max] of ranges) {
      if (offset <= max - min) {
        value = min + offset;
        break;
      }
      offset -= max - min + 1;
    }
    const zip =
      String(value).padStart(5, '0') +
      (plusFour ? `-${String(random.int(10_000)).padStart(4, '0')}` : '');
    if (zip !== original) return zip;
  }
  return null;
}

/** The index of the sheet's state column, when its output is a pseudonym or the original. */
function stateColumnIndex(schemas: readonly ColumnSchema[]): number {
  return schemas.findIndex(
    (schema) =>
      schema.semantic === 'state' &&
      (schema.rule.action === 'auto' || schema.rule.action === 'keep'),
  );
}

function plannedOf(
  planned: readonly PlannedColumn[],
  sheetIndex: number,
  semantic: string,
): PlannedColumn[] {
  return planned.filter(
    (column) =>
      column.sheetIndex === sheetIndex &&
      column.schema.rule.action === 'auto' &&
      column.schema.semantic === semantic,
  );
}

/** Whether every filled cell of the column passes `test` (cells left as they are skipped). */
function everyFilled(
  input: Sheet,
  column: PlannedColumn,
  test: (text: string) => boolean,
): boolean {
  return input.rows.every(
    (row, index) => column.rowIds[index]! < 0 || test(cellString(row[column.columnIndex])),
  );
}

/** How many cells the place rules rewrote. */
export interface LocationCounts {
  zipCodes: number;
  countries: number;
  /** Scheme 11 on: second state columns written as their row's first. */
  states: number;
}

/**
 * Where the row's country named the US beside a US state (or, without a state column, a US
 * ZIP), writes the original text back in the output country cells whose row's output state (or
 * ZIP) is a US one too (see above). Returns how many cells it wrote.
 */
function agreeCountries(
  sheetIndex: number,
  input: Sheet,
  output: Sheet,
  stateIndex: number,
  planned: readonly PlannedColumn[],
  scheme: number,
): number {
  const countries = [
    ...plannedOf(planned, sheetIndex, 'country'),
    ...plannedOf(planned, sheetIndex, 'countryCode'),
  ];
  if (countries.length === 0) return 0;
  const zip =
    stateIndex < 0
      ? planned.find(
          (column) =>
            column.sheetIndex === sheetIndex &&
            column.schema.semantic === 'zipCode' &&
            column.schema.rule.action === 'auto',
        )
      : undefined;
  const placeIndex = stateIndex >= 0 ? stateIndex : (zip?.columnIndex ?? -1);
  if (placeIndex < 0) return 0;
  const isUsPlace = (cell: Cell | undefined): boolean =>
    stateIndex >= 0
      ? usPlaceAbbr(cellString(cell), scheme) !== undefined
      : typeof cell === 'string' && US_ZIP.test(cell.trim());
  let written = 0;
  for (const country of countries) {
    input.rows.forEach((row, index) => {
      if (country.rowIds[index]! < 0) return;
      const original = row[country.columnIndex];
      if (typeof original !== 'string' || !isUsCountry(original)) return;
      if (!isUsPlace(row[placeIndex]) || !isUsPlace(output.rows[index]![placeIndex])) return;
      output.rows[index]![country.columnIndex] = original;
      country.rowRewritten = true;
      written++;
    });
  }
  return written;
}

/**
 * Rebuilds the sheet's US ZIPs from their row's pseudonymized state, and from scheme 2 on makes
 * its countries follow their row's US state (see above). Returns how many cells it rewrote.
 * @example agreeLocations(0, sheet, outputSheet, schemas[0], planned, random, 2) // { zipCodes: 412, countries: 398 }
 */
export function agreeLocations(
  sheetIndex: number,
  input: Sheet,
  output: Sheet,
  schemas: readonly ColumnSchema[],
  planned: readonly PlannedColumn[],
  random: KeyedRandom,
  scheme: number,
): LocationCounts {
  const stateIndex = stateColumnIndex(schemas);
  const counts: LocationCounts = {
    // ZIPs first: a country may follow them.
    zipCodes: zipsFromStates(sheetIndex, input, output, stateIndex, planned, random, scheme),
    countries: 0,
    states:
      scheme >= 11 ? statesFromState(sheetIndex, input, output, stateIndex, planned, scheme) : 0,
  };
  if (scheme >= 2) {
    counts.countries = agreeCountries(sheetIndex, input, output, stateIndex, planned, scheme);
  }
  return counts;
}

/**
 * Writes the other state columns of the sheet as their row's first state column's pseudonym,
 * where both originals named one US state (see above). Returns how many cells it wrote.
 */
function statesFromState(
  sheetIndex: number,
  input: Sheet,
  output: Sheet,
  stateIndex: number,
  planned: readonly PlannedColumn[],
  scheme: number,
): number {
  if (stateIndex < 0) return 0;
  let written = 0;
  for (const other of plannedOf(planned, sheetIndex, 'state')) {
    if (other.columnIndex === stateIndex) continue;
    input.rows.forEach((row, index) => {
      if (other.rowIds[index]! < 0) return;
      const original = cellString(row[other.columnIndex]);
      const abbr = usPlaceAbbr(original, scheme);
      if (abbr === undefined || usPlaceAbbr(cellString(row[stateIndex]), scheme) !== abbr) return;
      const outputAbbr = usStateAbbr(cellString(output.rows[index]![stateIndex]));
      if (outputAbbr === undefined || outputAbbr === abbr) return;
      const text = original.length <= 3 ? outputAbbr : usStateName(outputAbbr)!;
      output.rows[index]![other.columnIndex] = inCaseOf(original, text);
      other.rowRewritten = true;
      written++;
    });
  }
  return written;
}

function zipsFromStates(
  sheetIndex: number,
  input: Sheet,
  output: Sheet,
  stateIndex: number,
  planned: readonly PlannedColumn[],
  random: KeyedRandom,
  scheme: number,
): number {
  if (stateIndex < 0) return 0;
  const stateOf = (row: readonly Cell[]): string | undefined =>
    usPlaceAbbr(cellString(row[stateIndex]), scheme);
  if (!input.rows.some((row) => stateOf(row) !== undefined)) return 0;

  let rebuilt = 0;
  const usShaped = input.rows.every(
    (row) => cellString(row[stateIndex]) === '' || stateOf(row) !== undefined,
  );
  for (const zip of plannedOf(planned, sheetIndex, 'zipCode')) {
    const zipsUsShaped = usShaped && everyFilled(input, zip, (text) => US_ZIP.test(text));
    input.rows.forEach((row, index) => {
      if (zip.rowIds[index]! < 0) return;
      const original = row[zip.columnIndex];
      if (typeof original !== 'string' || !US_ZIP.test(original)) return;
      const state = stateOf(row);
      if (state === undefined || !(zipsUsShaped || zipInState(original, state))) return;
      const outputState = stateOf(output.rows[index]!);
      if (outputState === undefined) return;
      const fake = zipFor(outputState, original, random);
      if (fake === null) return;
      output.rows[index]![zip.columnIndex] = fake;
      zip.rowRewritten = true;
      rebuilt++;
    });
  }
  return rebuilt;
}
