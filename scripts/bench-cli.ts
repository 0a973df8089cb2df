/**
 * `npm run bench:cli`: the command-line tool on growing files of the shared realistic dataset
 * (`../shared/peers/gen-dataset.mjs`): 50 MB, 250 MB and 1 GB by default, each run as a whole
 * process (`node dist/cli/standin.mjs run in.csv -o out.csv --quiet`, a fixed key) with its wall
 * time, throughput (MB/s of input) and peak RSS, and the ratio of each throughput to the 50 MB
 * run's. As a user runs it: a file up to STREAM_ABOVE_BYTES is read whole (as the web reads it),
 * a larger one streams (src/cli/stream-run.ts); each line says which. Then issue 19's targets: the largest file at no less than 90% of the 50 MB run's MB/s,
 * its peak RSS at most 1 GB, and a peak that stays flat from 250 MB to the largest.
 * Figures, not assertions; a run that fails (out of memory, say) is reported with its error and
 * counts as a target not met. The run fails (exit 1) when an output has not its input's shape.
 *
 * Options: `--sizes 50,250,1000` (MB, 10^6 bytes), `--runs 1` per size, `--with mapping,report`
 * to write the mapping (csv) and the report (JSON) too, as a nightly job that keeps them would.
 */
import { existsSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import {
  measure,
  mb,
  median,
  inScratchDirectory,
  secs,
  shapeMismatch,
  shapeOf,
  type Measure,
  DATASET_GENERATOR,
  CLI_BUNDLE,
  bundleCli,
  generateDataset,
} from './lib/whole-process';
import { numberOption, textOption } from './lib/options';
import { STREAM_ABOVE_BYTES } from '../src/cli/stream-run';

const sizes = (textOption('sizes') ?? '50,250,1000')
  .split(',')
  .map(Number)
  .filter((size) => Number.isFinite(size) && size > 0);
const runsPerSize = Math.floor(numberOption('runs', 1));
const extras = new Set((textOption('with') ?? '').split(',').filter(Boolean));
for (const extra of extras) {
  if (extra !== 'mapping' && extra !== 'report') throw new Error('--with takes mapping, report');
}
const targets = { throughputShare: 0.9, peakMb: 1024, flatGrowth: 1.25 };
const KEY_VARIABLE = 'STANDIN_BENCH_KEY';

interface SizeResult {
  megabytes: number;
  inputBytes: number;
  rows: number;
  /** Medians of the runs, or the error of the first run that failed. */
  measure?: Measure;
  failure?: string;
}

const verdict = (met: boolean): string => (met ? 'met' : 'NOT met');

async function runSize(directory: string, megabytes: number): Promise<SizeResult | 'mismatch'> {
  const input = path.join(directory, `in-${megabytes}.csv`);
  const output = path.join(directory, `out-${megabytes}.csv`);
  const mapping = path.join(directory, `mapping-${megabytes}.csv`);
  const report = path.join(directory, `report-${megabytes}.json`);
  const extraArgs = [
    ...(extras.has('mapping') ? ['--mapping', mapping] : []),
    ...(extras.has('report') ? ['--report', report] : []),
  ];
  generateDataset(megabytes, input);
  const inputBytes = statSync(input).size;
  const inputShape = await shapeOf(input);
  const result: SizeResult = { megabytes, inputBytes, rows: inputShape.widths.length };
  const env = { ...process.env, [KEY_VARIABLE]: 'bench-cli-key' };
  const runs: Measure[] = [];
  try {
    for (let run = 0; run < runsPerSize; run++) {
      runs.push(
        await measure(
          [
            CLI_BUNDLE,
            'run',
            input,
            '-o',
            output,
            ...extraArgs,
            '--quiet',
            '--key-env',
            KEY_VARIABLE,
          ],
          env,
        ),
      );
      const mismatch = shapeMismatch(inputShape, await shapeOf(output));
      if (mismatch) {
        console.error(`The ${megabytes} MB run's output has not the input's shape: ${mismatch}`);
        return 'mismatch';
      }
      for (const file of [output, mapping, report]) rmSync(file, { force: true });
    }
    result.measure = {
      seconds: median(runs.map((run) => run.seconds)),
      peakBytes: Math.max(...runs.map((run) => run.peakBytes)),
    };
  } catch (error) {
    result.failure = error instanceof Error ? error.message : String(error);
  } finally {
    for (const file of [input, output, mapping, report]) rmSync(file, { force: true });
  }
  return result;
}

function throughput(result: SizeResult): number | undefined {
  return result.measure ? result.inputBytes / 1e6 / result.measure.seconds : undefined;
}

async function main(directory: string): Promise<number> {
  if (!existsSync(DATASET_GENERATOR)) {
    console.error(
      `bench:cli needs ${DATASET_GENERATOR} (the shared peers folder beside the project)`,
    );
    return 2;
  }
  bundleCli();
  console.log(
    `Node ${process.version}, ${availableParallelism()} cores, load ${loadavg()[0]!.toFixed(2)}; ` +
      `sizes ${sizes.join(', ')} MB, ${runsPerSize} run(s) each` +
      (extras.size > 0 ? `, writing the ${[...extras].join(' and ')} too` : ''),
  );
  const results: SizeResult[] = [];
  for (const megabytes of sizes) {
    const result = await runSize(directory, megabytes);
    if (result === 'mismatch') return 1;
    results.push(result);
    const speed = throughput(result);
    console.log(
      `${`${megabytes} MB`.padStart(8)}  ${result.rows.toLocaleString('en-US').padStart(10)} rows  ` +
        `${(result.inputBytes > STREAM_ABOVE_BYTES ? 'streamed' : 'whole').padEnd(8)}  ` +
        (result.measure && speed !== undefined
          ? `${secs(result.measure.seconds).padStart(9)}  ${speed.toFixed(1).padStart(6)} MB/s  ` +
            `peak ${mb(result.measure.peakBytes).padStart(8)}`
          : `failed: ${result.failure?.split('\n').filter(Boolean).slice(0, 3).join(' | ')}`),
    );
  }

  const base = results[0];
  const largest = results[results.length - 1];
  const middle = results.find((result) => result.megabytes >= 250 && result !== largest);
  if (!base || !largest || largest === base) return 0;
  const baseSpeed = throughput(base);
  const largestSpeed = throughput(largest);
  console.log('');
  if (baseSpeed !== undefined && largestSpeed !== undefined) {
    const share = largestSpeed / baseSpeed;
    console.log(
      `${largest.megabytes} MB throughput ${(share * 100).toFixed(0)}% of the ${base.megabytes} MB run's   ` +
        `target ≥ ${targets.throughputShare * 100}%   ${verdict(share >= targets.throughputShare)}`,
    );
  } else {
    console.log(`${largest.megabytes} MB throughput: no figure (a run failed)   NOT met`);
  }
  const largestPeak = largest.measure?.peakBytes;
  console.log(
    `${largest.megabytes} MB peak RSS ${largestPeak === undefined ? 'none (failed)' : mb(largestPeak)}   ` +
      `target ≤ ${targets.peakMb} MB   ` +
      verdict(largestPeak !== undefined && largestPeak <= targets.peakMb * 1024 * 1024),
  );
  const middlePeak = middle?.measure?.peakBytes;
  if (middle && middlePeak !== undefined && largestPeak !== undefined) {
    const growth = largestPeak / middlePeak;
    console.log(
      `peak RSS ${middle.megabytes} MB → ${largest.megabytes} MB: ×${growth.toFixed(2)}   ` +
        `target flat (≤ ×${targets.flatGrowth})   ${verdict(growth <= targets.flatGrowth)}`,
    );
  } else if (middle) {
    console.log(
      `peak RSS ${middle.megabytes} MB → ${largest.megabytes} MB: no figure (a run failed)   NOT met`,
    );
  }
  return 0;
}

await inScratchDirectory('standin-cli', main);
