// The server as `npm start` runs it: the esbuild bundle dist/server/main.js in its own process,
// with the bundled engine worker (dist/server/engine.worker.js). `npm test` builds first.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureFile } from '../support/people-files';
import { uploadDataset } from '../support/in-process-server';

let server: ChildProcess;
let baseUrl: string;
let stderr = '';

beforeAll(async () => {
  server = spawn('node', ['dist/server/main.js'], { env: { ...process.env, PORT: '0' } });
  server.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  baseUrl = await new Promise<string>((resolve, reject) => {
    server.stderr?.on('data', () => {
      const match = /listening on (http:\/\/\S+)/.exec(stderr);
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

  it('serves the page at / with 200, and on any other path with 404 (its not-found page)', async () => {
    for (const [route, status] of [
      ['/', 200],
      ['/index.html', 200],
      ['/some/page', 404],
      ['/nope', 404],
    ] as const) {
      const response = await fetch(`${baseUrl}${route}`);
      expect(response.status, route).toBe(status);
      expect(response.headers.get('cache-control'), route).toBe('no-cache');
      expect(await response.text()).toContain('<div id="root"></div>');
    }
  });

  it('sends the hashed scripts compressed, cached for a year, and the main one under 400 KB', async () => {
    const page = await (await fetch(`${baseUrl}/`)).text();
    const main = /<script type="module" crossorigin src="(\/assets\/index-[^"]+\.js)"/.exec(
      page,
    )?.[1];
    expect(main).toBeDefined();
    for (const [accepted, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
      ['identity', null],
    ] as const) {
      const response = await fetch(`${baseUrl}${main!}`, {
        headers: { 'Accept-Encoding': accepted },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding')).toBe(encoding);
      expect(response.headers.get('vary')).toBe('Accept-Encoding');
      expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      if (encoding !== null) {
        expect(Number(response.headers.get('content-length'))).toBeLessThan(400 * 1024);
      }
    }
    const theme = await fetch(`${baseUrl}/theme-init.mjs`);
    expect(theme.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers an unknown API path with a JSON 404, not the page', async () => {
    const response = await fetch(`${baseUrl}/api/some/page`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'No such API endpoint' });
  });

  it('runs upload → pseudonymize → download with the bundled worker', async () => {
    const { id } = await uploadDataset(baseUrl, 'people.csv', fixtureFile('csv'));
    const run = await fetch(`${baseUrl}/api/datasets/${id}/pseudonymize`, { method: 'POST' });
    expect(run.status).toBe(200);
    const download = await fetch(`${baseUrl}/api/datasets/${id}/download?format=xlsx`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('people.pseudonymized.xlsx');
    expect((await download.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });

  it('serves the committed OpenAPI document and the docs page from node_modules', async () => {
    const document: unknown = await (await fetch(`${baseUrl}/api/openapi.json`)).json();
    expect(document).toEqual(JSON.parse(readFileSync('openapi.json', 'utf8')));
    const page = await fetch(`${baseUrl}/api/docs`);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await page.text();
    const scripts = [...html.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1]);
    expect(scripts).toEqual(['/api/docs/swagger-ui-bundle.js', '/api/docs/start.js']);
    for (const asset of [...scripts, '/api/docs/swagger-ui.css']) {
      const response = await fetch(`${baseUrl}${asset}`);
      expect(response.status, asset).toBe(200);
    }
  });

  it('logs one line per request without query strings, bodies or dataset ids', async () => {
    await fetch(`${baseUrl}/api/datasets/unknown-id?limit=5&secret=do-not-log-me`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(stderr).toMatch(/GET \/api\/datasets\/:id 404 \d+ms/);
    expect(stderr).not.toContain('unknown-id');
    expect(stderr).not.toContain('do-not-log-me');
    expect(stderr).not.toContain('Ada');
  });
});
