import { closeSync, createReadStream, fstatSync, openSync, readSync } from 'node:fs';
import path from 'node:path';
import { inputError } from './exit-codes';
import { fileProblem } from './file-problem';

/** The file a command reads: its bytes and the names it goes by. */
export interface InputFile {
  /** Its size in bytes. */
  size: number;
  /**
   * Its bytes, given once: the holder lets go of them, so they can be freed as soon as the reader
   * is done with them instead of living through the whole run (50 MB less at the peak on the 50
   * MB bench file).
   */
  take(): Uint8Array;
  /**
   * The name the engine reads it under, as the server takes an upload's: the base name, whose
   * extension breaks ties of format sniffing and which names a csv, tsv or json's sheet.
   */
  name: string;
  /** How messages name it: the path as given, or "stdin". */
  label: string;
}

const CHUNK_BYTES = 4 * 1024 * 1024;

/**
 * Reads FILE in chunks, synchronously (the run that follows is synchronous, and the progress
 * bar is drawn as each chunk comes in). `onBytes` hears how many bytes are in, of how many.
 */
export function readInputFile(
  file: string,
  onBytes: (read: number, total: number | undefined) => void = () => {},
): InputFile {
  let descriptor: number | undefined;
  try {
    descriptor = openSync(file, 'r');
    const size = fstatSync(descriptor).size;
    const bytes = new Uint8Array(size);
    let read = 0;
    while (read < size) {
      const bytesRead = readSync(descriptor, bytes, read, Math.min(CHUNK_BYTES, size - read), read);
      if (bytesRead === 0) break;
      read += bytesRead;
      onBytes(read, size);
    }
    return inputFile(bytes.subarray(0, read), path.basename(file), file);
  } catch (error) {
    throw inputError(`cannot read ${file}: ${fileProblem(error)}`);
  } finally {
    if (descriptor !== undefined) closeSync(descriptor);
  }
}

/**
 * Reads standard input whole, named `stdin.<format>` when a format is given (so sniffing prefers
 * it), plain `stdin` otherwise (sniffed from the content alone).
 */
export async function readStdin(
  formatHint: string | undefined,
  onBytes: (read: number, total: number | undefined) => void = () => {},
): Promise<InputFile> {
  const chunks: Buffer[] = [];
  let read = 0;
  for await (const chunk of process.stdin) {
    const bytes = chunk as Buffer;
    chunks.push(bytes);
    read += bytes.length;
    onBytes(read, undefined);
  }
  const name = formatHint === undefined ? 'stdin' : `stdin.${formatHint}`;
  return inputFile(Buffer.concat(chunks), name, 'stdin');
}

/**
 * Gives the memory of bytes read back now, not at the garbage collector's next full collection:
 * a 50 MB file's bytes otherwise stay through the run's first phases, beside what a generation
 * thread holds then. Their buffer is handed over to a copy nobody keeps, which dies young; the
 * bytes read empty from then on. Only a buffer they fill alone (not a pooled Buffer's, which
 * others share).
 * @example const bytes = input.take(); const workbook = readWorkbook(bytes, input.name); freeNow(bytes)
 */
export function freeNow(bytes: Uint8Array): void {
  const { buffer } = bytes;
  if (buffer instanceof ArrayBuffer && buffer.byteLength === bytes.byteLength) {
    structuredClone(buffer, { transfer: [buffer] });
  }
}

function inputFile(bytes: Uint8Array, name: string, label: string): InputFile {
  let held: Uint8Array | undefined = bytes;
  return {
    size: bytes.length,
    name,
    label,
    take() {
      if (!held) throw new Error('the input was taken already');
      const taken = held;
      held = undefined;
      return taken;
    },
  };
}

/** Bytes of a file or of standard input: what was read already, and the rest as it comes. */
export interface ByteSource {
  /** The name the file is read under (its extension breaks format ties). */
  name: string;
  /** How messages name it: the path, or "stdin". */
  label: string;
  /** Its size, when known (a file's). */
  size?: number;
  start: Uint8Array;
  rest: AsyncIterable<Uint8Array>;
  /** All its bytes again, from the start, when it can be read twice (a file, not a pipe). */
  reopen?: () => AsyncIterable<Uint8Array>;
}

/** How much of a source is read before choosing between a whole-file and a streaming run. */
const SOURCE_START_BYTES = 1024 * 1024;

/**
 * A file opened for a streaming run (stream-run.ts's ByteSource): its first bytes read, the rest
 * read as the run asks for it.
 */
export function openFileSource(file: string): ByteSource {
  let descriptor: number | undefined;
  try {
    descriptor = openSync(file, 'r');
    const size = fstatSync(descriptor).size;
    const start = new Uint8Array(Math.min(size, SOURCE_START_BYTES));
    let read = 0;
    while (read < start.length) {
      const bytesRead = readSync(descriptor, start, read, start.length - read, read);
      if (bytesRead === 0) break;
      read += bytesRead;
    }
    const rest = createReadStream(file, {
      fd: descriptor,
      start: read,
      highWaterMark: CHUNK_BYTES,
    });
    descriptor = undefined; // the stream closes it
    return {
      name: path.basename(file),
      label: file,
      size,
      start: start.subarray(0, read),
      rest,
      reopen: () => createReadStream(file, { highWaterMark: CHUNK_BYTES }),
    };
  } catch (error) {
    if (descriptor !== undefined) closeSync(descriptor);
    throw inputError(`cannot read ${file}: ${fileProblem(error)}`);
  }
}

/**
 * Standard input up to `limit` bytes: the whole of it when it ends there (`ended`), else its start
 * and the rest to come, for a streaming run. The bytes read ahead are handed on as they came, not
 * joined: a streaming run lets go of each piece once it is in a part.
 */
export async function openStdinSource(
  formatHint: string | undefined,
  limit: number,
): Promise<{ source: ByteSource; ended: boolean }> {
  const pieces: Uint8Array[] = [];
  let read = 0;
  const input = process.stdin[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>;
  let ended = false;
  while (read <= limit) {
    const next = await input.next();
    if (next.done) {
      ended = true;
      break;
    }
    pieces.push(next.value);
    read += next.value.length;
  }
  const name = formatHint === undefined ? 'stdin' : `stdin.${formatHint}`;
  // The start is what format sniffing reads: the first piece or pieces, up to SOURCE_START_BYTES.
  let startPieces = 0;
  for (let bytes = 0; startPieces < pieces.length && bytes < SOURCE_START_BYTES; startPieces++) {
    bytes += pieces[startPieces]!.length;
  }
  const start = Buffer.concat(pieces.splice(0, startPieces));
  async function* rest(): AsyncGenerator<Uint8Array> {
    while (pieces.length > 0) yield pieces.shift()!;
    for (let next = await input.next(); !next.done; next = await input.next()) yield next.value;
  }
  return { source: { name, label: 'stdin', start, rest: rest() }, ended };
}

/** A whole-file run's input: the source's start and all of its rest. */
export async function wholeInput(source: ByteSource): Promise<InputFile> {
  const pieces: Uint8Array[] = [source.start];
  for await (const piece of source.rest) pieces.push(piece);
  return inputFile(Buffer.concat(pieces), source.name, source.label);
}
