/**
 * The run's input as the command's entry began reading it, on the thread pool while it loaded
 * the bundle (scripts/lib/input-prefetch.mjs, which leaves it under this key).
 */
const PREFETCHED_INPUT = Symbol.for('standin.prefetchedInput');

interface PrefetchedInput {
  file: string;
  size: number;
  bytes: Promise<Uint8Array | null>;
}

/**
 * The bytes the entry read of `file`, taken once, when it read that very path and the file still
 * has the size it had then; null otherwise (nothing read ahead, another file, a failed read),
 * and the caller reads the file itself.
 * @example const bytes = await takePrefetchedInput('prod.csv', size) ?? readFileSync('prod.csv')
 */
export async function takePrefetchedInput(file: string, size: number): Promise<Uint8Array | null> {
  const holder = globalThis as { [PREFETCHED_INPUT]?: PrefetchedInput | null };
  const prefetched = holder[PREFETCHED_INPUT];
  if (!prefetched) return null;
  holder[PREFETCHED_INPUT] = null;
  if (prefetched.file !== file || prefetched.size !== size) return null;
  const bytes = await prefetched.bytes.catch(() => null);
  return bytes?.length === size ? bytes : null;
}
