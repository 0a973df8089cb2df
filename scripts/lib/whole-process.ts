/**
 * Benchmarks of whole processes (bench:peers, bench:cli): wall time and peak RSS of one process,
 * a scratch folder for their files, the shape of a CSV read as a stream, and the figures'
 * formatting.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createReadStream, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Papa from 'papaparse';

export const TIME_COMMAND = '/usr/bin/time';
/** The shared realistic dataset's generator, in the shared folder beside the project. */
export const DATASET_GENERATOR = path.resolve('../shared/peers/gen-dataset.mjs');
/** The command line's bundle, as `bundleCli` writes it. */
export const CLI_BUNDLE = path.resolve('dist/cli/standin.mjs');

/** Writes `megabytes` (10^6 bytes) of the shared dataset to `file`; throws the generator's error. */
export function generateDataset(megabytes: number, file: string): void {
  const generated = spawnSync(process.execPath, [DATASET_GENERATOR, String(megabytes), file]);
  if (generated.status !== 0) throw new Error(generated.stderr.toString());
}

/** Bundles the command line once before timed runs (scripts/build-cli.mjs); throws its error. */
export function bundleCli(): void {
  const bundled = spawnSync(process.execPath, ['scripts/build-cli.mjs']);
  if (bundled.status !== 0) throw new Error(bundled.stderr.toString());
}

export interface Measure {
  seconds: number;
  peakBytes: number;
}

export const mb = (bytes: number): string => `${Math.round(bytes / 1024 / 1024)} MB`;
export const secs = (seconds: number): string => `${seconds.toFixed(2)} s`;

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function range(values: readonly number[], show: (value: number) => string): string {
  return `${show(Math.min(...values))}–${show(Math.max(...values))}`;
}

/** Bench files go to shared memory where there is some, so disk speed stays out of the times. */
function scratchDirectory(prefix: string): string {
  const memory = '/dev/shm';
  const parent = existsSync(memory) && statSync(memory).isDirectory() ? memory : tmpdir();
  return mkdtempSync(path.join(parent, `${prefix}-`));
}

/**
 * Runs a benchmark's `main` in a scratch folder (scratchDirectory) that is removed afterwards,
 * on Ctrl-C too, and sets the exit code from what `main` returns (1 when it throws).
 */
export async function inScratchDirectory(
  prefix: string,
  main: (directory: string) => Promise<number>,
): Promise<void> {
  const directory = scratchDirectory(prefix);
  process.on('SIGINT', () => {
    rmSync(directory, { recursive: true, force: true });
    process.exit(130);
  });
  try {
    process.exitCode = await main(directory);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

export interface CsvShape {
  header: string[];
  /** Each data record's field count. */
  widths: number[];
}

/** A CSV's header and each record's field count, read as a stream (files of any size). */
export function shapeOf(file: string): Promise<CsvShape> {
  let header: string[] | undefined;
  const widths: number[] = [];
  return new Promise((resolve, reject) => {
    Papa.parse<string[]>(createReadStream(file, 'utf8'), {
      skipEmptyLines: true,
      step: ({ data }) => {
        if (header) widths.push(data.length);
        else header = data;
      },
      complete: () => resolve({ header: header ?? [], widths }),
      error: reject,
    });
  });
}

/** Why an output differs in shape from its input, or undefined when it has the input's shape. */
export function shapeMismatch(input: CsvShape, output: CsvShape): string | undefined {
  if (JSON.stringify(output.header) !== JSON.stringify(input.header)) return 'the header differs';
  if (output.widths.length !== input.widths.length) {
    return `${output.widths.length} data rows instead of ${input.widths.length}`;
  }
  const row = output.widths.findIndex((width, index) => width !== input.widths[index]);
  return row >= 0
    ? `data row ${row + 1} has ${output.widths[row]} fields instead of ${input.widths[row]}`
    : undefined;
}

/**
 * Runs one whole node process and measures its wall time (spawn to exit) and peak RSS: from GNU
 * time's report where /usr/bin/time exists, else from polling /proc/<pid>/status's VmHWM (which
 * can miss growth in the last few milliseconds before exit). Rejects with the end of its stderr
 * when it fails.
 */
export function measure(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<Measure> {
  const timed = existsSync(TIME_COMMAND);
  const [command, commandArgs] = timed
    ? [TIME_COMMAND, ['-v', process.execPath, ...args]]
    : [process.execPath, args];
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, commandArgs, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    let polledKb = 0;
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const poll = timed
      ? undefined
      : setInterval(() => {
          try {
            const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
            polledKb = Math.max(polledKb, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0));
          } catch {
            // The process has just exited.
          }
        }, 20);
    child.on('error', reject);
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      clearInterval(poll);
      if (code !== 0) {
        // GNU time's own report is not the process's error.
        const own = stderr.split(/\n\s*Command (?:being timed|exited)/)[0] ?? stderr;
        reject(new Error(`${path.basename(args[0]!)} exited with ${code}:\n${own.slice(-2000)}`));
        return;
      }
      const reportedKb = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(stderr)?.[1]);
      resolve({ seconds, peakBytes: (timed ? reportedKb : polledKb) * 1024 });
    });
  });
}
