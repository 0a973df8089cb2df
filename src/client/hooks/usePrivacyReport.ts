import type { PrivacyReport } from '../../engine/browser';
import { isDatasetGone } from '../lib/datasetGone';
import { trpc } from '../trpc';

/**
 * The message to show when the run could not compute its report (the server answers 500: the
 * data and downloads stand); undefined for the answers that only mean "no report now" (404
 * after expiry, 409 once a schema change discarded the run), which hide the section quietly.
 * @example reportFailure({ message: 'could not be computed…', data: { code: 'INTERNAL_SERVER_ERROR' } }) // 'could not be computed…'
 */
export function reportFailure(
  error: { message: string; data?: { code?: string } | null } | null,
): string | undefined {
  if (error?.data?.code !== 'INTERNAL_SERVER_ERROR') return undefined;
  return error.message || 'The privacy and utility report could not be computed for this run.';
}

/**
 * The privacy and utility report of the dataset's last run, while step 3 shows that run.
 * Undefined while it loads and when the server has none: the section then stays hidden until
 * the next run, whose success invalidates this query (useDatasetWorkflow), or says why the run
 * has none (`failure`).
 */
export function usePrivacyReport(
  datasetId: string | undefined,
  shown: boolean,
): { report: PrivacyReport | undefined; loading: boolean; failure?: string; gone: boolean } {
  const enabled = shown && datasetId !== undefined;
  const query = trpc.getReport.useQuery({ id: datasetId ?? '' }, { enabled });
  if (!enabled) return { report: undefined, loading: false, gone: false };
  // A fetch only happens after a run: figures still cached then are the previous run's.
  if (query.isFetching) return { report: undefined, loading: true, gone: false };
  if (query.isError) {
    return {
      report: undefined,
      loading: false,
      failure: reportFailure(query.error),
      // 404: the dataset expired; the page says so (useDatasetWorkflow.datasetGone).
      gone: isDatasetGone(query.error),
    };
  }
  return { report: query.data, loading: false, gone: false };
}
