import {
  detectSchema,
  type Cell,
  type ColumnSchema,
  type RuleAction,
  type Workbook,
} from '../../../src/engine';

/** A one-sheet CSV workbook of text cells. */
export function workbookOf(columns: string[], rows: Cell[][], name = 'data'): Workbook {
  return { format: 'csv', sheets: [{ name, columns, rows }] };
}

/** The detected schemas of every sheet, with the rules given by column name (auto elsewhere). */
export function schemasOf(
  workbook: Workbook,
  rules: Record<string, RuleAction> = {},
): ColumnSchema[][] {
  return workbook.sheets.map((sheet) =>
    detectSchema(sheet).map((schema) => {
      const action = rules[schema.name];
      return action ? { ...schema, rule: { action } } : schema;
    }),
  );
}

/** A copy of a workbook with its rows replaced. */
export function withRows(workbook: Workbook, rows: Cell[][]): Workbook {
  const sheet = workbook.sheets[0]!;
  return { ...workbook, sheets: [{ ...sheet, rows }] };
}
