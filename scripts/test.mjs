// `npm test`: builds the app (API and browser tests run the real built server), runs the static
// checks, then every vitest suite, and ends with one plain line `N passed, M failed`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';

const npx = (args) => spawnSync('npx', args, { stdio: 'inherit' }).status === 0;
const pkg = JSON.parse(readFileSync('package.json', 'utf8'));

const checks = [
  ['build', () => spawnSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' }).status === 0],
  ['typecheck', () => npx(['tsc', '--noEmit', '-p', 'tsconfig.json'])],
  ['lint', () => npx(['eslint', '.'])],
  ['format', () => npx(['prettier', '--check', '.', '--log-level', 'warn'])],
];
if (pkg.scripts['openapi:check']) {
  checks.push([
    'openapi',
    () => spawnSync('npm', ['run', '-s', 'openapi:check'], { stdio: 'inherit' }).status === 0,
  ]);
}

const failedChecks = [];
for (const [name, run] of checks) {
  console.log(`\n> ${name}`);
  if (!run()) failedChecks.push(name);
}

mkdirSync('test-output', { recursive: true });
const report = 'test-output/vitest.json';
const extra = process.argv.slice(2);
npx([
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...extra,
]);

let passed = 0;
let failed = 0;
if (existsSync(report)) {
  const result = JSON.parse(readFileSync(report, 'utf8'));
  passed = result.numPassedTests;
  failed = result.numFailedTests + (result.success || result.numFailedTests > 0 ? 0 : 1);
} else {
  failed = 1;
}
if (failedChecks.length > 0) console.log(`\nfailed checks: ${failedChecks.join(', ')}`);
failed += failedChecks.length;
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
