import { writeFileSync } from 'node:fs';
import { inputError } from './exit-codes';
import { fileProblem } from './file-problem';

/** Writes bytes to a path, or to standard output for "-" (waiting until they are flushed). */
export async function writeOutput(target: string, bytes: Uint8Array | string): Promise<void> {
  if (target === '-') {
    await new Promise<void>((resolve, reject) => {
      process.stdout.write(bytes, (error) => (error ? reject(error) : resolve()));
    });
    return;
  }
  try {
    writeFileSync(target, bytes);
  } catch (error) {
    throw inputError(`cannot write ${target}: ${fileProblem(error)}`);
  }
}
