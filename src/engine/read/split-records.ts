/**
 * The records of delimited text in one pass, for well-formed files: what Papa Parse returns for
 * them once their line breaks are made uniform, without that extra pass over the text and without
 * Papa Parse's per-field overhead. A file with anything else (a quote left open, text after a
 * closing quote) gets null, and the reader takes the general path, which reports the error.
 */

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;
/** How many values of a column are read before judging whether they repeat enough to pool. */
const POOL_SAMPLE = 4096;
/**
 * How many strings all pools may hold before pooling stops for good when most values read were
 * new: a wide table of a few rows never reaches POOL_SAMPLE in any column, and would otherwise
 * keep a map entry per cell.
 */
const POOL_BUDGET = 1 << 16;

/**
 * One string per distinct value of each column, while the column's values repeat: a table of
 * millions of cells often holds a few thousand names, cities or dates, and each cell read is a
 * new string (a slice of the text, or a copy) that stays alive with the table. Handing out the
 * first string read for a value lets the repeats die young, which halves what the garbage
 * collector copies and what the table keeps, and a later Map lookup of the value finds its hash
 * already computed. A column whose values mostly differ (ids, emails) stops being pooled at its
 * first sample, as its map would cost more than it saves.
 */
export class ValuePools {
  private readonly pools: (Map<string, string> | null | undefined)[] = [];
  private readonly read: number[] = [];
  private entries = 0;
  private reads = 0;
  private off = false;

  /** The pooled string equal to `value` in column `column`, or `value` itself. */
  pooled(column: number, value: string): string {
    if (this.off || value === '') return value;
    let pool = this.pools[column];
    if (pool === null) return value;
    if (pool === undefined) {
      pool = new Map();
      this.pools[column] = pool;
      this.read[column] = 0;
    }
    const read = (this.read[column] ?? 0) + 1;
    this.read[column] = read;
    this.reads++;
    const known = pool.get(value);
    if (known !== undefined) return known;
    pool.set(value, value);
    if (read >= POOL_SAMPLE && pool.size * 2 > read) {
      this.pools[column] = null;
      this.entries -= pool.size - 1;
    } else if (++this.entries > POOL_BUDGET && this.entries * 2 > this.reads) {
      this.off = true;
      this.pools.length = 0;
    }
    return value;
  }
}

import type { QuoteTally } from './quote-tally';

/** Where splitRecords stopped at a quoted field left open: the start of its record, or -1. */
export interface OpenRecord {
  start: number;
}

/**
 * Records of `text` split by `delimiter` per RFC 4180: any line break outside quotes (CRLF, LF or
 * CR) ends a record, a field that starts with a quote runs to the quote that closes it (`""`
 * inside is a quote) and must end there, a quote elsewhere is text. A text ending with a line
 * break ends with one empty record, as Papa Parse gives it. Each record is an array of exactly its
 * fields. Null when a quoted field is not closed, or is closed by a quote that a delimiter or line
 * break does not follow right away (Papa Parse accepts spaces there or reports an error; the
 * caller leaves such files to it). `quotes` tallies how each column's fields were quoted.
 * @example splitRecords('a,"b,c"\r\n1,2', ',') // [['a', 'b,c'], ['1', '2']]
 */
export function splitRecords(
  text: string,
  delimiter: string,
  pools = new ValuePools(),
  open?: OpenRecord,
  quotes?: QuoteTally,
): string[][] | null {
  const length = text.length;
  const delimiterCode = delimiter.charCodeAt(0);
  const records: string[][] = [];
  // Fields of the record being read, copied out at its end so each record is an array of
  // exactly its length (an array grown by push keeps room for ~40% more).
  const fields: string[] = [];
  let count = 0;
  let position = 0;
  let recordStart = 0;
  if (open) open.start = -1;
  // Where the next delimiter, LF and CR stand (-1: none left), found again once passed.
  let nextDelimiter = text.indexOf(delimiter);
  let nextLf = text.indexOf('\n');
  let nextCr = text.indexOf('\r');
  for (;;) {
    if (text.charCodeAt(position) === QUOTE) {
      let close = position;
      let doubled = false;
      for (;;) {
        close = text.indexOf('"', close + 1);
        if (close < 0) {
          if (open) open.start = recordStart;
          return null;
        }
        if (text.charCodeAt(close + 1) !== QUOTE) break;
        close++;
        doubled = true;
      }
      const value = text.slice(position + 1, close);
      fields[count] = pools.pooled(count, doubled ? value.replaceAll('""', '"') : value);
      quotes?.quoted(count, records.length, value);
      count++;
      const after = close + 1;
      if (after === length) {
        records.push(fields.slice(0, count));
        return records;
      }
      const code = text.charCodeAt(after);
      if (code === delimiterCode) {
        position = after + 1;
      } else if (code === LF || code === CR) {
        records.push(fields.slice(0, count));
        count = 0;
        position = after + (code === CR && text.charCodeAt(after + 1) === LF ? 2 : 1);
        recordStart = position;
      } else {
        return null;
      }
      continue;
    }
    if (nextDelimiter >= 0 && nextDelimiter < position) {
      nextDelimiter = text.indexOf(delimiter, position);
    }
    if (nextLf >= 0 && nextLf < position) nextLf = text.indexOf('\n', position);
    if (nextCr >= 0 && nextCr < position) nextCr = text.indexOf('\r', position);
    const nextBreak = nextCr < 0 || (nextLf >= 0 && nextLf < nextCr) ? nextLf : nextCr;
    if (nextDelimiter >= 0 && (nextBreak < 0 || nextDelimiter < nextBreak)) {
      fields[count] = pools.pooled(count, text.slice(position, nextDelimiter));
      quotes?.bare(count, records.length, fields[count]!);
      count++;
      position = nextDelimiter + 1;
      continue;
    }
    if (nextBreak < 0) {
      fields[count] = pools.pooled(count, text.slice(position));
      quotes?.bare(count, records.length, fields[count]!);
      count++;
      if (count === 1 && fields[0] === '') quotes?.blankLine();
      records.push(fields.slice(0, count));
      return records;
    }
    fields[count] = pools.pooled(count, text.slice(position, nextBreak));
    quotes?.bare(count, records.length, fields[count]!);
    count++;
    if (count === 1 && fields[0] === '') quotes?.blankLine();
    records.push(fields.slice(0, count));
    count = 0;
    position = nextBreak + (nextBreak === nextCr && text.charCodeAt(nextBreak + 1) === LF ? 2 : 1);
    recordStart = position;
  }
}

/** Bytes decoded at a time by splitUtf8Records; a block grows when a quoted field runs past it. */
const BLOCK_BYTES = 256 * 1024;
/** The shortest run of lines without a character above U+00FF that is decoded on its own. */
const MIN_NARROW_RUN = 1024;
const LINE_FEED = 0x0a;
/** UTF-8 lead bytes from 0xC4 start a character above U+00FF; 0xC2 and 0xC3 start Latin-1. */
const WIDE_LEAD = 0xc4;

/**
 * Where the first UTF-8 lead byte of a character above U+00FF stands in `bytes` from `from` up to
 * `to`, or -1: such a character makes V8 keep a string decoded from them at two bytes per
 * character. Read four bytes at a time where it can, as most are ASCII: 50 MB in about 15 ms once
 * compiled and in the CPU's caches. In a run it is the first pass over bytes just read, about
 * 90 ms for 50 MB, most of which the decoder that follows then saves (decoding the same bytes
 * cold takes 75 ms longer).
 * @example firstWideLead(new TextEncoder().encode('Zoë Łukasz')) // 5 (ë is Latin-1)
 */
export function firstWideLead(bytes: Uint8Array, from = 0, to = bytes.length): number {
  const wideIn = (start: number, end: number): number => {
    for (let index = start; index < end; index++) {
      if ((bytes[index] as number) >= WIDE_LEAD) return index;
    }
    return -1;
  };
  // Bytes before the first whole word of the buffer, checked one at a time like the last ones.
  const aligned = Math.min(to, from + ((4 - ((bytes.byteOffset + from) & 3)) & 3));
  const wordCount = (to - aligned) >> 2;
  const head = wideIn(from, aligned);
  if (head >= 0 || wordCount === 0) return head >= 0 ? head : wideIn(aligned, to);
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset + aligned, wordCount);
  for (let word = 0; word < wordCount; word++) {
    // Only a word with a byte from 0x80 up may hold a lead byte.
    if (((words[word] as number) & 0x80808080) === 0) continue;
    const at = wideIn(aligned + word * 4, aligned + word * 4 + 4);
    if (at >= 0) return at;
  }
  return wideIn(aligned + wordCount * 4, to);
}

/**
 * Thrown by splitUtf8Records at bytes that are not UTF-8: a caller that did not check them all
 * first reads the file another way.
 */
export class NotUtf8Error extends Error {}

/** The index after the first line feed at or after `from`, or the end of the bytes. */
function lineEnd(bytes: Uint8Array, from: number): number {
  const lf = from >= bytes.length ? -1 : bytes.indexOf(LINE_FEED, from);
  return lf < 0 ? bytes.length : lf + 1;
}

/**
 * Where the block starting at `from` (a line start) ends, after a line feed: before the first
 * line holding a character above U+00FF when at least MIN_NARROW_RUN bytes of lines come first
 * (a block that decodes to one byte per character), or else after the last line holding one
 * before such a run (a block of two bytes per character, as short as the text allows).
 */
function blockEnd(bytes: Uint8Array, from: number): number {
  const limit = Math.min(bytes.length, from + BLOCK_BYTES);
  const found = firstWideLead(bytes, from, limit);
  const wide = found < 0 ? limit : found;
  if (wide === limit) {
    // Cut before the limit, so a wide character on the line across it starts the next block.
    const lastLineStart = bytes.lastIndexOf(LINE_FEED, limit - 1) + 1;
    return limit < bytes.length && lastLineStart > from ? lastLineStart : lineEnd(bytes, limit);
  }
  const lineStart = bytes.lastIndexOf(LINE_FEED, wide) + 1;
  if (lineStart - from >= MIN_NARROW_RUN) return lineStart;
  let lastWide = wide;
  for (let index = wide + 1; index < limit && index - lastWide < MIN_NARROW_RUN; index++) {
    if ((bytes[index] as number) >= WIDE_LEAD) lastWide = index;
  }
  return lineEnd(bytes, lastWide);
}

/**
 * splitRecords on UTF-8 bytes decoded a block at a time, each block cut after a line feed (0x0A
 * is never part of a multi-byte character). A decoded string holds one byte per character when
 * every character is Latin-1, two otherwise, and each cell is a slice of it that keeps it alive:
 * a few "€", "’" or "Ł" in a file decoded whole double the text the table keeps, and every
 * short cell copied from it too. Cut around the lines that hold such characters (see blockEnd),
 * most of the text decodes to one byte per character. A cut inside a quoted field leaves that
 * field open at the end of its block (splitRecords gives null): the block then ends before the
 * field's record, or takes more lines when that record is its first.
 * `start` skips a byte-order mark or a "sep=" line. Null where splitRecords gives null; throws
 * NotUtf8Error at bytes that are not UTF-8; `quotes` as splitRecords takes it.
 * @example splitUtf8Records(new TextEncoder().encode('a,b\n€,"x\ny"\n'), 0, ',') // [['a', 'b'], ['€', 'x\ny'], ['']]
 */
export function splitUtf8Records(
  bytes: Uint8Array,
  start: number,
  delimiter: string,
  quotes?: QuoteTally,
): string[][] | null {
  // A mark at a block's start is a character of the text (see utf8TextStart), not one to drop.
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  const decode = (from: number, to: number): string => {
    try {
      return decoder.decode(bytes.subarray(from, to));
    } catch {
      throw new NotUtf8Error();
    }
  };
  const encoder = new TextEncoder();
  const pools = new ValuePools();
  const open: OpenRecord = { start: -1 };
  const records: string[][] = [];
  let from = start;
  for (;;) {
    let to = blockEnd(bytes, from);
    let text = decode(from, to);
    if (quotes) quotes.recordBase = records.length;
    let block = splitRecords(text, delimiter, pools, open, quotes);
    for (let grow = 256; block === null; grow *= 2) {
      if (open.start > 0) {
        // A quoted field runs past the cut: end the block before its record instead.
        to = from + encoder.encode(text.slice(0, open.start)).length;
      } else if (to < bytes.length) {
        // The field's record is the block's first: take more lines.
        to = lineEnd(bytes, to + grow);
      } else {
        return null;
      }
      text = decode(from, to);
      block = splitRecords(text, delimiter, pools, open, quotes);
    }
    if (to === bytes.length) {
      for (const record of block) records.push(record);
      return records;
    }
    // The block ends with a line break, which leaves one empty record behind.
    for (let index = 0; index < block.length - 1; index++) records.push(block[index] as string[]);
    from = to;
  }
}
