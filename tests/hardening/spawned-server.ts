/**
 * The built server (dist/server/main.js, as `npm start` runs it) in its own process, with its
 * stdout and stderr captured so tests can check what it logs. `npm test` builds first.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';

export interface SpawnedServer {
  url: string;
  port: number;
  process: ChildProcess;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  /** Whether the process is still running. */
  alive(): boolean;
  stop(): Promise<void>;
}

export async function spawnServer(
  env: Record<string, string> = {},
  nodeFlags: string[] = [],
): Promise<SpawnedServer> {
  const child = spawn('node', [...nodeFlags, 'dist/server/main.js'], {
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
  const url = await new Promise<string>((resolve, reject) => {
    const onData = () => {
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve(match[1].replace('localhost', '127.0.0.1'));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  return {
    url,
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

export interface RawExchange {
  /** Everything the server sent back before closing (or before the wait ended). */
  response: string;
  /** Whether the server closed the connection. */
  closed: boolean;
}

/**
 * Sends raw bytes over a TCP connection, in pieces with pauses when asked (a slow drip), and
 * collects what comes back until the server closes or `waitMs` passes.
 */
export function rawRequest(
  port: number,
  pieces: (string | Uint8Array)[],
  options: { pauseMs?: number; waitMs?: number; abortAfterPieces?: number } = {},
): Promise<RawExchange> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let response = '';
    let closed = false;
    let settled = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve({ response, closed });
    };
    socket.on('data', (chunk: Buffer) => (response += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      closed = true;
      finish();
    });
    setTimeout(finish, options.waitMs ?? 5_000);
    socket.on('connect', () => {
      void (async () => {
        for (const [index, piece] of pieces.entries()) {
          if (closed) return;
          if (options.abortAfterPieces === index) {
            socket.destroy();
            return;
          }
          socket.write(piece);
          if (options.pauseMs) await new Promise((wait) => setTimeout(wait, options.pauseMs));
        }
      })();
    });
  });
}

/** The status codes of every HTTP response in a raw exchange (more than one is a double answer). */
export function statusLines(response: string): number[] {
  return [...response.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => Number(match[1]));
}

/** A multipart/form-data body built by hand, so tests can break it in any way. */
export function multipartHead(boundary: string, fileName: string, field = 'file'): string {
  return (
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
    'Content-Type: application/octet-stream\r\n\r\n'
  );
}

export function requestHead(
  path: string,
  headers: Record<string, string | number>,
  method = 'POST',
): string {
  // Connection: close, so the server ends the exchange once it has answered.
  const lines = Object.entries({ Connection: 'close', ...headers }).map(
    ([name, value]) => `${name}: ${value}`,
  );
  return `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${lines.join('\r\n')}\r\n\r\n`;
}
