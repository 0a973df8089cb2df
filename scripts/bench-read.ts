/**
 * `npm run bench:read`: read and write throughput of the engine's file reader/writer on a
 * deterministic, realistic 50 MB CSV (scripts/lib/realistic-csv.ts), plus peak memory.
 * CSV, TSV and JSON run on the full file; xlsx/xls on a 20,000-row slice: SheetJS builds the
 * whole workbook in memory and is 20-50x slower than the CSV path, so the full file would take
 * minutes and mostly measure SheetJS. Wall times on a shared machine vary; CPU time is shown too.
 */
import { readWorkbook, writeWorkbook, type Workbook } from '../src/engine';
import { generateRealisticCsv } from './lib/realistic-csv';

const MB = 1024 * 1024;
const TARGET_BYTES = 50 * MB;
const SEED = 42;
const SLICE_ROWS = 20_000;
const RUNS = 3;

function peakRssMb(): number {
  // maxRSS is in kilobytes and covers the whole process so far.
  return process.resourceUsage().maxRSS / 1024;
}

/** Median wall time of `runs` calls, the CPU time of that run, and the last result. */
function time<T>(runs: number, action: () => T): { ms: number; cpuMs: number; result: T } {
  const times: { ms: number; cpuMs: number }[] = [];
  let result: T | undefined;
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    const cpu = process.cpuUsage();
    result = action();
    const used = process.cpuUsage(cpu);
    times.push({ ms: performance.now() - start, cpuMs: (used.user + used.system) / 1000 });
  }
  times.sort((a, b) => a.ms - b.ms);
  const median = times[Math.floor(times.length / 2)] ?? { ms: 0, cpuMs: 0 };
  return { ...median, result: result as T };
}

function report(
  label: string,
  bytes: number,
  { ms, cpuMs }: { ms: number; cpuMs: number },
  extra = '',
): void {
  const rate = bytes / MB / (ms / 1000);
  console.log(
    `${label.padEnd(34)} ${(bytes / MB).toFixed(1).padStart(6)} MB  ${ms.toFixed(0).padStart(6)} ms  ` +
      `${rate.toFixed(1).padStart(6)} MB/s  (cpu ${cpuMs.toFixed(0)} ms)  peak RSS ${peakRssMb().toFixed(0)} MB${extra}`,
  );
}

const generateStart = performance.now();
const csvText = generateRealisticCsv(TARGET_BYTES, SEED);
const csvBytes = new TextEncoder().encode(csvText);
console.log(
  `Generated ${(csvBytes.length / MB).toFixed(1)} MB realistic CSV (seed ${SEED}) in ` +
    `${(performance.now() - generateStart).toFixed(0)} ms; peak RSS ${peakRssMb().toFixed(0)} MB`,
);
console.log(`Median of ${RUNS} runs for CSV; one run for the rest. Node ${process.version}.\n`);

const read = time(RUNS, () => readWorkbook(csvBytes, 'customers.csv'));
const workbook: Workbook = read.result;
const rows = workbook.sheets[0]?.rows.length ?? 0;
report('read csv', csvBytes.length, read, `  (${rows.toLocaleString('en-US')} rows)`);

const writeCsv = time(RUNS, () => writeWorkbook(workbook, 'csv'));
report('write csv', writeCsv.result.length, writeCsv);
// Byte for byte with formula protection off; on (the default) too, as its '+44 …' phones call nothing.
const unprotected = writeWorkbook(workbook, 'csv', { neutralizeFormulas: false });
console.log(
  `  csv output identical to input (formula protection off): ${Buffer.compare(unprotected, csvBytes) === 0}`,
);

const writeTsv = time(1, () => writeWorkbook(workbook, 'tsv'));
report('write tsv', writeTsv.result.length, writeTsv);
const readTsv = time(1, () => readWorkbook(writeTsv.result, 'customers.tsv'));
report('read tsv', writeTsv.result.length, readTsv);

const writeJson = time(1, () => writeWorkbook(workbook, 'json'));
report('write json', writeJson.result.length, writeJson);
const readJson = time(1, () => readWorkbook(writeJson.result, 'customers.json'));
report('read json', writeJson.result.length, readJson);

const sheet = workbook.sheets[0];
if (sheet) {
  const slice: Workbook = {
    format: 'csv',
    sheets: [{ ...sheet, rows: sheet.rows.slice(0, SLICE_ROWS) }],
  };
  const sliceCsvBytes = writeWorkbook(slice, 'csv').length;
  for (const format of ['xlsx', 'xls'] as const) {
    const write = time(1, () => writeWorkbook(slice, format));
    report(
      `write ${format} (${SLICE_ROWS.toLocaleString('en-US')} rows)`,
      sliceCsvBytes,
      write,
      `  (file ${(write.result.length / MB).toFixed(1)} MB; MB/s of CSV-equivalent data)`,
    );
    const readBack = time(1, () => readWorkbook(write.result, `customers.${format}`));
    report(`read ${format} (${SLICE_ROWS.toLocaleString('en-US')} rows)`, sliceCsvBytes, readBack);
  }
}
