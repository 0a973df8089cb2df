import { Stack, Text } from '@chakra-ui/react';
import type { SheetReport } from '../../../engine/browser';
import { formatCount, formatPercent } from '../../lib/format';
import { plural } from '../../lib/format';
import { ClassSizesChart } from './ClassSizesChart';
import { FigureList, type Figure } from './FigureList';
import { ReportCard } from './ReportCard';

/** How many columns' contributions are named. */
const CONTRIBUTORS_SHOWN = 3;

/**
 * One sheet's re-identification risk over its kept columns: the unique share, k, the class
 * sizes and the columns that single people out most.
 */
export function ReidentificationRisk({ sheet, title }: { sheet: SheetReport; title: string }) {
  const { risk } = sheet;
  const measured = risk.quasiIdentifiers.length > 0 && risk.rows > 0;
  const figures: Figure[] = measured
    ? [
        { label: 'Kept columns', value: risk.quasiIdentifiers.join(', ') },
        {
          label: 'Unique rows',
          value: `${formatPercent(risk.uniqueShare)} (${formatCount(risk.uniqueRows)} of ${formatCount(risk.rows)})`,
        },
        { label: 'Smallest group (k)', value: formatCount(risk.k) },
        ...risk.contributions.slice(0, CONTRIBUTORS_SHOWN).map((entry) => ({
          label: entry.column,
          value:
            `alone makes ${formatPercent(entry.uniqueShareAlone)} of rows unique; ` +
            `leaving it out lowers that by ${formatPercent(entry.dropWhenLeftOut)}`,
        })),
      ]
    : [];
  return (
    <ReportCard label={title}>
      {measured ? (
        <Stack gap="4">
          <FigureList figures={figures} />
          <ClassSizesChart sheet={sheet.name} risk={risk} />
        </Stack>
      ) : (
        <Text fontSize="sm" color="fg.muted">
          {risk.quasiIdentifiers.length === 0
            ? 'No column is kept as it was: nothing is left to link rows to people.'
            : `No rows to measure (${plural(risk.rows, 'row')}).`}
        </Text>
      )}
    </ReportCard>
  );
}
