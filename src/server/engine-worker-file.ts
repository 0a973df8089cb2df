import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The engine worker's file: the bundled engine.worker.js when running the build (dist/server),
 * or a bootstrap that loads engine.worker.ts through tsx when running from source (tests, `npm
 * run dev`). Finding it by location rather than by a flag means the same code works in both
 * without configuration, and tests of the source never run a stale build. The pool starts its
 * workers on it, and a worker its run's generation thread.
 */
export function engineWorkerFile(): URL {
  const built = new URL('./engine.worker.js', import.meta.url);
  if (existsSync(fileURLToPath(built))) return built;
  return new URL('./engine-worker-source.mjs', import.meta.url);
}
