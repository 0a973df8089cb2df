import { EngineError } from '../errors';
import type { Cell, Sheet } from '../types';
import { uniqueColumnNames } from './column-names';
import { isJsonObject, parseJson, type JsonObject, type JsonValue } from './parse-json';
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
  private readonly root = new Map<string, KeyNode>();

  constructor(
    private readonly sheetName: string,
    private readonly limits: Required<ReadLimits>,
  ) {}

  addRecord(record: JsonValue): void {
    const row: (Cell | undefined)[] = [];
    if (isJsonObject(record)) this.addObject(record, this.root, [], row);
    else if (record !== null) this.set(this.root, [], 'value', row, toCell(record));
    this.rows.push(row);
  }

  private addObject(
    object: JsonObject,
    level: Map<string, KeyNode>,
    prefix: string[],
    row: (Cell | undefined)[],
  ): void {
    const { keys, values } = object;
    for (let index = 0; index < keys.length; index++) {
      const key = keys[index] as string;
      const value = values[index] as JsonValue;
      if (isJsonObject(value) && value.keys.length > 0) {
        const node = this.node(level, prefix, key, false);
        node.children ??= new Map();
        this.addObject(value, node.children, [...prefix, key], row);
      } else {
        this.set(level, prefix, key, row, toCell(value));
      }
    }
  }

  private set(
    level: Map<string, KeyNode>,
    prefix: string[],
    key: string,
    row: (Cell | undefined)[],
    cell: Cell,
  ): void {
    row[this.node(level, prefix, key, true).column] = cell;
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
}

/** A JSON value as a cell: arrays and empty objects as their JSON text. */
function toCell(value: JsonValue): string | number | boolean | null {
  if (value === null || typeof value !== 'object') return value;
  return JSON.stringify(toPlain(value));
}

/** Plain JS data for JSON.stringify (objects get a null prototype, so any key is just data). */
function toPlain(value: JsonValue): unknown {
  if (Array.isArray(value)) return value.map(toPlain);
  if (!isJsonObject(value)) return value;
  const object = Object.create(null) as Record<string, unknown>;
  value.keys.forEach((key, index) => {
    object[key] = toPlain(value.values[index] as JsonValue);
  });
  return object;
}

function isIndexKey(key: string): boolean {
  return /^(?:0|[1-9]\d*)$/.test(key);
}

/** The records of a JSON document, following the shapes pandas, APIs and databases write. */
function collectRecords(document: JsonValue, table: RecordTable): void {
  if (Array.isArray(document)) {
    if (document.length > 0 && document.every(Array.isArray)) {
      // Rows as arrays (pandas orient="values"): positional columns.
      for (const item of document) {
        table.addRecord({ keys: item.map((_, i) => `column_${i + 1}`), values: item });
      }
    } else {
      for (const item of document) table.addRecord(item);
    }
    return;
  }
  if (!isJsonObject(document)) {
    throw new EngineError('INVALID_FILE', 'This JSON file holds a single value, not a table.');
  }
  const { keys, values } = document;
  const isRecordList = (value: JsonValue): value is JsonValue[] =>
    Array.isArray(value) && value.length > 0 && value.every(isJsonObject);
  const recordLists = values.filter(isRecordList);
  // A wrapper such as {"data": [...]} or {"count": 2, "results": [...]}.
  if (recordLists.length === 1 && (keys.length === 1 || !values.every(Array.isArray))) {
    for (const item of recordLists[0] as JsonValue[]) table.addRecord(item);
    return;
  }
  if (keys.length > 0 && values.every(Array.isArray)) {
    // Columnar: {"name": [...], "age": [...]}.
    // A loop, not Math.max(...): spreading 200,000 columns overflows the call stack.
    let length = 0;
    for (const value of values) length = Math.max(length, (value as JsonValue[]).length);
    for (let row = 0; row < length; row++) {
      table.addRecord({
        keys,
        values: values.map((value) => {
          const item = (value as JsonValue[])[row];
          return item === undefined ? null : isJsonObject(item) ? toCell(item) : item;
        }),
      });
    }
    return;
  }
  if (keys.length > 0 && values.every(isJsonObject)) {
    const objects = values;
    if (keys.every(isIndexKey)) {
      // pandas orient="index": {"0": {...}, "1": {...}}.
      for (const object of objects) table.addRecord(object);
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
          const value = object.values[index] as JsonValue;
          cells[column] = isJsonObject(value) ? toCell(value) : value;
        });
      });
      for (const cells of rows) table.addRecord({ keys, values: cells });
      return;
    }
  }
  table.addRecord(document);
}

/** JSON Lines: one JSON value per non-blank line, or null when the text is not that. */
function parseJsonLines(text: string): JsonValue[] | null {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  if (lines.length < 2) return null;
  try {
    return lines.map((line) => parseJson(line));
  } catch {
    return null;
  }
}

/**
 * Reads JSON text into one sheet: an array of objects (columns are the union of keys in
 * first-seen order), an object of arrays (columnar), a wrapper like {"data": [...]}, pandas'
 * orient="index"/"columns"/"values" shapes, or JSON Lines. Nested objects become dotted columns
 * (`address.city`, with their key path in `paths`); arrays are kept as JSON text; null and
 * missing keys are null.
 * @example readJson('[{"a":{"b":1}}]', 'data', limits).columns // ['a.b']
 */
export function readJson(text: string, sheetName: string, limits: Required<ReadLimits>): Sheet {
  if (text.trim() === '') throw new EngineError('INVALID_FILE', 'The file is empty.');
  let document: JsonValue;
  try {
    document = parseJson(text);
  } catch (error) {
    const lines = parseJsonLines(text);
    if (!lines) throw error;
    document = lines;
  }
  const table = new RecordTable(sheetName, limits);
  collectRecords(document, table);
  const width = table.paths.length;
  checkTableSize(sheetName, table.rows.length, width, limits);
  const rows = table.rows as Cell[][];
  for (const row of rows) {
    for (let column = 0; column < width; column++) row[column] ??= null;
  }
  const columns = uniqueColumnNames(table.paths.map((path) => path.join('.')));
  return { name: sheetName, columns, rows, paths: table.paths };
}
