import { decodeText } from './decode-text';
import { delimitedLayoutOfText, preferredDelimiter } from './read-delimited';

/*
 * Delimited text cut into parts of whole records, from its bytes as they arrive: how a file too
 * large to read whole is read a part at a time (the command line's streaming run). UTF-8 and
 * Windows-1252 keep quotes, delimiters and line breaks as single ASCII bytes that no other
 * character's bytes contain, so records are found in the bytes without decoding them.
 */

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;
/** `at`, or `to` when it is -1 or past `to` (indexOf found nothing before `to`). */
function bounded(at: number, to: number): number {
  return at < 0 || at > to ? to : at;
}

/** How many `byte`s stand in bytes[from, to). */
function countBetween(bytes: Uint8Array, byte: number, from: number, to: number): number {
  let count = 0;
  for (let at = bytes.indexOf(byte, from); at >= 0 && at < to; at = bytes.indexOf(byte, at + 1)) {
    count++;
  }
  return count;
}

const UTF16_BOMS = [
  [0xff, 0xfe],
  [0xfe, 0xff],
];

/** How the records of a delimited text are separated, as its start shows. */
export interface DelimitedLayout {
  delimiter: ',' | ';' | '\t' | '|';
  /** The byte that ends a line: LF for LF and CRLF text, CR for old Mac text. */
  lineBreak: number;
}

/**
 * The delimiter and line break of delimited text from its first bytes (cut after a line break,
 * so no character is split), as readWorkbook sniffs them; null for bytes that are not UTF-8 or
 * Windows-1252 delimited text (JSON, a workbook, UTF-16).
 * @example delimitedLayoutOf(new TextEncoder().encode('a;b\n1;2\n'), 'data.csv') // { delimiter: ';', lineBreak: 10 }
 */
export function delimitedLayoutOf(start: Uint8Array, fileName: string): DelimitedLayout | null {
  if (UTF16_BOMS.some(([a, b]) => start[0] === a && start[1] === b)) return null;
  if (start.includes(0)) return null;
  const { text } = decodeText(start);
  const trimmed = text.trimStart();
  if (trimmed === '' || trimmed.startsWith('{') || trimmed.startsWith('[')) return null;
  if (trimmed.startsWith('<')) return null;
  const { delimiter, newline } = delimitedLayoutOfText(text, preferredDelimiter(fileName));
  return { delimiter, lineBreak: newline === '\r' ? CR : LF };
}

/**
 * Finds where records end in delimited bytes fed a piece at a time, by the rules splitRecords
 * reads them with (RFC 4180): a quote opens a quoted field only at the start of a field, `""`
 * inside is a quote, and a line break outside quotes ends the record. Counts line breaks
 * (quoted ones too, as an editor numbers lines), so a part's lines can be named as the file's.
 */
export class RecordEnds {
  readonly #delimiter: number;
  readonly #lineBreak: number;
  #inQuotes = false;
  /** Inside quotes, a quote was the last byte: the next one tells `""` from a closing quote. */
  #quoteSeen = false;
  #fieldStart = true;
  /** Line breaks in the bytes scanned so far. */
  lines = 0;

  constructor(layout: DelimitedLayout) {
    this.#delimiter = layout.delimiter.charCodeAt(0);
    this.#lineBreak = layout.lineBreak;
  }

  /**
   * Scans `bytes` from `from` to `to`, continuing from where the last call stopped, and returns
   * the offset just past the last record end among them, or -1 when none ends there.
   * @example new RecordEnds({ delimiter: ',', lineBreak: 10 }).scan(bytes('a,"x\ny"\nb'), 0) // 8
   */
  scan(bytes: Uint8Array, from: number, to = bytes.length): number {
    return this.#scan(bytes, from, to, false);
  }

  /**
   * Scans `bytes` from `from` up to the first record end, and returns the offset just past it,
   * or -1 when no record ends there (then every byte was scanned).
   */
  next(bytes: Uint8Array, from: number): number {
    return this.#scan(bytes, from, bytes.length, true);
  }

  /*
   * Jumps from quote to quote and line break to line break with indexOf (the bytes between them
   * are field text), so a gigabyte is scanned at memory speed rather than a byte at a time.
   */
  #scan(bytes: Uint8Array, from: number, to: number, first: boolean): number {
    const lineBreak = this.#lineBreak;
    let lastEnd = -1;
    let index = from;
    while (index < to) {
      if (this.#inQuotes) {
        if (this.#quoteSeen) {
          this.#quoteSeen = false;
          // `""` is a quote inside the field; any other byte follows a closing quote.
          if (bytes[index] === QUOTE) {
            index++;
            continue;
          }
          this.#inQuotes = false;
          this.#fieldStart = false;
          continue;
        }
        const quote = bounded(bytes.indexOf(QUOTE, index), to);
        this.lines += countBetween(bytes, lineBreak, index, quote);
        if (quote === to) break;
        this.#quoteSeen = true;
        index = quote + 1;
        continue;
      }
      const quote = bounded(bytes.indexOf(QUOTE, index), to);
      const end = bounded(bytes.indexOf(lineBreak, index), to);
      if (end < quote) {
        this.lines++;
        this.#fieldStart = true;
        lastEnd = end + 1;
        index = end + 1;
        if (first) break;
        continue;
      }
      if (quote === to) {
        if (to > index) this.#fieldStart = this.#startsField(bytes[to - 1]!);
        break;
      }
      // A quote opens a quoted field only where a field starts; elsewhere it is text.
      const opens = quote === index ? this.#fieldStart : this.#startsField(bytes[quote - 1]!);
      this.#inQuotes = opens;
      this.#fieldStart = false;
      index = quote + 1;
    }
    return lastEnd;
  }

  /** Whether a field starts after this byte: a delimiter, or any line break the reader ends a record at. */
  #startsField(byte: number): boolean {
    return byte === this.#delimiter || byte === CR || byte === LF;
  }
}
