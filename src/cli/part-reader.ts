import { RecordEnds, type DelimitedLayout } from '../engine';

/**
 * The size a part reaches before it is cut, by default (`--part-mb`): it ends with the first
 * record that ends at or past this many bytes. Each worker holds about ten times its part while it runs the engine, so two
 * workers with two parts each in flight stay within a few hundred MB, while a part is large
 * enough that its fixed costs (a keyed generator, the plan) weigh little.
 */
export const PART_BYTES = 16 * 1024 ** 2;

/** Whole records of a file, and the line of the file where they start. */
export interface Part {
  records: Uint8Array;
  firstLine: number;
  /** The part's bytes in the file, the head's included for the first. */
  bytes: number;
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
  readonly #layout: DelimitedLayout;
  readonly #rest: AsyncIterator<Uint8Array>;
  readonly #onBytes: (read: number) => void;
  readonly #partBytes: number;
  /** Scans the pending bytes, continuing from one part into the next. */
  readonly #ends: RecordEnds;
  #pieces: Uint8Array[] = [];
  #pendingBytes = 0;
  /** How far into the pending bytes #ends has scanned. */
  #scanned = 0;
  #ended = false;
  /** Line breaks in the bytes taken so far, the head's included. */
  #lines = 0;
  #headBytes = 0;
  head: Uint8Array | null = null;
  bytesRead = 0;
  parts = 0;

  constructor(
    layout: DelimitedLayout,
    start: Uint8Array,
    rest: AsyncIterable<Uint8Array>,
    { partBytes = PART_BYTES, onBytes = () => {} }: PartOptions = {},
  ) {
    this.#partBytes = Math.max(1, Math.round(partBytes));
    this.#layout = layout;
    this.#ends = new RecordEnds(layout);
    this.#rest = rest[Symbol.asyncIterator]();
    this.#onBytes = onBytes;
    this.#add(start);
  }

  /** Whether the source has no bytes left to read (parts may still be pending). */
  get ended(): boolean {
    return this.#ended;
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

  #pending(): Uint8Array {
    if (this.#pieces.length > 1) this.#pieces = [Buffer.concat(this.#pieces)];
    return this.#pieces[0] ?? new Uint8Array(0);
  }

  #keep(from: number): void {
    const rest = this.#pending().subarray(from);
    this.#pieces = rest.length > 0 ? [rest] : [];
    this.#pendingBytes = rest.length;
    this.#scanned = 0;
  }

  /** Takes the head off the pending bytes once its records are in. */
  #takeHead(): void {
    const pending = this.#pending();
    const header = new RecordEnds(this.#layout);
    let end = header.next(pending, 0);
    if (end >= 0 && startsWithSepLine(pending)) end = header.next(pending, end);
    if (end < 0) {
      if (!this.#ended || pending.length === 0) return;
      end = pending.length;
    }
    this.head = copy(pending.subarray(0, end));
    this.#headBytes = end;
    this.#lines = countLines(this.head, this.#layout.lineBreak);
    this.#keep(end);
  }

  #takePart(): Part | null {
    let end = -1;
    const size = this.#partBytes;
    if (this.#pendingBytes >= size) {
      const pending = this.#pending();
      if (this.#scanned < size) this.#ends.scan(pending, this.#scanned, size);
      end = this.#ends.next(pending, Math.max(this.#scanned, size));
      this.#scanned = end < 0 ? pending.length : end;
    }
    if (end < 0) {
      if (!this.#ended || this.#pendingBytes === 0) return null;
      end = this.#pendingBytes;
    }
    // A buffer of its own: it is handed over to a worker thread.
    const records = copy(this.#pending().subarray(0, end));
    this.#keep(end);
    const firstLine = this.#lines + 1;
    this.#lines += countLines(records, this.#layout.lineBreak);
    const headBytes = this.parts++ === 0 ? this.#headBytes : 0;
    return { records, firstLine, bytes: records.length + headBytes };
  }
}

/** A copy in an ArrayBuffer of its own (Buffer's slice would share, and may be of Node's pool). */
function copy(bytes: Uint8Array): Uint8Array {
  return new Uint8Array(bytes);
}

const UTF8_BOM = [0xef, 0xbb, 0xbf];

function startsWithSepLine(bytes: Uint8Array): boolean {
  const start = UTF8_BOM.every((byte, index) => bytes[index] === byte) ? 3 : 0;
  return new TextDecoder().decode(bytes.subarray(start, start + 4)) === 'sep=';
}

function countLines(bytes: Uint8Array, lineBreak: number): number {
  let lines = 0;
  for (let at = bytes.indexOf(lineBreak); at >= 0; at = bytes.indexOf(lineBreak, at + 1)) lines++;
  return lines;
}
