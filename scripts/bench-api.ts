// `npm run bench:api`: the whole API flow on a generated 50 MB CSV against the real server on an
// ephemeral port: upload → pseudonymize → download → mapping → delete, with each step's time and
// MB/s, the health check's worst latency meanwhile, and the same work done by the engine alone
// in this process for comparison (the API's cost is the difference). The server runs in its own
// process (from source, through tsx) so this client's work never stalls its event loop.
import { spawn } from 'node:child_process';
import { detectSchema, pseudonymize, readWorkbook, writeWorkbook } from '../src/engine';
import type { DatasetView } from '../src/server/api-schemas';
import { generateRealisticCsv } from './lib/realistic-csv';

// Just under the 50 MiB upload limit (the generator may overshoot its target by a row).
const TARGET_BYTES = Number(process.env.BENCH_BYTES ?? 49 * 1024 * 1024);
const MB = 1024 * 1024;

function report(step: string, ms: number, bytes?: number): void {
  const rate =
    bytes === undefined ? '' : `  ${(bytes / MB / (ms / 1000)).toFixed(1).padStart(6)} MB/s`;
  const size = bytes === undefined ? '' : `  ${(bytes / MB).toFixed(1).padStart(5)} MB`;
  console.log(`${step.padEnd(34)} ${(ms / 1000).toFixed(2).padStart(7)} s${size}${rate}`);
}

const steps: { step: string; from: number; to: number }[] = [];

/** Runs one step, noting its time window for the health figures. */
async function timed<T>(work: () => Promise<T>, step = ''): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  const ended = performance.now();
  if (step) steps.push({ step, from: started, to: ended });
  return [result, ended - started];
}

/** Polls /api/health until stopped, keeping each answer's start time and latency. */
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

const csv = new TextEncoder().encode(generateRealisticCsv(TARGET_BYTES, 42));
console.log(
  `Stand-in API bench: ${(csv.byteLength / MB).toFixed(2)} MiB realistic CSV (limit 50 MiB)\n`,
);

const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  env: { ...process.env, PORT: '0' },
  stdio: ['ignore', 'ignore', 'pipe'],
});
const server = {
  url: await new Promise<string>((resolve, reject) => {
    child.stderr.on('data', (chunk: Buffer) => {
      const match = /listening on (http:\/\/\S+)/.exec(chunk.toString());
      if (match?.[1]) resolve(match[1]);
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  }),
};
try {
  const health = watchHealth(server.url);
  const form = new FormData();
  form.append('file', new Blob([csv]), 'customers.csv');
  const [uploaded, uploadMs] = await timed(async () => {
    const response = await fetch(`${server.url}/api/upload`, { method: 'POST', body: form });
    if (response.status !== 201)
      throw new Error(`upload answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as DatasetView;
  }, 'upload');
  report('upload (transfer + read + detect)', uploadMs, csv.byteLength);

  const [run, runMs] = await timed(async () => {
    const response = await fetch(`${server.url}/api/datasets/${uploaded.id}/pseudonymize`, {
      method: 'POST',
    });
    if (response.status !== 200) throw new Error(`pseudonymize answered ${response.status}`);
    return (await response.json()) as DatasetView;
  }, 'pseudonymize');
  report('pseudonymize (read + run + write)', runMs, csv.byteLength);

  const download = async (path: string) => {
    const response = await fetch(`${server.url}/api/datasets/${uploaded.id}/${path}`);
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    return (await response.arrayBuffer()).byteLength;
  };
  const [outputBytes, downloadMs] = await timed(() => download('download'), 'download');
  report('download csv (ready)', downloadMs, outputBytes);
  const [mappingBytes, mappingMs] = await timed(() => download('download-mapping'));
  report('download mapping csv (ready)', mappingMs, mappingBytes);
  const [jsonBytes, jsonMs] = await timed(() => download('download?format=json'));
  report('download json (converted)', jsonMs, jsonBytes);
  const [, deleteMs] = await timed(() =>
    fetch(`${server.url}/api/datasets/${uploaded.id}`, { method: 'DELETE' }),
  );
  report('delete', deleteMs);
  await health.stop();
  const apiTotal = uploadMs + runMs + downloadMs;
  report('API upload → pseudonymize → download', apiTotal, csv.byteLength);
  console.log(
    `\nrows: ${run.rowCount}, columns: ${run.columnCount}, mapping rows: ${run.mapping?.rowCount}`,
  );
  console.log(
    `engine stats of the run: ${JSON.stringify(run.stats?.timings)} (${run.stats?.durationMs} ms)`,
  );
  const worst = steps.map(
    ({ step, from, to }) => `${step} ${health.worstBetween(from, to).toFixed(0)} ms`,
  );
  console.log(`slowest /api/health answer during: ${worst.join(', ')}`);

  // The same work by the engine alone, in this process, for comparison.
  const engineStarted = performance.now();
  const workbook = readWorkbook(csv, 'customers.csv');
  const schemas = workbook.sheets.map((sheet) => detectSchema(sheet));
  const result = pseudonymize(workbook, schemas, { secret: 'bench' });
  writeWorkbook(result.workbook, 'csv');
  writeWorkbook({ ...result.workbook, sheets: [result.mapping] }, 'csv');
  const engineMs = performance.now() - engineStarted;
  report('\nengine alone: read, detect, run, write', engineMs, csv.byteLength);
  console.log(
    `API overhead over the engine alone: ${((apiTotal - engineMs) / 1000).toFixed(2)} s ` +
      '(the API reads the file twice: once to detect at upload, once to pseudonymize)',
  );
} finally {
  child.kill();
}
