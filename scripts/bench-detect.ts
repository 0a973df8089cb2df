/**
 * Times schema detection alone on the benchmark's realistic 50 MB CSV (read first, untimed
 * against detection). Prints the figures; not a test. Run: npx tsx scripts/bench-detect.ts
 */
import { loadavg } from 'node:os';
import { detectSchema, readWorkbook } from '../src/engine';
import { generateRealisticCsv } from './lib/realistic-csv';

const MiB = 1024 * 1024;
const text = generateRealisticCsv(50 * MiB, 42);
const bytes = new TextEncoder().encode(text);
let started = performance.now();
const workbook = readWorkbook(bytes, 'bench.csv');
const readMs = performance.now() - started;
const sheet = workbook.sheets[0];
if (!sheet) throw new Error('no sheet');
console.log(
  `read: ${(bytes.length / MiB).toFixed(1)} MB, ${sheet.rows.length} rows × ${sheet.columns.length} columns in ${readMs.toFixed(0)} ms`,
);
const runs: number[] = [];
const cpuRuns: number[] = [];
let schema = detectSchema(sheet);
for (let run = 0; run < 5; run++) {
  started = performance.now();
  const cpuStart = process.cpuUsage();
  schema = detectSchema(sheet);
  const cpu = process.cpuUsage(cpuStart);
  runs.push(performance.now() - started);
  cpuRuns.push((cpu.user + cpu.system) / 1000);
}
runs.sort((a, b) => a - b);
cpuRuns.sort((a, b) => a - b);
console.log(
  `detect all columns: median ${runs[2]?.toFixed(0)} ms wall (min ${runs[0]?.toFixed(0)}, max ${runs[4]?.toFixed(0)}), median ${cpuRuns[2]?.toFixed(0)} ms CPU, over 5 runs; load average ${loadavg()[0]?.toFixed(1)}`,
);
for (const column of schema) {
  console.log(
    `  ${column.name}: ${column.type}${column.format ? ` ${column.format}` : ''} · ${column.semantic ?? '-'} · ${column.description}`,
  );
}
