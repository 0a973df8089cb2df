import { detectColumn } from '../detect/column';
import { sameShape } from '../pseudonymize/schema-match';
import type { Cell, ColumnSchema, Sheet } from '../types';
import type { ColumnReport, UtilityFigures } from './report-schema';

/** Rows re-detected per column for the type-and-format check, as the run's own check does. */
const REDETECT_SAMPLE_ROWS = 5_000;

/** Whether the output column re-detects with its original's type and format. */
export function keepsShape(schema: ColumnSchema, output: Sheet, column: number): boolean {
  const stride = Math.max(1, Math.ceil(output.rows.length / REDETECT_SAMPLE_ROWS));
  const cells: Cell[] = [];
  for (let row = 0; row < output.rows.length; row += stride) {
    cells.push(output.rows[row]![column] ?? null);
  }
  const hint = schema.number?.decimalSeparator;
  const again = detectColumn(schema.name, cells, output.numberFormats?.[column] ?? null, {
    ...(hint ? { decimalSeparatorHint: hint } : {}),
  });
  return sameShape(schema, again);
}

/** One replaced column's figures, with whether it kept its shape. */
export interface UtilityColumn {
  sheet: string;
  report: ColumnReport;
  shapeKept: boolean;
}

/**
 * Overall utility over the replaced columns: the share that kept type and format, the KS
 * statistic of each number or date column, and the frequency preservation of each text column.
 */
export function utilityFigures(columns: readonly UtilityColumn[]): UtilityFigures {
  const schemaKept = columns.map(({ sheet, report, shapeKept }) => ({
    sheet,
    column: report.name,
    kept: shapeKept,
  }));
  const numericDistance: UtilityFigures['numericDistance'] = [];
  const frequencyPreservation: UtilityFigures['frequencyPreservation'] = [];
  for (const { sheet, report } of columns) {
    const ks = (report.numbers ?? report.dates)?.ksStatistic;
    if (ks !== undefined && ks !== null) {
      numericDistance.push({ sheet, column: report.name, ksStatistic: ks });
    }
    if (report.frequencies) {
      frequencyPreservation.push({
        sheet,
        column: report.name,
        preservation: report.frequencies.preservation,
      });
    }
  }
  const kept = schemaKept.filter((entry) => entry.kept).length;
  return {
    schemaKeptShare: schemaKept.length === 0 ? 1 : kept / schemaKept.length,
    schemaKept,
    numericDistance,
    frequencyPreservation,
  };
}
