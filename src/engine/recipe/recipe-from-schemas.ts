import { PSEUDONYM_SCHEME_VERSION } from '../pseudonymize/scheme-version';
import type { ColumnRule, ColumnSchema } from '../types';
import {
  RECIPE_FORMAT_VERSION,
  type Recipe,
  type RecipeColumn,
  type RecipeSheet,
} from './recipe-schema';

/** A sheet as a recipe sees it: its name and its columns' schema. */
export interface SchemaOfSheet {
  readonly name: string;
  readonly schema: ReadonlyArray<Readonly<ColumnSchema>>;
}

/**
 * The recipe of sheets' schemas: every sheet's columns with the type, rule, semantic, format,
 * time zone and precision they have, and a range only where the user set it. `scheme` is the
 * pseudonym scheme their runs follow (the latest unless a recipe of an older one was applied).
 * @example JSON.stringify(recipeFromSchemas([{ name: 'customers', schema: detectSchema(sheet) }]))
 */
export function recipeFromSchemas(
  sheets: ReadonlyArray<SchemaOfSheet>,
  scheme: number = PSEUDONYM_SCHEME_VERSION,
): Recipe {
  return {
    standin: 'recipe',
    version: RECIPE_FORMAT_VERSION,
    scheme,
    sheets: sheets.map(recipeSheet),
  };
}

function recipeSheet(sheet: SchemaOfSheet): RecipeSheet {
  return { name: sheet.name, columns: sheet.schema.map(recipeColumn) };
}

/**
 * A column's choices, built field by field so nothing detection saw of the values (examples,
 * counts, layouts, an observed range) can slip in.
 */
function recipeColumn(column: Readonly<ColumnSchema>): RecipeColumn {
  const choices: RecipeColumn = {
    name: column.name,
    type: column.type,
    semantic: column.semantic,
    rule: recipeRule(column.rule),
  };
  if (column.format !== undefined) choices.format = column.format;
  if (column.timeZone !== undefined) choices.timeZone = column.timeZone;
  if (column.precision !== undefined) choices.precision = column.precision;
  if (column.numberMode !== undefined) choices.numberMode = column.numberMode;
  if (column.dateShift !== undefined) choices.dateShift = { ...column.dateShift };
  // One flag tells that a range was set, not which: the range of the column's type is the one a
  // user can set on it, and the other, where there is one, was observed.
  if (column.rangeSetByUser) {
    if (column.type === 'number' && column.range) {
      choices.range = { min: column.range.min, max: column.range.max };
    }
    if ((column.type === 'date' || column.type === 'datetime') && column.dateRange) {
      choices.dateRange = { min: column.dateRange.min, max: column.dateRange.max };
    }
  }
  return choices;
}

function recipeRule(rule: Readonly<ColumnRule>): ColumnRule {
  return rule.fakerMethod === undefined
    ? { action: rule.action }
    : { action: rule.action, fakerMethod: rule.fakerMethod };
}
