import { Table } from '@chakra-ui/react';
import type { NumberSummary } from '../../../engine/browser';
import { formatFigure, type FigureKind } from '../../lib/reportFigures';

const ROWS = [
  ['min', 'Min'],
  ['p10', '10th pct.'],
  ['p50', 'Median'],
  ['p90', '90th pct.'],
  ['max', 'Max'],
  ['mean', 'Mean'],
] as const;

interface QuantileTableProps {
  before: NumberSummary | null;
  after: NumberSummary | null;
  kind: FigureKind;
}

/** Min, 10th/50th/90th percentile, max and mean, original against pseudonymized. */
export function QuantileTable({ before, after, kind }: QuantileTableProps) {
  const cell = (summary: NumberSummary | null, key: (typeof ROWS)[number][0]) =>
    summary ? formatFigure(summary[key], kind) : '–';
  return (
    <Table.Root size="sm" variant="line" fontSize="xs">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>Figure</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Original</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Pseudonymized</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {ROWS.map(([key, label]) => (
          <Table.Row key={key}>
            <Table.Cell>{label}</Table.Cell>
            <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
              {cell(before, key)}
            </Table.Cell>
            <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
              {cell(after, key)}
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
