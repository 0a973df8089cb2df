import { cellNumberFormat, cellText, isBlankCell } from '../cell';
import { detectColumn } from '../detect/column';
import { EngineError } from '../errors';
import type {
  Cell,
  ColumnSchema,
  PseudonymizeOptions,
  PseudonymizeResult,
  Sheet,
  Workbook,
} from '../types';
import {
  planColumn,
  dateRangeOf,
  dateStepOf,
  roomyDateRange,
  roomyRange,
  type ColumnPlan,
  type RangeOverrides,
} from './column-plan';
import { validateFakerMethod } from './faker-catalogue';
import { createKeyedFaker, type FakeSource } from './keyed-faker';
import { KeyedRandom } from './keyed-random';
import { sameShape } from './schema-match';
import { KeyIndex } from './key-index';
import { StringHashSet } from './string-hash-set';
import { substituteCharacters } from './generators/text';

/*
 * How pseudonyms are chosen, and the few places the promises bend.
 *
 * Every distinct original of a namespace (columns of one kind and format, across sheets) gets
 * one pseudonym: a keyed hash of the original (SipHash-2-4 under HMAC-SHA-256(secret, kind), see
 * KeyedRandom) seeds the generator, so the same secret gives the same pseudonym in every file and
 * run. A candidate that equals an original of the namespace (or any name, email or phone
 * original of the file, in whatever column) or a pseudonym already handed out is redrawn with a
 * counter in the hash input; the first that fits wins.
 * A collision resolved this way depends on the file's other values, so only such values may
 * differ between files.
 *
 * Exceptions, all in domains too small for the promises:
 * - booleans: two values, so the secret picks "keep" or "swap" for the whole kind; a boolean
 *   may equal its original (half the time, for every boolean column alike);
 * - integers and dates whose distinct values fill more than a third of their range: pseudonyms
 *   are a keyed walk over the range (unique, never the value itself, off the originals while
 *   they fill at most half of it; an observed date range holding fewer than twice as many
 *   instants is widened evenly, roomyDateRange); the sign of a value is not kept in that case;
 * - a column of one constant value draws from a widened range around it, and a number range
 *   too narrow to hold four values per distinct original at the column's precision is widened
 *   away from zero (roomyRange, room on each side of zero), and whole values of such a decimal
 *   column get decimals (roomyDecimals), so pseudonyms can stay off the originals;
 * - digit codes keep their leading zeros while there is room; in a crowded code space
 *   ('0000001'…'0000009') retries free them one by one, so a code keeps only its length;
 * - tiny text domains (states, genders, 2-letter codes): after 32 tries a pseudonym may repeat
 *   or equal another original, but never its own value while another exists;
 * - missing-value markers detection reports ('NaN', 'NULL', 'N/A') are kept, like blanks.
 */

/** Retries that must avoid every original of the namespace (and, for names, of the file). */
const STRICT_ATTEMPTS = 12;
/** Further retries that need only avoid other pseudonyms and the value itself. */
const MAX_ATTEMPTS = 32;
/** A grid is walked instead of retried when distinct values fill more than a third of it. */
const DENSE_GRID_SHARE = 3;
const MAX_GRID_SIZE = 20_000_000;
/** Rows re-detected per column for the schema match. */
const VERIFY_SAMPLE = 5_000;

/**
 * Columns that share pseudonyms: the same kind and format, across columns and sheets. Its
 * distinct originals are numbered in order of first appearance; parallel arrays hold each
 * one's original cell and pseudonym (no object per value: a 50 MB file has millions).
 */
interface Namespace {
  plan: ColumnPlan;
  /**
   * Values that found no unique pseudonym, and that did. When the target space is used up
   * (10,000 distinct originals under `person.firstName`), retries are cut short.
   */
  exhausted: number;
  placed: number;
  /** Every original of the namespace, by key, to its number. */
  ids: KeyIndex;
  /**
   * The original cells by number. While every original is text this is `ids.keys` itself (a
   * text's key is the text), so a CSV's millions of values are not listed twice.
   */
  originals: Cell[];
  pseudonyms: Cell[];
  /** Keys of the pseudonyms handed out. */
  used: StringHashSet;
}

/** One column to pseudonymize and what the scan learned about it. */
interface PlannedColumn {
  sheetIndex: number;
  columnIndex: number;
  schema: ColumnSchema;
  namespace: Namespace;
  missingMarkers: ReadonlySet<string>;
  /** The namespace number of each row's original, -1 where the cell stays as it is. */
  rowIds: Int32Array;
}

/** A map key for a cell: its text for strings; tagged for numbers, booleans and dates. */
function cellKey(cell: Cell): string {
  if (typeof cell === 'string') return cell;
  if (cell instanceof Date) return `\u0001d${cell.getTime()}`;
  return `\u0001${typeof cell === 'number' ? 'n' : 'b'}${String(cell)}`;
}

/** The text a generator reads for a cell (dates use the cell itself). */
function generatorText(cell: Cell): string {
  return typeof cell === 'string' ? cell : cell instanceof Date ? '' : String(cell);
}

function secretBytes(secret: PseudonymizeOptions['secret']): Uint8Array {
  if (secret === undefined) {
    // A fresh secret per call, kept only in this closure's memory.
    return globalThis.crypto.getRandomValues(new Uint8Array(32));
  }
  if (typeof secret === 'string') {
    if (secret === '') throw new EngineError('INVALID_RULE', 'The secret must not be empty.');
    return new TextEncoder().encode(secret);
  }
  if (secret.length === 0) throw new EngineError('INVALID_RULE', 'The secret must not be empty.');
  return secret;
}

function checkSchemas(workbook: Workbook, schemas: ColumnSchema[][]): void {
  if (schemas.length !== workbook.sheets.length) {
    throw new EngineError(
      'INVALID_RULE',
      `Expected one schema per sheet (${workbook.sheets.length}), got ${schemas.length}.`,
    );
  }
  workbook.sheets.forEach((sheet, index) => {
    const schema = schemas[index]!;
    if (schema.length !== sheet.columns.length) {
      throw new EngineError(
        'INVALID_RULE',
        `Sheet "${sheet.name}" has ${sheet.columns.length} columns but its schema describes ${schema.length}.`,
      );
    }
    for (const column of schema) {
      if (column.rule.action === 'faker') {
        if (!column.rule.fakerMethod) {
          throw new EngineError(
            'INVALID_RULE',
            `Column "${column.name}" uses a custom method but names none.`,
          );
        }
        validateFakerMethod(column.rule.fakerMethod);
      }
    }
  });
}

const normalizedName = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]+/g, '');

/** An identifier column's name: `id`, `customer_id`, `customerId`, `Customer ID`, `OrderID`. */
function isIdName(name: string): boolean {
  const text = name.trim();
  // 'paid', 'valid' and 'PAID' are no identifiers.
  return /^id$/i.test(text) || /(?:[^a-zA-Z0-9](?:id|ID|Id)|[a-z0-9](?:ID|Id))$/.test(text);
}

/**
 * What joins columns into one namespace: same-named columns of a kind on any sheet, and every
 * integer identifier column (`customers.id` joins `orders.customer_id`).
 */
function joinKey(column: ColumnSchema): string {
  const name =
    column.type === 'number' && column.number?.integer !== false && isIdName(column.name)
      ? '#id'
      : normalizedName(column.name);
  return `${column.type}|${column.semantic ?? ''}|${name}`;
}

/** Missing-value markers kept as they are; in a column of codes, 'NA' is Namibia, not "n/a". */
function keptMarkers(schema: ColumnSchema): ReadonlySet<string> {
  const markers = new Set(schema.missingMarkers ?? []);
  if (schema.semantic === 'countryCode' || schema.semantic === 'state') markers.delete('NA');
  return markers;
}

/**
 * Number and date columns that join (see joinKey) draw from the union of their ranges, so they
 * share one namespace and a value joins to the same pseudonym everywhere.
 */
function mergedRanges(schemas: ColumnSchema[][]): Map<ColumnSchema, RangeOverrides> {
  const groups = new Map<string, ColumnSchema[]>();
  for (const column of schemas.flat()) {
    if (column.rule.action !== 'auto' || column.rangeSetByUser) continue;
    if (column.type !== 'number' && column.type !== 'date' && column.type !== 'datetime') continue;
    const key = joinKey(column);
    groups.set(key, [...(groups.get(key) ?? []), column]);
  }
  const overrides = new Map<ColumnSchema, RangeOverrides>();
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    if (group[0]!.type === 'number') {
      const ranges = group.flatMap((column) => (column.range ? [column.range] : []));
      if (ranges.length < 2) continue;
      const merged = {
        min: ranges.reduce((min, r) => Math.min(min, r.min), Infinity),
        max: ranges.reduce((max, r) => Math.max(max, r.max), -Infinity),
      };
      // Widened once for the whole group, so every column keeps the one shared namespace.
      const distinctCount = group.reduce((sum, column) => sum + column.distinctCount, 0);
      const precision = group.reduce((most, column) => Math.max(most, column.precision ?? 0), 0);
      const range = roomyRange(merged, { ...group[0]!, distinctCount, precision });
      for (const column of group) overrides.set(column, { range });
    } else {
      const ranges = group.map((column) => dateRangeOf(column));
      const merged = {
        min: ranges.reduce((min, r) => Math.min(min, r.min), Infinity),
        max: ranges.reduce((max, r) => Math.max(max, r.max), -Infinity),
      };
      const distinctCount = group.reduce((sum, column) => sum + column.distinctCount, 0);
      const stepMs = Math.min(...group.map(dateStepOf));
      const dateRange = roomyDateRange(merged, distinctCount, stepMs);
      for (const column of group) overrides.set(column, { dateRange });
    }
  }
  return overrides;
}

function elapsed(since: number): number {
  return Math.round(performance.now() - since);
}

/**
 * Replaces every value by a consistent, keyed, format-keeping pseudonym, column rule by column
 * rule; returns the new workbook, the original → pseudonym mapping and run statistics.
 * @example pseudonymize(workbook, [detectSchema(workbook.sheets[0])], { secret: 's3cret' }).workbook
 */
export function pseudonymize(
  workbook: Workbook,
  schemas: ColumnSchema[][],
  options: PseudonymizeOptions = {},
): PseudonymizeResult {
  const started = performance.now();
  const timings: Record<string, number> = {};
  checkSchemas(workbook, schemas);
  const random = new KeyedRandom(secretBytes(options.secret));
  const source: FakeSource = { random, faker: createKeyedFaker(random) };

  // Plan: one namespace per kind and format.
  let phase = performance.now();
  const overrides = mergedRanges(schemas);
  const namespaces = new Map<string, Namespace>();
  const planned: PlannedColumn[] = [];
  const blanked = new Set<string>();
  workbook.sheets.forEach((sheet, sheetIndex) => {
    schemas[sheetIndex]!.forEach((schema, columnIndex) => {
      const action = planColumn(schema, source, overrides.get(schema));
      if (action.action === 'keep') return;
      if (action.action === 'blank') {
        blanked.add(`${sheetIndex}:${columnIndex}`);
        return;
      }
      let namespace = namespaces.get(action.plan.namespace);
      if (!namespace) {
        namespace = {
          plan: action.plan,
          exhausted: 0,
          placed: 0,
          ids: new KeyIndex(),
          originals: [],
          pseudonyms: [],
          used: new StringHashSet(),
        };
        namespaces.set(action.plan.namespace, namespace);
      }
      planned.push({
        sheetIndex,
        columnIndex,
        schema,
        namespace,
        missingMarkers: keptMarkers(schema),
        rowIds: new Int32Array(0),
      });
    });
  });
  timings.plan = elapsed(phase);

  // Scan: every original of every namespace is known before any pseudonym is chosen, so no
  // pseudonym can equal another value's original.
  phase = performance.now();
  // Tables sized from detection's distinct counts, so they need not grow (and leave garbage).
  const expected = new Map<Namespace, number>();
  for (const column of planned) {
    const rows = workbook.sheets[column.sheetIndex]!.rows.length;
    const distinct = Math.min(rows, Math.max(0, column.schema.distinctCount));
    expected.set(column.namespace, (expected.get(column.namespace) ?? 0) + distinct);
  }
  for (const [namespace, count] of expected) {
    namespace.ids = new KeyIndex(count);
    namespace.originals = namespace.ids.keys;
  }
  // Column by column: one namespace's table is probed at a time, so it stays in the CPU's cache
  // (row by row, a probe per column went to a dozen large tables in turn).
  for (const column of planned) {
    const { rows } = workbook.sheets[column.sheetIndex]!;
    const { namespace, columnIndex, missingMarkers } = column;
    const { ids } = namespace;
    const rowIds = new Int32Array(rows.length);
    for (let row = 0; row < rows.length; row++) {
      const cell = rows[row]![columnIndex] ?? null;
      if (
        cell === null ||
        cell === '' ||
        (missingMarkers.size > 0 && typeof cell === 'string' && missingMarkers.has(cell))
      ) {
        rowIds[row] = -1;
        continue;
      }
      const id = ids.add(typeof cell === 'string' ? cell : cellKey(cell));
      if (namespace.originals !== ids.keys) {
        if (id === namespace.originals.length) namespace.originals.push(cell);
      } else if (typeof cell !== 'string') {
        // The first cell that is not text: from here on the originals are a list of their own
        // (its key is the first of its kind unless a text spelled the same tagged key first).
        const originals: Cell[] = ids.keys.slice();
        if (id === originals.length - 1) originals[id] = cell;
        namespace.originals = originals;
      }
      rowIds[row] = id;
    }
    column.rowIds = rowIds;
  }
  timings.scan = elapsed(phase);

  // Generate: one pseudonym per distinct original and namespace, in order of first appearance.
  phase = performance.now();
  const sensitiveCount = [...namespaces.values()].reduce(
    (sum, namespace) => sum + (namespace.plan.sensitive ? namespace.originals.length : 0),
    0,
  );
  const sensitiveOriginals = new StringHashSet(sensitiveCount);
  for (const namespace of namespaces.values()) {
    if (namespace.plan.sensitive) namespace.ids.addHashesTo(sensitiveOriginals);
  }
  for (const namespace of namespaces.values()) {
    generateNamespace(namespace, random, sensitiveOriginals);
    // Its lookup tables are done with (other namespaces look only at their own, or at the
    // sensitive originals' hashes); the mapping needs only originals and pseudonyms.
    namespace.ids = new KeyIndex();
    namespace.used = new StringHashSet();
  }
  timings.generate = elapsed(phase);

  // Write: new rows, blank and missing cells as they were, kept columns untouched.
  phase = performance.now();
  const blankCell: Cell = workbook.format === 'csv' || workbook.format === 'tsv' ? '' : null;
  const sheets: Sheet[] = workbook.sheets.map((sheet, sheetIndex) => {
    const rows = sheet.rows.map((row) => row.slice());
    for (const column of planned) {
      if (column.sheetIndex !== sheetIndex) continue;
      const { rowIds, columnIndex } = column;
      const { pseudonyms } = column.namespace;
      for (let row = 0; row < rows.length; row++) {
        const id = rowIds[row]!;
        if (id >= 0) rows[row]![columnIndex] = pseudonyms[id]!;
      }
    }
    sheet.columns.forEach((_, columnIndex) => {
      if (!blanked.has(`${sheetIndex}:${columnIndex}`)) return;
      for (const row of rows) row[columnIndex] = blankCell;
    });
    return { ...sheet, columns: [...sheet.columns], rows };
  });
  timings.write = elapsed(phase);

  // Built from the output sheets (same names, columns and formats), so the mapping does not keep
  // the input's rows alive for a caller that lets them go.
  const mapping = lazyMapping(() => buildMappingRows(sheets, planned));

  // Verify: how many auto columns re-detect with the same type and format.
  phase = performance.now();
  const verified = planned.filter(
    (column) => column.schema.rule.action === 'auto' && column.schema.type !== 'blank',
  );
  const matching = verified.filter((column) => {
    const sheet = sheets[column.sheetIndex]!;
    const cells = sampleCells(sheet.rows, column.columnIndex);
    const format = sheet.numberFormats?.[column.columnIndex] ?? null;
    // Numbers that read either way ('1.000') are settled as the input's column was.
    const decimalSeparatorHint = column.schema.number?.decimalSeparator;
    const again = detectColumn(column.schema.name, cells, format, {
      ...(decimalSeparatorHint ? { decimalSeparatorHint } : {}),
    });
    return sameShape(column.schema, again);
  }).length;
  timings.verify = elapsed(phase);

  const rowsProcessed = workbook.sheets.reduce((sum, sheet) => sum + sheet.rows.length, 0);
  const cellsProcessed = workbook.sheets.reduce(
    (sum, sheet) => sum + sheet.rows.length * sheet.columns.length,
    0,
  );
  const pseudonymizedColumns = new Set(planned.map((c) => `${c.sheetIndex}:${c.columnIndex}`));
  return {
    workbook: { ...workbook, sheets },
    mapping,
    stats: {
      rowsProcessed,
      cellsProcessed,
      columnsPseudonymized: pseudonymizedColumns.size + blanked.size,
      schemaMatch: verified.length === 0 ? 1 : matching / verified.length,
      timings,
      durationMs: elapsed(started),
    },
  };
}

/** Finds the first free grid point at or after `index`, or -1 when the grid is full. */
function findFree(nextFree: Int32Array, index: number): number {
  const size = nextFree.length - 1;
  let at = index;
  while (nextFree[at] !== at) {
    const next = nextFree[at]!;
    nextFree[at] = nextFree[next]!; // path halving
    at = next;
  }
  if (at < size) return at;
  // Wrapped past the end: look again from the start, unless that was the start.
  return index === 0 ? -1 : findFree(nextFree, 0);
}

function takeGridPoint(nextFree: Int32Array, index: number): void {
  nextFree[index] = index + 1;
}

function generateNamespace(
  namespace: Namespace,
  random: KeyedRandom,
  sensitiveOriginals: StringHashSet,
) {
  const { plan, ids, originals, pseudonyms } = namespace;
  const count = originals.length;
  const used = new StringHashSet(count);
  namespace.used = used;
  const grid =
    plan.grid &&
    plan.grid.size > 0 &&
    plan.grid.size <= MAX_GRID_SIZE &&
    count * DENSE_GRID_SHARE > plan.grid.size
      ? plan.grid
      : undefined;
  const nextFree = grid ? new Int32Array(grid.size + 1) : null;
  if (nextFree) for (let i = 0; i < nextFree.length; i++) nextFree[i] = i;
  if (grid && nextFree && grid.size >= 2 * count) {
    // Room enough: the originals' own points are off limits, so no pseudonym is an original.
    for (const original of originals) {
      const index = grid.indexOf(original, generatorText(original));
      if (index >= 0) takeGridPoint(nextFree, index);
    }
  }
  const isOriginal = (key: string, hash: number): boolean => ids.find(key, hash) >= 0;
  const pick: Pick = { pseudonym: null, hash: 0, unique: false };

  for (let id = 0; id < count; id++) {
    const original = originals[id]!;
    const key = typeof original === 'string' ? original : cellKey(original);
    const text = generatorText(original);
    let pseudonym: Cell | undefined;
    if (grid && nextFree) {
      const own = grid.indexOf(original, text);
      if (own >= 0) {
        random.reseed(plan.kind, key);
        let point = findFree(nextFree, random.int(grid.size));
        if (point === own) point = findFree(nextFree, (own + 1) % grid.size);
        // A full grid, or one whose only free point is the value itself: draw off the grid.
        if (point >= 0 && point !== own) {
          takeGridPoint(nextFree, point);
          pseudonym = grid.render(point, original, text);
          used.add(typeof pseudonym === 'string' ? pseudonym : cellKey(pseudonym));
        }
      }
    }
    if (pseudonym === undefined) {
      const spaceUsedUp = namespace.exhausted > 100 && namespace.exhausted > namespace.placed;
      const attempts = plan.tinyDomain ? 1 : spaceUsedUp ? 2 : MAX_ATTEMPTS;
      pickPseudonym(
        pick,
        original,
        key,
        text,
        plan,
        random,
        used,
        isOriginal,
        attempts,
        sensitiveOriginals,
      );
      pseudonym = pick.pseudonym;
      if (pick.unique) namespace.placed++;
      else namespace.exhausted++;
      used.addHash(pick.hash);
    }
    pseudonyms.push(pseudonym);
  }
}

/** What `pickPseudonym` chose: the pseudonym, the hash of its key, and whether it is new. */
interface Pick {
  pseudonym: Cell;
  hash: number;
  unique: boolean;
}

function hashOfCell(cell: Cell): number {
  return StringHashSet.hash(typeof cell === 'string' ? cell : cellKey(cell));
}

/**
 * Draws candidates until one is new: first one that is no original at all, then one that is at
 * least not this value and not another value's pseudonym, then anything but this value. Names,
 * emails and phones of the file are never chosen, whatever column the pseudonym lands in (a
 * word column's 'King' is no surname of the file), unless nothing else can be drawn; a hash
 * that merely collides with one costs a redraw, never a leak. Writes the choice into `pick`
 * (one object per namespace, not one per value).
 */
function pickPseudonym(
  pick: Pick,
  original: Cell,
  originalKey: string,
  text: string,
  plan: ColumnPlan,
  random: KeyedRandom,
  used: StringHashSet,
  isOriginal: (key: string, hash: number) => boolean,
  attempts: number,
  sensitiveOriginals: StringHashSet,
): void {
  let unique: Cell | undefined;
  let uniqueHash = 0;
  let different: Cell | undefined;
  let sensitive: Cell | undefined;
  let last: Cell = original;
  for (let attempt = 0; attempt < attempts; attempt++) {
    random.reseed(plan.kind, originalKey, attempt);
    const candidate = plan.generate(original, text, attempt);
    last = candidate;
    if (isBlankCell(candidate)) continue;
    const key = typeof candidate === 'string' ? candidate : cellKey(candidate);
    if (key === originalKey) continue;
    const hash = StringHashSet.hash(key);
    if (sensitiveOriginals.hasHash(hash)) {
      sensitive ??= candidate;
      continue;
    }
    different ??= candidate;
    if (used.hasHash(hash)) continue;
    if (!isOriginal(key, hash)) {
      pick.pseudonym = candidate;
      pick.hash = hash;
      pick.unique = true;
      return;
    }
    if (unique === undefined) {
      unique = candidate;
      uniqueHash = hash;
    }
    if (attempt >= STRICT_ATTEMPTS) break;
  }
  if (unique !== undefined) {
    pick.pseudonym = unique;
    pick.hash = uniqueHash;
    pick.unique = true;
    return;
  }
  // Booleans may keep their value (the documented keyed keep-or-swap).
  pick.pseudonym =
    different ?? (plan.tinyDomain ? null : lastResort(original, text, random)) ?? sensitive ?? last;
  pick.hash = hashOfCell(pick.pseudonym);
  pick.unique = false;
}

/**
 * When every draw gave the value back (a generator with no room for this value), the string
 * rules: every letter and digit redrawn, leading zeros too. Null when that changes nothing
 * either (text with no letters or digits).
 */
function lastResort(original: Cell, text: string, random: KeyedRandom): Cell | null {
  if (typeof original !== 'string' && typeof original !== 'number') return null;
  for (let attempt = 0; attempt < 4; attempt++) {
    const fake = substituteCharacters(text, random, Number.MAX_SAFE_INTEGER);
    if (fake === text) continue;
    if (typeof original === 'string') return fake;
    const value = Number(fake);
    if (Number.isFinite(value) && value !== original) return value;
  }
  return null;
}

/**
 * A column's cells for re-detection: all of a small column, else an even spread of
 * VERIFY_SAMPLE rows (the schema match is a share of columns, not a per-value check).
 */
function sampleCells(rows: Cell[][], columnIndex: number): Cell[] {
  const stride = Math.max(1, Math.ceil(rows.length / VERIFY_SAMPLE));
  const cells: Cell[] = [];
  for (let row = 0; row < rows.length; row += stride) cells.push(rows[row]![columnIndex] ?? null);
  return cells;
}

/**
 * The mapping sheet, its rows built on first read: a large file's mapping has millions of
 * rows, and a run that never downloads it should not hold them. Reading `rows` (directly,
 * through JSON or structured cloning) builds them once.
 */
function lazyMapping(buildRows: () => Cell[][]): Sheet {
  let rows: Cell[][] | null = null;
  const sheet = { name: 'mapping', columns: ['sheet', 'column', 'original', 'pseudonym'] };
  Object.defineProperty(sheet, 'rows', { enumerable: true, get: () => (rows ??= buildRows()) });
  return sheet as Sheet;
}

function mappingText(cell: Cell, sheet: Sheet, row: number, column: number): string {
  return cellText(cell, cellNumberFormat(sheet, row, column));
}

/** One row per distinct (sheet, column, original, pseudonym), in order of first appearance. */
function buildMappingRows(sheets: Sheet[], planned: PlannedColumn[]): Cell[][] {
  const rows: Cell[][] = [];
  const stamps = new Map<Namespace, Int32Array>();
  planned.forEach((column, plannedIndex) => {
    const sheet = sheets[column.sheetIndex]!;
    const columnName = sheet.columns[column.columnIndex]!;
    const { originals, pseudonyms } = column.namespace;
    let stamp = stamps.get(column.namespace);
    if (!stamp) {
      stamp = new Int32Array(originals.length).fill(-1);
      stamps.set(column.namespace, stamp);
    }
    const { rowIds, columnIndex } = column;
    for (let row = 0; row < rowIds.length; row++) {
      const id = rowIds[row]!;
      if (id < 0 || stamp[id] === plannedIndex) continue;
      stamp[id] = plannedIndex;
      const original = originals[id]!;
      const pseudonym = pseudonyms[id]!;
      // Shown as the cell shows it: its own number format where it has one.
      rows.push([
        sheet.name,
        columnName,
        typeof original === 'string' ? original : mappingText(original, sheet, row, columnIndex),
        typeof pseudonym === 'string' ? pseudonym : mappingText(pseudonym, sheet, row, columnIndex),
      ]);
    }
  });
  return rows;
}
