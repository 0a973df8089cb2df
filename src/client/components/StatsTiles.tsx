import { Icon, SimpleGrid, Stat } from '@chakra-ui/react';
import { Gauge, ShieldCheck, Timer } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatCount, formatDuration, formatPercent } from '../lib/format';
import type { PrivacyReport } from '../../engine/browser';
import type { DatasetView } from '../trpc';

/**
 * Measured figures of the last run (the spec's fixed texts, replaced by real values). Once the
 * run's report is in, Schema Match counts its replaced columns one by one (custom Faker
 * methods included), so the tile agrees with the report's utility figures.
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
  return (
    <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
      <Tile
        icon={<Gauge />}
        label="Schema Match"
        value={formatPercent(report ? report.utility.schemaKeptShare : stats.schemaMatch)}
        help={
          shapes && shapes.length > 0
            ? `${formatCount(shapesKept)} of ${formatCount(shapes.length)} replaced columns keep their type and format`
            : 'Columns whose output keeps the detected type and format'
        }
      />
      <Tile
        icon={<ShieldCheck />}
        label="Data Protected"
        value={`${formatCount(stats.rowsProcessed)} rows`}
        help={`${formatCount(stats.columnsPseudonymized)} ${stats.columnsPseudonymized === 1 ? 'column' : 'columns'} replaced`}
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
