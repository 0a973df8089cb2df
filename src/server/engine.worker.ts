/**
 * The worker thread that runs the engine's heavy work (reading, detection, pseudonymization,
 * writing) off the server's event loop. Bundled to dist/server/engine.worker.js by the build.
 */
import {
  buildReport,
  DEFAULT_GUARD_LIMITS,
  EngineError,
  cellNumberFormat,
  cellText,
  detectSchema,
  pseudonymize,
  readWorkbook,
  restoreFormulas,
  writeWorkbook,
  type FileFormat,
  type PrivacyReport,
  type ReportInput,
  type ReadLimits,
  type Sheet,
  type Workbook,
} from '../engine';
import type { SheetState } from './dataset-store';
import {
  mappingFormatOf,
  type EngineJob,
  type EngineJobResults,
  type JobOutcome,
} from './engine-jobs';
import { previewTables, type PreviewSource } from './preview-size';

/** Bytes the worker wrote itself are read back without size limits (a mapping can be long). */
const NO_LIMITS: ReadLimits = {
  maxRows: Number.POSITIVE_INFINITY,
  maxColumns: Number.POSITIVE_INFINITY,
  maxCells: Number.POSITIVE_INFINITY,
};

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

function run(job: EngineJob): EngineJobResults[EngineJob['kind']] {
  switch (job.kind) {
    case 'ingest': {
      const workbook = readWorkbook(ownCopy(job.bytes), job.fileName);
      const previews = previewTables(workbook.sheets.map(previewSource));
      const sheets = workbook.sheets.map((sheet, index): SheetState => ({
        name: sheet.name,
        columns: sheet.columns,
        rowCount: sheet.rows.length,
        schema: detectSchema(sheet),
        preview: previews[index] ?? [],
      }));
      return { format: workbook.format, sheets };
    }
    case 'detect': {
      const workbook = readWorkbook(ownCopy(job.bytes), job.fileName);
      const sheet = workbook.sheets[job.sheetIndex];
      if (!sheet) throw new Error('sheet index out of range');
      return detectSchema(sheet);
    }
    case 'pseudonymize': {
      const started = performance.now();
      const workbook = readWorkbook(ownCopy(job.bytes), job.fileName);
      const read = performance.now();
      const result = pseudonymize(workbook, job.schemas, {
        secret: job.secret,
        scheme: job.scheme,
      });
      const ran = performance.now();
      // Figures of the run, from both tables while they are in memory; the mapping is always
      // offered for download once it has a row.
      const report = reportOrNull({
        original: workbook,
        output: result.workbook,
        schemas: job.schemas,
        mappingAvailable: result.mapping.rows.length > 0,
      });
      const reported = performance.now();
      const output = shared(writeWorkbook(result.workbook, workbook.format));
      const written = performance.now();
      const mappingBook: Workbook = { ...result.workbook, sheets: [result.mapping] };
      const mapping = shared(writeWorkbook(mappingBook, mappingFormatOf(workbook.format)));
      const mapped = performance.now();
      // The server's own steps around the engine's run, so the figures show where time goes.
      const timings = {
        ...result.stats.timings,
        readFile: Math.round(read - started),
        report: Math.round(reported - ran),
        writeResult: Math.round(written - reported),
        writeMapping: Math.round(mapped - written),
      };
      return {
        output,
        mapping,
        mappingRowCount: result.mapping.rows.length,
        // Row for row beside the uploaded previews.
        previews: previewTables(result.workbook.sheets.map(previewSource), job.previewRowCounts),
        stats: { ...result.stats, timings },
        report,
      };
    }
    case 'convert': {
      const workbook = readWorkbook(ownCopy(job.bytes), job.fileName, NO_LIMITS);
      if (job.restoreFormulas) restoreFormulas(workbook);
      const sheetName = workbook.sheets.some((sheet) => sheet.name === job.sheetName)
        ? job.sheetName
        : undefined;
      checkTextOutputSize(workbook, job.to, sheetName);
      return shared(
        writeWorkbook(workbook, job.to, {
          sheetName,
          neutralizeFormulas: job.neutralizeFormulas,
          splitLongSheets: job.splitLongSheets ?? false,
        }),
      );
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
 * Largest csv, tsv or json a download may be converted to: as large as a workbook may expand
 * (the guard's cap on an xlsx's uncompressed parts). A workbook's string table lets one long text
 * fill many cells, so a 140 KB xlsx can hold 600 MB of text; written as csv it would be 600 MB.
 */
const MAX_TEXT_OUTPUT_BYTES = DEFAULT_GUARD_LIMITS.maxZipTotalBytes;

/**
 * Refuses (413) to write a one-table text format whose text alone would pass the cap: every
 * string's length, a separator per cell and, in json, the column name beside each value. A
 * lower bound, counted before anything is written; numbers, dates and booleans count one byte.
 */
function checkTextOutputSize(workbook: Workbook, to: FileFormat, sheetName?: string): void {
  if (to !== 'csv' && to !== 'tsv' && to !== 'json') return;
  const sheet = workbook.sheets.find((each) => each.name === sheetName) ?? workbook.sheets[0];
  if (!sheet) return;
  const keyBytes = to === 'json' ? sheet.columns.map((name) => name.length + 4) : [];
  let bytes = 0;
  for (const row of sheet.rows) {
    for (let column = 0; column < row.length; column++) {
      const cell = row[column];
      bytes += (typeof cell === 'string' ? cell.length : 1) + 1 + (keyBytes[column] ?? 0);
    }
    if (bytes > MAX_TEXT_OUTPUT_BYTES) {
      throw new EngineError(
        'TOO_LARGE',
        `The ${to.toUpperCase()} file would be over ${MAX_TEXT_OUTPUT_BYTES / 1024 ** 2} MB; ` +
          'download it in its own format instead',
      );
    }
  }
}

/** A private copy: decoders refuse views of shared memory, and the engine may keep the bytes. */
function ownCopy(bytes: SharedArrayBuffer): Uint8Array {
  return new Uint8Array(bytes).slice();
}

function shared(bytes: Uint8Array): SharedArrayBuffer {
  const buffer = new SharedArrayBuffer(bytes.byteLength);
  new Uint8Array(buffer).set(bytes);
  return buffer;
}
