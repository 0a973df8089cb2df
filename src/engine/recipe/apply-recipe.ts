import { SEMANTIC_METHODS } from '../detect/semantics/semantic-methods';
import { EngineError } from '../errors';
import { validateFakerMethod } from '../pseudonymize/faker-catalogue';
import type { ColumnSchema } from '../types';
import type { SchemaOfSheet } from './recipe-from-schemas';
import type { Recipe, RecipeColumn, RecipeSheet } from './recipe-schema';

/** A column of a sheet, by names. */
export interface SheetColumn {
  sheet: string;
  column: string;
}

/** What applying a recipe did, column by column. */
export interface RecipeReport {
  /** The dataset's columns that took the recipe's choices (named as in the dataset). */
  applied: SheetColumn[];
  /** The recipe's columns the dataset has no column for (named as in the recipe). */
  notFound: SheetColumn[];
  /** The dataset's columns the recipe says nothing of: they keep their detected rules. */
  notCovered: SheetColumn[];
}

export interface AppliedRecipe {
  /** One schema per sheet, in the sheets' order; a column the recipe did not change is the same object. */
  schemas: ColumnSchema[][];
  report: RecipeReport;
}

/**
 * Sheets' schemas with a recipe's choices applied. Sheets are matched by name, or by position
 * when the recipe and the sheets are one each; columns by name. A matched column takes the
 * recipe's type, semantic and rule, and its format, time zone, precision and range where the
 * recipe gives them (a range as set by the user); the type is the user's choice, so it is taken
 * even where it no longer fits the values. Throws INVALID_RULE for a faker rule without a known
 * method (a recipe parsed by recipeSchema has none).
 * @example applyRecipe(recipeSchema.parse(json), [{ name: 'customers', schema }]).report.notFound
 */
export function applyRecipe(recipe: Recipe, sheets: ReadonlyArray<SchemaOfSheet>): AppliedRecipe {
  checkFakerRules(recipe);
  const report: RecipeReport = { applied: [], notFound: [], notCovered: [] };
  const matched = matchSheets(recipe.sheets, sheets);
  const schemas = sheets.map((sheet, index) => {
    const recipeSheet = matched[index];
    if (!recipeSheet) {
      for (const column of sheet.schema) report.notCovered.push(at(sheet, column));
      return [...sheet.schema];
    }
    const choicesByName = new Map(recipeSheet.columns.map((choices) => [choices.name, choices]));
    const schema = sheet.schema.map((column) => {
      const choices = choicesByName.get(column.name);
      if (!choices) {
        report.notCovered.push(at(sheet, column));
        return column;
      }
      report.applied.push(at(sheet, column));
      return withChoices(column, choices);
    });
    const names = new Set(sheet.schema.map((column) => column.name));
    for (const choices of recipeSheet.columns) {
      if (!names.has(choices.name)) report.notFound.push(at(recipeSheet, choices));
    }
    return schema;
  });
  for (const recipeSheet of recipe.sheets) {
    if (matched.includes(recipeSheet)) continue;
    for (const choices of recipeSheet.columns) report.notFound.push(at(recipeSheet, choices));
  }
  return { schemas, report };
}

function at(sheet: { name: string }, column: { name: string }): SheetColumn {
  return { sheet: sheet.name, column: column.name };
}

/** Per sheet, the recipe sheet that applies to it, if any. */
function matchSheets(
  recipeSheets: ReadonlyArray<RecipeSheet>,
  sheets: ReadonlyArray<SchemaOfSheet>,
): (RecipeSheet | undefined)[] {
  // March's customers-march.csv and April's customers-april.csv: one sheet each, named after
  // their files, so a single sheet matches a single sheet whatever their names.
  if (recipeSheets.length === 1 && sheets.length === 1) return [recipeSheets[0]];
  const byName = new Map(recipeSheets.map((sheet) => [sheet.name, sheet]));
  return sheets.map((sheet) => byName.get(sheet.name));
}

function checkFakerRules(recipe: Recipe): void {
  for (const sheet of recipe.sheets) {
    for (const { name, rule } of sheet.columns) {
      if (rule.action !== 'faker') continue;
      if (!rule.fakerMethod) {
        throw new EngineError(
          'INVALID_RULE',
          `Column "${name}" of sheet "${sheet.name}" has a faker rule without a fakerMethod.`,
        );
      }
      validateFakerMethod(rule.fakerMethod);
    }
  }
}

/** A column with a recipe's choices; the column itself when they change nothing. */
function withChoices(column: Readonly<ColumnSchema>, choices: RecipeColumn): ColumnSchema {
  const merged: ColumnSchema = {
    ...column,
    type: choices.type,
    semantic: choices.semantic,
    rule:
      choices.rule.fakerMethod === undefined
        ? { action: choices.rule.action }
        : { action: choices.rule.action, fakerMethod: choices.rule.fakerMethod },
  };
  // Only on a change of meaning: a suggestion kept from detection stays as it was.
  if (choices.semantic !== column.semantic) {
    merged.suggestedMethod = choices.semantic ? SEMANTIC_METHODS[choices.semantic] : null;
  }
  if (choices.format !== undefined) merged.format = choices.format;
  if (choices.timeZone !== undefined) merged.timeZone = choices.timeZone;
  if (choices.precision !== undefined) merged.precision = choices.precision;
  if (choices.range) {
    merged.range = { min: choices.range.min, max: choices.range.max };
    merged.rangeSetByUser = true;
  }
  if (choices.dateRange) {
    merged.dateRange = { min: choices.dateRange.min, max: choices.dateRange.max };
    merged.rangeSetByUser = true;
  }
  if (choices.numberMode !== undefined) merged.numberMode = choices.numberMode;
  if (choices.dateShift !== undefined) merged.dateShift = { ...choices.dateShift };
  return JSON.stringify(merged) === JSON.stringify(column) ? column : merged;
}
