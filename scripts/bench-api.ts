/**
 * `npm run bench:api`: the REST path (upload → pseudonymize → download csv) against Stand-in's
 * command line run as one process (contestant A of `npm run bench:peers`:
 * `node dist/cli/standin.mjs run in.csv -o out.csv --quiet`), on the same shared
 * realistic CSV (`../shared/peers/gen-dataset.mjs`, 50 MB), in turns: A, REST, A, REST, … It
 * prints each turn's time, the medians, and the ratio REST/A against issue 18's target (≤ 1.2),
 * with the server's own timings of the run job and the slowest /api/health answer meanwhile. A
 * run answers once its result is written; its report, then its mapping, follow in the same job:
 * both are waited for after each turn (and the time they took beyond it printed), so the next
 * turn starts on an idle server.
 * After the timed turns it downloads the mapping and the result converted to json and xlsx once,
 * on workers with the heap limit the server's settings give (1 GB by default), and prints the
 * server's peak RSS.
 *
 * The server is bundled by esbuild as `npm run build` bundles it (no loader in the worker), runs
 * in its own process on an ephemeral port, and is warmed up with a small file first: a running
 * server's workers have started already, while A pays its own start-up, as a user's run does.
 * Absolute times drift by tens of percent on shared machines; compare the ratio of one run.
 *
 * Options: `--pairs 3` (turns of A then REST), `--mb 50` (the dataset's size in 10^6 bytes; the
 * upload limit is 50 MiB).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { NODE_BUNDLE, serverEntries } from './lib/node-bundle.mjs';
import type { DatasetView } from '../src/server/api-schemas';
import { parseEnv, serverConfigFrom } from '../src/server/env';
import {
  inScratchDirectory,
  measure,
  median,
  range,
  DATASET_GENERATOR,
  CLI_BUNDLE,
  bundleCli,
  generateDataset,
} from './lib/whole-process';
import { numberOption } from './lib/options';

const pairs = Math.floor(numberOption('pairs', 3));
const megabytes = numberOption('mb', 50);
const TARGET_RATIO = 1.2;
const MB = 1024 * 1024;
// A, as bench:peers runs it: the command line, bundled once before the timed turns.
const serverDirectory = path.resolve('dist/bench-api/server');

const secs = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;

/** Runs A once as a whole process: spawn to exit, in milliseconds. */
async function runPipeline(input: string, output: string): Promise<number> {
  const { seconds } = await measure([CLI_BUNDLE, 'run', input, '-o', output, '--quiet']);
  return seconds * 1000;
}

/** Polls /api/health until stopped; the slowest answer that started within a window. */
function watchHealth(url: string): {
  worstBetween: (from: number, to: number) => number;
  stop: () => Promise<void>;
} {
  let running = true;
  const samples: { at: number; ms: number }[] = [];
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      await fetch(`${url}/api/health`);
      samples.push({ at: started, ms: performance.now() - started });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return {
    worstBetween: (from, to) =>
      Math.max(0, ...samples.filter(({ at }) => at >= from && at <= to).map(({ ms }) => ms)),
    stop: async () => {
      running = false;
      await loop;
    },
  };
}

interface Server {
  url: string;
  pid: number;
  stop: () => void;
}

/** Bundles the server as `npm run build` does and starts it on an ephemeral port. */
async function startServer(): Promise<Server> {
  await build({ ...NODE_BUNDLE, entryPoints: serverEntries(), outdir: serverDirectory });
  const child = spawn(process.execPath, [path.join(serverDirectory, 'main.js')], {
    env: { ...process.env, PORT: '0' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr.on('data', (chunk: Buffer) => {
      const match = /listening on (http:\/\/\S+)/.exec(chunk.toString());
      if (match?.[1]) resolve(match[1]);
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { url, pid: child.pid!, stop: () => child.kill() };
}

/** The server process's peak RSS so far (VmHWM), in bytes; 0 where /proc has no answer. */
function peakRss(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

interface RestTurn {
  uploadMs: number;
  runMs: number;
  downloadMs: number;
  totalMs: number;
  id: string;
  run: DatasetView;
}

async function upload(
  url: string,
  bytes: Uint8Array<ArrayBuffer>,
  name: string,
): Promise<DatasetView> {
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  const response = await fetch(`${url}/api/upload`, { method: 'POST', body: form });
  if (response.status !== 201) {
    throw new Error(`upload answered ${response.status}: ${await response.text()}`);
  }
  return (await response.json()) as DatasetView;
}

async function pseudonymize(url: string, id: string): Promise<DatasetView> {
  const response = await fetch(`${url}/api/datasets/${id}/pseudonymize`, { method: 'POST' });
  if (response.status !== 200) throw new Error(`pseudonymize answered ${response.status}`);
  return (await response.json()) as DatasetView;
}

/** Downloads a file of the dataset's last run; its size in bytes. */
async function download(url: string, id: string, what: string): Promise<number> {
  const response = await fetch(`${url}/api/datasets/${id}/${what}`);
  if (response.status !== 200) throw new Error(`${what} answered ${response.status}`);
  return (await response.arrayBuffer()).byteLength;
}

/** One REST turn: upload → pseudonymize → download csv, each step timed. */
async function restTurn(url: string, bytes: Uint8Array<ArrayBuffer>): Promise<RestTurn> {
  const started = performance.now();
  const uploaded = await upload(url, bytes, 'customers.csv');
  const afterUpload = performance.now();
  const run = await pseudonymize(url, uploaded.id);
  const afterRun = performance.now();
  await download(url, uploaded.id, 'download');
  const ended = performance.now();
  return {
    uploadMs: afterUpload - started,
    runMs: afterRun - afterUpload,
    downloadMs: ended - afterRun,
    totalMs: ended - started,
    id: uploaded.id,
    run,
  };
}

async function main(directory: string): Promise<number> {
  if (!existsSync(DATASET_GENERATOR)) {
    console.error(
      `bench:api needs ${DATASET_GENERATOR} (the shared peers folder beside the project)`,
    );
    return 2;
  }
  const input = path.join(directory, 'in.csv');
  const output = path.join(directory, 'out-a.csv');
  generateDataset(megabytes, input);
  bundleCli();
  const bytes = new Uint8Array(readFileSync(input));
  console.log(
    `Stand-in API bench: ${(bytes.byteLength / 1e6).toFixed(1)} MB shared CSV ` +
      `(${path.basename(DATASET_GENERATOR)} ${megabytes}); Node ${process.version}, ` +
      `${availableParallelism()} cores, load ${loadavg()[0]!.toFixed(2)}; ${pairs} pairs\n`,
  );

  const server = await startServer();
  try {
    // Warm-up: the pool's worker starts and loads the engine, as on a server already running.
    const warmUp = await restTurn(server.url, bytes.subarray(0, bytes.indexOf(10, 200_000) + 1));
    await fetch(`${server.url}/api/datasets/${warmUp.id}`, { method: 'DELETE' });

    const health = watchHealth(server.url);
    const pipelineMs: number[] = [];
    const turns: RestTurn[] = [];
    for (let pair = 1; pair <= pairs; pair++) {
      const aMs = await runPipeline(input, output);
      rmSync(output);
      pipelineMs.push(aMs);
      console.log(`pair ${pair}  A     standin run                    ${secs(aMs).padStart(8)}`);
      const turnStarted = performance.now();
      const turn = await restTurn(server.url, bytes);
      turns.push(turn);
      const timings = turn.run.stats?.timings ?? {};
      console.log(
        `pair ${pair}  REST  upload → pseudonymize → csv ${secs(turn.totalMs).padStart(8)}  ` +
          `(upload ${secs(turn.uploadMs)}, pseudonymize ${secs(turn.runMs)}, ` +
          `download ${secs(turn.downloadMs)}; slowest health ` +
          `${health.worstBetween(turnStarted, performance.now()).toFixed(0)} ms)`,
      );
      // The report and the mapping follow the run's answer in the same job: waited for here, out
      // of the timed path, so they are done before the next turn.
      const settleStarted = performance.now();
      await download(server.url, turn.id, 'report');
      const reportMs = performance.now() - settleStarted;
      await download(server.url, turn.id, 'download-mapping');
      const mappingMs = performance.now() - settleStarted;
      console.log(
        `        run job to its answer: ${JSON.stringify(timings)}; after the download, the ` +
          `report in ${secs(reportMs)} more, the mapping (downloaded) in ${secs(mappingMs)}`,
      );
      if (pair < pairs) {
        await fetch(`${server.url}/api/datasets/${turn.id}`, { method: 'DELETE' });
      }
    }
    await health.stop();

    // The other downloads of the last turn's run, once, outside the ratio: converted on a
    // worker whose heap limit the server's environment sets (issue 18: xlsx within 1 GB).
    const { workerHeapMb } = serverConfigFrom(parseEnv(process.env));
    console.log(`conversions on workers limited to ${workerHeapMb} MB of heap`);
    const last = turns[turns.length - 1]!;
    for (const what of ['download?format=json', 'download?format=xlsx']) {
      const started = performance.now();
      const size = await download(server.url, last.id, what);
      const ms = performance.now() - started;
      console.log(
        `${what.padEnd(22)} ${secs(ms).padStart(8)}  ${(size / MB).toFixed(1).padStart(6)} MB`,
      );
    }
    console.log(`server peak RSS ${Math.round(peakRss(server.pid) / MB)} MB`);

    const aMedian = median(pipelineMs);
    const restMedian = median(turns.map((turn) => turn.totalMs));
    const ratio = restMedian / aMedian;
    const pairRatios = range(
      turns.map((turn, index) => turn.totalMs / pipelineMs[index]!),
      (value) => value.toFixed(2),
    );
    console.log(
      `\nA     median ${secs(aMedian)} (${range(pipelineMs, secs)})\n` +
        `REST  median ${secs(restMedian)} (${range(
          turns.map((turn) => turn.totalMs),
          secs,
        )}): upload ${secs(median(turns.map((turn) => turn.uploadMs)))}, pseudonymize ` +
        `${secs(median(turns.map((turn) => turn.runMs)))}, download ` +
        `${secs(median(turns.map((turn) => turn.downloadMs)))}`,
    );
    console.log(
      `REST/A ${ratio.toFixed(2)} (pairs ${pairRatios})   target ≤ ${TARGET_RATIO.toFixed(2)}   ` +
        `${ratio <= TARGET_RATIO ? 'met' : 'NOT met'}; load now ${loadavg()[0]!.toFixed(2)}`,
    );
    return 0;
  } finally {
    server.stop();
  }
}

await inScratchDirectory('standin-bench-api', main);
