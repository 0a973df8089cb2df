import {
  Badge,
  Box,
  Button,
  Card,
  Flex,
  Heading,
  HStack,
  NativeSelect,
  Text,
} from '@chakra-ui/react';
import { ArrowRight, Eraser, Lock, RotateCcw, ScanText, WandSparkles } from 'lucide-react';
import { useId } from 'react';
import {
  COLUMN_TYPES,
  isMeasureColumn,
  numberModeOf,
  type ColumnSchema,
  type ColumnType,
  type NumberMode,
} from '../../engine/browser';
import { withoutSample } from '../lib/schemaColumn';
import type { SchemaColumn } from '../trpc';
import { DateShiftControls } from './DateShiftControls';
import { Tooltip } from './ui/tooltip';

interface ColumnCardProps {
  column: SchemaColumn;
  /** The example pseudonym shown: the run's under the key in use, or an illustration. */
  sample: { sample: string; sampleKind: SchemaColumn['sampleKind'] };
  /** The sheet's column names, for the entity a date column shifts with. */
  columnNames: readonly string[];
  disabled: boolean;
  onChange: (next: ColumnSchema) => void;
  onCustomFormat: () => void;
}

/** What will happen to the column, in a few words. */
export function strategyLabel(column: ColumnSchema): string {
  if (column.type === 'blank' || column.rule.action === 'blank') return 'Blank out every value';
  if (column.rule.action === 'keep') return 'Keep original values';
  if (column.rule.action === 'redact') return 'Redact personal data only';
  if (column.rule.action === 'faker') return `Custom: ${column.rule.fakerMethod ?? 'no method'}`;
  if (column.suggestedMethod) return `Auto: realistic ${column.suggestedMethod}`;
  return `Auto: format-preserving ${column.type}`;
}

function strategyPalette(column: ColumnSchema): string {
  if (column.type === 'blank' || column.rule.action === 'blank') return 'gray';
  if (column.rule.action === 'keep') return 'orange';
  if (column.rule.action === 'faker') return 'purple';
  if (column.rule.action === 'redact') return 'cyan';
  return 'teal';
}

export function ColumnCard({
  column,
  sample,
  columnNames,
  disabled,
  onChange,
  onCustomFormat,
}: ColumnCardProps) {
  const headingId = useId();
  const typeId = useId();
  const { action } = column.rule;
  const original = column.examples[0];
  const withRule = (rule: ColumnSchema['rule']): ColumnSchema => ({
    ...withoutSample(column),
    rule,
  });

  return (
    <Card.Root
      as="article"
      aria-labelledby={headingId}
      variant="outline"
      rounded="xl"
      size="sm"
      _hover={{ borderColor: 'border.emphasized' }}
      transition="border-color 0.15s"
    >
      <Card.Body gap="3">
        <Flex align="center" justify="space-between" gap="3">
          <Heading
            as="h3"
            id={headingId}
            size="sm"
            fontFamily="mono"
            truncate
            title={column.name}
            minW="0"
          >
            {column.name}
          </Heading>
          <NativeSelect.Root size="xs" width="auto" flexShrink={0} disabled={disabled}>
            <NativeSelect.Field
              id={typeId}
              aria-label={`Type of ${column.name}`}
              value={column.type}
              onChange={(event) =>
                onChange({
                  ...withoutSample(column),
                  type: event.currentTarget.value as ColumnType,
                })
              }
            >
              {COLUMN_TYPES.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Flex>

        <Text fontSize="sm" color="fg.muted" lineClamp={2} minH="2lh">
          {column.description}
        </Text>

        {/* Stacked and wrapped, never cut off: the comparison is the point of the line. A very
            long text scrolls inside the box. */}
        <Box
          bg="bg.muted"
          rounded="md"
          px="3"
          py="2"
          fontSize="sm"
          minW="0"
          maxH="12lh"
          overflowY="auto"
          data-testid="column-example"
        >
          <Text
            as="span"
            display="block"
            color="fg.muted"
            title={
              sample.sampleKind === 'illustration'
                ? 'A value of the kind this rule makes, not the one the run will write'
                : 'The pseudonym the run writes for this value, under the key and rules shown'
            }
          >
            {sample.sampleKind === 'illustration' ? 'Example (illustration):' : 'Example:'}
          </Text>
          <Text as="span" display="block" fontFamily="mono" overflowWrap="anywhere">
            {original ?? '(empty)'}
          </Text>
          <Flex as="span" gap="1.5" align="baseline" minW="0">
            <Box as="span" flexShrink={0} color="fg.muted" aria-label="becomes" role="img">
              <ArrowRight size="14" aria-hidden />
            </Box>
            <Text
              as="span"
              fontFamily="mono"
              color="teal.fg"
              overflowWrap="anywhere"
              minW="0"
              data-testid="column-sample"
            >
              {sample.sample}
            </Text>
          </Flex>
        </Box>

        {isMeasureColumn(column) && action === 'auto' && (
          <Flex align="center" gap="2" fontSize="sm" minW="0">
            <Text as="span" color="fg.muted" flexShrink={0} aria-hidden>
              Distribution:
            </Text>
            <NativeSelect.Root size="xs" width="auto" minW="0" disabled={disabled}>
              <NativeSelect.Field
                aria-label={`Distribution of ${column.name}`}
                value={numberModeOf(column)}
                onChange={(event) =>
                  onChange({
                    ...withoutSample(column),
                    numberMode: event.currentTarget.value as NumberMode,
                  })
                }
              >
                <option value="distribution">keep shape</option>
                <option value="range">even in range</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Flex>
        )}

        {action === 'auto' && (
          <DateShiftControls
            column={column}
            columnNames={columnNames}
            disabled={disabled}
            onChange={(dateShift) => onChange({ ...withoutSample(column), dateShift })}
          />
        )}

        <Flex align="center" justify="space-between" gap="2" wrap="wrap">
          <Badge
            colorPalette={strategyPalette(column)}
            variant="subtle"
            maxW="full"
            whiteSpace="normal"
            overflowWrap="anywhere"
            h="auto"
          >
            {strategyLabel(column)}
          </Badge>
          <HStack gap="1" wrap="wrap" justify="flex-end" minW="0">
            {action === 'faker' && (
              <Tooltip content="Let Stand-in choose the pseudonyms again">
                <Button
                  size="xs"
                  variant="outline"
                  colorPalette="teal"
                  aria-label={`Back to Auto for ${column.name}`}
                  disabled={disabled}
                  onClick={() => onChange(withRule({ action: 'auto' }))}
                >
                  <RotateCcw /> Back to Auto
                </Button>
              </Tooltip>
            )}
            <Tooltip content="Choose a Faker.js method">
              <Button
                size="xs"
                variant={action === 'faker' ? 'solid' : 'ghost'}
                colorPalette="purple"
                aria-label={`Custom format for ${column.name}`}
                disabled={disabled}
                onClick={onCustomFormat}
              >
                <WandSparkles /> Custom
              </Button>
            </Tooltip>
            <Tooltip
              content={
                action === 'keep' ? 'Pseudonymize automatically' : 'Keep the original values'
              }
            >
              <Button
                size="xs"
                variant={action === 'keep' ? 'solid' : 'ghost'}
                colorPalette="orange"
                aria-label={`Keep original values of ${column.name}`}
                aria-pressed={action === 'keep'}
                disabled={disabled}
                onClick={() => onChange(withRule({ action: action === 'keep' ? 'auto' : 'keep' }))}
              >
                <Lock /> Keep
              </Button>
            </Tooltip>
            <Tooltip
              content={action === 'blank' ? 'Pseudonymize automatically' : 'Empty every cell'}
            >
              <Button
                size="xs"
                variant={action === 'blank' ? 'solid' : 'ghost'}
                colorPalette="gray"
                aria-label={`Blank out ${column.name}`}
                aria-pressed={action === 'blank'}
                disabled={disabled}
                onClick={() =>
                  onChange(withRule({ action: action === 'blank' ? 'auto' : 'blank' }))
                }
              >
                <Eraser /> Blank
              </Button>
            </Tooltip>
            {/* Free text is where a redaction fits: text of no particular meaning. */}
            {((column.type === 'string' && column.semantic === null) || action === 'redact') && (
              <Tooltip
                content={
                  action === 'redact'
                    ? 'Pseudonymize automatically'
                    : 'Keep the text, replace only the emails, phones, names… found in it'
                }
              >
                <Button
                  size="xs"
                  variant={action === 'redact' ? 'solid' : 'ghost'}
                  colorPalette="cyan"
                  aria-label={`Redact personal data only in ${column.name}`}
                  aria-pressed={action === 'redact'}
                  disabled={disabled}
                  onClick={() =>
                    onChange(withRule({ action: action === 'redact' ? 'auto' : 'redact' }))
                  }
                >
                  <ScanText /> Redact
                </Button>
              </Tooltip>
            )}
          </HStack>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}
