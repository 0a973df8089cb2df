import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { ColumnSchema } from '../../engine/browser';
import { notify, notifyError } from '../components/ui/toaster';
import { logFailure } from '../lib/logFailure';
import { trpc, type DatasetView } from '../trpc';

export interface DatasetWorkflow {
  /** The uploaded dataset as last answered or edited; undefined in step 1. */
  dataset: DatasetView | undefined;
  step: 1 | 2 | 3;
  /** The schema changed since the last run: its preview and download are withdrawn. */
  runOutdated: boolean;
  sheetPending: boolean;
  generating: boolean;
  reanalyzing: boolean;
  /** A sheet switch, re-analysis or run is under way: the schema is not editable. */
  busy: boolean;
  openUploaded: (dataset: DatasetView) => void;
  selectSheet: (sheetName: string) => void;
  changeColumn: (index: number, next: ColumnSchema) => void;
  reanalyze: () => void;
  generate: () => void;
  startOver: () => void;
}

/** A failed call's toast shows the server's message, or the call's own text. */
function notifyFailure(fallback: string) {
  return (error: { message: string }) => notifyError('Error', error.message || fallback);
}

/** The main page's flow: one dataset from upload to run, and the toasts it answers with. */
export function useDatasetWorkflow(): DatasetWorkflow {
  const [datasetId, setDatasetId] = useState<string | null>(null);
  const currentDatasetId = useRef(datasetId);
  useEffect(() => {
    currentDatasetId.current = datasetId;
  }, [datasetId]);
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const query = trpc.getDataset.useQuery({ id: datasetId ?? '' }, { enabled: datasetId !== null });
  const dataset = datasetId !== null ? query.data : undefined;
  // A schema change discards the last run on the server; from the edit on (before the server's
  // answer too) the page is back at step 2 with a notice, until Generate runs again.
  const [runOutdated, setRunOutdated] = useState(false);
  const step = !dataset ? 1 : dataset.pseudonymizedData && !runOutdated ? 3 : 2;

  const store = (next: DatasetView) => utils.getDataset.setData({ id: next.id }, next);

  const sheetSwitch = trpc.setSheet.useMutation({
    onSuccess: (next) => {
      store(next);
      notify('Sheet changed', 'Schema detection updated for selected sheet.');
    },
    onError: notifyFailure('Failed to switch sheet'),
  });
  const reanalysis = trpc.reanalyze.useMutation({
    onSuccess: (next) => {
      store(next);
      notify('Schema re-analyzed', 'Column types were detected again for this sheet.');
    },
    onError: notifyFailure('Failed to re-analyze the sheet'),
  });
  const run = trpc.pseudonymize.useMutation({
    onSuccess: (next) => {
      store(next);
      setRunOutdated(false);
      notify('Success', 'Data has been successfully pseudonymized!');
    },
    onError: notifyFailure('Failed to pseudonymize data'),
  });
  const schemaSave = trpc.updateSchema.useMutation();
  const deletion = trpc.deleteDataset.useMutation();
  const latestSchemaSave = useRef(0);
  // Schema saves still on their way: a run or re-analysis starts only once they have landed.
  const pendingSaves = useRef(new Set<Promise<unknown>>());
  const [waitingForSaves, setWaitingForSaves] = useState<'generate' | 'reanalyze' | null>(null);

  function changeColumn(index: number, next: ColumnSchema) {
    if (!dataset) return;
    const schema = dataset.schema.map((column, i) =>
      i === index ? { ...next, sample: column.sample } : column,
    );
    store({ ...dataset, schema });
    if (dataset.pseudonymizedData) setRunOutdated(true);
    const save = ++latestSchemaSave.current;
    // A failed save is logged, never shown; the card then shows the server's state again.
    // Only the edited column's editable fields: the server keeps every field left out.
    const saving = schemaSave
      .mutateAsync({
        id: dataset.id,
        schema: [{ name: next.name, type: next.type, rule: next.rule }],
      })
      .then((saved) => {
        if (save === latestSchemaSave.current) store(saved);
      })
      .catch((error: unknown) => {
        logFailure('Saving the schema', error);
        if (save === latestSchemaSave.current) void utils.getDataset.invalidate({ id: dataset.id });
      })
      .finally(() => pendingSaves.current.delete(saving));
    pendingSaves.current.add(saving);
  }

  /** Runs `action` once every schema save sent so far has been answered. */
  async function afterSaves(kind: 'generate' | 'reanalyze', action: () => void) {
    if (pendingSaves.current.size > 0) {
      const waitingFor = datasetId;
      setWaitingForSaves(kind);
      await Promise.all(pendingSaves.current);
      setWaitingForSaves(null);
      // ✕ or Start Over meanwhile: the dataset is gone.
      if (currentDatasetId.current !== waitingFor) return;
    }
    action();
  }

  function reanalyze() {
    if (!dataset) return;
    void afterSaves('reanalyze', () =>
      reanalysis.mutate(
        { id: dataset.id },
        {
          onSuccess: (next) => {
            if (dataset.pseudonymizedData && !next.pseudonymizedData) setRunOutdated(true);
          },
        },
      ),
    );
  }

  function generate() {
    if (!dataset) return;
    void afterSaves('generate', () => run.mutate({ id: dataset.id }));
  }

  function startOver() {
    if (datasetId !== null) {
      deletion.mutate(
        { id: datasetId },
        { onError: (error) => logFailure('Deleting the dataset', error) },
      );
    }
    setDatasetId(null);
    setRunOutdated(false);
    queryClient.clear();
  }

  const generating = run.isPending || waitingForSaves === 'generate';
  const reanalyzing = reanalysis.isPending || waitingForSaves === 'reanalyze';
  return {
    dataset,
    step,
    runOutdated,
    sheetPending: sheetSwitch.isPending,
    generating,
    reanalyzing,
    busy: sheetSwitch.isPending || reanalyzing || generating,
    openUploaded: (uploaded) => {
      store(uploaded);
      setRunOutdated(false);
      setDatasetId(uploaded.id);
    },
    selectSheet: (sheetName) => {
      if (dataset) sheetSwitch.mutate({ id: dataset.id, sheetName });
    },
    changeColumn,
    reanalyze,
    generate,
    startOver,
  };
}
