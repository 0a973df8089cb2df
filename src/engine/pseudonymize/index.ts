// Pseudonymization: the engine's public functions for it.
export { pseudonymize } from './pseudonymize';
export { chooseForRun } from './helper-generation';
export { findSpansForRun } from './pii-in-text/pii-in-text';
export { isTwoValued, truthCounts } from './row-booleans';
export { sampleValue } from './sample-value';
export { isMeasureColumn, numberModeOf } from './number-mode';
export { FAKER_CATALOGUE, validateFakerMethod, isFakerMethod } from './faker-catalogue';
export { OLDEST_PSEUDONYM_SCHEME, PSEUDONYM_SCHEME_VERSION } from './scheme-version';
export {
  dateShiftPlans,
  DEFAULT_DATE_SHIFT_WINDOW_DAYS,
  type DateShiftPlan,
} from './row-date-shift';
