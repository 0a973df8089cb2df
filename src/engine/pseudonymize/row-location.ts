import { en, en_US } from '@faker-js/faker';
import type { Cell, ColumnSchema, Sheet } from '../types';
import type { KeyedRandom } from './keyed-random';
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
 * - a country column keeps its per-value pseudonym (a keyed Faker country), so a US state may
 *   sit beside another country. Keeping a column that names only the US ('United States',
 *   'USA') would agree, but would write originals in place: against "no pseudonym equals its
 *   original", and the report would flag the column's survivors. Faker's en countries are not
 *   tied to its states either way.
 * - Faker's NY range is one ZIP (06390): a 5-digit ZIP drawn for New York is always that one.
 * - cities stay per-value: Faker's en cities are generated names ('Port Jaydenfield') tied to
 *   no state, so no rule can make them agree.
 */

/** US state names and abbreviations (lower case) → abbreviation. */
const US_STATES = new Map<string, string>();
(en.location?.state ?? []).forEach((name, index) => {
  const abbr = en.location?.state_abbr?.[index];
  if (abbr === undefined) return;
  US_STATES.set(name.toLowerCase(), abbr);
  US_STATES.set(abbr.toLowerCase(), abbr);
});

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

/** Tries before a ZIP keeps its per-value pseudonym. */
const ZIP_ATTEMPTS = 4;

function cellString(cell: Cell | undefined): string {
  return typeof cell === 'string' ? cell.trim() : '';
}

/** The state abbreviation of a US state name or abbreviation, or undefined. */
export function usStateAbbr(text: string): string | undefined {
  return US_STATES.get(text.trim().toLowerCase());
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

/**
 * Rebuilds the sheet's US ZIPs from their row's pseudonymized state (see above). Returns how
 * many ZIP cells it rebuilt.
 * @example agreeLocations(0, sheet, outputSheet, schemas[0], planned, random) // 412
 */
export function agreeLocations(
  sheetIndex: number,
  input: Sheet,
  output: Sheet,
  schemas: readonly ColumnSchema[],
  planned: readonly PlannedColumn[],
  random: KeyedRandom,
): number {
  const stateIndex = stateColumnIndex(schemas);
  if (stateIndex < 0) return 0;
  const stateOf = (row: readonly Cell[]): string | undefined =>
    usStateAbbr(cellString(row[stateIndex]));
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
