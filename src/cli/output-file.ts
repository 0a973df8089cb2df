import { closeSync, openSync, rmSync, writeSync } from 'node:fs';
import { inputError } from './exit-codes';
import { fileProblem } from './file-problem';

/**
 * Writes bytes, or pieces of bytes as they come, to a path, or to standard output for "-"
 * (each piece flushed before the next is made). Returns how many bytes were written.
 */
export async function writeOutput(
  target: string,
  content: Iterable<Uint8Array> | string,
): Promise<number> {
  const pieces = typeof content === 'string' ? [Buffer.from(content)] : content;
  let written = 0;
  if (target === '-') {
    for (const piece of pieces) {
      await new Promise<void>((resolve, reject) => {
        process.stdout.write(piece, (error) => (error ? reject(error) : resolve()));
      });
      written += piece.length;
    }
    return written;
  }
  let descriptor: number | undefined;
  try {
    descriptor = openSync(target, 'w');
    for (const piece of pieces) {
      let offset = 0;
      while (offset < piece.length) offset += writeSync(descriptor, piece, offset);
      written += piece.length;
    }
    closeSync(descriptor);
    return written;
  } catch (error) {
    // Half a file is no output: what was written is removed.
    if (descriptor !== undefined) {
      closeSync(descriptor);
      rmSync(target, { force: true });
    }
    // A system error names the file; the engine's refusals (a conversion too large) pass on.
    if (error instanceof Error && 'syscall' in error) {
      throw inputError(`cannot write ${target}: ${fileProblem(error)}`);
    }
    throw error;
  }
}
