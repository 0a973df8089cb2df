import { abuseLimitsFromEnvironment } from './abuse-limits';
import { startServer } from './app';
import { configFromEnvironment } from './config';

const config = configFromEnvironment(process.env);
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
