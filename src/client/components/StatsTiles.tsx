import { Icon, SimpleGrid, Stat } from '@chakra-ui/react';
import { Gauge, ShieldAlert, ShieldCheck, Timer } from 'lucide-react';
import type { ReactNode } from 'react';
import type { PrivacyReport } from '../../engine/browser';
import { formatCount, formatDuration, formatPercent, plural } from '../lib/format';
import { keptText, replacedText, runOutcome, type RunStats } from '../lib/runClaims';
import type { DatasetView } from '../trpc';

/** The middle tile: what the run replaced, and what it kept, named. */
function replacementTile(stats: RunStats): { label: string; value: string; help: string } {
  const rows = `${formatCount(stats.rowsProcessed)} rows`;
  switch (runOutcome(stats)) {
    case 'empty':
      return { label: 'No Data Rows', value: rows, help: 'Nothing was replaced' };
    case 'nothing':
      return {
        label: 'Nothing Replaced',
        value: '0 cells',
        help:
          stats.keptColumns.length > 0
            ? keptText(stats, { sentence: true })
            : `${plural(stats.columnsBlanked, 'column')} emptied, none replaced`,
      };
    case 'partly':
      return {
        label: 'Data Replaced',
        value: rows,
        help: `${replacedText(stats)}; ${keptText(stats)}`,
      };
    case 'protected':
      return { label: 'Data Protected', value: rows, help: replacedText(stats) };
  }
}

/**
 * Measured figures of the last run (the spec's fixed texts, replaced by real values). Once the
 * run's report is in, Schema Match counts its replaced columns one by one (custom Faker
 * methods included), so the tile agrees with the report's utility figures. A run that replaced
 * nothing has no output to match: the tile says so instead of 100%.
 */
export function StatsTiles({
  dataset,
  report,
}: {
  dataset: DatasetView;
  report: PrivacyReport | undefined;
}) {
  const stats = dataset.stats;
  if (!stats) return null;
  const shapes = report?.utility.schemaKept;
  const shapesKept = shapes?.filter((entry) => entry.kept).length ?? 0;
  const replaced = runOutcome(stats);
  const nothingToMatch = replaced === 'empty' || replaced === 'nothing';
  const middle = replacementTile(stats);
  return (
    <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
      <Tile
        icon={<Gauge />}
        label="Schema Match"
        value={
          nothingToMatch
            ? '–'
            : formatPercent(report ? report.utility.schemaKeptShare : stats.schemaMatch)
        }
        help={
          nothingToMatch
            ? 'No replaced column to check'
            : shapes && shapes.length > 0
              ? `${formatCount(shapesKept)} of ${formatCount(shapes.length)} replaced columns keep their type and format`
              : 'Columns whose output keeps the detected type and format'
        }
      />
      <Tile
        icon={replaced === 'protected' ? <ShieldCheck /> : <ShieldAlert />}
        label={middle.label}
        value={middle.value}
        help={middle.help}
      />
      <Tile
        icon={<Timer />}
        label="Processing Time"
        value={formatDuration(stats.durationMs)}
        help="Measured on the server"
      />
    </SimpleGrid>
  );
}

function Tile({
  icon,
  label,
  value,
  help,
}: {
  icon: ReactNode;
  label: string;
  value: string;
  help: string;
}) {
  return (
    <Stat.Root borderWidth="1px" rounded="xl" px="4" py="3" bg="bg.panel">
      <Stat.Label>
        <Icon color="teal.fg" boxSize="4">
          {icon}
        </Icon>
        {label}
      </Stat.Label>
      <Stat.ValueText fontSize="2xl">{value}</Stat.ValueText>
      <Stat.HelpText color="fg.muted">{help}</Stat.HelpText>
    </Stat.Root>
  );
}
