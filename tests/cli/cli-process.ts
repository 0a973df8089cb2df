/**
 * The command-line tool as a user runs it: bundled once per test file (scripts/build-cli.mjs, as
 * `npm run build` and bin/standin.mjs do), then started as its own process with plain node.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';

export const CLI_BUNDLE = path.resolve('dist/cli/standin.mjs');

export interface CliResult {
  code: number | null;
  stdout: Buffer;
  stderr: string;
}

/** Bundles the CLI before the file's tests, and gives them a scratch folder removed after. */
export function useCli(): { dir: () => string } {
  let dir: string | undefined;
  beforeAll(() => {
    execFileSync(process.execPath, ['scripts/build-cli.mjs'], { stdio: 'pipe' });
    dir = mkdtempSync(path.join(tmpdir(), 'standin-cli-'));
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  return {
    dir: () => {
      if (!dir) throw new Error('the CLI has not been set up yet');
      return dir;
    },
  };
}

/**
 * Runs `standin args…` in `cwd`, with `stdin` piped in, and collects what it printed. `entry`:
 * another copy of the tool's entry than the build's.
 */
export function runCli(
  args: string[],
  options: {
    cwd: string;
    stdin?: Uint8Array | string;
    env?: Record<string, string>;
    entry?: string;
  },
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [options.entry ?? CLI_BUNDLE, ...args], {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
    });
    const stdout: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout: Buffer.concat(stdout), stderr }));
    child.stdin.end(options.stdin ?? '');
  });
}
