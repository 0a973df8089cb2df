/**
 * Reader/writer figures on one CSV file, for comparing two builds of the engine side by side:
 * read time, retained heap after the read, write time, and hashes of the written output (read →
 * write, and read → detect → pseudonymize under a fixed secret → write), beside Papa Parse's own
 * parse and unparse of the same file. Run with --expose-gc so the retained heap is measured after
 * a full collection.
 *
 * Usage (bundled first, as scripts/run-bundled.mjs does):
 *   node --expose-gc dist/scripts/bench-io.mjs in.csv [read|write|hash|papa|phases|json|all] [runs]
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import { detectSchema, pseudonymize, readWorkbook, writeWorkbook } from '../src/engine';

const [input, mode = 'all', runsArg = '3'] = process.argv.slice(2);
if (!input) {
  console.error('usage: node --expose-gc dist/scripts/bench-io.mjs <in.csv> [mode] [runs]');
  process.exit(2);
}
const runs = Number(runsArg);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) {
  console.error('run with node --expose-gc');
  process.exit(2);
}
const bytes = readFileSync(input);
const name = path.basename(input);
const MB = 1024 * 1024;

function timed<T>(action: () => T): { ms: number; cpuMs: number; result: T } {
  const start = performance.now();
  const cpu = process.cpuUsage();
  const result = action();
  const used = process.cpuUsage(cpu);
  return { ms: performance.now() - start, cpuMs: (used.user + used.system) / 1000, result };
}

function heapMb(): number {
  gc?.();
  gc?.();
  return process.memoryUsage().heapUsed / MB;
}

function line(label: string, figures: { ms: number; cpuMs: number }[], extra = ''): void {
  const ms = figures.map((f) => f.ms.toFixed(0)).join(' ');
  const cpu = figures.map((f) => f.cpuMs.toFixed(0)).join(' ');
  console.log(`${label.padEnd(12)} wall ${ms} ms  cpu ${cpu} ms${extra}`);
}

function sha(data: Uint8Array): string {
  return createHash('sha256').update(data).digest('hex').slice(0, 16);
}

const base = heapMb();
if (mode === 'read' || mode === 'all') {
  const figures = [];
  let retained = 0;
  for (let run = 0; run < runs; run++) {
    gc();
    const t = timed(() => readWorkbook(bytes, name));
    // V8 keeps the subject of the last successful regex match (RegExp.input) alive; any later
    // match replaces it, as detection's first would.
    /x/.test('x');
    retained = heapMb() - base;
    figures.push({ ms: t.ms, cpuMs: t.cpuMs });
  }
  line('read', figures, `  retained ${retained.toFixed(0)} MB`);
}
if (mode === 'write' || mode === 'all') {
  const workbook = readWorkbook(bytes, name);
  const figures = [];
  for (let run = 0; run < runs; run++) {
    gc();
    figures.push(timed(() => writeWorkbook(workbook, 'csv')));
  }
  line('write', figures);
}
if (mode === 'papa' || mode === 'all') {
  const figures = [];
  const unparse = [];
  let retained = 0;
  for (let run = 0; run < runs; run++) {
    gc();
    const t = timed(() => Papa.parse<string[]>(bytes.toString('utf8'), { header: false }).data);
    retained = heapMb() - base;
    figures.push(t);
    unparse.push(timed(() => Buffer.from(Papa.unparse(t.result))));
  }
  line('papa parse', figures, `  retained ${retained.toFixed(0)} MB`);
  line('papa unparse', unparse);
}
if (mode === 'hash' || mode === 'all') {
  const workbook = readWorkbook(bytes, name);
  const plain = writeWorkbook(workbook, 'csv');
  const tsv = writeWorkbook(workbook, 'tsv');
  const json = writeWorkbook(workbook, 'json');
  const schemas = workbook.sheets.map((sheet) => detectSchema(sheet));
  const result = pseudonymize(workbook, schemas, { secret: 'bench-io fixed secret' });
  const out = writeWorkbook(result.workbook, 'csv');
  console.log(
    `hash         csv ${sha(plain)}  tsv ${sha(tsv)}  json ${sha(json)}  pseudonymized csv ${sha(out)} (${out.length} bytes)`,
  );
}
if (mode === 'phases') {
  const rss = () =>
    `${(process.memoryUsage().rss / MB).toFixed(0)} (peak ${(process.resourceUsage().maxRSS / 1024).toFixed(0)})`;
  const read = timed(() => readWorkbook(bytes, name));
  console.log(
    `read     ${read.ms.toFixed(0)} ms  cpu ${read.cpuMs.toFixed(0)}  heap ${heapMb().toFixed(0)} MB  rss ${rss()}`,
  );
  const detect = timed(() => read.result.sheets.map((sheet) => detectSchema(sheet)));
  console.log(
    `detect   ${detect.ms.toFixed(0)} ms  cpu ${detect.cpuMs.toFixed(0)}  heap ${heapMb().toFixed(0)} MB  rss ${rss()}`,
  );
  const run = timed(() =>
    pseudonymize(read.result, detect.result, { secret: 'bench-io fixed secret' }),
  );
  console.log(
    `pseudo   ${run.ms.toFixed(0)} ms  cpu ${run.cpuMs.toFixed(0)}  heap ${heapMb().toFixed(0)} MB  rss ${rss()}`,
  );
  const write = timed(() => writeWorkbook(run.result.workbook, 'csv'));
  console.log(
    `write    ${write.ms.toFixed(0)} ms  cpu ${write.cpuMs.toFixed(0)}  heap ${heapMb().toFixed(0)} MB  rss ${rss()}`,
  );
  const mapping = timed(() =>
    writeWorkbook({ ...run.result.workbook, sheets: [run.result.mapping] }, 'csv'),
  );
  console.log(
    `mapping  ${mapping.ms.toFixed(0)} ms  cpu ${mapping.cpuMs.toFixed(0)}  (${run.result.mapping.rows.length} rows, ${(mapping.result.length / MB).toFixed(0)} MB)`,
  );
  console.log(`peak rss ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
}
if (mode === 'json') {
  const json = writeWorkbook(readWorkbook(bytes, name), 'json');
  gc();
  const figures = [];
  let retained = 0;
  for (let run = 0; run < runs; run++) {
    gc();
    const t = timed(() => readWorkbook(json, 'data.json'));
    /x/.test('x');
    retained = heapMb() - base;
    figures.push({ ms: t.ms, cpuMs: t.cpuMs });
  }
  line(
    'read json',
    figures,
    `  retained ${retained.toFixed(0)} MB  (${(json.length / MB).toFixed(0)} MB)`,
  );
  const workbook = readWorkbook(json, 'data.json');
  const writes = [];
  for (let run = 0; run < runs; run++) {
    gc();
    writes.push(timed(() => writeWorkbook(workbook, 'json')));
  }
  line('write json', writes);
  console.log(
    `hash         json read -> csv ${sha(writeWorkbook(workbook, 'csv'))}  -> json ${sha(writeWorkbook(workbook, 'json'))}`,
  );
}
