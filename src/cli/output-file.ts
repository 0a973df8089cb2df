import { closeSync, openSync, rmSync, writeSync } from 'node:fs';
import { inputError } from './exit-codes';
import { fileProblem } from './file-problem';

/** Where a command writes one output, a piece at a time. */
export interface OutputSink {
  /** Writes a piece; on standard output, resolves once it is flushed. */
  write(piece: Uint8Array): Promise<void>;
  /** Bytes written so far. */
  readonly written: number;
  close(): void;
  /** Stops writing and removes what was written to a file: half a file is no output. */
  abort(): void;
}

/**
 * Opens a path for writing, or standard output for "-". The file is created on the first write,
 * so a run that fails before writing leaves nothing behind.
 */
export function openOutput(target: string): OutputSink {
  let written = 0;
  if (target === '-') {
    return {
      get written() {
        return written;
      },
      write: (piece) =>
        new Promise<void>((resolve, reject) => {
          process.stdout.write(piece, (error) => (error ? reject(error) : resolve()));
          written += piece.length;
        }),
      close() {},
      abort() {},
    };
  }
  let descriptor: number | undefined;
  const failed = (error: unknown): never => {
    // A system error names the file; anything else passes on.
    if (error instanceof Error && 'syscall' in error) {
      throw inputError(`cannot write ${target}: ${fileProblem(error)}`);
    }
    throw error;
  };
  return {
    get written() {
      return written;
    },
    write(piece) {
      try {
        descriptor ??= openSync(target, 'w');
        let offset = 0;
        while (offset < piece.length) offset += writeSync(descriptor, piece, offset);
        written += piece.length;
      } catch (error) {
        this.abort();
        failed(error);
      }
      return Promise.resolve();
    },
    close() {
      try {
        closeSync(descriptor ?? openSync(target, 'w'));
      } catch (error) {
        failed(error);
      }
    },
    abort() {
      if (descriptor === undefined) return;
      closeSync(descriptor);
      descriptor = undefined;
      rmSync(target, { force: true });
    },
  };
}

/**
 * Writes bytes, or pieces of bytes as they come, to a path, or to standard output for "-"
 * (each piece flushed before the next is made). Returns how many bytes were written.
 */
export async function writeOutput(
  target: string,
  content: Iterable<Uint8Array> | string,
): Promise<number> {
  const pieces = typeof content === 'string' ? [Buffer.from(content)] : content;
  const sink = openOutput(target);
  try {
    for (const piece of pieces) await sink.write(piece);
    sink.close();
    return sink.written;
  } catch (error) {
    // The engine's refusals (a conversion too large) come from the pieces: the file goes too.
    sink.abort();
    throw error;
  }
}
