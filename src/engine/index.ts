// The engine's public surface: everything the server, the client (types only), scripts and tests use.
export * from './types';
export { isBlankCell, cellNumberFormat, cellText, excelSerial } from './cell';
export { EngineError, type EngineErrorCode } from './errors';
export { inspectContainer, type WorkbookCells } from './guard/inspect-container';
export { DEFAULT_GUARD_LIMITS, type GuardLimits } from './guard/limits';
export { readWorkbook, spreadsheetFormatOf } from './read/read-workbook';
export { delimitedLayoutOf, RecordEnds, type DelimitedLayout } from './read/record-ends';
export { decodeWindows1252 } from './read/decode-text';
export { parseJson } from './read/parse-json';
export {
  GENERATION_THREAD_FROM_BYTES,
  GenerationThread,
  isGenerationThread,
  serveGeneration,
} from './platform/generation-thread';
export { DEFAULT_READ_LIMITS, type ReadLimits } from './read/read-limits';
export {
  delimitedText,
  writeWorkbook,
  writeWorkbookChunks,
  type DelimitedText,
  type WriteOptions,
} from './write/write-workbook';
export { expectedBytes, utf8Pieces } from './write/utf8-pieces';
export { neutralizeFormula, restoreFormula, restoreFormulas } from './write/neutralize-formula';
export {
  convertWritten,
  convertWrittenChunks,
  rewriting,
  writtenConversion,
  zipsSheets,
  type Conversion,
  type ConvertOptions,
} from './write/convert-written';
export { mappingFormatOf, mappingFileName, writeMapping } from './write/write-mapping';
export { detectSchema } from './detect/schema';
export { detectColumn, type DetectOptions } from './detect/column';
export {
  SEMANTIC_METHODS,
  semanticFromHeader,
  semanticFromValues,
  isFlagHeader,
} from './detect/semantics';
export {
  parseDateText,
  formatDateText,
  excelFormatToPattern,
  patternHasDate,
  patternHasTime,
  patternHasZone,
  isDatePattern,
  isoWallClock,
  DATE_PATTERN_CATALOGUE,
  ISO_8601,
  type ParsedDate,
} from './formats/dates';
export {
  parseNumberText,
  formatNumberText,
  detectNumberLayout,
  analyzeNumberText,
  plainNumberLayout,
  MAX_PRECISION,
} from './formats/numbers';
export {
  pseudonymize,
  sampleValue,
  isMeasureColumn,
  numberModeOf,
  FAKER_CATALOGUE,
  validateFakerMethod,
  isFakerMethod,
  PSEUDONYM_SCHEME_VERSION,
  OLDEST_PSEUDONYM_SCHEME,
  dateShiftPlans,
  DEFAULT_DATE_SHIFT_WINDOW_DAYS,
  type DateShiftPlan,
  chooseForRun,
  findSpansForRun,
  isTwoValued,
  truthCounts,
} from './pseudonymize';
export {
  recipeSchema,
  recipeSheetSchema,
  recipeColumnSchema,
  RECIPE_FORMAT_VERSION,
  type Recipe,
  type RecipeSheet,
  type RecipeColumn,
} from './recipe/recipe-schema';
export { userNumberRangeSchema, userDateRangeSchema } from './recipe/range-schemas';
export { dateShiftSchema } from './recipe/date-shift-schema';
export { recipeFromSchemas, type SchemaOfSheet } from './recipe/recipe-from-schemas';
export { userRules, withUserRules } from './recipe/user-rules';
export { examplePseudonyms, exampleRowsOf, type ExampleRows } from './samples/example-rows';
export {
  applyRecipe,
  type AppliedRecipe,
  type RecipeReport,
  type SheetColumn,
} from './recipe/apply-recipe';
export { firstHash, secondHash } from './text/text-hash';
export {
  buildReport,
  privacyReportSchema,
  replacementSchema,
  reportPart,
  SampledCounts,
  StreamedReport,
  type ReportPart,
  reportSummaryParts,
  survivingCells,
  hasTwoValues,
  type PrivacyReport,
  type ReportInput,
  replacementFigures,
  type ReplacementFigures,
} from './report';
