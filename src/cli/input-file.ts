import { open } from 'node:fs/promises';
import path from 'node:path';
import { inputError } from './exit-codes';
import { fileProblem } from './file-problem';

/** The file a command reads: its bytes and the names it goes by. */
export interface InputFile {
  bytes: Uint8Array;
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
 * Reads FILE, or standard input for "-" (named `stdin.<format>` when a format is given, so the
 * sniffing prefers it; plain `stdin` otherwise, sniffed from the content alone). `onBytes` hears
 * how many bytes are in, and of how many when the size is known.
 */
export async function readInput(
  file: string,
  formatHint: string | undefined,
  onBytes: (read: number, total: number | undefined) => void = () => {},
): Promise<InputFile> {
  if (file === '-') {
    const chunks: Buffer[] = [];
    let read = 0;
    for await (const chunk of process.stdin) {
      const bytes = chunk as Buffer;
      chunks.push(bytes);
      read += bytes.length;
      onBytes(read, undefined);
    }
    const name = formatHint === undefined ? 'stdin' : `stdin.${formatHint}`;
    return { bytes: Buffer.concat(chunks), name, label: 'stdin' };
  }
  try {
    const handle = await open(file, 'r');
    try {
      const { size } = await handle.stat();
      const bytes = new Uint8Array(size);
      let read = 0;
      while (read < size) {
        const { bytesRead } = await handle.read(
          bytes,
          read,
          Math.min(CHUNK_BYTES, size - read),
          read,
        );
        if (bytesRead === 0) break;
        read += bytesRead;
        onBytes(read, size);
      }
      return { bytes: bytes.subarray(0, read), name: path.basename(file), label: file };
    } finally {
      await handle.close();
    }
  } catch (error) {
    throw inputError(`cannot read ${file}: ${fileProblem(error)}`);
  }
}
