/**
 * `npm run bench:fidelity`: how much the stand-in behaves like the data, measured on the shared
 * realistic export (`../shared/peers/gen-dataset.mjs`, 50 MB by default) with the automatic
 * rules under one key. Prints, before and after:
 * - the amount column's 10th…90th percentiles, median and mean, and the largest decile drift;
 * - the share of rows whose signup_date is on or before last_login;
 * - the share of emails made of the row's first and last name;
 * - for notes that mention the row's email (planted in 5% of rows, as a support export would),
 *   the share that carry the row's pseudonymized email.
 * Figures, not assertions; the tests pin the behaviours.
 *
 * Options: `--mb 10` for another size.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Papa from 'papaparse';
import { detectSchema, pseudonymize, readWorkbook, writeWorkbook } from '../src/engine';
import { numberOption } from './lib/options';
import { DATASET_GENERATOR, generateDataset } from './lib/whole-process';

const megabytes = numberOption('mb', 50);
if (!existsSync(DATASET_GENERATOR)) {
  console.error(`bench:fidelity needs the shared dataset generator at ${DATASET_GENERATOR}`);
  process.exit(2);
}

// The generator writes a file: synthetic data, read back and removed at once.
const file = path.join(tmpdir(), `standin-fidelity-${process.pid}.csv`);
generateDataset(megabytes, file);
const text = readFileSync(file, 'utf8');
rmSync(file);

// Plant the row's email in 5% of the notes: "Customer wrote from <email>: …".
const parsed = Papa.parse<string[]>(text, { skipEmptyLines: true });
const [header, ...dataRows] = parsed.data;
if (!header) throw new Error('empty dataset');
const column = (name: string): number => header.indexOf(name);
const [emailAt, notesAt] = [column('email'), column('notes')];
dataRows.forEach((row, index) => {
  if (index % 20 === 7 && row[emailAt])
    row[notesAt] = `Customer wrote from ${row[emailAt]}: refund`;
});
const bytes = new TextEncoder().encode(Papa.unparse([header, ...dataRows]));

const started = performance.now();
const workbook = readWorkbook(bytes, 'export.csv');
const schemas = workbook.sheets.map((sheet) => detectSchema(sheet));
const result = pseudonymize(workbook, schemas, { secret: 'fidelity-bench-key' });
const output = writeWorkbook(result.workbook, 'csv', { neutralizeFormulas: false });
const seconds = (performance.now() - started) / 1000;
const after = Papa.parse<string[]>(new TextDecoder().decode(output), {
  skipEmptyLines: true,
}).data.slice(1);

const percent = (share: number): string => `${(share * 100).toFixed(1)}%`;
const amountsOf = (rows: string[][]): number[] =>
  rows
    .map((row) => Number(row[column('amount')]))
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
const quantile = (sorted: number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
const mean = (values: number[]): number => values.reduce((sum, v) => sum + v, 0) / values.length;

const amountsBefore = amountsOf(dataRows);
const amountsAfter = amountsOf(after);
let worstDrift = 0;
const deciles: string[] = [];
for (let decile = 1; decile <= 9; decile++) {
  const [b, a] = [quantile(amountsBefore, decile / 10), quantile(amountsAfter, decile / 10)];
  worstDrift = Math.max(worstDrift, Math.abs(a - b) / Math.abs(b));
  deciles.push(`p${decile * 10} ${b.toFixed(1)} → ${a.toFixed(1)}`);
}

/** signup_date (YYYY-MM-DD) on or before last_login (M/D/YYYY h:mm:ss A), where both are set. */
function orderedShare(rows: string[][]): number {
  let ordered = 0;
  let both = 0;
  for (const row of rows) {
    const signup = row[column('signup_date')] ?? '';
    const login = /^(\d+)\/(\d+)\/(\d+) (\d+):(\d+):(\d+) ([AP]M)$/.exec(
      row[column('last_login')] ?? '',
    );
    if (!signup || !login) continue;
    const [, month, day, year, hour, minute, second, half] = login;
    const hours = (Number(hour) % 12) + (half === 'PM' ? 12 : 0);
    const loginMs = Date.UTC(+year!, +month! - 1, +day!, hours, +minute!, +second!);
    both++;
    if (Date.parse(`${signup}T00:00:00Z`) <= loginMs) ordered++;
  }
  return ordered / both;
}

const letters = (name: string): string =>
  name
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();

/** Emails whose local part holds the row's first and last name (or initial and last name). */
function emailsFromNames(rows: string[][]): number {
  let built = 0;
  let emails = 0;
  for (const row of rows) {
    const email = row[emailAt] ?? '';
    if (!email.includes('@')) continue;
    emails++;
    const local = letters(email.split('@')[0]!);
    const first = letters(row[column('first_name')] ?? '');
    const last = letters(row[column('last_name')] ?? '');
    if (last && local.includes(last) && (local.includes(first) || local.startsWith(first[0]!))) {
      built++;
    }
  }
  return built / emails;
}

let planted = 0;
let carried = 0;
after.forEach((row, index) => {
  if (index % 20 !== 7 || !dataRows[index]?.[emailAt]) return;
  planted++;
  if ((row[notesAt] ?? '').includes(row[emailAt] ?? '\u0000')) carried++;
});

console.log(`rows ${dataRows.length.toLocaleString('en-US')}, pipeline ${seconds.toFixed(1)} s`);
console.log(`amount deciles: ${deciles.join(', ')}`);
console.log(`amount largest decile drift: ${percent(worstDrift)} (target ≤ 15%)`);
console.log(
  `amount median ${quantile(amountsBefore, 0.5).toFixed(1)} → ${quantile(amountsAfter, 0.5).toFixed(1)}, ` +
    `mean ${mean(amountsBefore).toFixed(1)} → ${mean(amountsAfter).toFixed(1)}`,
);
console.log(
  `signup_date ≤ last_login: ${percent(orderedShare(dataRows))} → ${percent(orderedShare(after))}`,
);
console.log(
  `emails made of the row's names: ${percent(emailsFromNames(dataRows))} → ${percent(emailsFromNames(after))}`,
);
console.log(
  `notes that mention the row's email carry its pseudonym: ${carried} of ${planted} (${percent(carried / planted)})`,
);
