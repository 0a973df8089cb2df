import { Box, Container, HStack, Icon, Separator, Stack, Text } from '@chakra-ui/react';
import { Lock } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useDatasetDownload } from '../hooks/useDatasetDownload';
import { useDatasetWorkflow } from '../hooks/useDatasetWorkflow';
import { useKeySamples } from '../hooks/useKeySamples';
import { usePrivacyReport } from '../hooks/usePrivacyReport';
import { AppHeader } from './AppHeader';
import { ConsistencyKeyField } from './ConsistencyKeyField';
import { DataPreview } from './DataPreview';
import { DownloadBar } from './DownloadBar';
import { FileSummaryCard } from './FileSummaryCard';
import { RecipeButtons } from './RecipeButtons';
import { SchemaSection } from './SchemaSection';
import { StepIndicator } from './StepIndicator';
import { UploadArea } from './UploadArea';

// The report's section and its chart library load with step 3, not with the page.
const ReportSection = lazy(() =>
  import('./report/ReportSection').then((module) => ({ default: module.ReportSection })),
);

/** The three steps on one page; the flow itself lives in useDatasetWorkflow. */
export function MainPage() {
  const workflow = useDatasetWorkflow();
  const { dataset, step } = workflow;
  const { downloading, download, downloadReport, saveRecipe } = useDatasetDownload(
    dataset,
    workflow.savesLanded,
    workflow.datasetGone,
  );
  const privacyReport = usePrivacyReport(dataset?.id, step === 3);
  const keySamples = useKeySamples(dataset, workflow.consistencyKey.trim(), workflow.datasetGone);
  // A report the server no longer has: the dataset expired meanwhile.
  const reportGone = privacyReport.gone;
  const { datasetGone } = workflow;
  useEffect(() => {
    if (reportGone) datasetGone();
  }, [reportGone, datasetGone]);
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

  // The removed file's controls are gone: focus and view go back to the upload area.
  function startOver() {
    workflow.startOver();
    setFocusUploadRequest((request) => request + 1);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }

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
              onUploaded={workflow.openUploaded}
              expired={workflow.expired}
            />
            {dataset && (
              <>
                <FileSummaryCard
                  dataset={dataset}
                  onRemove={startOver}
                  sheetPending={workflow.sheetPending}
                  onSelectSheet={workflow.selectSheet}
                />
                <SchemaSection
                  schema={dataset.schema}
                  busy={workflow.busy}
                  generating={workflow.generating}
                  reanalyzing={workflow.reanalyzing}
                  runOutdated={workflow.runOutdated}
                  recipeButtons={
                    <RecipeButtons
                      disabled={workflow.busy}
                      saving={downloading === 'recipe'}
                      applying={workflow.applyingRecipe}
                      onSave={() => void saveRecipe()}
                      onApply={(file) => void workflow.applyRecipe(file)}
                    />
                  }
                  runSettings={
                    <ConsistencyKeyField
                      value={workflow.consistencyKey}
                      onChange={workflow.setConsistencyKey}
                      disabled={workflow.busy}
                    />
                  }
                  keySamples={keySamples}
                  lastChange={workflow.lastChange}
                  onUndo={workflow.undo}
                  onChangeColumn={workflow.changeColumn}
                  onReanalyze={workflow.reanalyze}
                  onGenerate={workflow.generate}
                />
              </>
            )}
            {step === 3 && dataset && (
              <>
                <Separator />
                <DataPreview dataset={dataset} report={privacyReport.report} />
                <Suspense fallback={null}>
                  <ReportSection
                    report={privacyReport.report}
                    loading={privacyReport.loading}
                    failure={privacyReport.failure}
                    downloading={downloading === 'report'}
                    onDownload={() => void downloadReport()}
                  />
                </Suspense>
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
            <Text>
              Processed in memory · never written to disk · discarded on expiry or when you remove
              it
            </Text>
          </HStack>
        </Stack>
      </Container>
      {step === 3 && dataset && (
        <DownloadBar
          key={dataset.id}
          dataset={dataset}
          downloading={downloading}
          onStartOver={startOver}
          onDownload={(format, scope) => void download('data', format, scope)}
          onDownloadMapping={(format) => void download('mapping', format, 'every')}
        />
      )}
    </>
  );
}
