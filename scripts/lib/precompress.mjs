// Writes a Brotli (.br) and a gzip (.gz) copy beside each text file of the built client, at the
// strongest settings: built once, served to every visitor (express-static-gzip picks the copy the
// browser accepts), where compressing on each request would cost the server each time.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT_FILES = /\.(?:js|mjs|css|html|svg|json|txt)$/;
/** Files this small gain nothing worth a second request path. */
const SMALLEST_BYTES = 1024;

/** Compresses every text file under `directory`; returns how many it wrote copies of. */
export function precompress(directory) {
  let files = 0;
  for (const name of readdirSync(directory)) {
    const file = path.join(directory, name);
    if (statSync(file).isDirectory()) {
      files += precompress(file);
      continue;
    }
    if (!TEXT_FILES.test(name)) continue;
    const bytes = readFileSync(file);
    if (bytes.length < SMALLEST_BYTES) continue;
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
    );
    writeFileSync(`${file}.gz`, gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }));
    files++;
  }
  return files;
}
