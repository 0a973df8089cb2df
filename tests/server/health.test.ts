import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let server: ChildProcess;
let baseUrl: string;

beforeAll(async () => {
  server = spawn('node', ['dist/server/main.js'], { env: { ...process.env, PORT: '0' } });
  baseUrl = await new Promise<string>((resolve, reject) => {
    server.stderr?.on('data', (chunk: Buffer) => {
      const match = /listening on (http:\/\/\S+)/.exec(chunk.toString());
      if (match?.[1]) resolve(match[1]);
    });
    server.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
});

afterAll(() => {
  server.kill();
});

describe('the built server', () => {
  it('answers the health check', async () => {
    const response = await fetch(`${baseUrl}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('serves the client page on any other path', async () => {
    const response = await fetch(`${baseUrl}/some/page`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<div id="root"></div>');
  });
});
