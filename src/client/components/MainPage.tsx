import { Box, Container, HStack, Icon, Separator, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { ColumnSchema, FileFormat } from '../../engine/types';
import { downloadFile } from '../lib/downloadFile';
import { trpc, type DatasetView } from '../trpc';
import { AppHeader } from './AppHeader';
import { DataPreview } from './DataPreview';
import { DownloadBar } from './DownloadBar';
import { FileSummaryCard } from './FileSummaryCard';
import { SchemaSection } from './SchemaSection';
import { StepIndicator } from './StepIndicator';
import { UploadArea } from './UploadArea';
import { notify, notifyError } from './ui/toaster';

export function MainPage() {
  const [datasetId, setDatasetId] = useState<string | null>(null);
  const currentDatasetId = useRef(datasetId);
  useEffect(() => {
    currentDatasetId.current = datasetId;
  }, [datasetId]);
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const dataset = trpc.getDataset.useQuery(
    { id: datasetId ?? '' },
    { enabled: datasetId !== null },
  );
  const view = datasetId !== null ? dataset.data : undefined;
  // A schema change discards the last run on the server; from the edit on (before the server's
  // answer too) the page is back at step 2 with a notice, until Generate runs again.
  const [runOutdated, setRunOutdated] = useState(false);
  const step: 1 | 2 | 3 = !view ? 1 : view.pseudonymizedData && !runOutdated ? 3 : 2;

  const store = (next: DatasetView) => utils.getDataset.setData({ id: next.id }, next);

  const setSheet = trpc.setSheet.useMutation({
    onSuccess: (next) => {
      store(next);
      notify('Sheet changed', 'Schema detection updated for selected sheet.');
    },
    onError: (error) => notifyError('Error', error.message || 'Failed to switch sheet'),
  });
  const reanalyze = trpc.reanalyze.useMutation({
    onSuccess: (next) => {
      store(next);
      notify('Schema re-analyzed', 'Column types were detected again for this sheet.');
    },
    onError: (error) => notifyError('Error', error.message || 'Failed to re-analyze the sheet'),
  });
  const pseudonymize = trpc.pseudonymize.useMutation({
    onSuccess: (next) => {
      store(next);
      setRunOutdated(false);
      notify('Success', 'Data has been successfully pseudonymized!');
    },
    onError: (error) => notifyError('Error', error.message || 'Failed to pseudonymize data'),
  });
  const updateSchema = trpc.updateSchema.useMutation();
  const deleteDataset = trpc.deleteDataset.useMutation();
  const latestSchemaSave = useRef(0);
  // Schema saves still on their way: a run or re-analysis starts only once they have landed.
  const pendingSaves = useRef(new Set<Promise<unknown>>());
  const [waitingForSaves, setWaitingForSaves] = useState<'generate' | 'reanalyze' | null>(null);
  const [downloading, setDownloading] = useState<'data' | 'mapping' | null>(null);
  const [focusUploadRequest, setFocusUploadRequest] = useState(0);

  // Bring the preview into view once a run finishes.
  const previewShown = step === 3;
  useEffect(() => {
    if (previewShown) {
      document
        .getElementById('data-preview')
        ?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    }
  }, [previewShown]);

  function changeColumn(index: number, next: ColumnSchema) {
    if (!view) return;
    const schema = view.schema.map((column, i) =>
      i === index ? { ...next, sample: column.sample } : column,
    );
    store({ ...view, schema });
    if (view.pseudonymizedData) setRunOutdated(true);
    const save = ++latestSchemaSave.current;
    // Spec §8: a failed save is logged, never shown; the card then shows the server's state again.
    // Only the edited column's editable fields: the server keeps every field left out.
    const saving = updateSchema
      .mutateAsync({ id: view.id, schema: [{ name: next.name, type: next.type, rule: next.rule }] })
      .then((saved) => {
        if (save === latestSchemaSave.current) store(saved);
      })
      .catch((error: unknown) => {
        console.error('Saving the schema failed:', error instanceof Error ? error.message : error);
        if (save === latestSchemaSave.current) void utils.getDataset.invalidate({ id: view.id });
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

  function startOver() {
    if (datasetId !== null) {
      deleteDataset.mutate(
        { id: datasetId },
        {
          onError: (error) => console.error('Deleting the dataset failed:', error.message),
        },
      );
    }
    setDatasetId(null);
    setRunOutdated(false);
    queryClient.clear();
    setFocusUploadRequest((request) => request + 1);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }

  async function download(kind: 'data' | 'mapping', format: FileFormat) {
    if (!view) return;
    const base = `/api/datasets/${encodeURIComponent(view.id)}`;
    const path = kind === 'data' ? 'download' : 'download-mapping';
    const stem = view.filename.replace(/\.[^.]+$/, '');
    setDownloading(kind);
    try {
      await downloadFile(
        `${base}/${path}?format=${format}`,
        `${stem}.${kind === 'data' ? 'pseudonymized' : 'mapping'}.${format}`,
      );
      notify(
        'Download started',
        kind === 'data'
          ? `Pseudonymized data is being downloaded as ${format.toUpperCase()}.`
          : `The value mapping is being downloaded as ${format.toUpperCase()}.`,
      );
    } catch (error) {
      console.error('Download failed:', error instanceof Error ? error.message : error);
      notifyError('Download failed', 'There was an error downloading your file.');
    } finally {
      setDownloading(null);
    }
  }

  const generating = pseudonymize.isPending || waitingForSaves === 'generate';
  const reanalyzing = reanalyze.isPending || waitingForSaves === 'reanalyze';
  const busy = setSheet.isPending || reanalyzing || generating;

  return (
    <>
      <Container
        maxW="6xl"
        px={{ base: '4', md: '8' }}
        pt={{ base: '6', md: '10' }}
        pb={step === 3 ? { base: '64', md: '32' } : { base: '10', md: '16' }}
      >
        <Stack gap={{ base: '6', md: '8' }}>
          <AppHeader />
          <Text color="fg.muted" fontSize={{ base: 'md', md: 'lg' }} maxW="3xl">
            Turn a real dataset into a realistic stand-in: every sensitive value is replaced with
            convincing fake data that keeps the column types and formats, so it is ready for
            testing, prototyping and model development.
          </Text>
          <Box bg="bg.panel" borderWidth="1px" rounded="2xl" px={{ base: '3', md: '6' }} py="4">
            <StepIndicator step={step} />
          </Box>
          <Stack as="main" gap={{ base: '6', md: '8' }}>
            <UploadArea
              disabled={step !== 1}
              focusRequest={focusUploadRequest}
              onUploaded={(uploaded) => {
                store(uploaded);
                setRunOutdated(false);
                setDatasetId(uploaded.id);
              }}
            />
            {view && (
              <>
                <FileSummaryCard
                  dataset={view}
                  onRemove={startOver}
                  sheetPending={setSheet.isPending}
                  onSelectSheet={(sheetName) => setSheet.mutate({ id: view.id, sheetName })}
                />
                <SchemaSection
                  schema={view.schema}
                  busy={busy}
                  generating={generating}
                  reanalyzing={reanalyzing}
                  runOutdated={runOutdated}
                  onChangeColumn={changeColumn}
                  onReanalyze={() =>
                    void afterSaves('reanalyze', () =>
                      reanalyze.mutate(
                        { id: view.id },
                        {
                          onSuccess: (next) => {
                            if (view.pseudonymizedData && !next.pseudonymizedData) {
                              setRunOutdated(true);
                            }
                          },
                        },
                      ),
                    )
                  }
                  onGenerate={() =>
                    void afterSaves('generate', () => pseudonymize.mutate({ id: view.id }))
                  }
                />
              </>
            )}
            {step === 3 && view && (
              <>
                <Separator />
                <DataPreview dataset={view} />
              </>
            )}
          </Stack>
          <HStack
            as="footer"
            justify="center"
            gap="2"
            color="fg.muted"
            fontSize="sm"
            pt="4"
            textAlign="center"
          >
            <Icon boxSize="4">
              <Lock />
            </Icon>
            <Text>Processed in memory · never stored · discarded after download or expiry</Text>
          </HStack>
        </Stack>
      </Container>
      {step === 3 && view && (
        <DownloadBar
          key={view.id}
          dataset={view}
          downloading={downloading}
          onStartOver={startOver}
          onDownload={(format) => void download('data', format)}
          onDownloadMapping={(format) => void download('mapping', format)}
        />
      )}
    </>
  );
}
