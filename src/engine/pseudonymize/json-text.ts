/**
 * JSON text in a cell, an array or an object: a JSON file's nested arrays are kept as their text
 * (read-json.ts), and database exports write JSON columns. Its values are personal data as much
 * as any cell's, but its keys and layout are its structure, which a stand-in must keep.
 */

import type { JsonWrapperMember } from '../types';

const QUOTE = 0x22;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/** Where the next string or number starts: a quote, a minus sign or a digit. */
const VALUE_START = /["\-0-9]/g;
/** A JSON number: its sign, its digits (with any fraction) and its exponent. */
const NUMBER = /(-?)(\d+(?:\.\d+)?)([eE][+-]?\d+)?/y;

/**
 * The text with each string value and each number's digits replaced by `replace`, and its keys,
 * literals (true, false, null), punctuation and spacing kept; null when the text is no JSON
 * array or object. A number's sign and exponent stay, so `replace` must keep a digit run's
 * first digit non-zero for the result to stay JSON.
 * @example replaceJsonValues('{"sku":"AB-1","qty":2}', (value) => value.toLowerCase()) // '{"sku":"ab-1","qty":2}'
 */
export function replaceJsonValues(
  text: string,
  replace: (value: string, kind: 'string' | 'number') => string,
): string | null {
  if (!isJsonContainer(text)) return null;
  let out = '';
  let at = 0;
  VALUE_START.lastIndex = 0;
  for (let match = VALUE_START.exec(text); match; match = VALUE_START.exec(text)) {
    const start = match.index;
    out += text.slice(at, start);
    if (text.charCodeAt(start) === QUOTE) {
      const end = stringEnd(text, start);
      const raw = text.slice(start, end);
      out += isKey(text, end) ? raw : JSON.stringify(replaceText(JSON.parse(raw), replace));
      at = end;
    } else {
      NUMBER.lastIndex = start;
      const [literal, sign, digits, exponent = ''] = NUMBER.exec(text)!;
      out += sign + replace(digits!, 'number') + exponent;
      at = start + literal.length;
    }
    VALUE_START.lastIndex = at;
  }
  return out + text.slice(at);
}

function replaceText(
  value: unknown,
  replace: (value: string, kind: 'string' | 'number') => string,
): string {
  const text = value as string;
  return text === '' ? text : replace(text, 'string');
}

/**
 * Whether the text is a JSON array or object: cheap checks first, as most cells are neither.
 * @example isJsonContainer('[1,2]') // true; isJsonContainer('[draft]') // false
 */
export function isJsonContainer(text: string): boolean {
  const first = text.charCodeAt(0);
  const last = text.charCodeAt(text.length - 1);
  if (
    !(first === OPEN_BRACKET && last === CLOSE_BRACKET) &&
    !(first === OPEN_BRACE && last === CLOSE_BRACE)
  ) {
    return false;
  }
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** The index after the closing quote of the string that opens at `start`. */
function stringEnd(text: string, start: number): number {
  let at = start + 1;
  while (text.charCodeAt(at) !== QUOTE) at += text.charCodeAt(at) === 0x5c ? 2 : 1;
  return at + 1;
}

/** Whether the string that ends before `end` is an object's key: a colon follows it. */
function isKey(text: string, end: number): boolean {
  let at = end;
  while (at < text.length && /\s/.test(text[at]!)) at++;
  return text[at] === ':';
}

/**
 * Whether a wrapper member's JSON text is the Table Schema of the records beside it (pandas'
 * `to_json(orient='table')`, Frictionless data packages): an object whose `fields` are objects
 * each named after a key of the records. It describes the table (names, types, the primary
 * key), no person: replaced, the file would no longer read back as the table it describes.
 */
function isTableSchemaOf(text: string, recordKeys: ReadonlySet<string>): boolean {
  if (text.charCodeAt(0) !== 0x7b || !text.includes('"fields"')) return false;
  const { fields } = JSON.parse(text) as { fields?: unknown };
  return (
    Array.isArray(fields) &&
    fields.length > 0 &&
    fields.every((field: unknown) => {
      const name = (field as { name?: unknown } | null)?.name;
      return typeof name === 'string' && recordKeys.has(name);
    })
  );
}

/**
 * A JSON wrapper's members (Sheet.jsonWrapper) with each text value replaced by `replace`, in a
 * string member or inside an object or array; keys, numbers, booleans and nulls stay, and so
 * does the records' slot. A wrapper's counts and page numbers are no personal data; its texts
 * ('"generated_by": "ann@corp.com"', a next page's URL) may be. A member that is the records'
 * Table Schema (isTableSchemaOf; `recordKeys` are the records' top-level keys) stays whole.
 * @example replaceWrapperTexts([{ key: 'by', text: '"ann"' }, { key: 'data', text: null }], (value) => value.toUpperCase()) // [{ key: 'by', text: '"ANN"' }, …]
 */
export function replaceWrapperTexts(
  members: readonly JsonWrapperMember[],
  replace: (value: string) => string,
  recordKeys: ReadonlySet<string> = new Set(),
): JsonWrapperMember[] {
  const textOnly = (value: string, kind: 'string' | 'number') =>
    kind === 'string' ? replace(value) : value;
  return members.map(({ key, text }) => {
    if (text === null || isTableSchemaOf(text, recordKeys)) return { key, text };
    if (text.charCodeAt(0) === QUOTE) {
      const value = JSON.parse(text) as string;
      return { key, text: value === '' ? text : JSON.stringify(replace(value)) };
    }
    return { key, text: replaceJsonValues(text, textOnly) ?? text };
  });
}
