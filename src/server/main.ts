import { abuseLimitsFromEnvironment } from './abuse-limits';
import { startServer } from './app';
import { totalmem } from 'node:os';
import { configFromEnvironment, memoryPlanWarning } from './config';

const config = configFromEnvironment(process.env);
// A container's memory limit when there is one (0 or a huge number when there is none).
const constrained = process.constrainedMemory?.() ?? 0;
const available = constrained > 0 ? Math.min(constrained, totalmem()) : totalmem();
const memoryWarning = memoryPlanWarning(config, available);
if (memoryWarning) console.warn(`[stand-in] ${memoryWarning}`);
const running = await startServer({
  ...config,
  abuseLimits: abuseLimitsFromEnvironment(process.env),
});
console.warn(`Stand-in listening on http://localhost:${running.port}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void running.close().then(() => process.exit(0));
  });
}
