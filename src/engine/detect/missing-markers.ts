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
  // Placeholders people type into a form or a sheet for a value they do not have.
  'unknown',
  'Unknown',
  'UNKNOWN',
  'TBD',
  'tbd',
  'n.a.',
  'N.A.',
]);

/**
 * Zero dates: MySQL writes them for a missing DATE or DATETIME (and legacy exports copy them),
 * Outlook for a contact's missing birthday.
 * They are no date at all, so a date column holding them stays a date column.
 */
const ZERO_DATES = new Set([
  '0000-00-00',
  '0000-00-00 00:00:00',
  '0000-00-00T00:00:00',
  '00/00/0000',
  '00.00.0000',
  // Outlook's contacts export: its Birthday and Anniversary of a contact without one.
  '0/0/00',
  '0/0/0000',
  '00/00/00',
]);

/**
 * Whether text says "no value" ('NaN', 'NULL', 'N/A', '-', 'unknown', '0000-00-00', ...).
 * @example isMissingMarker('NaN') // true
 */
export function isMissingMarker(text: string): boolean {
  if (text.charCodeAt(0) === 48 && ZERO_DATES.has(text)) return true;
  if (text.length > LONGEST_MARKER) return false;
  // Most values are turned away without a lookup: no marker starts with their first character.
  return MARKER_STARTS.has(text.charCodeAt(0)) && MISSING_MARKERS.has(text);
}

const LONGEST_MARKER = Math.max(...[...MISSING_MARKERS].map((marker) => marker.length));
const MARKER_STARTS = new Set([...MISSING_MARKERS].map((marker) => marker.charCodeAt(0)));
