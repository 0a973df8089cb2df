import { Alert, Button, HStack, SimpleGrid, Stack } from '@chakra-ui/react';
import { RefreshCw, Sparkles, Undo2 } from 'lucide-react';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { userRules, type ColumnSchema } from '../../engine/browser';
import type { RunOutdatedBy } from '../hooks/useDatasetWorkflow';
import type { ColumnSample } from '../hooks/useKeySamples';
import type { SchemaChange } from '../lib/schemaUndo';
import type { SchemaColumn } from '../trpc';
import { withoutSample } from '../lib/schemaColumn';
import { ColumnCard } from './ColumnCard';
import { ReanalyzeDialog } from './ReanalyzeDialog';
import { SectionHeader } from './SectionHeader';
import { Tooltip } from './ui/tooltip';

// The dialog and the Faker catalogue it lists load when a column's Custom button is first used.
const CustomFormatDialog = lazy(() =>
  import('./CustomFormatDialog').then((module) => ({ default: module.CustomFormatDialog })),
);

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
  /** Samples under the consistency key in use, by column name, where they differ from the view's. */
  keySamples: ReadonlyMap<string, ColumnSample> | null;
  /** The last schema change of this sheet, which Undo takes back. */
  lastChange: SchemaChange | null;
  onUndo: () => void;
  onChangeColumn: (index: number, next: ColumnSchema) => void;
  onReanalyze: (cleanSlate: boolean) => void;
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
  keySamples,
  lastChange,
  onUndo,
  onChangeColumn,
  onReanalyze,
  onGenerate,
}: SchemaSectionProps) {
  const [editing, setEditing] = useState<number | null>(null);
  // The rules a clean slate would lose, while the confirmation is open.
  const [confirming, setConfirming] = useState<string[] | null>(null);
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
            {lastChange && (
              <Tooltip content={`Take back the last change: ${lastChange.label}`}>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={onUndo}
                  disabled={busy}
                  aria-label={`Undo ${lastChange.label}`}
                >
                  <Undo2 /> Undo
                </Button>
              </Tooltip>
            )}
            <Tooltip content="Detect the column types of this sheet again, keeping your rules">
              <Button
                variant="outline"
                size="sm"
                onClick={() => {
                  // Rules the user set are named before a clean slate could lose them.
                  const rules = userRules(schema.map(withoutSample));
                  if (rules.length === 0) onReanalyze(false);
                  else setConfirming(rules);
                }}
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
            sample={keySamples?.get(column.name) ?? column}
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

      {editing !== null && (
        <Suspense fallback={null}>
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
        </Suspense>
      )}
      <ReanalyzeDialog
        rules={confirming}
        onClose={() => setConfirming(null)}
        onReanalyze={(cleanSlate) => {
          setConfirming(null);
          onReanalyze(cleanSlate);
        }}
      />
    </Stack>
  );
}
