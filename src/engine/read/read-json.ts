import { EngineError } from '../errors';
import type { Cell, JsonShape, JsonWrapperMember, Sheet } from '../types';
import { positionalName, uniqueColumnNames } from './column-names';
import {
  isJsonObject,
  JsonNumberText,
  parseJson,
  type JsonObject,
  type JsonValue,
} from './parse-json';
import { checkTableSize, type ReadLimits } from './read-limits';

/** One column per key path; nested objects are walked through a tree of their keys. */
interface KeyNode {
  column: number;
  children: Map<string, KeyNode> | null;
}

/** Builds rows from records, adding a column the first time a key path is seen. */
class RecordTable {
  readonly paths: string[][] = [];
  readonly rows: (Cell | undefined)[][] = [];
  /** Per column: cells holding JSON source text (arrays, objects, JsonNumberText). */
  readonly jsonTextCells: number[] = [];
  /** Per column: cells holding ordinary JSON strings. */
  readonly stringCells: number[] = [];
  /** The object the records were read from, when they sat in one of its arrays. */
  wrapper: JsonWrapperMember[] | undefined;
  /** How the document held the table, when not as an array of records (Sheet.jsonShape). */
  shape: JsonShape | undefined;
  private readonly root = new Map<string, KeyNode>();

  constructor(
    private readonly sheetName: string,
    private readonly limits: Required<ReadLimits>,
  ) {}

  /**
   * One row from a record. Nested objects become dotted columns, unless `flatten` is off (a
   * columnar file's cells are values, not records): then they stay JSON text, like arrays.
   */
  addRecord(record: JsonValue, flatten = true): void {
    const row: (Cell | undefined)[] = [];
    if (isJsonObject(record)) this.addObject(record, this.root, [], row, flatten);
    else if (record !== null) this.set(this.root, [], 'value', row, record);
    this.rows.push(row);
  }

  /** Columns for keys before any record names them (a header-only table). */
  declareColumns(keys: readonly string[]): void {
    for (const key of keys) this.node(this.root, [], key, true);
  }

  private addObject(
    object: JsonObject,
    level: Map<string, KeyNode>,
    prefix: string[],
    row: (Cell | undefined)[],
    flatten: boolean,
  ): void {
    const { keys, values } = object;
    for (let index = 0; index < keys.length; index++) {
      const key = keys[index] as string;
      const value = values[index] as JsonValue;
      if (flatten && isJsonObject(value) && value.keys.length > 0) {
        const node = this.node(level, prefix, key, false);
        node.children ??= new Map();
        this.addObject(value, node.children, [...prefix, key], row, flatten);
      } else {
        this.set(level, prefix, key, row, value);
      }
    }
  }

  private set(
    level: Map<string, KeyNode>,
    prefix: string[],
    key: string,
    row: (Cell | undefined)[],
    value: JsonValue,
  ): void {
    const column = this.node(level, prefix, key, true).column;
    row[column] = toCell(value);
    if (typeof value === 'object' && value !== null) {
      this.jsonTextCells[column] = (this.jsonTextCells[column] ?? 0) + 1;
    } else if (typeof value === 'string') {
      this.stringCells[column] = (this.stringCells[column] ?? 0) + 1;
    }
  }

  private node(level: Map<string, KeyNode>, prefix: string[], key: string, leaf: boolean): KeyNode {
    let node = level.get(key);
    if (!node) {
      node = { column: -1, children: null };
      level.set(key, node);
    }
    if (leaf && node.column < 0) {
      node.column = this.paths.length;
      this.paths.push([...prefix, key]);
      if (this.paths.length > this.limits.maxColumns) {
        checkTableSize(this.sheetName, 0, this.paths.length, this.limits);
      }
    }
    return node;
  }

  /** Per column, whether all its text is JSON source text, to be written back unquoted. */
  jsonTextColumns(): boolean[] {
    return this.paths.map(
      (_, column) => (this.jsonTextCells[column] ?? 0) > 0 && !this.stringCells[column],
    );
  }
}

/**
 * A JSON value as a cell: arrays and objects as their JSON text, numbers a double cannot hold
 * (and NaN, Infinity) as their source text.
 */
function toCell(value: JsonValue): string | number | boolean | null {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof JsonNumberText) return value.text;
  return jsonText(value);
}

/** Compact JSON text of an array or object, number literals as written, keys in source order. */
function jsonText(value: JsonValue): string {
  if (value instanceof JsonNumberText) return value.text;
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`;
  if (isJsonObject(value)) {
    const members = value.keys.map(
      (key, index) => `${JSON.stringify(key)}:${jsonText(value.values[index] as JsonValue)}`,
    );
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value);
}

function isIndexKey(key: string): boolean {
  return /^(?:0|[1-9]\d*)$/.test(key);
}

/** Whether pandas index labels are its default index, 0, 1, 2, … in order. */
function isDefaultIndex(labels: readonly string[]): boolean {
  return labels.every((label, row) => label === String(row));
}

/** A label of an index as its value: the number it writes, unless too large for a double. */
function indexLabel(label: string): JsonValue {
  const value = Number(label);
  return Number.isSafeInteger(value) ? value : label;
}

/** The name of a first column of index labels: 'index', or 'index_2' … where a key has it. */
function indexColumnName(keys: readonly string[]): string {
  const taken = new Set(keys);
  let name = 'index';
  for (let suffix = 2; taken.has(name); suffix++) name = `index_${suffix}`;
  return name;
}

const SPLIT_KEYS = new Set(['columns', 'index', 'data']);

/**
 * pandas orient="split": {"columns": [...], "index": [...], "data": [[...], ...]}. The index
 * becomes a first column named "index" unless it is the default 0, 1, 2...; false when the
 * document is not of this shape.
 */
function readSplitOrient(document: JsonObject, table: RecordTable): boolean {
  const { keys, values } = document;
  if (!keys.includes('columns') || !keys.includes('data')) return false;
  if (!keys.every((key) => SPLIT_KEYS.has(key))) return false;
  const part = (key: string) => values[keys.lastIndexOf(key)];
  const columns = part('columns');
  const data = part('data');
  const index = part('index');
  if (!Array.isArray(columns) || !Array.isArray(data) || !data.every(Array.isArray)) return false;
  if (index !== undefined && (!Array.isArray(index) || index.length !== data.length)) return false;
  const defaultIndex = index === undefined || index.every((value, row) => value === row);
  const names = columns.map((name) => String(toCell(name) ?? ''));
  const keysOut = uniqueColumnNames(defaultIndex ? names : ['index', ...names]);
  table.declareColumns(keysOut);
  data.forEach((item, rowIndex) => {
    const row = item as JsonValue[];
    const cells: JsonValue[] = defaultIndex ? row : [index?.[rowIndex] ?? null, ...row];
    table.addRecord({ keys: keysOut.slice(0, cells.length), values: cells }, false);
  });
  table.shape = {
    kind: 'split',
    index: index === undefined ? 'none' : defaultIndex ? 'default' : 'column',
  };
  return true;
}

function isRecordList(value: JsonValue): value is JsonValue[] {
  return Array.isArray(value) && value.length > 0 && value.every(isJsonObject);
}

/** The records of a JSON document, following the shapes pandas, APIs and databases write. */
function collectRecords(document: JsonValue, table: RecordTable): void {
  if (Array.isArray(document)) {
    if (document.length > 0 && document.every(Array.isArray)) {
      // Rows as arrays (pandas orient="values"): positional columns.
      for (const item of document) {
        table.addRecord({ keys: item.map((_, i) => positionalName(i)), values: item });
      }
      table.shape = { kind: 'values' };
    } else {
      for (const item of document) table.addRecord(item);
    }
    return;
  }
  if (!isJsonObject(document)) {
    throw new EngineError('INVALID_FILE', 'This JSON file holds a single value, not a table.');
  }
  if (readSplitOrient(document, table)) return;
  const { keys, values } = document;
  const recordLists = values.filter(isRecordList);
  // A wrapper such as {"data": [...]} or {"count": 2, "results": [...]}.
  if (recordLists.length === 1 && (keys.length === 1 || !values.every(Array.isArray))) {
    const records = recordLists[0] as JsonValue[];
    table.wrapper = keys.map((key, index) => ({
      key,
      text: values[index] === records ? null : jsonText(values[index] as JsonValue),
    }));
    for (const item of records) table.addRecord(item);
    return;
  }
  if (keys.length > 0 && values.every(Array.isArray)) {
    // Columnar: {"name": [...], "age": [...]}.
    // A loop, not Math.max(...): spreading 200,000 columns overflows the call stack.
    let length = 0;
    for (const value of values) length = Math.max(length, (value as JsonValue[]).length);
    for (let row = 0; row < length; row++) {
      const cells = values.map((value) => (value as JsonValue[])[row] ?? null);
      table.addRecord({ keys, values: cells }, false);
    }
    table.shape = { kind: 'columnar' };
    return;
  }
  if (keys.length > 0 && values.every(isJsonObject)) {
    const objects = values;
    if (keys.every(isIndexKey)) {
      // pandas orient="index": {"0": {...}, "1": {...}}.
      if (isDefaultIndex(keys)) {
        for (const object of objects) table.addRecord(object);
        table.shape = { kind: 'index', index: 'default' };
        return;
      }
      // Labels of an index the frame was given (df.set_index('id')): data, in a first column.
      const name = indexColumnName(objects.flatMap((object) => object.keys));
      objects.forEach((object, row) => {
        table.addRecord({
          keys: [name, ...object.keys],
          values: [indexLabel(keys[row]!), ...object.values],
        });
      });
      table.shape = { kind: 'index', index: 'column' };
      return;
    }
    if (objects.every((object) => object.keys.every(isIndexKey))) {
      // pandas' default orient="columns": {"name": {"0": "a", "1": "b"}}.
      const rowIndex = new Map<string, number>();
      for (const object of objects) {
        for (const key of object.keys) if (!rowIndex.has(key)) rowIndex.set(key, rowIndex.size);
      }
      const rows: JsonValue[][] = Array.from(rowIndex, () => keys.map(() => null));
      objects.forEach((object, column) => {
        object.keys.forEach((key, index) => {
          const cells = rows[rowIndex.get(key) as number] as JsonValue[];
          cells[column] = object.values[index] as JsonValue;
        });
      });
      const labels = [...rowIndex.keys()];
      if (isDefaultIndex(labels)) {
        for (const cells of rows) table.addRecord({ keys, values: cells }, false);
        table.shape = { kind: 'columns', index: 'default' };
        return;
      }
      // Labels of an index the frame was given: data, in a first column.
      const labelled = [indexColumnName(keys), ...keys];
      rows.forEach((cells, row) => {
        table.addRecord({ keys: labelled, values: [indexLabel(labels[row]!), ...cells] }, false);
      });
      table.shape = { kind: 'columns', index: 'column' };
      return;
    }
  }
  table.addRecord(document);
  table.shape = { kind: 'object' };
}

/**
 * JSON Lines: one JSON value per non-blank line, or null when the text is not that (its first
 * line is no JSON value alone, or it has one line). A later line that is not one, as a cut
 * export leaves, is an error naming it.
 */
function parseJsonLines(text: string): JsonValue[] | null {
  const lines = text.split(/\r?\n/);
  const filled = lines.flatMap((line, index) => (line.trim() === '' ? [] : [index]));
  if (filled.length < 2) return null;
  const values: JsonValue[] = [];
  for (const index of filled) {
    try {
      values.push(parseJson(lines[index]!));
    } catch {
      if (values.length === 0) return null;
      throw new EngineError(
        'INVALID_FILE',
        `This file is not valid JSON Lines: line ${index + 1} is not a whole JSON value (a cut or broken record).`,
      );
    }
  }
  return values;
}

/** A JSON document's tables: one sheet, or one per table of a document that holds several. */
export interface JsonDocument {
  sheets: Sheet[];
  /** See Workbook.jsonTables. */
  jsonTables?: JsonWrapperMember[];
}

/**
 * Reads JSON text into sheets: an array of objects (columns are the union of keys in first-seen
 * order), an object of arrays (columnar), a wrapper like {"data": [...]}, pandas'
 * orient="index"/"columns"/"values" shapes, or JSON Lines, each one sheet named `sheetName`; an
 * object holding several arrays of records (a database's or an API's dump, `{"customers": [...],
 * "orders": [...]}`) is one sheet per array, named by its key, its other members kept in
 * `jsonTables`. Nested objects become dotted columns (`address.city`, with their key path in
 * `paths`); arrays are kept as JSON text; null and missing keys are null, the missing ones noted
 * in `absentKeys`.
 * @example readJsonDocument('[{"a":{"b":1}}]', 'data', limits).sheets[0].columns // ['a.b']
 */
export function readJsonDocument(
  text: string,
  sheetName: string,
  limits: Required<ReadLimits>,
): JsonDocument {
  if (text.trim() === '') throw new EngineError('INVALID_FILE', 'The file is empty.');
  let document: JsonValue;
  try {
    document = parseJson(text);
  } catch (error) {
    const lines = parseJsonLines(text);
    if (!lines) throw error;
    document = lines;
  }
  const tables = isJsonObject(document) ? readTables(document, limits) : null;
  if (tables) return tables;
  const table = new RecordTable(sheetName, limits);
  collectRecords(document, table);
  return { sheets: [sheetOf(table, sheetName, limits)] };
}

/**
 * Each array of records of the document as a sheet named by its key (Workbook.jsonTables), or
 * null when it holds fewer than two (a plain table, or one inside a wrapper).
 */
function readTables(document: JsonObject, limits: Required<ReadLimits>): JsonDocument | null {
  const { keys, values } = document;
  const isTable = values.map(isRecordList);
  const tableKeys = keys.filter((_, index) => isTable[index]);
  if (tableKeys.length < 2) return null;
  const names = uniqueColumnNames(tableKeys);
  const sheets: Sheet[] = [];
  let cellsSoFar = 0;
  const jsonTables = keys.map((key, index): JsonWrapperMember => {
    const value = values[index] as JsonValue;
    if (!isTable[index]) return { key, text: jsonText(value) };
    const name = names[sheets.length]!;
    const table = new RecordTable(name, limits);
    for (const record of value as JsonValue[]) table.addRecord(record);
    const sheet = sheetOf(table, name, limits, cellsSoFar);
    cellsSoFar += sheet.rows.length * sheet.columns.length;
    sheets.push(sheet);
    return { key, text: null };
  });
  return { sheets, jsonTables };
}

function sheetOf(
  table: RecordTable,
  sheetName: string,
  limits: Required<ReadLimits>,
  cellsSoFar = 0,
): Sheet {
  const width = table.paths.length;
  checkTableSize(sheetName, table.rows.length, width, limits, cellsSoFar);
  const rows = table.rows as Cell[][];
  // A key a record does not have is a null cell, noted so JSON output leaves it out again.
  const absentKeys = new Array<Uint8Array | undefined>(width);
  let anyAbsent = false;
  rows.forEach((row, rowIndex) => {
    for (let column = 0; column < width; column++) {
      if (row[column] !== undefined) continue;
      row[column] = null;
      (absentKeys[column] ??= new Uint8Array(rows.length))[rowIndex] = 1;
      anyAbsent = true;
    }
  });
  const columns = uniqueColumnNames(table.paths.map((path) => path.join('.')));
  const sheet: Sheet = { name: sheetName, columns, rows, paths: table.paths };
  if (anyAbsent) sheet.absentKeys = absentKeys;
  if (table.wrapper) sheet.jsonWrapper = table.wrapper;
  if (table.shape) sheet.jsonShape = table.shape;
  const jsonText = table.jsonTextColumns();
  if (jsonText.includes(true)) sheet.jsonText = jsonText;
  return sheet;
}
