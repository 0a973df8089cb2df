import { EngineError } from '../errors';
import { ValuePools } from './split-records';

/** A JSON object as its keys and values in source order (no prototype, no key reordering). */
export interface JsonObject {
  readonly keys: string[];
  readonly values: JsonValue[];
}
/**
 * A number as its source text, where a double would change it: more digits than a double holds
 * (ids like 16142028098527942586), a magnitude past a double (1e400), and the NaN, Infinity and
 * -Infinity that Python's json.dump writes.
 */
export class JsonNumberText {
  constructor(readonly text: string) {}
}

export type JsonValue =
  string | number | boolean | null | JsonNumberText | JsonValue[] | JsonObject;

export function isJsonObject(value: JsonValue): value is JsonObject {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    !(value instanceof JsonNumberText)
  );
}

const MAX_DEPTH = 512;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPES: Record<string, string> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

/** Significant digits and decimal exponent of a number literal, e.g. '12.50' → '125e2'. */
function significantDigits(literal: string): string | null {
  const match = /^-?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(literal);
  if (!match) return null;
  const whole = match[1] ?? '';
  let digits = whole + (match[2] ?? '');
  let exponent = Number(match[3] ?? 0) + whole.length;
  let start = 0;
  while (start < digits.length && digits[start] === '0') start++;
  exponent -= start;
  digits = digits.slice(start).replace(/0+$/, '');
  return digits === '' ? '0' : `${digits}e${exponent}`;
}

/**
 * A JSON number literal as a number, or as its source text when a double cannot hold its digits
 * or its size (ids like 12345678901234567890, 1e400 would silently change otherwise).
 */
function numberValue(literal: string): number | JsonNumberText {
  const value = Number(literal);
  if (!Number.isFinite(value)) return new JsonNumberText(literal);
  // 15 significant digits always survive a double; only longer literals need the check.
  if (literal.length <= 15) return value;
  const source = significantDigits(literal);
  return source !== null && source === significantDigits(String(value))
    ? value
    : new JsonNumberText(literal);
}

const NAN = new JsonNumberText('NaN');
const INFINITY = new JsonNumberText('Infinity');
const MINUS_INFINITY = new JsonNumberText('-Infinity');

/** How many distinct keys get a pool of their string values; more are a map's keys, not columns. */
const MAX_POOLED_KEYS = 4096;

class JsonParser {
  private position = 0;
  private nextBackslash = -1;
  /**
   * A file of records repeats its keys in every object, and often its values: one string per
   * distinct key, one keys array for consecutive objects with the same keys, and the string
   * values of each key pooled (see ValuePools) keep the parse tree of a large file a fraction
   * of its size, and let the garbage collector skip the repeats.
   */
  private readonly keyIndex = new Map<string, number>();
  private readonly pooledKeys: string[] = [];
  private readonly values = new ValuePools();
  private lastKeys: string[] = [];

  constructor(private readonly text: string) {}

  parseDocument(): JsonValue {
    const value = this.parseValue(0);
    this.skipWhitespace();
    if (this.position < this.text.length) this.fail();
    return value;
  }

  private fail(): never {
    const before = this.text.slice(0, this.position);
    const line = before.split('\n').length;
    const column = this.position - before.lastIndexOf('\n');
    throw new EngineError(
      'INVALID_FILE',
      `This file is not valid JSON (error on line ${line}, column ${column}).`,
    );
  }

  private skipWhitespace(): void {
    const text = this.text;
    let position = this.position;
    for (;;) {
      const code = text.charCodeAt(position);
      if (code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09) position++;
      else break;
    }
    this.position = position;
  }

  private parseValue(depth: number): JsonValue {
    if (depth > MAX_DEPTH) {
      throw new EngineError('INVALID_FILE', `This JSON file nests more than ${MAX_DEPTH} levels.`);
    }
    this.skipWhitespace();
    const text = this.text;
    const char = text[this.position];
    switch (char) {
      case '{':
        return this.parseObject(depth);
      case '[':
        return this.parseArray(depth);
      case '"':
        return this.parseString();
      case 't':
        return this.parseLiteral('true', true);
      case 'f':
        return this.parseLiteral('false', false);
      case 'n':
        return this.parseLiteral('null', null);
      // Python's json.dump writes NaN, Infinity and -Infinity for the floats JSON lacks.
      case 'N':
        return this.parseLiteral('NaN', NAN);
      case 'I':
        return this.parseLiteral('Infinity', INFINITY);
      case '-':
        if (text[this.position + 1] === 'I') return this.parseLiteral('-Infinity', MINUS_INFINITY);
        return this.parseNumber();
      default:
        return this.parseNumber();
    }
  }

  private parseNumber(): number | JsonNumberText {
    NUMBER.lastIndex = this.position;
    const match = NUMBER.exec(this.text);
    if (!match) this.fail();
    this.position += match[0].length;
    return numberValue(match[0]);
  }

  private parseLiteral<T>(word: string, value: T): T {
    if (!this.text.startsWith(word, this.position)) this.fail();
    this.position += word.length;
    return value;
  }

  private parseString(): string {
    const text = this.text;
    const start = this.position + 1;
    const end = text.indexOf('"', start);
    if (end < 0) this.fail();
    // The next backslash is remembered across strings, so the text is searched for it only
    // once overall (searching from every string to a far backslash was quadratic).
    if (this.nextBackslash < start) {
      const found = text.indexOf('\\', start);
      this.nextBackslash = found < 0 ? Infinity : found;
    }
    if (this.nextBackslash > end) {
      this.position = end + 1;
      return text.slice(start, end);
    }
    let result = '';
    let position = start;
    for (;;) {
      const quote = text.indexOf('"', position);
      const escape = text.indexOf('\\', position);
      if (quote < 0) this.fail();
      if (escape < 0 || quote < escape) {
        this.position = quote + 1;
        return result + text.slice(position, quote);
      }
      result += text.slice(position, escape);
      const kind = text[escape + 1] ?? '';
      if (kind === 'u') {
        const hex = text.slice(escape + 2, escape + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) {
          this.position = escape;
          this.fail();
        }
        result += String.fromCharCode(parseInt(hex, 16));
        position = escape + 6;
      } else {
        const replacement = ESCAPES[kind];
        if (replacement === undefined) {
          this.position = escape;
          this.fail();
        }
        result += replacement;
        position = escape + 2;
      }
    }
  }

  private parseArray(depth: number): JsonValue[] {
    const items: JsonValue[] = [];
    this.position++;
    this.skipWhitespace();
    if (this.text[this.position] === ']') {
      this.position++;
      return items;
    }
    for (;;) {
      items.push(this.parseValue(depth + 1));
      this.skipWhitespace();
      const char = this.text[this.position++];
      if (char === ']') return items;
      if (char !== ',') {
        this.position--;
        this.fail();
      }
    }
  }

  private parseObject(depth: number): JsonObject {
    const keys: string[] = [];
    const values: JsonValue[] = [];
    this.position++;
    this.skipWhitespace();
    if (this.text[this.position] === '}') {
      this.position++;
      return { keys, values };
    }
    for (;;) {
      this.skipWhitespace();
      if (this.text[this.position] !== '"') this.fail();
      const read = this.parseString();
      const index = this.keyIndex.get(read);
      const key = index === undefined ? read : (this.pooledKeys[index] as string);
      if (index === undefined && this.keyIndex.size < MAX_POOLED_KEYS) {
        this.keyIndex.set(key, this.pooledKeys.length);
        this.pooledKeys.push(key);
      }
      this.skipWhitespace();
      if (this.text[this.position++] !== ':') {
        this.position--;
        this.fail();
      }
      const value = this.parseValue(depth + 1);
      // A repeated key is kept twice; the table reader lets the last value win, as JSON.parse does.
      keys.push(key);
      values.push(
        typeof value === 'string' && index !== undefined ? this.values.pooled(index, value) : value,
      );
      this.skipWhitespace();
      const char = this.text[this.position++];
      if (char === '}') return { keys: this.sharedKeys(keys), values };
      if (char !== ',') {
        this.position--;
        this.fail();
      }
    }
  }

  /** The keys array of the previous object when it holds the same (pooled) keys, else `keys`. */
  private sharedKeys(keys: string[]): string[] {
    const last = this.lastKeys;
    if (last.length === keys.length) {
      let same = true;
      for (let index = 0; same && index < keys.length; index++) same = last[index] === keys[index];
      if (same) return last;
    }
    this.lastKeys = keys;
    return keys;
  }
}

/**
 * Parses JSON text keeping what JSON.parse loses: key order (integer-like keys such as "2024"
 * stay where they were written), `__proto__` as an ordinary key, and numbers a double cannot
 * hold (kept as their source text, JsonNumberText). Python's NaN, Infinity and -Infinity are
 * accepted, as JsonNumberText too. Throws INVALID_FILE naming the line.
 * @example parseJson('{"b":1,"2024":2}') // { keys: ['b', '2024'], values: [1, 2] }
 */
export function parseJson(text: string): JsonValue {
  return new JsonParser(text).parseDocument();
}
