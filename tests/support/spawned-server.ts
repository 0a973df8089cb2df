/**
 * The built server (dist/server/main.js, as `npm start` runs it) in its own process, with its
 * stdout and stderr captured so tests can check what it logs. `npm test` builds first.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Named apart from src/server/app.ts's RunningServer, the in-process server. */
export interface SpawnedServer {
  /** http://127.0.0.1:<port>, for fetch and raw sockets. */
  url: string;
  /** The address the server logged ("listening on http://localhost:<port>"), as a person opens it. */
  listeningUrl: string;
  port: number;
  process: ChildProcess;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  /** Whether the process is still running. */
  alive(): boolean;
  stop(): Promise<void>;
}

/**
 * Starts the built server on a free port. `env` overrides the environment (rate limits are raised
 * out of the way unless it sets them); `nodeFlags` go before the script (--permission, …).
 */
export async function spawnServer(
  env: Record<string, string> = {},
  nodeFlags: string[] = [],
): Promise<SpawnedServer> {
  if (!existsSync('dist/server/main.js') || !existsSync('dist/client/index.html')) {
    throw new Error('The app is not built: run `npm run build` (npm test builds it first).');
  }
  const child = spawn(process.execPath, [...nodeFlags, 'dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: '0',
      // Hostile tests send many requests from one address; the rate-limit tests lower these.
      STANDIN_RATE_LIMIT_PER_MINUTE: '100000',
      STANDIN_UPLOAD_RATE_LIMIT_PER_MINUTE: '100000',
      ...env,
    },
  });
  let output = '';
  let exited = false;
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.on('exit', () => (exited = true));
  const listeningUrl = await new Promise<string>((resolve, reject) => {
    const onData = () => {
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve(match[1].replace(/\/$/, ''));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  const url = listeningUrl.replace('localhost', '127.0.0.1');
  return {
    url,
    listeningUrl,
    port: Number(new URL(url).port),
    process: child,
    output: () => output,
    alive: () => !exited,
    stop: () =>
      new Promise<void>((resolve) => {
        if (exited) {
          resolve();
          return;
        }
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
