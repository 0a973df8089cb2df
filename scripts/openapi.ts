// `npm run openapi` writes openapi.json from the router; `npm run openapi:check` (run by `npm test`)
// fails when the committed file differs from what the router describes now.
import { readFileSync, writeFileSync } from 'node:fs';
import { createOpenApiDocument } from '../src/server/openapi-document';

const FILE = 'openapi.json';
const text = `${JSON.stringify(createOpenApiDocument(), null, 2)}\n`;

if (process.argv.includes('--check')) {
  let committed = '';
  try {
    committed = readFileSync(FILE, 'utf8');
  } catch {
    // Missing counts as stale.
  }
  if (committed !== text) {
    console.error(`${FILE} is stale: run \`npm run openapi\` and commit the result`);
    process.exit(1);
  }
  console.log(`${FILE} is up to date`);
} else {
  writeFileSync(FILE, text);
  console.log(`wrote ${FILE}`);
}
