import type { PrivacyReport } from '../../engine/browser';
import { trpc } from '../trpc';

/**
 * The privacy and utility report of the dataset's last run, while step 3 shows that run.
 * Undefined while it loads and when the server has none (404 after expiry, 409 once a schema
 * change discarded the run): the section then stays hidden, quietly, until the next run, whose
 * success invalidates this query (useDatasetWorkflow).
 */
export function usePrivacyReport(
  datasetId: string | undefined,
  shown: boolean,
): { report: PrivacyReport | undefined; loading: boolean } {
  const enabled = shown && datasetId !== undefined;
  const query = trpc.getReport.useQuery({ id: datasetId ?? '' }, { enabled });
  if (!enabled) return { report: undefined, loading: false };
  // A fetch only happens after a run: figures still cached then are the previous run's.
  if (query.isFetching) return { report: undefined, loading: true };
  if (query.isError) return { report: undefined, loading: false };
  return { report: query.data, loading: false };
}
