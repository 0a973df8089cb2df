import { MessageChannel } from 'node:worker_threads';
import type { RequestHandler, Response } from 'express';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import {
  mappingFileName,
  mappingFormatOf,
  rewriting,
  writtenConversion,
  zipsSheets,
  type FileFormat,
} from '../engine';
import { datasetIdSchema, fileFormatSchema } from './api-schemas';
import { attachmentHeader, downloadName, sheetDownloadName } from './content-disposition';
import type { Dataset, DatasetStore } from './dataset-store';
import type { ConvertJob } from './engine-jobs';
import type { EnginePool } from './engine-pool';

export const CONTENT_TYPES: Record<FileFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  tsv: 'text/tab-separated-values; charset=utf-8',
  json: 'application/json; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
};

/** A download's query: the format, the sheet, and whether formula protection may be turned off. */
export const downloadQuerySchema = z.object({
  format: fileFormatSchema.optional().describe('Default: the uploaded file’s format'),
  sheet: z
    .string()
    .min(1)
    .max(255)
    .optional()
    .describe(
      "One sheet's name: the download holds that sheet only (in any format, an xlsx or xls " +
        'of that sheet too), and its file name names the sheet. Default: every sheet. A ' +
        'workbook of several sheets (or a JSON document of several tables) downloads as csv or ' +
        'tsv in a ZIP with one file per sheet (application/zip, named ….csv.zip), as json as ' +
        'one object keyed by sheet name, as xlsx or xls whole.',
    ),
  formulaProtection: z
    .enum(['on', 'off'])
    .optional()
    .describe(
      "'on' (default): csv and tsv text that a spreadsheet could run as a formula calling " +
        'something (first visible character = or @, or + or - before more than plain ' +
        'arithmetic) gets a leading single quote; xlsx and xls keep every text unchanged as a ' +
        "text cell, the same texts with Excel's invisible quote-prefix style. 'off': every " +
        'value exactly as generated and no quote-prefix style, for scripts that do not open ' +
        'files in a spreadsheet.',
    ),
});

const downloadInput = downloadQuerySchema.extend({ id: datasetIdSchema });

export type DownloadKind = 'pseudonymized' | 'mapping';

/**
 * GET /api/datasets/{id}/download and /download-mapping: the last run's result or mapping as an
 * attachment, in the uploaded format (kept ready) or converted by a worker to the one asked for.
 */
export function downloadHandler(
  kind: DownloadKind,
  { store, pool }: { store: DatasetStore; pool: EnginePool },
): RequestHandler {
  return async (req, res) => {
    const input = downloadInput.parse({
      id: req.params.id,
      format: req.query.format,
      sheet: req.query.sheet,
      formulaProtection: req.query.formulaProtection,
    });
    const mapping = kind === 'mapping';
    // A run is answered as soon as its result is written; its mapping follows (recordEarlyRun).
    const dataset = mapping ? await store.settled(input.id) : store.get(input.id);
    const run = dataset.run;
    if (!run) {
      throw new TRPCError({
        code: 'CONFLICT',
        message:
          'Nothing to download: pseudonymize the dataset first (again after a schema change)',
      });
    }
    const format = input.format ?? dataset.format;
    const sheets = mapping ? null : sheetsOf(dataset, input.sheet);
    const stored = mapping ? run.mapping : run.output;
    if (!stored) {
      throw (
        run.mappingError ??
        new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'The run has no mapping' })
      );
    }
    // Kept written as uploaded (a workbook's mapping as csv), with formula protection where the
    // format has it.
    const storedFormat = mapping ? mappingFormatOf(dataset.format) : dataset.format;
    const protection = input.formulaProtection !== 'off';
    // One sheet of several is written again even in the stored format, which holds them all.
    const conversion =
      writtenConversion(storedFormat, format, protection) ??
      (sheets?.scope === 'one' && dataset.sheets.length > 1
        ? rewriting(storedFormat, format, protection)
        : null);
    const zipped = conversion !== null && zipsSheets(dataset.sheets.length, format, sheets?.scope);
    const name =
      sheets?.scope === 'one' && dataset.sheets.length > 1
        ? sheetDownloadName(dataset.filename, sheets.name, kind, format)
        : downloadName(dataset.filename, kind, zipped ? `${format}.zip` : format);
    const headers = {
      'Content-Type': zipped ? 'application/zip' : CONTENT_TYPES[format],
      'Content-Disposition': attachmentHeader(name),
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    };
    if (!conversion) {
      res.status(200).set(headers).end(Buffer.from(stored));
      return;
    }
    await sendConverted(res, headers, pool, req.ip, {
      kind: 'convert',
      bytes: stored,
      ...conversion,
      splitLongSheets: mapping,
      // The name a csv/tsv/json is read under becomes its sheet's name in an xlsx/xls.
      fileName: mapping ? mappingFileName(dataset.format) : dataset.filename,
      ...(sheets ? { sheetName: sheets.name, sheetScope: sheets.scope } : {}),
    });
  };
}

/**
 * The sheets a download of the data holds: the one named (400 when the dataset has none so
 * named), else every sheet.
 */
function sheetsOf(
  dataset: Dataset,
  sheetName: string | undefined,
): { scope: 'one' | 'every'; name: string } {
  if (sheetName === undefined) {
    return { scope: 'every', name: dataset.sheets[dataset.selectedSheet]?.name ?? '' };
  }
  if (!dataset.sheets.some((sheet) => sheet.name === sheetName)) {
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: `The dataset has no sheet with that name (its sheets: ${dataset.sheets.length})`,
    });
  }
  return { scope: 'one', name: sheetName };
}

/**
 * Has a worker convert a download and sends it as it is written: the status and headers go with
 * the first piece, so a refusal before it (413 for too large a text) still answers as an error;
 * a failure after it cuts the response short, which the client sees as an incomplete download.
 * Pieces are written as they come, without waiting for the client to drain them: at most the
 * converted file waits here, as the whole file did before, and the worker is free sooner.
 */
async function sendConverted(
  res: Response,
  headers: Record<string, string>,
  pool: EnginePool,
  client: string | undefined,
  job: Omit<ConvertJob, 'port'>,
): Promise<void> {
  const { port1: pieces, port2: port } = new MessageChannel();
  let started = false;
  const complete = new Promise<void>((resolve) => {
    pieces.on('message', (piece: Uint8Array | null) => {
      if (piece === null) {
        resolve();
        return;
      }
      if (!started) {
        started = true;
        res.status(200).set(headers);
      }
      res.write(piece);
    });
  });
  try {
    await pool.run({ ...job, port }, client, [port]);
    await complete;
  } catch (error) {
    if (!started) throw error;
    res.destroy();
    return;
  } finally {
    pieces.close();
  }
  res.end();
}
