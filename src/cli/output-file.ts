import { closeSync, lstatSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
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
 * Where a path's bytes go while they are written: a hidden file beside it, renamed onto it once
 * complete, so a run that fails (a streaming run's later part, a refused conversion) leaves an
 * earlier file at that path as it was. A path that is there and no regular file (/dev/null, a
 * pipe, a link) is written in place.
 */
function writingPathOf(target: string): string {
  try {
    if (!lstatSync(target).isFile()) return target;
  } catch {
    // Not there yet: written beside, as a file that is.
  }
  const name = `.${path.basename(target)}.standin-${process.pid}.partial`;
  return path.join(path.dirname(target), name);
}

/**
 * Opens a path for writing, or standard output for "-". The file is created on the first write
 * (beside the path, renamed onto it on close: writingPathOf), so a run that fails leaves nothing
 * behind and an earlier file at the path untouched.
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
  const writing = writingPathOf(target);
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
        descriptor ??= openSync(writing, 'w');
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
        closeSync(descriptor ?? openSync(writing, 'w'));
        descriptor = undefined;
        if (writing !== target) renameSync(writing, target);
      } catch (error) {
        this.abort();
        failed(error);
      }
    },
    abort() {
      if (descriptor !== undefined) closeSync(descriptor);
      descriptor = undefined;
      // What was written in place (/dev/null, a pipe) is not ours to remove.
      if (writing !== target) rmSync(writing, { force: true });
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
