// Runs engine.worker.ts from source, for tests and `npm run dev`, as the pool's worker and as a
// run's generation thread (the build bundles it to dist/server/engine.worker.js instead). Node 20
// cannot apply `--import tsx` to a worker thread's first module, so the worker starts here, as
// plain JavaScript, and loads the TypeScript through tsx's scoped loader.
import { tsImport } from 'tsx/esm/api';

const worker = await tsImport('./engine.worker.ts', import.meta.url);

export default worker.default;
