import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
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
