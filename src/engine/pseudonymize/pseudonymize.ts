import { cellText, isBlankCell } from '../cell';
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
import { planColumn, dateRangeOf, type ColumnPlan, type RangeOverrides } from './column-plan';
import { validateFakerMethod } from './faker-catalogue';
import { createKeyedFaker, type FakeSource } from './keyed-faker';
import { KeyedRandom } from './keyed-random';
import { sameShape } from './schema-match';

/** Retries that must avoid every original of the namespace (and, for names, of the file). */
const STRICT_ATTEMPTS = 12;
/** Further retries that need only avoid other pseudonyms and the value itself. */
const MAX_ATTEMPTS = 32;
/** A grid is walked instead of retried when distinct values fill more than 1/8 of it. */
const DENSE_GRID_SHARE = 8;
const MAX_GRID_SIZE = 20_000_000;

/** One distinct original of a namespace and its pseudonym. */
interface Entry {
  key: string;
  original: Cell;
  pseudonym: Cell;
  generated: boolean;
  /** The last column (by index in `columns`) that listed this entry, to list it once. */
  lastColumn: number;
}

/** Columns that share pseudonyms: the same kind and format, across columns and sheets. */
interface Namespace {
  plan: ColumnPlan;
  /** Every original of the namespace, by key, in order of first appearance. */
  entries: Map<string, Entry>;
  /** Keys of the pseudonyms handed out. */
  used: Set<string>;
  /** Dense grids: next free point at or after each index (union-find), built on first use. */
  nextFree?: Int32Array;
}

/** One column to pseudonymize and what the scan learned about it. */
interface PlannedColumn {
  sheetIndex: number;
  columnIndex: number;
  schema: ColumnSchema;
  namespace: Namespace;
  missingMarkers: ReadonlySet<string>;
  /** The entry of each row's cell, null where the cell stays as it is. */
  rowEntries: (Entry | null)[];
  /** Distinct entries of this column, for the mapping. */
  distinct: Entry[];
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

/**
 * Same-named number and date columns (a key on two sheets) draw from the union of their
 * ranges, so they share one namespace and a value joins to the same pseudonym everywhere.
 */
function mergedRanges(schemas: ColumnSchema[][]): Map<ColumnSchema, RangeOverrides> {
  const groups = new Map<string, ColumnSchema[]>();
  for (const column of schemas.flat()) {
    if (column.rule.action !== 'auto') continue;
    if (column.type !== 'number' && column.type !== 'date' && column.type !== 'datetime') continue;
    const key = `${column.type}|${column.semantic ?? ''}|${normalizedName(column.name)}`;
    groups.set(key, [...(groups.get(key) ?? []), column]);
  }
  const overrides = new Map<ColumnSchema, RangeOverrides>();
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    if (group[0]!.type === 'number') {
      const ranges = group.flatMap((column) => (column.range ? [column.range] : []));
      if (ranges.length < 2) continue;
      const range = {
        min: Math.min(...ranges.map((r) => r.min)),
        max: Math.max(...ranges.map((r) => r.max)),
      };
      for (const column of group) overrides.set(column, { range });
    } else {
      const ranges = group.map((column) => dateRangeOf(column));
      const dateRange = {
        min: Math.min(...ranges.map((r) => r.min)),
        max: Math.max(...ranges.map((r) => r.max)),
      };
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
        namespace = { plan: action.plan, entries: new Map(), used: new Set() };
        namespaces.set(action.plan.namespace, namespace);
      }
      planned.push({
        sheetIndex,
        columnIndex,
        schema,
        namespace,
        missingMarkers: new Set(schema.missingMarkers ?? []),
        rowEntries: [],
        distinct: [],
      });
    });
  });
  timings.plan = elapsed(phase);

  // Scan: every original of every namespace is known before any pseudonym is chosen, so no
  // pseudonym can equal another value's original.
  phase = performance.now();
  planned.forEach((column, plannedIndex) => {
    const { rows } = workbook.sheets[column.sheetIndex]!;
    const { entries } = column.namespace;
    const rowEntries = new Array<Entry | null>(rows.length);
    for (let row = 0; row < rows.length; row++) {
      const cell = rows[row]![column.columnIndex] ?? null;
      if (isBlankCell(cell) || (typeof cell === 'string' && column.missingMarkers.has(cell))) {
        rowEntries[row] = null;
        continue;
      }
      const key = cellKey(cell);
      let entry = entries.get(key);
      if (!entry) {
        entry = { key, original: cell, pseudonym: null, generated: false, lastColumn: -1 };
        entries.set(key, entry);
      }
      if (entry.lastColumn !== plannedIndex) {
        entry.lastColumn = plannedIndex;
        column.distinct.push(entry);
      }
      rowEntries[row] = entry;
    }
    column.rowEntries = rowEntries;
  });
  timings.scan = elapsed(phase);

  // Generate: one pseudonym per distinct original and namespace, in order of first appearance.
  phase = performance.now();
  const sensitive = [...namespaces.values()].filter((namespace) => namespace.plan.sensitive);
  for (const namespace of namespaces.values()) {
    generateNamespace(namespace, random, sensitive);
  }
  timings.generate = elapsed(phase);

  // Write: new rows, blank and missing cells as they were, kept columns untouched.
  phase = performance.now();
  const blankCell: Cell = workbook.format === 'csv' || workbook.format === 'tsv' ? '' : null;
  const sheets: Sheet[] = workbook.sheets.map((sheet, sheetIndex) => {
    const rows = sheet.rows.map((row) => row.slice());
    for (const column of planned) {
      if (column.sheetIndex !== sheetIndex) continue;
      const { rowEntries, columnIndex } = column;
      for (let row = 0; row < rows.length; row++) {
        const entry = rowEntries[row];
        if (entry) rows[row]![columnIndex] = entry.pseudonym;
      }
    }
    sheet.columns.forEach((_, columnIndex) => {
      if (!blanked.has(`${sheetIndex}:${columnIndex}`)) return;
      for (const row of rows) row[columnIndex] = blankCell;
    });
    return { ...sheet, columns: [...sheet.columns], rows };
  });
  timings.write = elapsed(phase);

  phase = performance.now();
  const mapping = buildMapping(workbook, planned);
  timings.mapping = elapsed(phase);

  // Verify: how many auto columns re-detect with the same type and format.
  phase = performance.now();
  const verified = planned.filter(
    (column) => column.schema.rule.action === 'auto' && column.schema.type !== 'blank',
  );
  const matching = verified.filter((column) => {
    const sheet = sheets[column.sheetIndex]!;
    const cells = sheet.rows.map((row) => row[column.columnIndex] ?? null);
    const format = sheet.numberFormats?.[column.columnIndex] ?? null;
    return sameShape(column.schema, detectColumn(column.schema.name, cells, format));
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

function generateNamespace(namespace: Namespace, random: KeyedRandom, sensitive: Namespace[]) {
  const { plan, entries, used } = namespace;
  const grid =
    plan.grid &&
    plan.grid.size > 0 &&
    plan.grid.size <= MAX_GRID_SIZE &&
    entries.size * DENSE_GRID_SHARE > plan.grid.size
      ? plan.grid
      : undefined;
  if (grid) {
    namespace.nextFree = Int32Array.from({ length: grid.size + 1 }, (_, i) => i);
  }
  const isOriginal = (key: string): boolean =>
    entries.has(key) || (plan.sensitive && sensitive.some((other) => other.entries.has(key)));

  for (const entry of entries.values()) {
    const text = generatorText(entry.original);
    if (grid && namespace.nextFree) {
      const own = grid.indexOf(entry.original, text);
      if (own >= 0) {
        random.reseed(plan.kind, entry.key);
        let point = findFree(namespace.nextFree, random.int(grid.size));
        if (point === own) point = findFree(namespace.nextFree, (own + 1) % grid.size);
        if (point >= 0) {
          takeGridPoint(namespace.nextFree, point);
          entry.pseudonym = grid.render(point, entry.original, text);
          used.add(cellKey(entry.pseudonym));
          continue;
        }
      }
    }
    entry.pseudonym = pickPseudonym(entry, text, plan, random, used, isOriginal);
    used.add(cellKey(entry.pseudonym));
  }
}

/**
 * Draws candidates until one is new: first one that is no original at all, then one that is at
 * least not this value and not another value's pseudonym, then anything but this value.
 */
function pickPseudonym(
  entry: Entry,
  text: string,
  plan: ColumnPlan,
  random: KeyedRandom,
  used: Set<string>,
  isOriginal: (key: string) => boolean,
): Cell {
  let unique: Cell | undefined;
  let different: Cell | undefined;
  let last: Cell = entry.original;
  const attempts = plan.tinyDomain ? 1 : MAX_ATTEMPTS;
  for (let attempt = 0; attempt < attempts; attempt++) {
    random.reseed(plan.kind, entry.key, attempt);
    const candidate = plan.generate(entry.original, text, attempt);
    last = candidate;
    if (isBlankCell(candidate)) continue;
    const key = cellKey(candidate);
    if (key === entry.key) continue;
    different ??= candidate;
    if (used.has(key)) continue;
    if (!isOriginal(key)) return candidate;
    unique ??= candidate;
    if (attempt >= STRICT_ATTEMPTS) return unique;
  }
  return unique ?? different ?? last;
}

function buildMapping(workbook: Workbook, planned: PlannedColumn[]): Sheet {
  const rows: Cell[][] = [];
  for (const column of planned) {
    const sheet = workbook.sheets[column.sheetIndex]!;
    const format = sheet.numberFormats?.[column.columnIndex] ?? null;
    const columnName = sheet.columns[column.columnIndex]!;
    for (const entry of column.distinct) {
      rows.push([
        sheet.name,
        columnName,
        cellText(entry.original, format),
        cellText(entry.pseudonym, format),
      ]);
    }
  }
  return { name: 'mapping', columns: ['sheet', 'column', 'original', 'pseudonym'], rows };
}
