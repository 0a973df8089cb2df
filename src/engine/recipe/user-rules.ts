import type { ColumnSchema } from '../types';

/*
 * The rules a user set on a column, as opposed to what detection gives every column (the auto
 * rule, no number mode, no date shift, observed ranges): what re-detecting a sheet's types
 * keeps, and what a clean slate would lose.
 */

type UserRuleFields = Pick<
  ColumnSchema,
  'rule' | 'numberMode' | 'dateShift' | 'range' | 'dateRange' | 'rangeSetByUser'
>;

/** The fields of a column the user set, or null when it has only what detection gives. */
function userRuleFields(column: ColumnSchema): Partial<UserRuleFields> | null {
  const fields: Partial<UserRuleFields> = {};
  if (column.rule.action !== 'auto') fields.rule = column.rule;
  if (column.numberMode !== undefined) fields.numberMode = column.numberMode;
  if (column.dateShift !== undefined) fields.dateShift = column.dateShift;
  if (column.rangeSetByUser) {
    fields.rangeSetByUser = true;
    if (column.range) fields.range = column.range;
    if (column.dateRange) fields.dateRange = column.dateRange;
  }
  return Object.keys(fields).length > 0 ? fields : null;
}

/**
 * The rules the user set on a sheet's columns, in words, one per column that has any:
 * 'first_name: Keep', 'city: Custom location.city', 'amount: even in range'.
 * @example userRules(schema) // ['first_name: Keep', 'notes: Blank']
 */
export function userRules(schema: readonly ColumnSchema[]): string[] {
  return schema.flatMap((column) => {
    const fields = userRuleFields(column);
    if (!fields) return [];
    const words: string[] = [];
    if (fields.rule) words.push(ruleWords(fields.rule));
    if (fields.numberMode) {
      words.push(fields.numberMode === 'range' ? 'even in range' : 'keeps shape');
    }
    if (fields.dateShift?.entityColumn) words.push(`shifts with ${fields.dateShift.entityColumn}`);
    if (fields.dateShift?.windowDays) words.push(`± ${fields.dateShift.windowDays} days`);
    if (fields.rangeSetByUser) words.push('own range');
    return [`${column.name}: ${words.join(', ')}`];
  });
}

/**
 * A rule in a word or two, as the page names it: 'Keep', 'Custom person.firstName'.
 * @example ruleWords({ action: 'faker', fakerMethod: 'location.city' }) // 'Custom location.city'
 */
export function ruleWords(rule: ColumnSchema['rule']): string {
  switch (rule.action) {
    case 'keep':
      return 'Keep';
    case 'blank':
      return 'Blank';
    case 'redact':
      return 'Redact';
    case 'faker':
      return `Custom ${rule.fakerMethod ?? ''}`.trim();
    case 'auto':
      return 'Auto';
  }
}

/**
 * A sheet's schema detected again, with the rules the user set on the earlier schema carried
 * over to the columns of the same name: types, formats and examples are the new detection's.
 * @example withUserRules(detectSchema(sheet), sheetState.schema)
 */
export function withUserRules(
  detected: readonly ColumnSchema[],
  earlier: readonly ColumnSchema[],
): ColumnSchema[] {
  const byName = new Map(earlier.map((column) => [column.name, column]));
  return detected.map((column) => {
    const before = byName.get(column.name);
    const fields = before ? userRuleFields(before) : null;
    return fields ? { ...column, ...fields } : column;
  });
}
