// The input of `standin run FILE …`, read on libuv's thread pool while the entry (cli-entry.mjs,
// beside which scripts/build-cli.mjs copies this module) loads the bundle: loading it from its
// code cache and running its modules takes about 160 ms, and reading a 50 MB file about as long,
// most of it the kernel filling pages the process touches for the first time, which another
// thread can do meanwhile. The run takes the bytes for the same path (src/cli/prefetched-input.ts)
// and reads the file itself otherwise, so a read that fails here is reported by it, as ever.
import { close, closeSync, fstatSync, openSync, read } from 'node:fs';

/** Where the entry leaves the read for the bundle: a key both find without importing each other. */
export const PREFETCHED_INPUT = Symbol.for('standin.prefetchedInput');

/** Smaller files are read in a few milliseconds: nothing to gain. */
export const LEAST_PREFETCHED_BYTES = 1024 ** 2;
/**
 * Larger files are streamed in parts (src/cli/stream-run.ts, STREAM_ABOVE_BYTES, which a test
 * holds equal), never read whole.
 */
export const MOST_PREFETCHED_BYTES = 64 * 1024 ** 2;

/**
 * Starts reading the input named by `args` (the command line after `node standin.mjs`) when it
 * is `run` followed right away by a path: an argument there that does not begin with "-" is no
 * option and no option's value, so it is the run's first operand, its input. Null when there is
 * nothing to read ahead: another command, standard input, --stream, a file too small, too large or
 * no regular file. The bytes come as null when the read fails.
 * @example prefetchInput(['run', 'prod.csv', '-o', 'test.csv'])?.file // 'prod.csv'
 */
export function prefetchInput(args) {
  const [command, file] = args;
  if (command !== 'run' || file === undefined || file.startsWith('-')) return null;
  if (args.includes('--stream')) return null;
  let descriptor;
  try {
    descriptor = openSync(file, 'r');
    const stats = fstatSync(descriptor);
    const { size } = stats;
    if (!stats.isFile() || size < LEAST_PREFETCHED_BYTES || size > MOST_PREFETCHED_BYTES) {
      closeSync(descriptor);
      return null;
    }
    return { file, size, bytes: readWhole(descriptor, size) };
  } catch {
    if (descriptor !== undefined) closeSync(descriptor);
    return null;
  }
}

/** The `size` bytes of an open file, read on the thread pool, then closed; null on a failure. */
function readWhole(descriptor, size) {
  const bytes = new Uint8Array(size);
  return new Promise((resolve) => {
    const readFrom = (position) => {
      read(descriptor, bytes, position, size - position, position, (error, count) => {
        if (!error && count > 0 && position + count < size) {
          readFrom(position + count);
          return;
        }
        close(descriptor, () => {});
        resolve(!error && position + count === size ? bytes : null);
      });
    };
    readFrom(0);
  });
}
