import { TRPCError } from '@trpc/server';
import { privacyReportSchema, type PrivacyReport } from '../../engine';
import { datasetByIdSchema } from '../api-schemas';
import type { Dataset, RecordedRun } from '../dataset-store';
import { restPath } from '../openapi-meta';
import { publicProcedure, router } from '../trpc';

/**
 * The report of the dataset's last run, with that run (the dataset as DatasetStore.reported gives
 * it, once the report has followed the run); 409 when there is none (never run, or discarded by
 * a schema change), as the downloads answer; 500 when the run could not compute it (its data and
 * downloads stand).
 */
export function lastReport(dataset: Dataset): { run: RecordedRun; report: PrivacyReport } {
  const { run } = dataset;
  if (!run) {
    throw new TRPCError({
      code: 'CONFLICT',
      message:
        'No report yet: pseudonymize the dataset first (again after a schema change), the report describes a run',
    });
  }
  if (!run.report) {
    throw new TRPCError({
      code: 'INTERNAL_SERVER_ERROR',
      message:
        'The privacy and utility report could not be computed for this run; the pseudonymized ' +
        'data and its downloads are complete without it. Running again will not help until ' +
        'Stand-in is fixed.',
    });
  }
  return { run, report: run.report };
}

/** The privacy and utility report of a dataset's last run. */
export const reportRouter = router({
  getReport: publicProcedure
    .meta(
      restPath('GET', '/api/datasets/{id}/report', {
        tag: 'datasets',
        summary: 'The privacy and utility report of the last run: figures only, no cell values',
        description:
          'Per sheet and column: rule, generator, distinct values, survivors, uniqueness, number ' +
          'and date figures with histogram pairs, top-ten frequencies as counts. Per dataset: ' +
          're-identification risk over the kept columns (unique share, k, class sizes, the ' +
          'columns that contribute most), leaks of replaced originals into other columns, ' +
          'warnings with severity and advice, and utility figures. `?format=html` answers a ' +
          'self-contained printable page instead (`&download=1`: as an attachment).',
        errors: {
          404: 'Unknown or expired dataset',
          409: 'Not pseudonymized yet, or the schema changed since the last run',
        },
      }),
    )
    .input(datasetByIdSchema)
    .output(privacyReportSchema)
    .query(async ({ ctx, input }) => lastReport(await ctx.store.reported(input.id)).report),
});
