/**
 * The worker thread that runs the engine's heavy work (reading, detection, pseudonymization,
 * writing) off the server's event loop. Bundled to dist/server/engine.worker.js by the build.
 */
import { availableParallelism } from 'node:os';
import {
  buildReport,
  EngineError,
  GENERATION_THREAD_FROM_BYTES,
  GenerationThread,
  isGenerationThread,
  serveGeneration,
  cellNumberFormat,
  cellText,
  convertWrittenChunks,
  delimitedText,
  expectedBytes,
  detectSchema,
  exampleRowsOf,
  pseudonymize,
  readWorkbook,
  replacementFigures,
  writeMapping,
  utf8Pieces,
  writeWorkbook,
  type FileFormat,
  type PrivacyReport,
  type ReportInput,
  type Sheet,
  type Workbook,
} from '../engine';
import type { RunResult, SheetState } from './dataset-store';
import type { EngineJob, EngineJobResults, JobOutcome } from './engine-jobs';
import { engineWorkerFile } from './engine-worker-file';
import { needsMoreHeap } from './job-heap';
import { previewTables, type PreviewSource } from './preview-size';
import { shared, sharedPieces } from './shared-bytes';

// This module is also the entry of a run's generation thread (see the pseudonymize job).
if (isGenerationThread()) serveGeneration();
const GENERATION_THREAD_ENTRY = engineWorkerFile();

export default function runEngineJob(
  job: EngineJob,
): JobOutcome<EngineJobResults[EngineJob['kind']]> {
  try {
    return { ok: true, value: run(job) };
  } catch (error) {
    if (error instanceof EngineError)
      return { ok: false, code: error.code, message: error.message };
    return {
      ok: false,
      code: 'INTERNAL',
      errorName: error instanceof Error ? error.name : typeof error,
    };
  }
}

/**
 * The table this worker read last, under its bytes' key (Dataset.readKey). A run right after its
 * upload, or a sheet detected again, often lands on the worker that read the file, which then
 * skips reading it again: the engine's functions never change the table they are given. One
 * table at most: a job on other bytes lets it go before it reads (so the worker's heap never
 * holds two), and the pool ends a worker idle for a minute, its table with it.
 */
let lastRead: { key: string; workbook: Workbook } | null = null;

/**
 * The workbook of a dataset's upload: the one read last when the key matches, else read now.
 * The engine reads the shared bytes as they are, never writing into them (Node's decoders take
 * views of shared memory): a private copy cost every read 50 MB of memory touched for the first
 * time, about 50 ms on the 50 MB shared CSV. A conversion reads the run's output so too.
 */
function readDataset(job: { bytes: SharedArrayBuffer; fileName: string; readKey?: string }) {
  if (job.readKey !== undefined && lastRead?.key === job.readKey) return lastRead.workbook;
  lastRead = null;
  const workbook = readWorkbook(new Uint8Array(job.bytes), job.fileName);
  if (job.readKey !== undefined) lastRead = { key: job.readKey, workbook };
  return workbook;
}

function run(job: EngineJob): EngineJobResults[EngineJob['kind']] {
  switch (job.kind) {
    case 'ingest': {
      const workbook = readDataset(job);
      const previews = previewTables(workbook.sheets.map(previewSource));
      const sheets = workbook.sheets.map((sheet, index): SheetState => {
        const schema = detectSchema(sheet);
        return {
          name: sheet.name,
          columns: sheet.columns,
          rowCount: sheet.rows.length,
          schema,
          preview: previews[index] ?? [],
          exampleRows: exampleRowsOf(sheet, schema),
        };
      });
      return { format: workbook.format, sheets };
    }
    case 'detect': {
      const workbook = readDataset(job);
      const sheet = workbook.sheets[job.sheetIndex];
      if (!sheet) throw new Error('sheet index out of range');
      return detectSchema(sheet);
    }
    case 'pseudonymize': {
      const started = performance.now();
      const workbook = readDataset(job);
      const read = performance.now();
      // A large run gets a second thread that chooses some of its pseudonyms, as the command
      // line's does: the same output, sooner.
      const helper =
        job.bytes.byteLength >= GENERATION_THREAD_FROM_BYTES && availableParallelism() >= 2
          ? new GenerationThread(GENERATION_THREAD_ENTRY)
          : undefined;
      let result: ReturnType<typeof pseudonymize>;
      try {
        result = pseudonymize(workbook, job.schemas, {
          secret: job.secret,
          scheme: job.scheme,
          ...(helper ? { generationHelper: helper } : {}),
        });
      } finally {
        void helper?.close();
      }
      const ran = performance.now();
      const output = sharedOutput(result.workbook, workbook.format);
      const written = performance.now();
      // What the run really replaced, for the stats and the report alike.
      const replacement = replacementFigures(workbook, result.workbook, job.schemas);
      // The result goes out now: the client shows and downloads it while the report and the
      // mapping are made. The server's own steps are timed beside the engine's.
      const early: RunResult = {
        output,
        mappingRowCount: result.mappingRowCount(),
        // Row for row beside the uploaded previews.
        previews: previewTables(result.workbook.sheets.map(previewSource), job.previewRowCounts),
        stats: {
          ...result.stats,
          ...replacement,
          timings: {
            ...result.stats.timings,
            readFile: Math.round(read - started),
            writeResult: Math.round(written - ran),
          },
        },
      };
      job.early.postMessage(early);
      // Figures of the run, from both tables while they are in memory; the mapping is always
      // offered for download once it has a row. Their times are not in the stats, which the
      // client has already.
      const report = reportOrNull({
        original: workbook,
        output: result.workbook,
        schemas: job.schemas,
        mappingAvailable: result.mappingRowCount() > 0,
        replacement,
      });
      // The report goes out before the mapping is written: the page asks for it first.
      job.early.postMessage(report);
      return { mapping: shared(writeMapping(result.workbook, result.mapping, workbook.format)) };
    }
    case 'lane':
      return needsMoreHeap(new Uint8Array(job.bytes), job.fileName, job.laneHeapMb * 1024 * 1024);
    case 'convert': {
      lastRead = null;
      const { kind: _kind, bytes, port, ...options } = job;
      try {
        let sent = 0;
        for (const piece of convertWrittenChunks(new Uint8Array(bytes), options)) {
          // A buffer of its own, handed over to the main thread without a copy.
          const own = piece.slice();
          port.postMessage(own, [own.buffer]);
          sent += own.length;
        }
        port.postMessage(null);
        return sent;
      } finally {
        port.close();
      }
    }
  }
}

/**
 * The run's report, or null when computing it failed: a fault of the report must not cost the
 * user the pseudonymized data, which is complete without it. Only the error's kind and where it
 * arose are logged (its message could quote a value).
 */
function reportOrNull(input: ReportInput): PrivacyReport | null {
  try {
    return buildReport(input);
  } catch (error) {
    const where =
      error instanceof Error ? (error.stack ?? '').split('\n').slice(1, 4).join(' ') : '';
    console.error(
      `privacy report failed (${error instanceof Error ? error.name : typeof error}) ${where.trim()}; the run's data is unaffected`,
    );
    return null;
  }
}

function previewSource(sheet: Sheet): PreviewSource {
  return {
    rowCount: sheet.rows.length,
    columnCount: sheet.columns.length,
    nameCharacters: sheet.columns.reduce((sum, name) => sum + name.length, 0),
    text: (row, column) =>
      cellText(sheet.rows[row]?.[column] ?? null, cellNumberFormat(sheet, row, column)),
  };
}

/**
 * A run's output in shared memory: a csv or tsv encoded straight into it a piece at a time
 * (sharedPieces), other formats written whole and copied.
 */
function sharedOutput(workbook: Workbook, format: FileFormat): SharedArrayBuffer {
  if (format !== 'csv' && format !== 'tsv') return shared(writeWorkbook(workbook, format));
  const { bom, chunks, sizeHint } = delimitedText(workbook, format);
  return sharedPieces(utf8Pieces(chunks, bom), expectedBytes(sizeHint));
}
