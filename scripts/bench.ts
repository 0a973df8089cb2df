/**
 * `npm run bench`: times the whole pipeline (read → detect → pseudonymize → write) on a
 * deterministic realistic 50 MB CSV, against read + write alone on the same file, and prints
 * each phase, throughput and peak memory. Figures, not assertions: targets are the pipeline in
 * at most 2× read + write and peak memory under 700 MB.
 *
 * Options: `--mb 10` for another size, `--seed 7` for another file.
 */
import { detectSchema, pseudonymize, readWorkbook, writeWorkbook } from '../src/engine';
import { generateRealisticCsv } from './lib/realistic-csv';

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : NaN;
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

const megabytes = option('mb', 50);
const seed = option('seed', 42);

let peakRss = 0;
function sampleMemory(): void {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}

/** RSS after each timed step, by step label (the pipeline's phases). */
const rssAfter = new Map<string, number>();

function time<T>(run: () => T, label?: string): [T, number] {
  const started = performance.now();
  const result = run();
  const ms = performance.now() - started;
  sampleMemory();
  if (label) rssAfter.set(label, process.memoryUsage().rss);
  return [result, ms];
}

const format = (ms: number): string => `${Math.round(ms).toLocaleString('en-US')} ms`;
const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const bytes = new TextEncoder().encode(generateRealisticCsv(megabytes * 1024 * 1024, seed));
const size = bytes.length;
console.log(`Realistic CSV: ${mb(size)} (seed ${seed})`);

/** Read + write alone: the baseline the pipeline is compared with (its tables freed after). */
function readAndWrite(): { readMs: number; writeMs: number; rows: number } {
  const [book, readMs] = time(() => readWorkbook(bytes, 'bench.csv'));
  const [, writeMs] = time(() => writeWorkbook(book, 'csv'));
  return { readMs, writeMs, rows: book.sheets[0]?.rows.length ?? 0 };
}
const { readMs: baselineRead, writeMs: baselineWrite, rows } = readAndWrite();
const baseline = baselineRead + baselineWrite;

// The whole pipeline.
const [workbook, readMs] = time(() => readWorkbook(bytes, 'bench.csv'), 'read');
const [schemas, detectMs] = time(
  () => workbook.sheets.map((sheet) => detectSchema(sheet)),
  'detect',
);
const [result, pseudonymizeMs] = time(() => pseudonymize(workbook, schemas), 'pseudonymize');
const [output, writeMs] = time(() => writeWorkbook(result.workbook, 'csv'), 'write');
const pipeline = readMs + detectMs + pseudonymizeMs + writeMs;
const maxRss = process.resourceUsage().maxRSS * 1024;
// The mapping's rows are built when first read (a download of the mapping); time that apart.
const [mappingRows, mappingMs] = time(() => result.mapping.rows.length);
const rssWithMapping = process.memoryUsage().rss;

const throughput = (ms: number): string =>
  `${(size / 1024 / 1024 / (ms / 1000)).toFixed(1)} MB/s, ${Math.round(rows / (ms / 1000)).toLocaleString('en-US')} rows/s`;

console.log(`Rows: ${rows.toLocaleString('en-US')}, columns: ${schemas[0]?.length ?? 0}`);
console.log('Pipeline');
console.log(`  read          ${format(readMs).padStart(10)}  (${throughput(readMs)})`);
console.log(`  detect        ${format(detectMs).padStart(10)}  (${throughput(detectMs)})`);
console.log(
  `  pseudonymize  ${format(pseudonymizeMs).padStart(10)}  (${throughput(pseudonymizeMs)})`,
);
for (const [phase, ms] of Object.entries(result.stats.timings)) {
  console.log(`    ${phase.padEnd(12)}${format(ms).padStart(10)}`);
}
console.log(`  write         ${format(writeMs).padStart(10)}  (${throughput(writeMs)})`);
console.log(`  total         ${format(pipeline).padStart(10)}  (${throughput(pipeline)})`);
console.log(
  `Read + write alone: ${format(baseline)} (read ${format(baselineRead)}, write ${format(baselineWrite)})`,
);
console.log(
  `RSS after each phase: ${[...rssAfter].map(([label, rss]) => `${label} ${mb(rss)}`).join(', ')}`,
);
console.log(`Pipeline / (read + write): ${(pipeline / baseline).toFixed(2)}× (target ≤ 2×)`);
console.log(
  `Peak memory: ${mb(Math.max(peakRss, maxRss))} RSS (target < 700 MB); output ${mb(output.length)}`,
);
console.log(
  `Mapping: ${mappingRows.toLocaleString('en-US')} rows built on demand in ${format(mappingMs)} (RSS then ${mb(rssWithMapping)})`,
);
console.log(`Schema match: ${(result.stats.schemaMatch * 100).toFixed(0)}%`);
