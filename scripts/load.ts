/**
 * `npm run load`: N simulated users upload realistic CSV and XLSX files, pseudonymize them and
 * download the result concurrently against the built server on 127.0.0.1 (started here, or an
 * existing loopback server with --url). Bounded by a duration and a request budget. Prints
 * throughput, p50/p95 latency per step, error counts by status and the server's peak memory, and
 * checks every successful upload's download: same columns, same row count, no original email left.
 * Users honour Retry-After on a 503, as people retry later.
 *
 *   npm run load -- --users 8 --seconds 30 --max-requests 3000
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import * as XLSX from '@e965/xlsx';
import { readWorkbook, type Sheet } from '../src/engine';
import { generateRealisticCsv } from './lib/realistic-csv';
import { numberOption, textOption } from './lib/options';

export interface LoadOptions {
  users: number;
  seconds: number;
  maxRequests: number;
  /** A server already running on loopback; by default the built server is started here. */
  url?: string;
}

export interface LoadReport {
  users: number;
  seconds: number;
  requests: number;
  flows: number;
  verified: number;
  verificationFailures: number;
  requestsPerSecond: number;
  uploadedMegabytesPerSecond: number;
  latency: Record<string, { p50: number; p95: number; count: number }>;
  statuses: Record<string, number>;
  peakMemoryMb: number | null;
}

interface LoadFile {
  name: string;
  bytes: Uint8Array;
  /** The table as uploaded, to check the download against. */
  sheet: Sheet;
  emails: Set<string>;
}

const MiB = 1024 * 1024;

/** Realistic uploads: CSV exports of a few hundred KB and XLSX workbooks made from them. */
function loadFiles(): LoadFile[] {
  const sizes = [256 * 1024, 512 * 1024, 1024 * 1024];
  const files: LoadFile[] = [];
  sizes.forEach((size, index) => {
    const csv = new TextEncoder().encode(generateRealisticCsv(size, 100 + index));
    const sheet = readWorkbook(csv, `customers-${index}.csv`).sheets[0]!;
    const emails = emailsOf(sheet);
    files.push({ name: `customers-${index}.csv`, bytes: csv, sheet, emails });
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet([sheet.columns, ...sheet.rows]),
      'Customers',
    );
    const xlsx = new Uint8Array(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
    const xlsxSheet = readWorkbook(xlsx, `customers-${index}.xlsx`).sheets[0]!;
    files.push({ name: `customers-${index}.xlsx`, bytes: xlsx, sheet: xlsxSheet, emails });
  });
  return files;
}

function emailsOf(sheet: Sheet): Set<string> {
  const column = sheet.columns.findIndex((name) => /e-?mail/i.test(name));
  if (column < 0) return new Set();
  return new Set(sheet.rows.map((row) => String(row[column] ?? '')).filter((v) => v.includes('@')));
}

function assertLoopback(url: string): void {
  const host = new URL(url).hostname;
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(host)) {
    throw new Error(`The load script only targets loopback servers, not ${host}`);
  }
}

interface StartedServer {
  url: string;
  child: ChildProcess | null;
}

async function startBuiltServer(): Promise<StartedServer> {
  const child = spawn('node', ['dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: '0',
      // Every simulated user shares 127.0.0.1, so the per-client limits are lifted here.
      STANDIN_RATE_LIMIT_PER_MINUTE: '0',
      STANDIN_UPLOAD_RATE_LIMIT_PER_MINUTE: '0',
      STANDIN_JOBS_PER_CLIENT: '0',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve(match[1].replace('localhost', '127.0.0.1'));
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  // Request log lines are not needed; keep the pipe drained.
  child.stderr.resume();
  return { url, child };
}

/** Peak resident memory of a process in MB (Linux: VmHWM), or null where unknown. */
function peakMemoryMb(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /VmHWM:\s+(\d+) kB/.exec(status);
    return match?.[1] ? Math.round(Number(match[1]) / 1024) : null;
  } catch {
    return null;
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Runs the load and returns its figures; see the file comment. */
export async function runLoad(options: LoadOptions): Promise<LoadReport> {
  const files = loadFiles();
  const server = options.url ? { url: options.url, child: null } : await startBuiltServer();
  assertLoopback(server.url);
  const latencies = new Map<string, number[]>();
  const statuses: Record<string, number> = {};
  let requests = 0;
  let flows = 0;
  let verified = 0;
  let verificationFailures = 0;
  let uploadedBytes = 0;
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  const more = () => performance.now() < deadline && requests < options.maxRequests;

  async function timed(step: string, request: () => Promise<Response>): Promise<Response | null> {
    requests++;
    const begin = performance.now();
    let response: Response | null = null;
    try {
      response = await request();
      await response.clone().arrayBuffer();
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    } catch {
      statuses.network = (statuses.network ?? 0) + 1;
    }
    const list = latencies.get(step) ?? [];
    list.push(performance.now() - begin);
    latencies.set(step, list);
    return response;
  }

  /** Like a polite client: on 503, waits for Retry-After (while time remains) and tries again. */
  async function patiently(
    step: string,
    request: () => Promise<Response>,
  ): Promise<Response | null> {
    for (;;) {
      const response = await timed(step, request);
      if (response?.status !== 503) return response;
      const wait = Math.max(0.5, Number(response.headers.get('retry-after') ?? 1)) * 1000;
      if (performance.now() + wait > deadline) return response;
      await new Promise((resume) => setTimeout(resume, wait));
    }
  }

  function verify(file: LoadFile, downloaded: Uint8Array): boolean {
    try {
      const sheet = readWorkbook(downloaded, file.name).sheets[0]!;
      if (sheet.rows.length !== file.sheet.rows.length) return false;
      if (sheet.columns.join('\u0000') !== file.sheet.columns.join('\u0000')) return false;
      if (sheet.rows.some((row) => row.length !== sheet.columns.length)) return false;
      const column = sheet.columns.findIndex((name) => /e-?mail/i.test(name));
      return column < 0 || sheet.rows.every((row) => !file.emails.has(String(row[column])));
    } catch {
      return false;
    }
  }

  async function user(index: number): Promise<void> {
    let turn = index;
    while (more()) {
      const file = files[turn++ % files.length]!;
      const uploaded = await patiently('upload', () => {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(file.bytes)]), file.name);
        return fetch(`${server.url}/api/upload`, { method: 'POST', body: form });
      });
      // A 503 here means the wait it asks for outlasts the run: this user is done.
      if (uploaded?.status === 503) return;
      if (uploaded?.status !== 201) continue;
      uploadedBytes += file.bytes.length;
      const { id } = (await uploaded.json()) as { id: string };
      const dataset = `${server.url}/api/datasets/${id}`;
      const run = await patiently('pseudonymize', () =>
        fetch(`${dataset}/pseudonymize`, { method: 'POST' }),
      );
      if (run?.status === 200) {
        const download = await patiently('download', () => fetch(`${dataset}/download`));
        if (download?.status === 200) {
          flows++;
          if (verify(file, new Uint8Array(await download.arrayBuffer()))) verified++;
          else verificationFailures++;
        }
      }
      await timed('delete', () => fetch(dataset, { method: 'DELETE' }));
    }
  }

  let peak: number | null = null;
  try {
    await Promise.all(Array.from({ length: options.users }, (_, index) => user(index)));
  } finally {
    peak = peakMemoryMb(server.child?.pid);
    server.child?.kill('SIGTERM');
  }
  const elapsedSeconds = (performance.now() - started) / 1000;
  const latency: LoadReport['latency'] = {};
  const all: number[] = [];
  for (const [step, list] of latencies) {
    const sorted = [...list].sort((a, b) => a - b);
    all.push(...sorted);
    latency[step] = {
      p50: Math.round(percentile(sorted, 50)),
      p95: Math.round(percentile(sorted, 95)),
      count: sorted.length,
    };
  }
  all.sort((a, b) => a - b);
  latency.all = {
    p50: Math.round(percentile(all, 50)),
    p95: Math.round(percentile(all, 95)),
    count: all.length,
  };
  return {
    users: options.users,
    seconds: Math.round(elapsedSeconds * 10) / 10,
    requests,
    flows,
    verified,
    verificationFailures,
    requestsPerSecond: Math.round((requests / elapsedSeconds) * 10) / 10,
    uploadedMegabytesPerSecond: Math.round((uploadedBytes / MiB / elapsedSeconds) * 100) / 100,
    latency,
    statuses,
    peakMemoryMb: peak,
  };
}

/** The report as the lines the script prints. */
export function formatLoadReport(report: LoadReport): string {
  const lines = [
    `users: ${report.users}, duration: ${report.seconds} s, requests: ${report.requests}`,
    `throughput: ${report.requestsPerSecond} requests/s, ${report.flows} upload→pseudonymize→download flows ` +
      `(${Math.round((report.flows / report.seconds) * 10) / 10}/s), ${report.uploadedMegabytesPerSecond} MB/s uploaded`,
    ...Object.entries(report.latency).map(
      ([step, figures]) =>
        `latency ${step}: p50 ${figures.p50} ms, p95 ${figures.p95} ms (${figures.count} requests)`,
    ),
    `statuses: ${Object.entries(report.statuses)
      .map(([status, count]) => `${status}×${count}`)
      .join(', ')}`,
    `downloads verified complete and correct: ${report.verified}/${report.flows}` +
      (report.verificationFailures > 0 ? ` (${report.verificationFailures} FAILED)` : ''),
    `server peak memory (RSS high-water mark): ${report.peakMemoryMb ?? 'n/a'} MB`,
  ];
  return lines.join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const report = await runLoad({
    users: numberOption('users', 8),
    seconds: numberOption('seconds', 30),
    maxRequests: numberOption('max-requests', 5000),
    url: textOption('url'),
  });
  console.log(formatLoadReport(report));
  // 503 is back-pressure working as designed; 500s and dropped connections are failures.
  const failures = Object.keys(report.statuses).filter((s) => s === '500' || s === 'network');
  process.exit(report.verificationFailures > 0 || failures.length > 0 ? 1 : 0);
}
