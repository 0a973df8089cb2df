// The engine's browser-safe entry: what the page may use of it (the data model's types and
// constants, the Faker catalogue, the sample generator, the recipe's schema and types). It
// reaches no platform module (src/engine/platform/), so it bundles for the browser;
// tests/architecture checks that.
export * from './types';
export {
  FAKER_CATALOGUE,
  validateFakerMethod,
  isFakerMethod,
} from './pseudonymize/faker-catalogue';
export { sampleValue } from './pseudonymize/sample-value';
export { isMeasureColumn, numberModeOf } from './pseudonymize/number-mode';
export { PSEUDONYM_SCHEME_VERSION } from './pseudonymize/scheme-version';
export {
  recipeSchema,
  RECIPE_FORMAT_VERSION,
  type Recipe,
  type RecipeSheet,
  type RecipeColumn,
} from './recipe/recipe-schema';
export type { RecipeReport, SheetColumn } from './recipe/apply-recipe';
export { ruleWords, userRules } from './recipe/user-rules';
export {
  privacyReportSchema,
  type PrivacyReport,
  type ColumnReport,
  type SheetReport,
  type RiskFigures,
  type ReportLeak,
  type ReportWarning,
  type NumberSummary,
  type NumberFigures,
  type DateFigures,
  type UtilityFigures,
} from './report/report-schema';
export type { ReplacementFigures } from './report/replacement-figures';
export {
  hasTwoValues,
  nameList,
  replacedNothing,
  reportSummaryParts,
  survivingCells,
} from './report/summary';
