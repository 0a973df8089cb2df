/**
 * `npm run bench`: times the whole pipeline (read → detect → pseudonymize → write) on a
 * deterministic realistic 50 MB CSV, against read + write alone on the same file, and prints
 * each phase, throughput and peak memory. Figures, not assertions: targets are the pipeline in
 * at most 2× read + write and peak memory under 700 MB. Both runs follow a warm-up on a small
 * file; the pipeline runs first, so the peak it reports is its own (read, detect, pseudonymize
 * and write, as the server's worker runs them; the mapping's rows are reported apart). The
 * privacy and utility report runs after the write and is reported as a share of read + detect +
 * pseudonymize + write (target ≤ 15%, issue 17), with the RSS it adds.
 *
 * Options: `--mb 10` for another size, `--seed 7` for another file, `--keep notes,city` to keep
 * those columns as they are (the report then searches kept text for originals and measures the
 * risk of the kept columns).
 */
import {
  buildReport,
  detectSchema,
  pseudonymize,
  readWorkbook,
  writeWorkbook,
} from '../src/engine';
import { generateRealisticCsvBytes } from './lib/realistic-csv';
import { numberOption, textOption } from './lib/options';

const megabytes = numberOption('mb', 50);
const seed = numberOption('seed', 42);
const kept = new Set(textOption('keep')?.split(',') ?? []);

/** RSS after each timed step, by step label (the pipeline's phases), and the peak so far. */
const rssAfter = new Map<string, number>();
const peakAfter = new Map<string, number>();

function time<T>(run: () => T, label?: string): [T, number] {
  const started = performance.now();
  const result = run();
  const ms = performance.now() - started;
  if (label) {
    rssAfter.set(label, process.memoryUsage().rss);
    peakAfter.set(label, process.resourceUsage().maxRSS * 1024);
  }
  return [result, ms];
}

const format = (ms: number): string => `${Math.round(ms).toLocaleString('en-US')} ms`;
const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Read + write alone: the baseline the pipeline is compared with. */
function readAndWrite(bytes: Uint8Array): { readMs: number; writeMs: number; rows: number } {
  const [book, readMs] = time(() => readWorkbook(bytes, 'bench.csv'));
  const [, writeMs] = time(() => writeWorkbook(book, 'csv'));
  return { readMs, writeMs, rows: book.sheets[0]?.rows.length ?? 0 };
}

/**
 * Read → detect → pseudonymize → write with the engine functions the server's worker calls, then
 * the mapping's rows (built when first read, as a mapping download does), timed apart. Returns
 * figures only, so the tables are garbage before the baseline runs.
 */
function runPipeline(bytes: Uint8Array, label: boolean) {
  const tag = (name: string): string | undefined => (label ? name : undefined);
  const [workbook, readMs] = time(() => readWorkbook(bytes, 'bench.csv'), tag('read'));
  const [schemas, detectMs] = time(
    () =>
      workbook.sheets.map((sheet) =>
        detectSchema(sheet).map((schema) =>
          kept.has(schema.name) ? { ...schema, rule: { action: 'keep' as const } } : schema,
        ),
      ),
    tag('detect'),
  );
  const [result, pseudonymizeMs] = time(() => pseudonymize(workbook, schemas), tag('pseudonymize'));
  const [output, writeMs] = time(() => writeWorkbook(result.workbook, 'csv'), tag('write'));
  const peakRss = process.resourceUsage().maxRSS * 1024;
  // The report after the written bytes, so the phases above keep their own peak; the server's
  // worker builds it from the same two workbooks.
  const rssBeforeReport = process.memoryUsage().rss;
  const [report, reportMs] = time(
    () =>
      buildReport({ original: workbook, output: result.workbook, schemas, mappingAvailable: true }),
    tag('report'),
  );
  const [mappingRows, mappingMs] = time(() => result.mapping.rows.length);
  return {
    readMs,
    detectMs,
    pseudonymizeMs,
    writeMs,
    peakRss,
    reportMs,
    reportRssDelta: (rssAfter.get('report') ?? rssBeforeReport) - rssBeforeReport,
    reportPeakRss: peakAfter.get('report') ?? 0,
    reportWarnings: report.warnings.length,
    mappingRows,
    mappingMs,
    rssWithMapping: process.memoryUsage().rss,
    outputBytes: output.length,
    columns: schemas[0]?.length ?? 0,
    stats: result.stats,
  };
}

// Warm-up on a small file, so both timed runs use compiled code, as the server's long-lived
// workers do (otherwise whichever runs first pays for compilation).
{
  const warmBytes = generateRealisticCsvBytes(2 * 1024 * 1024, seed + 1);
  runPipeline(warmBytes, false);
  readAndWrite(warmBytes);
}

const bytes = generateRealisticCsvBytes(megabytes * 1024 * 1024, seed);
const size = bytes.length;
console.log(
  `Realistic CSV: ${mb(size)} (seed ${seed})${kept.size > 0 ? `, kept: ${[...kept].join(', ')}` : ''}`,
);

// The pipeline first, so its peak memory is its own; then the baseline on the same bytes.
const run = runPipeline(bytes, true);
const pipeline = run.readMs + run.detectMs + run.pseudonymizeMs + run.writeMs;
const { readMs: baselineRead, writeMs: baselineWrite, rows } = readAndWrite(bytes);
const baseline = baselineRead + baselineWrite;

const throughput = (ms: number): string =>
  `${(size / 1024 / 1024 / (ms / 1000)).toFixed(1)} MB/s, ${Math.round(rows / (ms / 1000)).toLocaleString('en-US')} rows/s`;

console.log(`Rows: ${rows.toLocaleString('en-US')}, columns: ${run.columns}`);
console.log('Pipeline');
console.log(`  read          ${format(run.readMs).padStart(10)}  (${throughput(run.readMs)})`);
console.log(`  detect        ${format(run.detectMs).padStart(10)}  (${throughput(run.detectMs)})`);
console.log(
  `  pseudonymize  ${format(run.pseudonymizeMs).padStart(10)}  (${throughput(run.pseudonymizeMs)})`,
);
for (const [phase, ms] of Object.entries(run.stats.timings)) {
  console.log(`    ${phase.padEnd(12)}${format(ms).padStart(10)}`);
}
console.log(`  write         ${format(run.writeMs).padStart(10)}  (${throughput(run.writeMs)})`);
console.log(`  total         ${format(pipeline).padStart(10)}  (${throughput(pipeline)})`);
// Base: the run as the user waits for it (read + detect + pseudonymize + write); target ≤ 15%.
console.log(
  `  report        ${format(run.reportMs).padStart(10)}  (${((100 * run.reportMs) / pipeline).toFixed(1)}% of the run, target ≤ 15%; ${run.reportWarnings} warnings)`,
);
console.log(
  `Read + write alone: ${format(baseline)} (read ${format(baselineRead)}, write ${format(baselineWrite)})`,
);
console.log(
  `RSS after each phase: ${[...rssAfter].map(([label, rss]) => `${label} ${mb(rss)}`).join(', ')}`,
);
console.log(
  `Peak RSS by the end of each phase: ${[...peakAfter].map(([label, rss]) => `${label} ${mb(rss)}`).join(', ')}`,
);
console.log(`Pipeline / (read + write): ${(pipeline / baseline).toFixed(2)}× (target ≤ 2×)`);
console.log(
  `Peak memory of the pipeline: ${mb(run.peakRss)} RSS (target < 700 MB); output ${mb(run.outputBytes)}`,
);
console.log(
  `Mapping: ${run.mappingRows.toLocaleString('en-US')} rows built on demand in ${format(run.mappingMs)} (RSS then ${mb(run.rssWithMapping)})`,
);
console.log(
  `Report memory: RSS ${run.reportRssDelta >= 0 ? '+' : ''}${mb(run.reportRssDelta)} over the run's, peak RSS then ${mb(run.reportPeakRss)} (pipeline peak ${mb(run.peakRss)})`,
);
console.log(`Schema match: ${(run.stats.schemaMatch * 100).toFixed(0)}%`);
