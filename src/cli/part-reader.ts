import { RecordEnds, type DelimitedLayout } from '../engine';
import { headLength, lineBreaks } from './text-bytes';

/**
 * The size a part reaches before it is cut, by default (`--part-mb`): it ends with the first
 * record that ends at or past this many bytes. A worker's heap holds about twelve times its part
 * while the engine runs on it, besides each thread's 80 MB or so of code and Faker's data; on
 * the shared 250 MB file, 8 MB parts peaked about 150 MB lower than 16 MB parts, at the same
 * speed, and a part stays large enough that its fixed costs (the plan, a keyed generator) weigh
 * little.
 */
export const PART_BYTES = 8 * 1024 ** 2;

/** Whole records of a file, and the line of the file where they start. */
export interface Part {
  /** The file's head, then the part's records: a text the engine reads as a file of its own. */
  text: Uint8Array;
  /** The line of the file (1-based) where the part's records start. */
  firstLine: number;
  /** The part's bytes in the file, the head's included for the first. */
  size: number;
}

/**
 * How a streamed file's records end: delimited text's (RecordEnds, which knows quotes), or JSON
 * Lines', at each line feed (a JSON string holds no raw line break).
 */
export type StreamLayout = DelimitedLayout | 'jsonLines';

/** Finds record ends in bytes fed a piece at a time (RecordEnds, or LineEnds). */
interface Ends {
  scan(bytes: Uint8Array, from: number, to?: number): number;
  next(bytes: Uint8Array, from: number): number;
}

const LF = 0x0a;

/** JSON Lines' record ends: after each line feed. */
class LineEnds implements Ends {
  scan(bytes: Uint8Array, from: number, to = bytes.length): number {
    const at = bytes.lastIndexOf(LF, to - 1);
    return at >= from ? at + 1 : -1;
  }

  next(bytes: Uint8Array, from: number): number {
    const at = bytes.indexOf(LF, from);
    return at >= 0 ? at + 1 : -1;
  }
}

export interface PartOptions {
  /** The size a part reaches before it is cut (PART_BYTES by default). */
  partBytes?: number;
  /** Hears how many bytes are read so far. */
  onBytes?: (read: number) => void;
}

/**
 * Reads delimited text as it comes into parts of whole records (RecordEnds), the head (BOM,
 * "sep=" line, header) kept apart. A part ends at the first record end at or past its size
 * from its start, so a file is cut alike however its bytes arrive (a pipe's pieces vary).
 */
export class PartReader {
  readonly #layout: StreamLayout;
  readonly #rest: AsyncIterator<Uint8Array>;
  readonly #onBytes: (read: number) => void;
  readonly #partBytes: number;
  /** Scans the pending bytes, continuing from one part into the next. */
  readonly #ends: Ends;
  /** Bytes read and not yet in a part, as they came (never joined into one large buffer). */
  #pieces: Uint8Array[] = [];
  #pendingBytes = 0;
  /** How far #ends has scanned into the pending bytes: a piece, and an offset in it. */
  #scanPiece = 0;
  #scanOffset = 0;
  /** The pending bytes before #scanPiece. */
  #scanBase = 0;
  #ended = false;
  /** Line breaks in the bytes taken so far, the head's included. */
  #lines = 0;
  #headBytes = 0;
  head: Uint8Array | null = null;
  bytesRead = 0;
  parts = 0;

  constructor(
    layout: StreamLayout,
    start: Uint8Array,
    rest: AsyncIterable<Uint8Array>,
    { partBytes = PART_BYTES, onBytes = () => {} }: PartOptions = {},
  ) {
    this.#partBytes = Math.max(1, Math.round(partBytes));
    this.#layout = layout;
    this.#ends = layout === 'jsonLines' ? new LineEnds() : new RecordEnds(layout);
    // JSON Lines have no head: every line is a record.
    if (layout === 'jsonLines') this.head = new Uint8Array(0);
    this.#rest = rest[Symbol.asyncIterator]();
    this.#onBytes = onBytes;
    this.#add(start);
  }

  /** The next part, or null once the file is all read. */
  async next(): Promise<Part | null> {
    for (;;) {
      if (this.head === null) this.#takeHead();
      const part = this.head === null ? null : this.#takePart();
      if (part) return part;
      if (this.#ended) return null;
      const piece = await this.#rest.next();
      if (piece.done) this.#ended = true;
      else this.#add(piece.value);
    }
  }

  #add(piece: Uint8Array): void {
    if (piece.length === 0) return;
    this.#pieces.push(piece);
    this.#pendingBytes += piece.length;
    this.bytesRead += piece.length;
    this.#onBytes(this.bytesRead);
  }

  /**
   * The first `count` pending bytes, copied into a buffer of their own after `prefix`, and taken
   * off.
   */
  #take(count: number, prefix: Uint8Array = new Uint8Array(0)): Uint8Array {
    const taken = new Uint8Array(prefix.length + count);
    taken.set(prefix);
    let filled = prefix.length;
    while (filled < taken.length) {
      const piece = this.#pieces[0]!;
      const used = Math.min(piece.length, taken.length - filled);
      taken.set(piece.subarray(0, used), filled);
      filled += used;
      if (used === piece.length) this.#pieces.shift();
      else this.#pieces[0] = piece.subarray(used);
    }
    this.#pendingBytes -= count;
    this.#scanPiece = 0;
    this.#scanOffset = 0;
    this.#scanBase = 0;
    return taken;
  }

  /** Takes the head off the pending bytes once its records (a "sep=" line, the header) are in. */
  #takeHead(): void {
    if (this.#layout === 'jsonLines') return;
    // The head is short: joining the pieces it spans (most often just the first) costs nothing.
    let end = -1;
    for (let pieces = 1; end < 0 && pieces <= this.#pieces.length; pieces++) {
      end = headLength(Buffer.concat(this.#pieces.slice(0, pieces)), this.#layout);
    }
    if (end < 0) {
      if (!this.#ended || this.#pendingBytes === 0) return;
      end = this.#pendingBytes;
    }
    this.head = this.#take(end);
    this.#headBytes = end;
    this.#lines = lineBreaks(this.head);
  }

  /** The next part, when its last record is in (or the file ended). */
  #takePart(): Part | null {
    const size = this.#partBytes;
    let end = -1;
    if (this.#pendingBytes >= size) {
      while (end < 0 && this.#scanPiece < this.#pieces.length) {
        const piece = this.#pieces[this.#scanPiece]!;
        // Up to the part's size, only the quoting state matters; past it, the first record end.
        let from = this.#scanOffset;
        if (this.#scanBase + from < size) {
          const to = Math.min(piece.length, size - this.#scanBase);
          this.#ends.scan(piece, from, to);
          from = to;
        }
        const at = from < piece.length ? this.#ends.next(piece, from) : -1;
        if (at >= 0) {
          end = this.#scanBase + at;
        } else {
          this.#scanBase += piece.length;
          this.#scanPiece++;
          this.#scanOffset = 0;
        }
      }
    }
    if (end < 0) {
      if (!this.#ended || this.#pendingBytes === 0) return null;
      end = this.#pendingBytes;
    }
    // A buffer of its own, the head first: it is handed over to a worker thread, which reads it
    // as it is.
    const text = this.#take(end, this.head!);
    const firstLine = this.#lines + 1;
    this.#lines += lineBreaks(text.subarray(this.head!.length));
    const headBytes = this.parts++ === 0 ? this.#headBytes : 0;
    return { text, firstLine, size: end + headBytes };
  }
}
