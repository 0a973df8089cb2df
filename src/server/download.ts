import type { RequestHandler } from 'express';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { mappingFileName, mappingFormatOf, writtenConversion, type FileFormat } from '../engine';
import { datasetIdSchema, fileFormatSchema } from './api-schemas';
import { attachmentHeader, downloadName } from './content-disposition';
import type { DatasetStore } from './dataset-store';
import type { EnginePool } from './engine-pool';

export const CONTENT_TYPES: Record<FileFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  tsv: 'text/tab-separated-values; charset=utf-8',
  json: 'application/json; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
};

/** A download's query: the format, and whether formula protection may be turned off. */
export const downloadQuerySchema = z.object({
  format: fileFormatSchema.optional().describe('Default: the uploaded file’s format'),
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
      formulaProtection: req.query.formulaProtection,
    });
    const dataset = store.get(input.id);
    const run = dataset.run;
    if (!run) {
      throw new TRPCError({
        code: 'CONFLICT',
        message:
          'Nothing to download: pseudonymize the dataset first (again after a schema change)',
      });
    }
    const format = input.format ?? dataset.format;
    const mapping = kind === 'mapping';
    const stored = mapping ? run.mapping : run.output;
    // Kept written as uploaded (a workbook's mapping as csv), with formula protection where the
    // format has it.
    const storedFormat = mapping ? mappingFormatOf(dataset.format) : dataset.format;
    const conversion = writtenConversion(storedFormat, format, input.formulaProtection !== 'off');
    const bytes = conversion
      ? await pool.run(
          {
            kind: 'convert',
            bytes: stored,
            ...conversion,
            splitLongSheets: mapping,
            // The name a csv/tsv/json is read under becomes its sheet's name in an xlsx/xls.
            fileName: mapping ? mappingFileName(dataset.format) : dataset.filename,
            sheetName: mapping ? undefined : dataset.sheets[dataset.selectedSheet]?.name,
          },
          req.ip,
        )
      : stored;
    res
      .status(200)
      .set({
        'Content-Type': CONTENT_TYPES[format],
        'Content-Disposition': attachmentHeader(downloadName(dataset.filename, kind, format)),
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      })
      .end(Buffer.from(bytes));
  };
}
