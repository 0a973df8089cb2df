import type { RequestHandler } from 'express';
import { z } from 'zod';
import { datasetIdSchema } from './api-schemas';
import { attachmentHeader, inlineHeader, reportFileName } from './content-disposition';
import type { DatasetStore } from './dataset-store';
import { renderReportHtml } from './report-html';
import { lastReport } from './routers/report';

/** The report's query: JSON (the procedure) or the printable page, shown or downloaded. */
export const reportQuerySchema = z.object({
  format: z
    .enum(['json', 'html'])
    .optional()
    .describe(
      "'json' (default): the report as JSON. 'html': one self-contained printable page (inline " +
        'CSS and SVG charts, no script, nothing else loaded), light or dark as the reader’s ' +
        'system is, light on paper',
    ),
  download: z
    .enum(['0', '1'])
    .optional()
    .describe("With format=html, '1' sends the page as an attachment named `<name>-report.html`"),
});

const reportPageInput = reportQuerySchema.extend({ id: datasetIdSchema });

/**
 * The page may load nothing and run nothing: its style and charts are inline. Column names are
 * escaped, and this keeps a page that still held markup from doing anything with it.
 */
const PAGE_SECURITY_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; " +
  "form-action 'none'; frame-ancestors 'none'";

/**
 * GET /api/datasets/{id}/report?format=html: the last run's report as a printable page, in the
 * tab (or, with `download=1`, as an attachment). Any other format passes on to the REST
 * adapter, which answers the JSON report through the getReport procedure.
 */
export function reportPageHandler({ store }: { store: DatasetStore }): RequestHandler {
  return async (req, res, next) => {
    const input = reportPageInput.parse({
      id: req.params.id,
      format: req.query.format,
      download: req.query.download,
    });
    if (input.format !== 'html') {
      next();
      return;
    }
    const dataset = await store.reported(input.id);
    const { run, report } = lastReport(dataset);
    const name = reportFileName(dataset.filename);
    const page = renderReportHtml({
      report,
      fileName: dataset.filename,
      ranAt: run.recordedAt,
    });
    res
      .status(200)
      .set({
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Disposition': input.download === '1' ? attachmentHeader(name) : inlineHeader(name),
        'Content-Security-Policy': PAGE_SECURITY_POLICY,
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      })
      .end(page);
  };
}
