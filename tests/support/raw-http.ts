/** Raw HTTP/1.1 over a TCP socket, so hostile-traffic tests can send what no client would. */
import { connect } from 'node:net';

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
