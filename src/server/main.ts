import { startServer } from './app';
import { totalmem } from 'node:os';
import { memoryPlanWarning } from './config';
import { abuseLimitsFrom, parseEnv, serverConfigFrom } from './env';

const env = parseEnv(process.env);
const config = serverConfigFrom(env);
// A container's memory limit when there is one (0 or a huge number when there is none).
const constrained = process.constrainedMemory?.() ?? 0;
const available = constrained > 0 ? Math.min(constrained, totalmem()) : totalmem();
const memoryWarning = memoryPlanWarning(config, available);
if (memoryWarning) console.warn(`[stand-in] ${memoryWarning}`);
const running = await startServer({
  ...config,
  abuseLimits: abuseLimitsFrom(env),
});
console.warn(`Stand-in listening on http://localhost:${running.port}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void running.close().then(() => process.exit(0));
  });
}
