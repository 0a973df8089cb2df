/**
 * `npm run bench:cuts`: does a value get the same pseudonym however its file is cut? The shared
 * 50 MB export (`../shared/peers/gen-dataset.mjs`) is run under one key by the command line:
 * - whole: read whole (`--whole`);
 * - in parts: streamed a part at a time (`--stream`, 8 MB parts by default);
 * - first rows: its first 100,000 rows as a file of their own (`--whole`).
 * Each output is compared cell by cell with the whole run's rows, and the bench prints how many
 * cells differ, per column, against the target (at most 0.01% of the cells compared), and the
 * runs' own count of file-dependent pseudonyms.
 *
 * Options: `--mb 50` (size of the export), `--rows 100000` (the first rows' cut), `--part-mb 8`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import Papa from 'papaparse';
import { bundleCli, CLI_BUNDLE, generateDataset, inScratchDirectory } from './lib/whole-process';
import { numberOption } from './lib/options';

const megabytes = numberOption('mb', 50);
const firstRows = Math.floor(numberOption('rows', 100_000));
const partMb = numberOption('part-mb', 8);
const TARGET_SHARE = 0.0001;
const KEY = 'bench-cuts-key';

interface Summary {
  fileDependentPseudonyms: number;
  seconds: number;
}

function run(input: string, output: string, extra: string[]): Summary {
  const result = spawnSync(
    process.execPath,
    [
      CLI_BUNDLE,
      'run',
      input,
      '-o',
      output,
      ...extra,
      '--key-env',
      'BENCH_CUTS_KEY',
      '--quiet',
      '--json',
    ],
    { env: { ...process.env, BENCH_CUTS_KEY: KEY }, maxBuffer: 64 * 1024 * 1024 },
  );
  if (result.status !== 0) throw new Error(`standin run failed: ${result.stderr.toString()}`);
  return JSON.parse(result.stdout.toString()) as Summary;
}

function rowsOf(file: string): string[][] {
  const parsed = Papa.parse<string[]>(readFileSync(file, 'utf8'), { skipEmptyLines: true });
  return parsed.data;
}

/** The byte offset where the record after the first `rows` data records starts. */
function cutAfterRows(text: string, rows: number): number {
  let records = -1; // the header is not a data record
  let quoted = false;
  for (let at = 0; at < text.length; at++) {
    const char = text.charCodeAt(at);
    if (char === 0x22) quoted = !quoted;
    else if (char === 0x0a && !quoted && ++records === rows) return at + 1;
  }
  return text.length;
}

interface Difference {
  cells: number;
  compared: number;
  byColumn: Map<string, number>;
}

function difference(whole: string[][], other: string[][]): Difference {
  const header = whole[0]!;
  const byColumn = new Map<string, number>();
  let cells = 0;
  const rows = Math.min(whole.length, other.length);
  if (JSON.stringify(other[0]) !== JSON.stringify(header)) throw new Error('headers differ');
  for (let row = 1; row < rows; row++) {
    const a = whole[row]!;
    const b = other[row]!;
    for (let column = 0; column < header.length; column++) {
      if (a[column] === b[column]) continue;
      cells++;
      byColumn.set(header[column]!, (byColumn.get(header[column]!) ?? 0) + 1);
    }
  }
  return { cells, compared: (rows - 1) * header.length, byColumn };
}

function report(label: string, diff: Difference, summary: Summary): void {
  const share = diff.cells / diff.compared;
  const met = share <= TARGET_SHARE;
  const columns = [...diff.byColumn]
    .sort((a, b) => b[1] - a[1])
    .map(([column, cells]) => `${column} ${cells.toLocaleString('en-US')}`)
    .join(', ');
  console.log(
    `${label.padEnd(12)} ${diff.cells.toLocaleString('en-US').padStart(9)} of ` +
      `${diff.compared.toLocaleString('en-US')} cells differ (${(share * 100).toFixed(4)}%)  ` +
      `target ≤ ${(TARGET_SHARE * 100).toFixed(2)}%  ${met ? 'met' : 'NOT met'}` +
      `${columns ? `  [${columns}]` : ''}`,
  );
  console.log(
    `${''.padEnd(12)} its run: ${summary.seconds.toFixed(2)} s, ` +
      `${summary.fileDependentPseudonyms.toLocaleString('en-US')} file-dependent pseudonyms`,
  );
}

function main(directory: string): Promise<number> {
  const input = path.join(directory, 'in.csv');
  generateDataset(megabytes, input);
  bundleCli();
  const text = readFileSync(input, 'utf8');
  const first = path.join(directory, 'first.csv');
  writeFileSync(first, text.slice(0, cutAfterRows(text, firstRows)));

  const outputs = {
    whole: path.join(directory, 'whole.csv'),
    parts: path.join(directory, 'parts.csv'),
    first: path.join(directory, 'first-out.csv'),
  };
  const wholeRun = run(input, outputs.whole, ['--whole']);
  const partsRun = run(input, outputs.parts, ['--stream', '--part-mb', String(partMb)]);
  const firstRun = run(first, outputs.first, ['--whole']);
  const whole = rowsOf(outputs.whole);
  console.log(
    `Dataset: ${megabytes} MB, ${(whole.length - 1).toLocaleString('en-US')} rows × ` +
      `${whole[0]!.length} columns, one key; whole run ${wholeRun.seconds.toFixed(2)} s, ` +
      `${wholeRun.fileDependentPseudonyms.toLocaleString('en-US')} file-dependent pseudonyms`,
  );
  // Targets are reported, not enforced: the exit code says only whether the runs worked.
  report('in parts', difference(whole, rowsOf(outputs.parts)), partsRun);
  report(`first ${firstRows / 1000}k`, difference(whole, rowsOf(outputs.first)), firstRun);
  return Promise.resolve(0);
}

await inScratchDirectory('standin-cuts', main);
