/**
 * Texts that tools write for a missing value. Detection leaves them out when it decides a
 * column's type, so a number column with 'NaN' or 'NULL' here and there stays a number column.
 */
const MISSING_MARKERS = new Set([
  'NaN',
  'nan',
  'NAN',
  'NULL',
  'null',
  'Null',
  'None',
  'none',
  'N/A',
  'n/a',
  'NA',
  '#N/A',
  'NaT',
  '(null)',
  '<NA>',
  '-',
  '--',
  '?',
]);

/**
 * Whether text says "no value" ('NaN', 'NULL', 'N/A', '-', ...).
 * @example isMissingMarker('NaN') // true
 */
export function isMissingMarker(text: string): boolean {
  return text.length <= 6 && MISSING_MARKERS.has(text);
}
