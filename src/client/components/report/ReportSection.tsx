import { Alert, Button, Heading, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { FileText } from 'lucide-react';
import type { PrivacyReport, ReportLeak, SheetReport } from '../../../engine/browser';
import { SectionHeader } from '../SectionHeader';
import { ColumnReportCard } from './ColumnReportCard';
import { ReidentificationRisk } from './ReidentificationRisk';
import { ReportSummary } from './ReportSummary';
import { ReportWarnings } from './ReportWarnings';
import { UtilityFigures } from './UtilityFigures';

interface ReportSectionProps {
  report: PrivacyReport | undefined;
  loading: boolean;
  /** Why the run has no report (it could not be computed); the data and downloads stand. */
  failure?: string;
  downloading: boolean;
  onDownload: () => void;
}

function leaksOf(leaks: readonly ReportLeak[], sheet: string, column: string): ReportLeak[] {
  return leaks.filter((leak) => leak.sourceSheet === sheet && leak.sourceColumn === column);
}

/**
 * Step 3's "Privacy & utility" section: the summary line, the warnings first, the dataset's
 * re-identification risk and utility, then one card per column (per sheet when there are
 * several). Hidden when the server has no report for the run shown.
 */
export function ReportSection({
  report,
  loading,
  failure,
  downloading,
  onDownload,
}: ReportSectionProps) {
  if (!report && !loading && !failure) return null;
  const showSheets = (report?.sheets.length ?? 0) > 1;
  return (
    <Stack as="section" aria-labelledby="report-heading" gap="5" id="privacy-report">
      <SectionHeader
        id="report-heading"
        title="Privacy & utility"
        summary="What the run protected, what risk the kept columns leave, how faithful each column is"
        actions={
          <Button
            variant="outline"
            size="sm"
            onClick={onDownload}
            loading={downloading}
            disabled={!report}
          >
            <FileText /> Download report
          </Button>
        }
      />
      {report ? (
        <>
          <ReportSummary report={report} />
          <Stack gap="3">
            <Heading as="h3" size="md">
              Warnings
            </Heading>
            <ReportWarnings warnings={report.warnings} showSheets={showSheets} />
          </Stack>
          <Stack gap="3">
            <Heading as="h3" size="md">
              Re-identification risk and utility
            </Heading>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              {report.sheets.map((sheet) => (
                <ReidentificationRisk
                  key={sheet.name}
                  sheet={sheet}
                  title={
                    showSheets ? `Re-identification risk · ${sheet.name}` : 'Re-identification risk'
                  }
                />
              ))}
              <UtilityFigures utility={report.utility} showSheets={showSheets} />
            </SimpleGrid>
          </Stack>
          {report.sheets.map((sheet) => (
            <SheetColumns
              key={sheet.name}
              sheet={sheet}
              leaks={report.leaks}
              showSheets={showSheets}
            />
          ))}
        </>
      ) : failure ? (
        <Alert.Root status="warning" variant="surface" rounded="xl">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>No report for this run</Alert.Title>
            <Alert.Description>{failure}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : (
        <Text color="fg.muted" fontSize="sm" role="status">
          <Spinner size="xs" me="2" /> Measuring the run…
        </Text>
      )}
    </Stack>
  );
}

function SheetColumns({
  sheet,
  leaks,
  showSheets,
}: {
  sheet: SheetReport;
  leaks: readonly ReportLeak[];
  showSheets: boolean;
}) {
  return (
    <Stack gap="3">
      <Heading as="h3" size="md">
        {showSheets ? `Columns of ${sheet.name}` : 'Columns'}
      </Heading>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        {sheet.columns.map((column) => (
          <ColumnReportCard
            key={column.name}
            column={column}
            leaks={leaksOf(leaks, sheet.name, column.name)}
            showSheets={showSheets}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
