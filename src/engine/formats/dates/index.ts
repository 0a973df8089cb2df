/**
 * Date and date-time patterns: parsing and writing text exactly as a column writes it, the
 * catalogue detection tries, and Excel date formats read as patterns.
 */
export {
  isDatePattern,
  patternHasDate,
  patternHasFraction,
  patternHasTime,
  patternHasZone,
  patternIsMonth,
  patternReadsWholeNumbers,
  unixTimeUnitMs,
} from './compile';
export {
  parseDateText,
  parseDateTextLoosely,
  parseDateTime,
  type ParseDetails,
  type ParsedDate,
  type ZoneOut,
} from './parse';
export { formatDateText, isoWallClock } from './format';
export { datePatternName, describeDatePattern, ISO_8601 } from './pattern-names';
export { catalogueRank, DATE_PATTERN_CATALOGUE, type DatePatternEntry } from './catalogue';
export { datePatternsForShape, textShape } from './shape-index';
export { swapDayAndMonth } from './day-month-order';
export { excelFormatOfPattern, excelFormatToPattern, isDurationFormat } from './excel-format';
