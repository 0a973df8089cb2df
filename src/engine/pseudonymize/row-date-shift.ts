import {
  formatDateText,
  parseDateTextLoosely,
  patternHasDate,
  patternHasFraction,
} from '../formats/dates';
import { dateCellLike, dateTextOfCell } from '../cell';
import { MS_PER_DAY } from '../time/days';
import type { Cell, ColumnSchema, Sheet } from '../types';
import { defaultDatePattern, movesByMonths } from './date-ranges';
import { PSEUDONYM_SCHEME_VERSION } from './scheme-version';
import { allDistinctValues, isIdentifierColumn, isIdName, isRowIndex } from './identifier-columns';
import type { KeyedRandom } from './keyed-random';
import type { PlannedColumn } from './namespace';

/*
 * Dates that keep their relations within a row. Every date and date-time of a row moves by one
 * offset keyed by the row's entity (the original value of an identifier column), so order and
 * intervals inside a row stay exact, and the same entity moves alike in every file under the
 * same key. The offset is 1 to `windowDays` days either way, never 0, so no date keeps its
 * value; whole days keep the time of day, the zone and the step a pattern writes.
 *
 * Birth dates (semantic birthDate, or 'dob'/'birth' in the header) keep today's independent
 * per-value draw unless the user names an entity for them: a birth date is a quasi-identifier,
 * and one real date of a row known to an attacker (their own signup day) would give away the
 * entity's offset and so the exact birth date.
 *
 * From scheme 4 on, columns of times of day (a pattern with no date in it: 'HH:mm', 'h:mm A')
 * keep it too: moved by whole days, every time would stay as it was.
 *
 * A row whose entity cell is blank keeps the per-value draw. So does a sheet without an entity
 * column up to scheme 7: keying by the row's other values (names, cities) would make two rows of
 * one person shift apart as soon as one of those values differs. From scheme 8 on, such a sheet
 * with two date columns or more (an invoice's date and due date, a stay's admission and
 * discharge) moves each row's dates by an offset keyed by its first date column's value, the
 * anchor (dateAnchorIndex): the anchor's pseudonym then depends on its value alone, as a
 * per-value draw's does, and the row's other dates keep their order and intervals to it, where
 * independent draws put a due date before its invoice's date in about half the rows.
 */

/** Offsets reach 180 days either way unless the column says otherwise. */
export const DEFAULT_DATE_SHIFT_WINDOW_DAYS = 180;

/** How many date cells moved with their row's entity, and how many kept the per-value draw. */
export interface DateShiftCounts {
  shiftedByEntity: number;
  perValue: number;
}

function isBirthDate(column: ColumnSchema): boolean {
  return column.semantic === 'birthDate' || /dob|birth/i.test(column.name);
}

function allDistinct(column: ColumnSchema): boolean {
  return column.nonEmptyCount > 0 && column.distinctCount >= column.nonEmptyCount;
}

/**
 * Fewest distinct values of a repeating column that may name the rows' entity (scheme 10 on):
 * fewer are categories, whose many rows would share one offset.
 */
const FEWEST_ENTITIES = 20;

/** Headers naming a person or account, whose id repeats over that person's rows. */
const PERSON_ENTITY =
  /customer|client|user|member|account|patient|employee|person|contact|subscriber|student|player|visitor|kunde|cliente/i;

/**
 * The column naming a row's entity: the first unique identifier (no row index), email or UUID
 * column. From scheme 10 on, an identifier of a person or account whose values repeat (a
 * customer's orders, a user's events: 'customer_id', 'user_id'), with 20 distinct or more and
 * as filled as that column (from scheme 11 also in a sheet without one, as filled as its
 * fullest column: a patient's encounters), comes before: the person's rows then move as one,
 * their timeline's order and intervals kept, and by the offset the person's own file gives them
 * (the customers file, where the id is unique), where each row's own id moved it alone.
 * @example entityColumnIndex([idColumn, emailColumn, signupColumn], 6) // 0
 */
export function entityColumnIndex(schema: readonly ColumnSchema[], scheme: number): number {
  const first = schema.findIndex(
    (column) =>
      // Kept or not: the offset is a keyed hash of the original either way.
      (isIdentifierColumn(column, scheme) && !isRowIndex(column)) ||
      column.type === 'email' ||
      column.semantic === 'email' ||
      column.semantic === 'uuid' ||
      (isIdName(column.name) && allDistinct(column)),
  );
  if (scheme < 10 || (first < 0 && scheme < 11)) return first;
  // Without a unique row id (scheme 11 on: a patient's encounters, a user's events alone), the
  // person's id is to be as filled as the sheet's fullest column.
  const filled =
    first >= 0
      ? schema[first]!.nonEmptyCount
      : Math.max(0, ...schema.map((column) => column.nonEmptyCount));
  const person = schema.findIndex(
    (column) =>
      (isIdentifierColumn(column, scheme) || isIdName(column.name)) &&
      PERSON_ENTITY.test(column.name) &&
      !allDistinctValues(column) &&
      column.distinctCount >= FEWEST_ENTITIES &&
      column.nonEmptyCount >= filled,
  );
  return person >= 0 ? person : first;
}

/**
 * From scheme 8 on, in a sheet without an entity column (entityColumnIndex), the first of its
 * two or more date columns that move with their row (no birth dates, no custom method): their
 * rows move by an offset keyed by its value. -1 when there is none.
 */
function dateAnchorIndex(schema: readonly ColumnSchema[], scheme: number): number {
  if (scheme < 8 || entityColumnIndex(schema, scheme) >= 0) return -1;
  const movers = schema.flatMap((column, index) =>
    movesByDays(column, scheme) &&
    !isBirthDate(column) &&
    column.rule.action !== 'faker' &&
    column.dateShift?.entityColumn === undefined
      ? [index]
      : [],
  );
  return movers.length >= 2 ? movers[0]! : -1;
}

/**
 * The column whose value keys the offset of a row's dates when a date column names none: the
 * sheet's entity column, else (scheme 8 on) its date anchor, which moves with itself; index -1
 * when its dates are drawn per value.
 */
interface AutomaticEntity {
  index: number;
  isDateAnchor: boolean;
}

function automaticEntityOf(schema: readonly ColumnSchema[], scheme: number): AutomaticEntity {
  const anchor = dateAnchorIndex(schema, scheme);
  return anchor >= 0
    ? { index: anchor, isDateAnchor: true }
    : { index: entityColumnIndex(schema, scheme), isDateAnchor: false };
}

/** The text an entity is keyed by; blank when the row has none. */
export function entityText(cell: Cell | undefined): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return String(cell.getTime());
  return String(cell).trim();
}

/** One date column's shift: where its entity is and how far it may move. */
interface ShiftedColumn {
  column: PlannedColumn;
  entityIndex: number;
  windowDays: number;
  pattern: string;
  /** A pattern of months without days ('2024-03'), scheme 11 on: moved by whole months. */
  inMonths: boolean;
  /**
   * From scheme 4 on, where the pattern writes a fraction of a second, a time's is written as
   * the original wrote it: a whole-day shift keeps it, and a date holds milliseconds only
   * ('.000001' became '.000000'), while the pattern's was written even for a value with none.
   */
  keepsFraction: boolean;
}

/** The fraction of a second after a time's seconds ('.123456' in '10:04:05.123456Z'). */
const SECONDS_FRACTION = /(?<=:\d\d)[.,]\d+/;

/** The shifted text with the original's fraction of a second, or none where it had none. */
function withFractionOf(original: string, text: string): string {
  const fraction = SECONDS_FRACTION.exec(original)?.[0] ?? '';
  return text.replace(SECONDS_FRACTION, fraction);
}

/**
 * The column a date column's rows move with: the one its dateShift names, else `automatic`
 * (the sheet's entity column or date anchor), except for birth dates; -1 when its dates are drawn per value.
 */
function entityIndexOf(
  dateColumn: ColumnSchema,
  columnIndex: number,
  schema: readonly ColumnSchema[],
  automatic: AutomaticEntity,
  scheme: number,
): number {
  if (!movesByDays(dateColumn, scheme)) return -1;
  const chosen = dateColumn.dateShift?.entityColumn;
  if (chosen === undefined && isBirthDate(dateColumn)) return -1;
  if (chosen === undefined) {
    // A date anchor moves with itself: its offset is keyed by its own value.
    return automatic.index === columnIndex && !automatic.isDateAnchor ? -1 : automatic.index;
  }
  const entityIndex = schema.findIndex((other) => other.name === chosen);
  return entityIndex === columnIndex ? -1 : entityIndex;
}

/**
 * Whether a column holds dates a shift by whole days moves: from scheme 4 on, not times of day,
 * which it would keep as they are.
 */
function movesByDays(column: ColumnSchema, scheme: number): boolean {
  return (
    (column.type === 'date' || column.type === 'datetime') &&
    (scheme < 4 || patternHasDate(datePatternOf(column)))
  );
}

/** The pattern a date column's texts are read and written in. */
function datePatternOf(dateColumn: ColumnSchema): string {
  return dateColumn.format ?? defaultDatePattern(dateColumn);
}

function windowDaysOf(dateColumn: ColumnSchema): number {
  const window = dateColumn.dateShift?.windowDays ?? DEFAULT_DATE_SHIFT_WINDOW_DAYS;
  return Math.max(1, Math.floor(window));
}

function shiftedColumns(
  sheetIndex: number,
  schema: readonly ColumnSchema[],
  planned: readonly PlannedColumn[],
  scheme: number,
): ShiftedColumn[] {
  const automatic = automaticEntityOf(schema, scheme);
  const out: ShiftedColumn[] = [];
  for (const column of planned) {
    const { schema: dateColumn } = column;
    if (column.sheetIndex !== sheetIndex) continue;
    if (dateColumn.type !== 'date' && dateColumn.type !== 'datetime') continue;
    if (dateColumn.rule.action === 'faker') continue;
    const entityIndex = entityIndexOf(dateColumn, column.columnIndex, schema, automatic, scheme);
    if (entityIndex < 0) continue;
    out.push({
      column,
      entityIndex,
      windowDays: windowDaysOf(dateColumn),
      pattern: datePatternOf(dateColumn),
      inMonths: movesByMonths(datePatternOf(dateColumn), scheme),
      keepsFraction: scheme >= 4 && patternHasFraction(datePatternOf(dateColumn)),
    });
  }
  return out;
}

/** How a date column moves with its row, as the page shows it (see dateShiftPlans). */
export interface DateShiftPlan {
  /** The column whose value keys the offset; null when the dates are drawn per value. */
  entityColumn: string | null;
  /** Whether the engine picked it (the column's dateShift names none). */
  automatic: boolean;
  /**
   * The column the engine picks when dateShift names none: the sheet's first unique id, or from
   * scheme 8 in a sheet without one, its first date column (the date anchor, this one included).
   */
  automaticColumn: string | null;
  /** A birth date: drawn per value unless dateShift names an entity column for it. */
  birthDate: boolean;
  /** The largest offset in days, either way. */
  windowDays: number;
}

/**
 * Per column of a sheet, how its dates move with their row under an 'auto' rule (null for a
 * column that is no date or datetime, or holds times of day only): the entity column the run will use, picked as the run
 * picks it.
 * @example dateShiftPlans([idColumn, signupColumn], 4)[1] // { entityColumn: 'customer_id', automatic: true, automaticColumn: 'customer_id', … }
 */
export function dateShiftPlans(
  schema: readonly ColumnSchema[],
  scheme = PSEUDONYM_SCHEME_VERSION,
): (DateShiftPlan | null)[] {
  const automatic = automaticEntityOf(schema, scheme);
  return schema.map((column, columnIndex) => {
    if (!movesByDays(column, scheme)) return null;
    const entityIndex = entityIndexOf(column, columnIndex, schema, automatic, scheme);
    const birthDate = isBirthDate(column);
    return {
      entityColumn: entityIndex < 0 ? null : schema[entityIndex]!.name,
      automatic: column.dateShift?.entityColumn === undefined,
      automaticColumn:
        birthDate ||
        automatic.index < 0 ||
        (automatic.index === columnIndex && !automatic.isDateAnchor)
          ? null
          : schema[automatic.index]!.name,
      birthDate,
      windowDays: windowDaysOf(column),
    };
  });
}

/**
 * The keyed offset of an entity in days: 1 to `windowDays`, either way, never 0.
 * @example entityOffsetDays('4711', 180, random) // -37
 */
export function entityOffsetDays(entity: string, windowDays: number, random: KeyedRandom): number {
  random.reseed(`dateShift|${windowDays}`, entity);
  const days = 1 + random.int(windowDays);
  return random.int(2) === 0 ? -days : days;
}

const FRACTION = { fractionDigits: 0 };
/** The years four-digit patterns can write. */
const LATEST_MS = Date.UTC(9999, 11, 31);
const EARLIEST_MS = Date.UTC(1, 0, 1);

/**
 * The parsed originals of one date column by namespace number, each parsed once (a column's
 * rows repeat their dates): wall-clock time (NaN before it is read, -Infinity when it does not
 * parse), its zone, and the padding around its text. Typed arrays, no object per value.
 */
interface ParsedOriginals {
  times: Float64Array;
  /** Filled when the first zone is read: most columns write none. */
  zones: (string | undefined)[] | null;
  starts: Int32Array;
  lengths: Int32Array;
  /**
   * Shifted texts by their time, for originals written without a zone of their own: rows
   * repeat dates, and one string per distinct date (not per row) is both faster and smaller.
   * Null once a full cache found too few repeats (date-times to the second rarely repeat, and
   * a lookup that misses costs more than the formatting it would save).
   */
  written: Map<number, string> | null;
  /** Lookups that found their text since the cache last started over. */
  writtenHits: number;
}

/** Shifted texts remembered per column before the cache starts over (datetimes rarely repeat). */
const WRITTEN_CACHE_LIMIT = 65_536;

function parsedOriginals(size: number): ParsedOriginals {
  return {
    times: new Float64Array(size).fill(NaN),
    zones: null,
    starts: new Int32Array(size),
    lengths: new Int32Array(size),
    written: new Map(),
    writtenHits: 0,
  };
}

/** The text of a shifted time, formatted once per distinct time and column when it can be. */
function formattedTime(
  time: number,
  ownZone: string | undefined,
  shifted: ShiftedColumn,
  parsed: ParsedOriginals,
): string {
  if (ownZone !== undefined) return formatDateText(new Date(time), shifted.pattern, ownZone);
  const { written } = parsed;
  const cached = written?.get(time);
  if (cached !== undefined) {
    parsed.writtenHits++;
    return cached;
  }
  const text = formatDateText(new Date(time), shifted.pattern, shifted.column.schema.timeZone);
  if (written) {
    if (written.size >= WRITTEN_CACHE_LIMIT) {
      // Full: start over while a tenth of the lookups found their text, else stop caching.
      parsed.written = parsed.writtenHits * 10 >= WRITTEN_CACHE_LIMIT ? new Map() : null;
      parsed.writtenHits = 0;
    }
    parsed.written?.set(time, text);
  }
  return text;
}

/** Days in an average month of the Gregorian calendar. */
const DAYS_PER_MONTH = 365.2425 / 12;

/**
 * A month moved by the months nearest an offset in days, one at least: a shift of days within a
 * month would leave it as it was ('2024-03' 12 days later is '2024-03').
 * @example shiftedByMonths(Date.UTC(2024, 2, 1), -45) // Date.UTC(2024, 0, 1)
 */
function shiftedByMonths(time: number, days: number): number {
  const months = Math.sign(days) * Math.max(1, Math.round(Math.abs(days) / DAYS_PER_MONTH));
  const date = new Date(time);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, date.getUTCDate());
}

/** A date cell moved by whole days, written as it was; null when it cannot be. */
function shiftedCell(
  original: Cell,
  id: number,
  days: number,
  shifted: ShiftedColumn,
  parsed: ParsedOriginals,
): Cell | null {
  const offset = days * MS_PER_DAY;
  if (original instanceof Date) {
    const time = original.getTime();
    return new Date(shifted.inMonths ? shiftedByMonths(time, days) : time + offset);
  }
  const text = dateTextOfCell(original, shifted.pattern);
  if (text === null) return null;
  // A namespace number names its original's text (a string's key is its text, a number's its
  // value), so its parse is read once per distinct original.
  let parsedTime = parsed.times[id]!;
  if (Number.isNaN(parsedTime)) {
    const start = text.length - text.trimStart().length;
    const core = text.trim();
    const read = parseDateTextLoosely(core, shifted.pattern, FRACTION);
    parsedTime = read ? read.date.getTime() : -Infinity;
    parsed.times[id] = parsedTime;
    if (read?.timeZone !== undefined) {
      parsed.zones ??= new Array<string | undefined>(parsed.times.length).fill(undefined);
      parsed.zones[id] = read.timeZone;
    }
    parsed.starts[id] = start;
    parsed.lengths[id] = core.length;
  }
  if (parsedTime === -Infinity) return null;
  const time = shifted.inMonths ? shiftedByMonths(parsedTime, days) : parsedTime + offset;
  if (time < EARLIEST_MS || time > LATEST_MS) return null;
  const written = formattedTime(time, parsed.zones?.[id], shifted, parsed);
  const start = parsed.starts[id]!;
  const length = parsed.lengths[id]!;
  const core = shifted.keepsFraction
    ? withFractionOf(text.slice(start, start + length), written)
    : written;
  if (start === 0 && length === text.length) return dateCellLike(original, core);
  return text.slice(0, start) + core + text.slice(start + length);
}

/**
 * The planned date columns of every sheet whose rows move with an entity: from scheme 3 on,
 * their per-value pseudonyms are drawn only for the rows the shift leaves (see pseudonymize).
 */
export function columnsShiftedByEntity(
  schemas: readonly (readonly ColumnSchema[])[],
  planned: readonly PlannedColumn[],
  scheme: number,
): Set<PlannedColumn> {
  return new Set(
    schemas.flatMap((schema, sheetIndex) =>
      shiftedColumns(sheetIndex, schema, planned, scheme).map((shifted) => shifted.column),
    ),
  );
}

/**
 * Rows a date shift left to the per-value draw (blank entity, unreadable or out-of-range
 * date), by column: filled when the per-value pseudonyms of those columns are drawn after the
 * shift (scheme 3 on).
 */
export type RowsLeftPerValue = Map<PlannedColumn, number[]>;

/**
 * Moves every date of each row of a sheet by its entity's offset, over the per-value pseudonyms
 * already written into `output`; rows without an entity keep those. `left`, when given, gets
 * the rows each column left to the per-value draw.
 * @example shiftRowDates(0, sheet, outputSheet, schema, planned, random, 4) // { shiftedByEntity: 2, perValue: 0 }
 */
export function shiftRowDates(
  sheetIndex: number,
  input: Sheet,
  output: Sheet,
  schema: readonly ColumnSchema[],
  planned: readonly PlannedColumn[],
  random: KeyedRandom,
  scheme: number,
  left?: RowsLeftPerValue,
): DateShiftCounts {
  const counts: DateShiftCounts = { shiftedByEntity: 0, perValue: 0 };
  const columns = shiftedColumns(sheetIndex, schema, planned, scheme);
  // Each row's offset by (entity column, window): columns that share both hash a row's entity
  // once. 0 is "not yet": an offset never is 0.
  const offsets = new Map<string, Float64Array>();
  for (const shifted of columns) {
    const { rowIds, columnIndex } = shifted.column;
    const offsetKey = `${shifted.entityIndex}|${shifted.windowDays}`;
    let rowDays = offsets.get(offsetKey);
    if (!rowDays) {
      rowDays = new Float64Array(input.rows.length);
      offsets.set(offsetKey, rowDays);
    }
    const parsed = parsedOriginals(shifted.column.namespace.originals.length);
    const leftRows: number[] = [];
    left?.set(shifted.column, leftRows);
    let lastEntity = '';
    let lastDays = 0;
    for (let row = 0; row < input.rows.length; row++) {
      const id = rowIds[row]!;
      if (id < 0) continue;
      const source = input.rows[row]!;
      let days = rowDays[row]!;
      if (days === 0) {
        const entity = entityText(source[shifted.entityIndex]);
        if (entity === '') {
          counts.perValue++;
          leftRows.push(row);
          continue;
        }
        // Rows of one entity often follow each other; its offset is hashed once for them.
        if (entity !== lastEntity || lastDays === 0) {
          lastDays = entityOffsetDays(entity, shifted.windowDays, random);
          lastEntity = entity;
        }
        days = lastDays;
        rowDays[row] = days;
      }
      const cell = shiftedCell(source[columnIndex] ?? null, id, days, shifted, parsed);
      if (cell === null) {
        counts.perValue++;
        leftRows.push(row);
        continue;
      }
      output.rows[row]![columnIndex] = cell;
      counts.shiftedByEntity++;
    }
    shifted.column.rowRewritten = true;
  }
  return counts;
}
