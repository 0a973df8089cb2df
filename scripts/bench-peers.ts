/**
 * `npm run bench:peers`: Stand-in against what a user would otherwise write (issue 18), as whole
 * processes in turn on the shared realistic CSV (`../shared/peers/gen-dataset.mjs`, 50 MB):
 * - A: Stand-in through the entry a user runs, the command-line tool:
 *   `node dist/cli/standin.mjs run in.csv -o out.csv --quiet` (bundled once before the timed runs);
 * - B: the naive papaparse + Faker script, `../shared/peers/peer-node-naive.mjs`;
 * - floor: the same script with `--io-only` (parse + unparse alone).
 * Runs them as A B floor, A B floor, …, and prints each run's wall time and peak RSS, then each
 * contestant's median and min–max, and the ratios A/B and A/floor (medians of this run) against
 * the targets: A/B ≤ 0.40, A/floor ≤ 2.0, A's peak RSS ≤ 600 MB. Absolute times drift by tens of
 * percent on shared machines; compare ratios from one run. Targets are reported, not enforced;
 * the run fails (exit 1) when A's output has not the input's shape (header, rows, columns per
 * row) or a process fails.
 *
 * Options: `--pairs 3` (rounds of A B floor), `--mb 50` for another size (10^6 bytes; RSS is
 * printed in MB of 2^20 bytes, as `npm run bench` does).
 */
import { existsSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import {
  measure,
  mb,
  median,
  range,
  inScratchDirectory,
  secs,
  shapeMismatch,
  shapeOf,
  TIME_COMMAND,
  type Measure,
  DATASET_GENERATOR,
  CLI_BUNDLE,
  bundleCli,
  generateDataset,
} from './lib/whole-process';
import { numberOption } from './lib/options';

const pairs = Math.floor(numberOption('pairs', 3));
const megabytes = numberOption('mb', 50);
const peer = path.resolve('../shared/peers/peer-node-naive.mjs');
const targets = { aOverB: 0.4, aOverFloor: 2, aPeakMb: 600 };

type Contestant = 'A' | 'B' | 'floor';
const CONTESTANTS: readonly Contestant[] = ['A', 'B', 'floor'];
const LABEL: Record<Contestant, string> = {
  A: 'A      standin run',
  B: 'B      naive papaparse + Faker',
  floor: 'floor  papaparse --io-only',
};

async function main(directory: string): Promise<number> {
  for (const needed of [DATASET_GENERATOR, peer]) {
    if (!existsSync(needed)) {
      console.error(`bench:peers needs ${needed} (the shared peers folder beside the project)`);
      return 2;
    }
  }
  const input = path.join(directory, 'in.csv');
  const outputs: Record<Contestant, string> = {
    A: path.join(directory, 'out-a.csv'),
    B: path.join(directory, 'out-b.csv'),
    floor: path.join(directory, 'out-floor.csv'),
  };
  generateDataset(megabytes, input);
  bundleCli();

  const inputShape = await shapeOf(input);
  console.log(
    `Dataset: ${(statSync(input).size / 1e6).toFixed(1)} MB, ` +
      `${inputShape.widths.length.toLocaleString('en-US')} rows × ${inputShape.header.length} columns`,
  );
  console.log(
    `Node ${process.version}, ${availableParallelism()} cores, load ${loadavg()[0]!.toFixed(2)}; ` +
      `peak RSS from ${existsSync(TIME_COMMAND) ? `${TIME_COMMAND} -v` : '/proc VmHWM polling'}; ` +
      `${pairs} pairs`,
  );

  const peerEnv = { ...process.env, NODE_PATH: path.resolve('node_modules') };
  const commands: Record<Contestant, [string[], NodeJS.ProcessEnv]> = {
    A: [[CLI_BUNDLE, 'run', input, '-o', outputs.A, '--quiet'], process.env],
    B: [[peer, input, outputs.B], peerEnv],
    floor: [[peer, input, outputs.floor, '--io-only'], peerEnv],
  };
  const runs: Record<Contestant, Measure[]> = { A: [], B: [], floor: [] };
  for (let pair = 1; pair <= pairs; pair++) {
    for (const contestant of CONTESTANTS) {
      const [args, env] = commands[contestant];
      const run = await measure(args, env);
      runs[contestant].push(run);
      console.log(
        `pair ${pair}  ${LABEL[contestant].padEnd(31)} ${secs(run.seconds).padStart(8)}  ` +
          `peak ${mb(run.peakBytes).padStart(7)}`,
      );
      if (contestant === 'A') {
        const mismatch = shapeMismatch(inputShape, await shapeOf(outputs.A));
        if (mismatch) {
          console.error(`A's output has not the input's shape: ${mismatch}`);
          return 1;
        }
      }
      rmSync(outputs[contestant]);
    }
  }

  console.log('\ncontestant                           median   min–max          peak RSS (max)');
  const medians = {} as Record<Contestant, number>;
  for (const contestant of CONTESTANTS) {
    const seconds = runs[contestant].map((run) => run.seconds);
    medians[contestant] = median(seconds);
    console.log(
      `${LABEL[contestant].padEnd(34)} ${secs(medians[contestant]).padStart(8)}   ` +
        `${`${range(seconds, (s) => s.toFixed(2))} s`.padEnd(15)}  ` +
        `${mb(Math.max(...runs[contestant].map((run) => run.peakBytes)))}`,
    );
  }
  const verdict = (met: boolean): string => (met ? 'met' : 'NOT met');
  const pairRatios = (other: Contestant): string =>
    range(
      runs.A.map((run, index) => run.seconds / runs[other][index]!.seconds),
      (ratio) => ratio.toFixed(2),
    );
  const aOverB = medians.A / medians.B;
  const aOverFloor = medians.A / medians.floor;
  const aPeak = Math.max(...runs.A.map((run) => run.peakBytes));
  console.log(
    `\nA/B      ${aOverB.toFixed(2)} (pairs ${pairRatios('B')})   ` +
      `target ≤ ${targets.aOverB.toFixed(2)}   ${verdict(aOverB <= targets.aOverB)}`,
  );
  console.log(
    `A/floor  ${aOverFloor.toFixed(2)} (pairs ${pairRatios('floor')})   ` +
      `target ≤ ${targets.aOverFloor.toFixed(2)}   ${verdict(aOverFloor <= targets.aOverFloor)}`,
  );
  console.log(
    `A peak RSS ${mb(aPeak)} (largest of ${runs.A.length} runs)   ` +
      `target ≤ ${targets.aPeakMb} MB   ${verdict(aPeak <= targets.aPeakMb * 1024 * 1024)}`,
  );
  console.log(
    `A's output has the input's shape in every run; load now ${loadavg()[0]!.toFixed(2)}`,
  );
  return 0;
}

await inScratchDirectory('standin-peers', main);
