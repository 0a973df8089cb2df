/**
 * The worker thread that runs the engine's heavy work (reading, detection, pseudonymization,
 * writing) off the server's event loop. Bundled to dist/server/engine.worker.js by the build.
 */
import {
  EngineError,
  cellText,
  detectSchema,
  pseudonymize,
  readWorkbook,
  writeWorkbook,
  type ReadLimits,
  type Sheet,
  type Workbook,
} from '../engine';
import type { SheetState } from './dataset-store';
import type { EngineJob, EngineJobResults, JobOutcome } from './engine-jobs';
import { previewRowCounts } from './preview-size';

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
      const previewLengths = previewRowCounts(workbook.sheets.map(dimensions));
      const sheets = workbook.sheets.map((sheet, index): SheetState => ({
        name: sheet.name,
        columns: sheet.columns,
        rowCount: sheet.rows.length,
        schema: detectSchema(sheet),
        preview: previewRows(sheet, previewLengths[index] ?? 0),
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
      const result = pseudonymize(workbook, job.schemas, { secret: job.secret });
      const ran = performance.now();
      const output = shared(writeWorkbook(result.workbook, workbook.format));
      const written = performance.now();
      const mappingBook: Workbook = { ...result.workbook, sheets: [result.mapping] };
      const mapping = shared(writeWorkbook(mappingBook, workbook.format));
      const mapped = performance.now();
      const sheets = result.workbook.sheets;
      const previewLengths = previewRowCounts(sheets.map(dimensions));
      // The server's own steps around the engine's run, so the figures show where time goes.
      const timings = {
        ...result.stats.timings,
        readFile: Math.round(read - started),
        writeResult: Math.round(written - ran),
        writeMapping: Math.round(mapped - written),
      };
      return {
        output,
        mapping,
        mappingRowCount: result.mapping.rows.length,
        previews: sheets.map((sheet, index) => previewRows(sheet, previewLengths[index] ?? 0)),
        stats: { ...result.stats, timings },
      };
    }
    case 'convert': {
      const workbook = readWorkbook(ownCopy(job.bytes), job.fileName, NO_LIMITS);
      const sheetName = workbook.sheets.some((sheet) => sheet.name === job.sheetName)
        ? job.sheetName
        : undefined;
      return shared(writeWorkbook(workbook, job.to, { sheetName }));
    }
  }
}

function dimensions(sheet: Sheet): { rowCount: number; columnCount: number } {
  return { rowCount: sheet.rows.length, columnCount: sheet.columns.length };
}

function previewRows(sheet: Sheet, count: number): string[][] {
  return sheet.rows
    .slice(0, count)
    .map((row) => row.map((cell, column) => cellText(cell, sheet.numberFormats?.[column])));
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
