import { isBlankCell } from '../cell';
import type { z } from 'zod';
import type { Cell, ColumnSchema, Workbook } from '../types';
import type { replacementSchema } from './report-schema';

/**
 * What a run really replaced, counted on its output (replacementSchema): the page's toast,
 * tiles, bar and report headline state these, so that a run that kept every column never reads
 * as one that protected anything.
 */
export type ReplacementFigures = z.infer<typeof replacementSchema>;

type ColumnRole = 'replaced' | 'kept' | 'blanked';

function roleOf(schema: ColumnSchema): ColumnRole {
  if (schema.rule.action === 'keep') return 'kept';
  if (schema.rule.action === 'blank' || schema.type === 'blank') return 'blanked';
  return 'replaced';
}

/** Whether two cells hold the same value (dates by their time). */
function sameCell(a: Cell, b: Cell): boolean {
  if (a instanceof Date) return b instanceof Date && a.getTime() === b.getTime();
  return a === b;
}

/**
 * Counts the run's columns by what happened to them and the cells it really changed, comparing
 * each replaced column's output with its original row by row.
 * @example replacementFigures(original, result.workbook, schemas).cellsReplaced // 4812
 */
export function replacementFigures(
  original: Workbook,
  output: Workbook,
  schemas: readonly (readonly ColumnSchema[])[],
): ReplacementFigures {
  const figures: ReplacementFigures = {
    columnsReplaced: 0,
    columnsKept: 0,
    columnsBlanked: 0,
    cellsReplaced: 0,
    cellsKept: 0,
    keptColumns: [],
  };
  original.sheets.forEach((sheet, sheetIndex) => {
    const written = output.sheets[sheetIndex]?.rows ?? [];
    (schemas[sheetIndex] ?? []).forEach((schema, column) => {
      const role = roleOf(schema);
      if (role === 'blanked') {
        figures.columnsBlanked++;
        return;
      }
      let nonBlank = 0;
      let changed = 0;
      sheet.rows.forEach((row, rowIndex) => {
        const before = row[column] ?? null;
        if (isBlankCell(before)) return;
        nonBlank++;
        if (role === 'replaced' && !sameCell(before, written[rowIndex]?.[column] ?? null)) {
          changed++;
        }
      });
      if (role === 'kept') {
        figures.columnsKept++;
        figures.cellsKept += nonBlank;
        if (nonBlank > 0) figures.keptColumns.push({ sheet: sheet.name, column: schema.name });
      } else {
        figures.columnsReplaced++;
        figures.cellsReplaced += changed;
      }
    });
  });
  return figures;
}
