import type { Cell, JsonShape, JsonWrapperMember, Sheet } from '../types';
import { excelFormatToPattern, patternHasTime } from '../formats/dates';
import { isWholeDay } from '../time/days';

/** A key of the output objects: either a column's value or a nested object of more keys. */
interface OutputKey {
  /** The key as JSON text, quoted and escaped once. */
  key: string;
  column: number | null;
  children: OutputKey[];
  prefix: string;
}

/**
 * The key tree of the output objects, in column order: columns sharing a path prefix are written
 * inside one nested object. A path that is both a value and a prefix of others (`a` and `a.b`)
 * cannot nest, so the deeper column is written under its dotted name instead.
 */
function outputKeys(sheet: Sheet): OutputKey[] {
  const paths =
    sheet.paths && sheet.paths.length === sheet.columns.length
      ? sheet.paths
      : sheet.columns.map((name) => [name]);
  const leafPaths = new Set(paths.map((path) => JSON.stringify(path)));
  const root: OutputKey[] = [];
  paths.forEach((path, column) => {
    // Shorten a path whose prefix is itself a column, joining the rest with dots.
    let depth = 1;
    while (depth < path.length && !leafPaths.has(JSON.stringify(path.slice(0, depth)))) depth++;
    const keys =
      depth < path.length ? [...path.slice(0, depth - 1), path.slice(depth - 1).join('.')] : path;
    let level = root;
    keys.forEach((name, index) => {
      const key = JSON.stringify(name);
      const isLeaf = index === keys.length - 1;
      let node = isLeaf
        ? undefined
        : level.find((entry) => entry.key === key && entry.column === null);
      if (!node) {
        node = { key, column: isLeaf ? column : null, children: [], prefix: '' };
        level.push(node);
      }
      level = node.children;
    });
  });
  return root;
}

function pad(value: number, length = 2): string {
  return String(value).padStart(length, '0');
}

const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/**
 * Whether text from a column of JSON source text can be written unquoted: a number literal (or
 * Python's NaN/Infinity, as the source had them), an array or an object. A pseudonym that is
 * none of these is written as a string.
 */
function isJsonSourceText(text: string): boolean {
  if (JSON_NUMBER.test(text) || text === 'NaN' || text === 'Infinity' || text === '-Infinity') {
    return true;
  }
  const first = text[0];
  if (first !== '[' && first !== '{') return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * What JSON.stringify escapes in a string: a quote, a backslash, a control character or a UTF-16
 * surrogate (escaped when unpaired). Text without any is written between quotes as it is, which
 * costs a third less than a call to JSON.stringify for each of millions of cells.
 */
// eslint-disable-next-line no-control-regex -- control characters are what JSON escapes
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/**
 * How a column's cells are written: as JSON values of their type, JSON source text unquoted
 * (Sheet.jsonText), or dates with their time of day even at midnight (a datetime column, by
 * its number format).
 */
type ColumnStyle = 'value' | 'jsonText' | 'dateTime';

/** Each column's style, or undefined when every column writes plain values. */
function columnStyles(sheet: Sheet): readonly ColumnStyle[] | undefined {
  const jsonText = sheet.jsonText?.length === sheet.columns.length ? sheet.jsonText : undefined;
  const formats = sheet.numberFormats;
  if (!jsonText && !formats) return undefined;
  return sheet.columns.map((_name, column) => {
    if (jsonText?.[column]) return 'jsonText';
    const pattern = formats?.[column] ? excelFormatToPattern(formats[column]) : null;
    return pattern !== null && patternHasTime(pattern) ? 'dateTime' : 'value';
  });
}

/**
 * A cell as a JSON value: dates as ISO 8601 wall-clock text (a whole day as the day alone,
 * unless its column shows a time), non-finite numbers as null.
 */
function jsonValue(cell: Cell, style: ColumnStyle | undefined): string {
  if (style === 'jsonText' && typeof cell === 'string' && isJsonSourceText(cell)) return cell;
  if (cell === null) return 'null';
  if (typeof cell === 'string') return NEEDS_ESCAPE.test(cell) ? JSON.stringify(cell) : `"${cell}"`;
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : 'null';
  if (typeof cell === 'boolean') return cell ? 'true' : 'false';
  if (Number.isNaN(cell.getTime())) return 'null';
  const day = `${cell.getUTCFullYear()}-${pad(cell.getUTCMonth() + 1)}-${pad(cell.getUTCDate())}`;
  if (isWholeDay(cell.getTime()) && style !== 'dateTime') return `"${day}"`;
  const seconds = cell.getUTCMilliseconds()
    ? `${pad(cell.getUTCSeconds())}.${pad(cell.getUTCMilliseconds(), 3)}`
    : pad(cell.getUTCSeconds());
  return `"${day}T${pad(cell.getUTCHours())}:${pad(cell.getUTCMinutes())}:${seconds}"`;
}

function objectText(
  keys: readonly OutputKey[],
  row: readonly Cell[],
  styles: readonly ColumnStyle[] | undefined,
): string {
  let text = '{';
  for (let index = 0; index < keys.length; index++) {
    const entry = keys[index] as OutputKey;
    // `prefix` is `"key":`, with the separating comma for all but the first key.
    text += entry.prefix;
    text +=
      entry.column === null
        ? objectText(entry.children, row, styles)
        : jsonValue(row[entry.column] ?? null, styles?.[entry.column]);
  }
  return text + '}';
}

/**
 * objectText for a record that lacked some keys (Sheet.absentKeys): those are left out, and so
 * is a nested object none of whose keys the record had (null then, for the caller to leave out).
 */
function sparseObjectText(
  keys: readonly OutputKey[],
  row: readonly Cell[],
  rowIndex: number,
  styles: readonly ColumnStyle[] | undefined,
  absentKeys: readonly (Uint8Array | undefined)[],
): string | null {
  let text = '';
  let present = false;
  for (const entry of keys) {
    const value =
      entry.column === null
        ? sparseObjectText(entry.children, row, rowIndex, styles, absentKeys)
        : absentKeys[entry.column]?.[rowIndex] === 1
          ? null
          : jsonValue(row[entry.column] ?? null, styles?.[entry.column]);
    if (value === null) continue;
    text += `${present ? ',' : ''}${entry.key}:${value}`;
    present = true;
  }
  return present ? `{${text}}` : null;
}

function addPrefixes(keys: OutputKey[]): void {
  keys.forEach((entry, index) => {
    entry.prefix = (index > 0 ? ',' : '') + entry.key + ':';
    addPrefixes(entry.children);
  });
}

/**
 * The text before and after the records' array: their wrapper object's other members
 * (Sheet.jsonWrapper), or nothing.
 */
function wrapperAround(sheet: Sheet): [string, string] {
  const members = sheet.jsonWrapper;
  const at = members?.findIndex((member) => member.text === null) ?? -1;
  if (!members || at < 0) return ['', ''];
  const text = (member: JsonWrapperMember) => `${JSON.stringify(member.key)}:${member.text}`;
  const before = members.slice(0, at).map((member) => `${text(member)},`);
  const after = members.slice(at + 1).map((member) => `,${text(member)}`);
  return [`{${before.join('')}${JSON.stringify(members[at]!.key)}:`, `${after.join('')}}`];
}

/** How many characters of output are gathered before they become one string chunk. */
const CHUNK_CHARS = 1 << 15;

/**
 * A sheet as a JSON array of objects, one per row, keys in column order (built as text, so a
 * key such as "2024" or "__proto__" stays where it is and is never special), with nested objects
 * restored from the sheet's key paths, JSON source text (arrays, objects, long numbers) of a
 * JSON source written back unquoted, and a key a source record lacked left out again. One
 * object per line. Yields chunks of ~32 K characters one at a time, so the caller encodes each before the next is built: a chunk is a tree of the
 * pieces it was built from until it is read, and megabytes of such trees held at once cost the
 * garbage collector more than writing them.
 */
export function* writeJsonChunks(sheet: Sheet): Generator<string, void, undefined> {
  const shape = sheet.jsonShape;
  if (shape && (shape.kind !== 'object' || sheet.rows.length === 1)) {
    yield* shapedChunks(sheet, shape);
    return;
  }
  const [open, close] = wrapperAround(sheet);
  yield* recordArrayChunks(sheet, open, `${close}\n`);
}

/**
 * A JSON document of several tables (Workbook.jsonTables) written back: its members in order,
 * one per line, each table's the array of its sheet's records (as writeJsonChunks writes them).
 */
export function* writeJsonTablesChunks(
  members: readonly JsonWrapperMember[],
  sheets: readonly Sheet[],
): Generator<string, void, undefined> {
  let table = 0;
  let before = '{';
  for (const member of members) {
    before += `\n${JSON.stringify(member.key)}:`;
    const sheet = member.text === null ? sheets[table++] : undefined;
    if (sheet) {
      yield* recordArrayChunks(sheet, before, '');
      before = ',';
    } else {
      before += `${member.text ?? '[]'},`;
    }
  }
  yield `${before.endsWith(',') ? before.slice(0, -1) : before}\n}\n`;
}

/**
 * A sheet written back in the shape its JSON document had (Sheet.jsonShape), compact as pandas
 * writes it, in chunks (see writeJsonChunks). A first column of index labels gives the keys
 * or the index, 0, 1, 2, … a default index.
 */
function* shapedChunks(sheet: Sheet, shape: JsonShape): Generator<string, void, undefined> {
  const { rows, columns } = sheet;
  if (shape.kind === 'object') {
    yield `${recordWriter(sheet)(0)}\n`;
    return;
  }
  const styles = columnStyles(sheet);
  const value = (row: number, column: number) =>
    jsonValue(rows[row]![column] ?? null, styles?.[column]);
  const labelled = 'index' in shape && shape.index === 'column';
  const first = labelled ? 1 : 0;
  const names = columns.slice(first).map((name) => JSON.stringify(name));
  /** A row's key: its label as text (JSON keys are strings), or its position. */
  const label = (row: number) => {
    const cell = labelled ? rows[row]![0] : null;
    return JSON.stringify(
      typeof cell === 'number' || typeof cell === 'string' ? String(cell) : String(row),
    );
  };
  let chunk = '';
  const rowArray = (row: number) => {
    let text = '[';
    for (let column = first; column < columns.length; column++) {
      text += (column > first ? ',' : '') + value(row, column);
    }
    return `${text}]`;
  };
  switch (shape.kind) {
    case 'values':
    case 'split': {
      if (shape.kind === 'split') {
        chunk = `{"columns":[${names.join(',')}],`;
        if (shape.index !== 'none') {
          const labels = rows.map((_, row) => (labelled ? value(row, 0) : String(row)));
          chunk += `"index":[${labels.join(',')}],`;
        }
        chunk += '"data":';
      }
      chunk += '[';
      for (let row = 0; row < rows.length; row++) {
        chunk += (row > 0 ? ',' : '') + rowArray(row);
        if (chunk.length > CHUNK_CHARS) {
          yield chunk;
          chunk = '';
        }
      }
      yield `${chunk}]${shape.kind === 'split' ? '}' : ''}\n`;
      return;
    }
    case 'index': {
      const record = recordWriter(sheet, first - 1);
      chunk = '{';
      for (let row = 0; row < rows.length; row++) {
        chunk += `${row > 0 ? ',' : ''}${label(row)}:${record(row)}`;
        if (chunk.length > CHUNK_CHARS) {
          yield chunk;
          chunk = '';
        }
      }
      yield `${chunk}}\n`;
      return;
    }
    case 'columnar':
    case 'columns': {
      chunk = '{';
      for (let column = first; column < columns.length; column++) {
        chunk += `${column > first ? ',' : ''}${names[column - first]!}:${shape.kind === 'columnar' ? '[' : '{'}`;
        for (let row = 0; row < rows.length; row++) {
          const key = shape.kind === 'columnar' ? '' : `${label(row)}:`;
          chunk += `${row > 0 ? ',' : ''}${key}${value(row, column)}`;
          if (chunk.length > CHUNK_CHARS) {
            yield chunk;
            chunk = '';
          }
        }
        chunk += shape.kind === 'columnar' ? ']' : '}';
      }
      yield `${chunk}}\n`;
      return;
    }
  }
}

/**
 * A sheet's rows as JSON objects, row by row, under its key tree less the columns `without`
 * leaves out (a first column of index labels); keys, JSON-text columns and lacking keys are
 * looked up once per sheet.
 */
function recordWriter(sheet: Sheet, without = -1): (index: number) => string {
  const keys = outputKeys(sheet).filter((entry) => entry.column === null || entry.column > without);
  addPrefixes(keys);
  const styles = columnStyles(sheet);
  const absentKeys =
    sheet.absentKeys?.length === sheet.columns.length ? sheet.absentKeys : undefined;
  return (index) => {
    const row = sheet.rows[index] as Cell[];
    return absentKeys && absentKeys.some((absent) => absent?.[index] === 1)
      ? (sparseObjectText(keys, row, index, styles, absentKeys) ?? '{}')
      : objectText(keys, row, styles);
  };
}

/** The records' array of a sheet, `before` and `after` it, in chunks (see writeJsonChunks). */
function* recordArrayChunks(
  sheet: Sheet,
  before: string,
  after: string,
): Generator<string, void, undefined> {
  const record = recordWriter(sheet);
  const { rows } = sheet;
  let chunk = `${before}[`;
  for (let index = 0; index < rows.length; index++) {
    chunk += (index === 0 ? '\n' : ',\n') + record(index);
    if (chunk.length > CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
  }
  yield chunk + (rows.length > 0 ? '\n]' : ']') + after;
}
