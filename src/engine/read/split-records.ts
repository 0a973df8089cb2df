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

  /** The pooled string equal to `value` in column `column`, or `value` itself. */
  pooled(column: number, value: string): string {
    let pool = this.pools[column];
    if (pool === null || value === '') return value;
    if (pool === undefined) {
      pool = new Map();
      this.pools[column] = pool;
      this.read[column] = 0;
    }
    const read = (this.read[column] ?? 0) + 1;
    this.read[column] = read;
    const known = pool.get(value);
    if (known !== undefined) return known;
    pool.set(value, value);
    if (read >= POOL_SAMPLE && pool.size * 2 > read) this.pools[column] = null;
    return value;
  }
}

/**
 * Records of `text` split by `delimiter` per RFC 4180: any line break outside quotes (CRLF, LF or
 * CR) ends a record, a field that starts with a quote runs to the quote that closes it (`""`
 * inside is a quote) and must end there, a quote elsewhere is text. A text ending with a line
 * break ends with one empty record, as Papa Parse gives it. Each record is an array of exactly its
 * fields. Null when a quoted field is not closed, or is closed by a quote that a delimiter or line
 * break does not follow right away (Papa Parse accepts spaces there or reports an error; the
 * caller leaves such files to it).
 * @example splitRecords('a,"b,c"\r\n1,2', ',') // [['a', 'b,c'], ['1', '2']]
 */
export function splitRecords(
  text: string,
  delimiter: string,
  pools = new ValuePools(),
): string[][] | null {
  const length = text.length;
  const delimiterCode = delimiter.charCodeAt(0);
  const records: string[][] = [];
  // Fields of the record being read, copied out at its end so each record is an array of
  // exactly its length (an array grown by push keeps room for ~40% more).
  const fields: string[] = [];
  let count = 0;
  let position = 0;
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
        if (close < 0) return null;
        if (text.charCodeAt(close + 1) !== QUOTE) break;
        close++;
        doubled = true;
      }
      const value = text.slice(position + 1, close);
      fields[count] = pools.pooled(count, doubled ? value.replaceAll('""', '"') : value);
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
      count++;
      position = nextDelimiter + 1;
      continue;
    }
    if (nextBreak < 0) {
      fields[count] = pools.pooled(count, text.slice(position));
      count++;
      records.push(fields.slice(0, count));
      return records;
    }
    fields[count] = pools.pooled(count, text.slice(position, nextBreak));
    count++;
    records.push(fields.slice(0, count));
    count = 0;
    position = nextBreak + (nextBreak === nextCr && text.charCodeAt(nextBreak + 1) === LF ? 2 : 1);
  }
}

/** Bytes decoded at a time by splitUtf8Records; a block grows when a quoted field runs past it. */
const BLOCK_BYTES = 256 * 1024;

/**
 * splitRecords on UTF-8 bytes decoded a block at a time, each block cut after a line feed (0x0A
 * is never part of a multi-byte character). A decoded string holds one byte per character when
 * every character is Latin-1, two otherwise, and each cell is a slice of it that keeps it alive:
 * a single "€" or "’" in a file decoded whole doubles the text the table keeps, and every short
 * cell copied from it too. Decoded block by block, only the blocks holding such a character
 * take two bytes per character. A cut inside a quoted field leaves that field open at the end
 * of its block (splitRecords gives null), and the block is taken larger. The bytes must be valid
 * UTF-8; `start` skips a byte-order mark or a "sep=" line. Null where splitRecords gives null.
 * @example splitUtf8Records(new TextEncoder().encode('a,b\n€,"x\ny"\n'), 0, ',') // [['a', 'b'], ['€', 'x\ny'], ['']]
 */
export function splitUtf8Records(
  bytes: Uint8Array,
  start: number,
  delimiter: string,
): string[][] | null {
  const decoder = new TextDecoder('utf-8');
  const pools = new ValuePools();
  const records: string[][] = [];
  let from = start;
  let size = BLOCK_BYTES;
  for (;;) {
    const lf = from + size >= bytes.length ? -1 : bytes.indexOf(0x0a, from + size);
    const to = lf < 0 ? bytes.length : lf + 1;
    const block = splitRecords(decoder.decode(bytes.subarray(from, to)), delimiter, pools);
    if (block === null) {
      if (to === bytes.length) return null;
      size *= 2;
      continue;
    }
    if (to === bytes.length) {
      for (const record of block) records.push(record);
      return records;
    }
    // The block ends with its line feed, which leaves one empty record behind.
    for (let index = 0; index < block.length - 1; index++) records.push(block[index] as string[]);
    from = to;
    size = BLOCK_BYTES;
  }
}
