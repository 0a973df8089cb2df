import { Badge, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { ColumnReport, ReportLeak, RuleAction } from '../../../engine/browser';
import { formatCount, formatPercent } from '../../lib/format';
import { figureKindOf } from '../../lib/reportFigures';
import { hasTwoValues, survivingCells } from '../../../engine/browser';
import { plural } from '../../lib/format';
import { FigureList, type Figure } from './FigureList';
import { HistogramPair } from './HistogramPair';
import { QuantileTable } from './QuantileTable';
import { TopValuesChart } from './TopValuesChart';
import { ReportCard } from './ReportCard';

const RULE_LABELS: Record<RuleAction, string> = {
  auto: 'Replaced',
  faker: 'Replaced',
  keep: 'Kept',
  blank: 'Blanked',
  redact: 'Redacted',
};

interface ColumnReportCardProps {
  column: ColumnReport;
  /** Originals of this column found in other columns. */
  leaks: readonly ReportLeak[];
  /** Several sheets: leaks name the sheet they were found in. */
  showSheets: boolean;
}

function survivorsText(column: ColumnReport): string {
  if (!column.survivors) return 'Not replaced';
  const inPlace = survivingCells(column);
  const own = hasTwoValues(column)
    ? 'Two values: equal by design'
    : inPlace === 0
      ? 'None in place'
      : `${plural(inPlace, 'cell')} in place`;
  return column.survivors.sharedValues > 0
    ? `${own}; ${plural(column.survivors.sharedValues, 'original')} reused as ${column.survivors.sharedValues === 1 ? 'a pseudonym' : 'pseudonyms'}`
    : own;
}

function leaksText(leaks: readonly ReportLeak[], showSheets: boolean): string {
  if (leaks.length === 0) return 'None found';
  return leaks
    .map(
      (leak) =>
        `${plural(leak.cells, 'cell')} in ${showSheets ? `${leak.foundSheet} › ` : ''}${leak.foundColumn}`,
    )
    .join('; ');
}

function uniquenessText(column: ColumnReport): string {
  if (!column.uniqueBefore) return 'Not unique before';
  return column.uniqueAfter ? 'Unique, still unique' : 'Unique before, repeats after';
}

/** One column's figures: rule, distinct values, survivors, leaks, uniqueness, and its charts. */
export function ColumnReportCard({ column, leaks, showSheets }: ColumnReportCardProps) {
  const kind = figureKindOf(column.type);
  const distribution = column.dates ?? column.numbers;
  const figures: Figure[] = [
    {
      label: 'Rule',
      value: column.generator
        ? `${RULE_LABELS[column.rule]} · ${column.generator}`
        : RULE_LABELS[column.rule],
    },
    {
      label: 'Distinct values',
      value: `${formatCount(column.distinctBefore)} → ${formatCount(column.distinctAfter)}`,
    },
    { label: 'Survivors', value: survivorsText(column) },
    { label: 'Leaks elsewhere', value: leaksText(leaks, showSheets) },
    { label: 'Uniqueness', value: uniquenessText(column) },
  ];
  if (column.dates) {
    const { rangeBefore, rangeAfter } = column.dates;
    figures.push(
      {
        label: 'Range before',
        value: rangeBefore ? `${rangeBefore.min} – ${rangeBefore.max}` : '–',
      },
      { label: 'Range after', value: rangeAfter ? `${rangeAfter.min} – ${rangeAfter.max}` : '–' },
      ...column.dates.order.map((order) => ({
        label: `Order with ${order.otherColumn}`,
        value:
          order.rows === 0
            ? 'No rows with both dates'
            : `Kept in ${formatPercent(order.keptShare)} of ${plural(order.rows, 'row')}`,
      })),
    );
  }
  if (distribution?.ksStatistic !== null && distribution?.ksStatistic !== undefined) {
    figures.push({
      label: 'Distribution distance',
      value: `${distribution.ksStatistic.toFixed(3)} (KS, 0 = same)`,
    });
  }
  if (column.frequencies) {
    figures.push({
      label: 'Frequency preservation',
      value: formatPercent(column.frequencies.preservation),
    });
  }
  const hasLeaks = leaks.length > 0;
  const survives = survivingCells(column) > 0;

  return (
    <ReportCard
      label={`Report on ${column.name}`}
      header={
        <HStack justify="space-between" align="flex-start" gap="2" wrap="wrap">
          <Heading as="h4" size="sm" fontFamily="mono" wordBreak="break-all">
            {column.name}
          </Heading>
          <HStack gap="1.5" wrap="wrap">
            <Badge variant="outline">{column.semantic ?? column.type}</Badge>
            <Badge colorPalette={column.replaced ? 'teal' : 'gray'}>
              {RULE_LABELS[column.rule]}
            </Badge>
            {(hasLeaks || survives) && <Badge colorPalette="red">Originals found</Badge>}
          </HStack>
        </HStack>
      }
    >
      <Stack gap="4">
        <FigureList figures={figures} />
        {distribution && (
          <>
            {distribution.histogram && (
              <HistogramPair column={column.name} kind={kind} histogram={distribution.histogram} />
            )}
            <QuantileTable before={distribution.before} after={distribution.after} kind={kind} />
            {distribution.sampleRows > 0 && (
              <Text fontSize="xs" color="fg.muted">
                Measured on {plural(distribution.sampleRows, 'sampled row')}.
              </Text>
            )}
          </>
        )}
        {column.frequencies && (
          <TopValuesChart column={column.name} frequencies={column.frequencies} />
        )}
      </Stack>
    </ReportCard>
  );
}
