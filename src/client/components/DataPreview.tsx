import {
  Alert,
  Box,
  Button,
  Card,
  Heading,
  HStack,
  SimpleGrid,
  Stack,
  Table,
} from '@chakra-ui/react';
import { Maximize2, Minimize2, Rows3 } from 'lucide-react';
import { useState } from 'react';
import type { PrivacyReport } from '../../engine/browser';
import { formatCount } from '../lib/format';
import { keptNames, runOutcome } from '../lib/runClaims';
import type { DatasetPreview, DatasetView, PreviewRow } from '../trpc';
import { SectionHeader } from './SectionHeader';
import { StatsTiles } from './StatsTiles';

/** The preview shows the first 5 rows and the first 4 columns, unless asked for more. */
const PREVIEW_ROWS = 5;
const PREVIEW_COLUMNS = 4;

interface DataPreviewProps {
  dataset: DatasetView;
  /** The run's privacy and utility report, once loaded: the tiles count from it. */
  report: PrivacyReport | undefined;
}

export function DataPreview({ dataset, report }: DataPreviewProps) {
  const [expanded, setExpanded] = useState(false);
  const [showAll, setShowAll] = useState(false);
  const pseudonymized = dataset.pseudonymizedData;
  if (!pseudonymized) return null;

  const columns = dataset.schema.map((column) => column.name);
  const original = sheetRows(dataset.originalData, dataset.selectedSheet);
  const rowLimit = showAll ? original.length : PREVIEW_ROWS;
  const columnLimit = showAll ? columns.length : PREVIEW_COLUMNS;
  const shownRows = Math.min(rowLimit, original.length);
  const shownColumns = Math.min(columnLimit, columns.length);
  const canShowMore = original.length > PREVIEW_ROWS || columns.length > PREVIEW_COLUMNS;

  return (
    <Stack as="section" aria-labelledby="preview-heading" gap="5" id="data-preview">
      <SectionHeader
        id="preview-heading"
        title="Data Preview"
        summary={
          <>
            Showing {shownRows} of {formatCount(dataset.rowCount)} rows and {shownColumns} of{' '}
            {dataset.columnCount} columns
          </>
        }
        actions={
          <HStack gap="2">
            {canShowMore && (
              <Button variant="outline" size="sm" onClick={() => setShowAll((value) => !value)}>
                <Rows3 /> {showAll ? 'Show less' : 'Show more'}
              </Button>
            )}
            <Button
              variant="outline"
              size="sm"
              aria-pressed={expanded}
              onClick={() => setExpanded((value) => !value)}
              hideBelow="lg"
            >
              {expanded ? <Minimize2 /> : <Maximize2 />} {expanded ? 'Collapse' : 'Expand'}
            </Button>
          </HStack>
        }
      />

      {dataset.stats && <RunNotice stats={dataset.stats} />}

      <SimpleGrid columns={{ base: 1, lg: expanded ? 1 : 2 }} gap="4">
        <PreviewTable
          title="Original Data"
          columns={columns}
          rows={original}
          rowLimit={rowLimit}
          columnLimit={columnLimit}
          tall={showAll}
        />
        <PreviewTable
          title="Pseudonymized Data"
          columns={columns}
          rows={sheetRows(pseudonymized, dataset.selectedSheet)}
          rowLimit={rowLimit}
          columnLimit={columnLimit}
          tall={showAll}
          accent
        />
      </SimpleGrid>

      <StatsTiles dataset={dataset} report={report} />
    </Stack>
  );
}

/**
 * What the preview cannot say by itself: that nothing was replaced (the two tables are the
 * same), that the file had no rows, or which columns show their originals.
 */
function RunNotice({ stats }: { stats: NonNullable<DatasetView['stats']> }) {
  const outcome = runOutcome(stats);
  if (outcome === 'protected') return null;
  const [title, description] =
    outcome === 'empty'
      ? ['No data rows', 'The file has no data rows, so there is nothing to replace.']
      : outcome === 'nothing'
        ? [
            'Nothing was replaced',
            stats.keptColumns.length > 0
              ? `The pseudonymized data holds the originals: ${keptNames(stats)} kept. Choose Auto on a column and generate again to replace it.`
              : 'No cell of the output differs from its original.',
          ]
        : [
            'Originals kept',
            `${keptNames(stats)} ${stats.keptColumns.length === 1 ? 'shows its' : 'show their'} original values in the pseudonymized data.`,
          ];
  return (
    <Alert.Root status="warning" variant="surface" rounded="xl" data-testid="run-notice">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description overflowWrap="anywhere">{description}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** The selected sheet's rows: a workbook's previews hold every sheet under its name. */
function sheetRows(preview: DatasetPreview, sheetName: string): PreviewRow[] {
  if (Array.isArray(preview)) return preview;
  return Object.hasOwn(preview, sheetName) ? (preview[sheetName] ?? []) : [];
}

/** A row's text in a column; own keys only, as a column may be named like `constructor`. */
function cellText(row: PreviewRow, column: string): string {
  return Object.hasOwn(row, column) ? (row[column] ?? '') : '';
}

interface PreviewTableProps {
  title: string;
  /** Column names in the schema's order. */
  columns: string[];
  rows: PreviewRow[];
  rowLimit: number;
  columnLimit: number;
  tall: boolean;
  accent?: boolean;
}

function PreviewTable({
  title,
  columns: allColumns,
  rows: allRows,
  rowLimit,
  columnLimit,
  tall,
  accent,
}: PreviewTableProps) {
  const columns = allColumns.slice(0, columnLimit);
  const rows = allRows.slice(0, rowLimit);
  return (
    <Card.Root variant="outline" rounded="xl" overflow="hidden" minW="0">
      <Card.Header py="3" px="4" borderBottomWidth="1px" bg={accent ? 'teal.subtle' : 'bg.muted'}>
        <HStack gap="2">
          <Box boxSize="2" rounded="full" bg={accent ? 'teal.solid' : 'fg.subtle'} aria-hidden />
          <Heading as="h3" size="sm">
            {title}
          </Heading>
        </HStack>
      </Card.Header>
      <Table.ScrollArea
        maxH={tall ? '28rem' : undefined}
        tabIndex={0}
        role="region"
        aria-label={title}
      >
        <Table.Root size="sm" stickyHeader striped>
          <Table.Header>
            <Table.Row>
              {columns.map((column) => (
                <Table.ColumnHeader key={column} whiteSpace="nowrap" fontFamily="mono">
                  {column}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row, rowIndex) => (
              <Table.Row key={rowIndex}>
                {columns.map((column) => (
                  <Table.Cell
                    key={column}
                    whiteSpace="nowrap"
                    maxW="14rem"
                    overflow="hidden"
                    textOverflow="ellipsis"
                    title={cellText(row, column)}
                  >
                    {cellText(row, column)}
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Card.Root>
  );
}
