import { Alert, Button, HStack, SimpleGrid, Stack } from '@chakra-ui/react';
import { RefreshCw, Sparkles } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import type { ColumnSchema } from '../../engine/browser';
import type { RunOutdatedBy } from '../hooks/useDatasetWorkflow';
import type { SchemaColumn } from '../trpc';
import { ColumnCard, withoutSample } from './ColumnCard';
import { CustomFormatDialog } from './CustomFormatDialog';
import { SectionHeader } from './SectionHeader';
import { Tooltip } from './ui/tooltip';

interface SchemaSectionProps {
  schema: SchemaColumn[];
  busy: boolean;
  generating: boolean;
  reanalyzing: boolean;
  /** What changed since the last run, withdrawing its preview and download. */
  runOutdated: RunOutdatedBy | null;
  /** Settings of the run itself, shown above Generate. */
  runSettings?: ReactNode;
  /** Saving and applying the schema's rules as a recipe, shown next to Re-analyze. */
  recipeButtons?: ReactNode;
  onChangeColumn: (index: number, next: ColumnSchema) => void;
  onReanalyze: () => void;
  onGenerate: () => void;
}

export function SchemaSection({
  schema,
  busy,
  generating,
  reanalyzing,
  runOutdated,
  runSettings,
  recipeButtons,
  onChangeColumn,
  onReanalyze,
  onGenerate,
}: SchemaSectionProps) {
  const [editing, setEditing] = useState<number | null>(null);
  const editedColumn = editing === null ? undefined : schema[editing];
  const columnNames = useMemo(() => schema.map((column) => column.name), [schema]);

  return (
    <Stack as="section" aria-labelledby="schema-heading" gap="5">
      <SectionHeader
        id="schema-heading"
        title="Detected Schema"
        summary={`${schema.length} ${schema.length === 1 ? 'column' : 'columns'} · choose how each one is replaced`}
        actions={
          <HStack gap="2" wrap="wrap">
            {recipeButtons}
            <Tooltip content="Detect the column types of this sheet again">
              <Button
                variant="outline"
                size="sm"
                onClick={onReanalyze}
                loading={reanalyzing}
                disabled={busy}
              >
                <RefreshCw /> Re-analyze
              </Button>
            </Tooltip>
          </HStack>
        }
      />

      <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
        {schema.map((column, index) => (
          <ColumnCard
            key={column.name}
            column={column}
            columnNames={columnNames}
            disabled={busy}
            onChange={(next) => onChangeColumn(index, next)}
            onCustomFormat={() => setEditing(index)}
          />
        ))}
      </SimpleGrid>

      {runSettings}

      {runOutdated && (
        <Alert.Root status="info" variant="surface" rounded="xl">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              {runOutdated === 'key'
                ? 'The consistency key changed since the last run'
                : 'The schema changed since the last run'}
            </Alert.Title>
            <Alert.Description>
              {runOutdated === 'key'
                ? 'Generate again to preview and download the data with this key.'
                : 'Generate again to preview and download the data with these rules.'}
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}

      <HStack justify="center" pt="2">
        <Button
          colorPalette="teal"
          size="xl"
          w={{ base: 'full', sm: 'auto' }}
          onClick={onGenerate}
          disabled={generating || busy}
          loading={generating}
          loadingText="Generating Pseudonymized Data..."
        >
          <Sparkles /> Generate Pseudonymized Data
        </Button>
      </HStack>

      <CustomFormatDialog
        column={
          editedColumn
            ? { name: editedColumn.name, fakerMethod: editedColumn.rule.fakerMethod ?? '' }
            : null
        }
        onClose={() => setEditing(null)}
        onApply={(fakerMethod) => {
          if (editing !== null && editedColumn) {
            onChangeColumn(editing, {
              ...withoutSample(editedColumn),
              rule: { action: 'faker', fakerMethod },
            });
          }
          setEditing(null);
        }}
      />
    </Stack>
  );
}
