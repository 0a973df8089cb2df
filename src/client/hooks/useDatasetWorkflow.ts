import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { ColumnSchema } from '../../engine/browser';
import { notify, notifyError, notifyNotice } from '../components/ui/toaster';
import { isDatasetGone } from '../lib/datasetGone';
import { formatCount } from '../lib/format';
import { logFailure } from '../lib/logFailure';
import { readRecipeFile, type RecipeDocument } from '../lib/readRecipeFile';
import { runNotice } from '../lib/runClaims';
import { withoutSample } from '../lib/schemaColumn';
import {
  changeLabel,
  columnUpdate,
  restoringUpdates,
  type ColumnUpdate,
  type SchemaChange,
} from '../lib/schemaUndo';
import { trpc, type DatasetView, type RouterInputs, type SchemaColumn } from '../trpc';

export interface DatasetWorkflow {
  /** The uploaded dataset as last answered or edited; undefined in step 1. */
  dataset: DatasetView | undefined;
  step: 1 | 2 | 3;
  /** What changed since the last run, withdrawing its preview and download; null when nothing. */
  runOutdated: RunOutdatedBy | null;
  /** The consistency key as typed; kept for the whole page visit, across Start Over. */
  consistencyKey: string;
  setConsistencyKey: (key: string) => void;
  sheetPending: boolean;
  generating: boolean;
  reanalyzing: boolean;
  /** A sheet switch, re-analysis or run is under way: the schema is not editable. */
  busy: boolean;
  /** The dataset the server no longer has (expired), while the page is back at step 1. */
  expired: ExpiredDataset | null;
  openUploaded: (dataset: DatasetView, file: File) => void;
  selectSheet: (sheetName: string) => void;
  changeColumn: (index: number, next: ColumnSchema) => void;
  /** Detects the types again, keeping the user's rules unless `cleanSlate`. */
  reanalyze: (cleanSlate: boolean) => void;
  /** The last schema change of the shown sheet, which `undo` takes back; null when none. */
  lastChange: SchemaChange | null;
  undo: () => void;
  /** A recipe file's types and rules applied to the dataset's sheets. */
  applyRecipe: (file: File) => Promise<void>;
  applyingRecipe: boolean;
  /** Resolves once the schema edits made so far are saved; false if the dataset went meanwhile. */
  savesLanded: () => Promise<boolean>;
  generate: () => void;
  startOver: () => void;
  /** The server no longer has the dataset: back to step 1, saying so once. */
  datasetGone: () => void;
}

export type RunOutdatedBy = 'schema' | 'key';

/** An upload the server discarded: its name, and the file itself to send again in one click. */
export interface ExpiredDataset {
  filename: string;
  file: File | null;
}

/** What waits for the schema saves on their way before it starts. */
type SavesWaiter = 'generate' | 'reanalyze' | 'recipe';

/** '6 columns applied · 1 not found · 2 not covered', leaving out the lists that are empty. */
function recipeSummary(report: { applied: unknown[]; notFound: unknown[]; notCovered: unknown[] }) {
  const parts = [
    `${formatCount(report.applied.length)} ${report.applied.length === 1 ? 'column' : 'columns'} applied`,
  ];
  if (report.notFound.length > 0) parts.push(`${formatCount(report.notFound.length)} not found`);
  if (report.notCovered.length > 0) {
    parts.push(`${formatCount(report.notCovered.length)} not covered`);
  }
  return parts.join(' · ');
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
  const [schemaChanged, setSchemaChanged] = useState(false);
  // Only in React state: the key is never stored, logged or put in a URL (a mutation's body).
  const [consistencyKey, setConsistencyKey] = useState('');
  // Surrounding white space is a copy-and-paste accident, not part of a key.
  const secret = consistencyKey.trim();
  // The key the shown run was made with ('' for none): another key makes that run outdated too.
  const [secretOfRun, setSecretOfRun] = useState<string | null>(null);
  const keyChanged = secretOfRun !== null && secretOfRun !== secret;
  const runOutdated: RunOutdatedBy | null = schemaChanged ? 'schema' : keyChanged ? 'key' : null;
  const step = !dataset ? 1 : dataset.pseudonymizedData && !runOutdated ? 3 : 2;
  // The uploaded file, kept in the page only, so an expired dataset is one click from back.
  const uploadedFile = useRef<File | null>(null);
  const [expired, setExpired] = useState<ExpiredDataset | null>(null);
  const [lastChange, setLastChange] = useState<SchemaChange | null>(null);

  const store = (next: DatasetView) => utils.getDataset.setData({ id: next.id }, next);

  function forget() {
    setDatasetId(null);
    setSchemaChanged(false);
    setSecretOfRun(null);
    setLastChange(null);
    queryClient.clear();
  }

  /** Every call that finds the dataset gone lands here; only the first one says so. */
  function datasetGone() {
    const gone = dataset ?? query.data;
    if (currentDatasetId.current === null || !gone) return;
    currentDatasetId.current = null;
    setExpired({ filename: gone.filename, file: uploadedFile.current });
    forget();
    notifyNotice(
      'Dataset expired',
      `The server no longer holds ${gone.filename}: it discards data after a while unused. ` +
        'Upload it again with one click; your consistency key is kept.',
    );
  }

  /** A failed call's toast shows the server's message, or the call's own text. */
  function failure(fallback: string) {
    return (error: { message: string }) => {
      if (isDatasetGone(error)) datasetGone();
      else notifyError('Error', error.message || fallback);
    };
  }

  // A refetch that finds the dataset gone (after an invalidation) is expiry too.
  const queryError = query.error;
  useEffect(() => {
    if (queryError && isDatasetGone(queryError)) datasetGone();
    // datasetGone reads the state it needs through refs and the query.
  }, [queryError]);

  const sheetSwitch = trpc.setSheet.useMutation({
    onSuccess: (next) => {
      store(next);
      notify('Sheet changed', 'Schema detection updated for selected sheet.');
    },
    onError: failure('Failed to switch sheet'),
  });
  const reanalysis = trpc.reanalyze.useMutation({
    onSuccess: (next, { cleanSlate }) => {
      store(next);
      notify(
        'Schema re-analyzed',
        cleanSlate
          ? 'Column types were detected again for this sheet, every rule back to Auto.'
          : 'Column types were detected again for this sheet; your rules are kept.',
      );
    },
    onError: failure('Failed to re-analyze the sheet'),
  });
  const run = trpc.pseudonymize.useMutation({
    onSuccess: (next, { secret: sent }) => {
      store(next);
      setSchemaChanged(false);
      setSecretOfRun(sent ?? '');
      // Every run has a report of its own: the one cached describes the run before.
      void utils.getReport.invalidate({ id: next.id });
      // A success only when pseudonyms were written and no original kept: the figures say.
      if (next.stats) {
        const notice = runNotice(next.stats);
        (notice.tone === 'success' ? notify : notifyNotice)(notice.title, notice.description);
      }
    },
    onError: failure('Failed to pseudonymize data'),
  });
  const recipeApplication = trpc.applyRecipe.useMutation({
    onSuccess: ({ recipeReport: report, ...next }) => {
      store(next);
      if (report.applied.length > 0) {
        notify('Recipe applied', recipeSummary(report));
      } else {
        notifyError(
          'Recipe not applied',
          `No column of this file is in it: ${recipeSummary(report)}`,
        );
      }
    },
    onError: (error) => {
      if (isDatasetGone(error)) datasetGone();
      else notifyError('Recipe not applied', error.message || 'The server refused the recipe.');
    },
  });
  const schemaSave = trpc.updateSchema.useMutation();
  const deletion = trpc.deleteDataset.useMutation();
  const latestSchemaSave = useRef(0);
  // Schema saves still on their way: a run or re-analysis starts only once they have landed.
  const pendingSaves = useRef(new Set<Promise<unknown>>());
  const [waitingForSaves, setWaitingForSaves] = useState<SavesWaiter | null>(null);

  /** Remembers the sheet's columns before a change, for Undo. */
  function recordChange(shown: DatasetView, label: string) {
    setLastChange({
      datasetId: shown.id,
      sheet: shown.selectedSheet,
      label,
      before: shown.schema,
    });
  }

  /**
   * Shows `schema` at once and saves `updates` (only the edited columns' editable fields: the
   * server keeps every field left out). A failed save is logged, never shown; the cards then
   * show the server's state again.
   */
  function saveSchema(shown: DatasetView, schema: SchemaColumn[], updates: ColumnUpdate[]) {
    store({ ...shown, schema });
    if (shown.pseudonymizedData) setSchemaChanged(true);
    const save = ++latestSchemaSave.current;
    const saving = schemaSave
      .mutateAsync({ id: shown.id, schema: updates })
      .then((saved) => {
        if (save === latestSchemaSave.current) store(saved);
      })
      .catch((error: unknown) => {
        if (isDatasetGone(error)) return datasetGone();
        logFailure('Saving the schema', error);
        if (save === latestSchemaSave.current) void utils.getDataset.invalidate({ id: shown.id });
      })
      .finally(() => pendingSaves.current.delete(saving));
    pendingSaves.current.add(saving);
  }

  function changeColumn(index: number, next: ColumnSchema) {
    if (!dataset) return;
    const before = dataset.schema[index];
    if (!before) return;
    recordChange(dataset, changeLabel(withoutSample(before), next));
    // The sample shown until the save answers was made under the old rule: an illustration.
    const schema = dataset.schema.map((column, i) =>
      i === index
        ? { ...next, sample: column.sample, sampleKind: 'illustration' as const }
        : column,
    );
    saveSchema(dataset, schema, [columnUpdate(next)]);
  }

  function undo() {
    const change = lastChange;
    setLastChange(null);
    if (!dataset || !change || change.datasetId !== dataset.id) return;
    if (change.sheet !== dataset.selectedSheet) return;
    const updates = restoringUpdates(
      change.before.map(withoutSample),
      dataset.schema.map(withoutSample),
    );
    if (updates.length === 0) return;
    saveSchema(dataset, change.before, updates);
    notify('Change undone', `Undid ${change.label}.`);
  }

  /**
   * Resolves once every schema save sent so far has been answered: true, or false when the
   * dataset went meanwhile (✕ or Start Over).
   */
  async function savesLanded(): Promise<boolean> {
    if (pendingSaves.current.size === 0) return true;
    const waitingFor = currentDatasetId.current;
    await Promise.all(pendingSaves.current);
    return currentDatasetId.current === waitingFor;
  }

  /** Runs `action` once every schema save sent so far has been answered. */
  async function afterSaves(kind: SavesWaiter, action: () => void) {
    if (pendingSaves.current.size > 0) {
      setWaitingForSaves(kind);
      const landed = await savesLanded();
      setWaitingForSaves(null);
      if (!landed) return;
    }
    action();
  }

  async function applyRecipe(file: File) {
    if (!dataset) return;
    let recipe: RecipeDocument;
    try {
      recipe = await readRecipeFile(file);
    } catch (error) {
      notifyError('Recipe not applied', error instanceof Error ? error.message : String(error));
      return;
    }
    // Passed on as read: the server checks the document and names what is wrong. The dataset's
    // own id last, so a field of the file cannot point the recipe at another dataset.
    const input = { ...recipe, id: dataset.id } as RouterInputs['applyRecipe'];
    void afterSaves('recipe', () =>
      recipeApplication.mutate(input, {
        onSuccess: (next) => {
          // Undo puts back one sheet: a recipe that changed several is not offered.
          if (dataset.sheetNames.length === 1) recordChange(dataset, `recipe ${file.name}`);
          else setLastChange(null);
          if (dataset.pseudonymizedData && !next.pseudonymizedData) setSchemaChanged(true);
        },
      }),
    );
  }

  function reanalyze(cleanSlate: boolean) {
    if (!dataset) return;
    void afterSaves('reanalyze', () =>
      reanalysis.mutate(
        { id: dataset.id, ...(cleanSlate ? { cleanSlate } : {}) },
        {
          onSuccess: (next) => {
            recordChange(dataset, cleanSlate ? 'the clean slate' : 'the re-analysis');
            if (dataset.pseudonymizedData && !next.pseudonymizedData) setSchemaChanged(true);
          },
        },
      ),
    );
  }

  function generate() {
    if (!dataset) return;
    // An empty field sends no secret: the dataset's own random key is used.
    void afterSaves('generate', () =>
      run.mutate({ id: dataset.id, ...(secret !== '' && { secret }) }),
    );
  }

  function startOver() {
    if (datasetId !== null) {
      deletion.mutate(
        { id: datasetId },
        { onError: (error) => logFailure('Deleting the dataset', error) },
      );
    }
    setExpired(null);
    forget();
  }

  const generating = run.isPending || waitingForSaves === 'generate';
  const reanalyzing = reanalysis.isPending || waitingForSaves === 'reanalyze';
  const applyingRecipe = recipeApplication.isPending || waitingForSaves === 'recipe';
  const shownChange =
    lastChange &&
    dataset &&
    lastChange.datasetId === dataset.id &&
    lastChange.sheet === dataset.selectedSheet
      ? lastChange
      : null;
  return {
    dataset,
    step,
    runOutdated,
    consistencyKey,
    setConsistencyKey,
    sheetPending: sheetSwitch.isPending,
    generating,
    reanalyzing,
    busy: sheetSwitch.isPending || reanalyzing || generating || applyingRecipe,
    expired,
    openUploaded: (uploaded, file) => {
      store(uploaded);
      uploadedFile.current = file;
      setExpired(null);
      setSchemaChanged(false);
      setSecretOfRun(null);
      setLastChange(null);
      setDatasetId(uploaded.id);
    },
    selectSheet: (sheetName) => {
      if (dataset) sheetSwitch.mutate({ id: dataset.id, sheetName });
    },
    changeColumn,
    reanalyze,
    lastChange: shownChange,
    undo,
    applyRecipe,
    applyingRecipe,
    savesLanded,
    generate,
    startOver,
    datasetGone,
  };
}
