/**
 * Stand-in's pipeline as one process, for `npm run bench:peers`: reads a file, detects its
 * schema, pseudonymizes it with the automatic rules under a fresh key and writes CSV, with the
 * engine's public functions only. A placeholder for the command-line tool (issue 19), which
 * replaces it as the entry the benchmark runs; keep it this small until then.
 *
 * Usage (bundled first, as scripts/run-bundled.mjs does):
 *   node dist/scripts/standin-pipeline.mjs in.csv out.csv
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { detectSchema, pseudonymize, readWorkbook, writeWorkbook } from '../src/engine';

const [input, output] = process.argv.slice(2);
if (!input || !output) {
  console.error('usage: node dist/scripts/standin-pipeline.mjs <in> <out.csv>');
  process.exit(2);
}

const workbook = readWorkbook(readFileSync(input), path.basename(input));
const schemas = workbook.sheets.map((sheet) => detectSchema(sheet));
const result = pseudonymize(workbook, schemas);
writeFileSync(output, writeWorkbook(result.workbook, 'csv'));
