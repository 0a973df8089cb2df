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
  // MySQL's and PostgreSQL's COPY/SELECT INTO OUTFILE marker.
  '\\N',
]);

/**
 * Zero dates: MySQL writes them for a missing DATE or DATETIME (and legacy exports copy them).
 * They are no date at all, so a date column holding them stays a date column.
 */
const ZERO_DATES = new Set([
  '0000-00-00',
  '0000-00-00 00:00:00',
  '0000-00-00T00:00:00',
  '00/00/0000',
  '00.00.0000',
]);

/**
 * Whether text says "no value" ('NaN', 'NULL', 'N/A', '-', '0000-00-00', ...).
 * @example isMissingMarker('NaN') // true
 */
export function isMissingMarker(text: string): boolean {
  if (text.length > 6) {
    return text.length >= 10 && text.charCodeAt(0) === 48 && ZERO_DATES.has(text);
  }
  // Every marker starts with one of these; most values are turned away without a lookup.
  const first = text.charCodeAt(0);
  if (first !== 78 && first !== 110 && first !== 35 && first !== 45 && first !== 63) {
    if (first !== 40 && first !== 60 && first !== 92) return false;
  }
  return MISSING_MARKERS.has(text);
}
