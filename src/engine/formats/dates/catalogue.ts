/** The date patterns detection tries on a column's texts, and the order it prefers them in. */

/** A date pattern the detector tries, in order of preference when several fit equally. */
export interface DatePatternEntry {
  pattern: string;
  /** Whether the first numeric field is the day (decided per column, see detection). */
  dayFirst: boolean;
}

const DATE_PARTS: { pattern: string; dayFirst: boolean; isoLike: boolean }[] = [
  { pattern: 'YYYY-MM-DD', dayFirst: false, isoLike: true },
  { pattern: 'MM/DD/YYYY', dayFirst: false, isoLike: false },
  { pattern: 'M/D/YYYY', dayFirst: false, isoLike: false },
  { pattern: 'DD-MM-YYYY', dayFirst: true, isoLike: false },
  { pattern: 'DD/MM/YYYY', dayFirst: true, isoLike: false },
  { pattern: 'D/M/YYYY', dayFirst: true, isoLike: false },
  { pattern: 'DD.MM.YYYY', dayFirst: true, isoLike: false },
  { pattern: 'D.M.YYYY', dayFirst: true, isoLike: false },
  { pattern: 'YYYY/MM/DD', dayFirst: false, isoLike: false },
  { pattern: 'YYYY.MM.DD', dayFirst: false, isoLike: false },
  { pattern: 'YYYY/M/D', dayFirst: false, isoLike: false },
  { pattern: 'MM-DD-YYYY', dayFirst: false, isoLike: false },
  { pattern: 'M-D-YYYY', dayFirst: false, isoLike: false },
  { pattern: 'D-M-YYYY', dayFirst: true, isoLike: false },
  { pattern: 'MM/DD/YY', dayFirst: false, isoLike: false },
  { pattern: 'M/D/YY', dayFirst: false, isoLike: false },
  { pattern: 'DD/MM/YY', dayFirst: true, isoLike: false },
  { pattern: 'D/M/YY', dayFirst: true, isoLike: false },
  { pattern: 'DD.MM.YY', dayFirst: true, isoLike: false },
  { pattern: 'D MMM YYYY', dayFirst: true, isoLike: false },
  { pattern: 'DD MMM YYYY', dayFirst: true, isoLike: false },
  { pattern: 'DD-MMM-YYYY', dayFirst: true, isoLike: false },
  { pattern: 'D-MMM-YYYY', dayFirst: true, isoLike: false },
  { pattern: 'DD-MMM-YY', dayFirst: true, isoLike: false },
  { pattern: 'D-MMM-YY', dayFirst: true, isoLike: false },
  { pattern: 'D MMMM YYYY', dayFirst: true, isoLike: false },
  { pattern: 'MMM D, YYYY', dayFirst: false, isoLike: false },
  { pattern: 'MMMM D, YYYY', dayFirst: false, isoLike: false },
  { pattern: 'dddd, MMMM D, YYYY', dayFirst: false, isoLike: false },
  { pattern: 'ddd, D MMM YYYY', dayFirst: true, isoLike: false },
  { pattern: 'ddd, DD MMM YYYY', dayFirst: true, isoLike: false },
];

const TIME_PARTS_24H = ['HH:mm:ss', 'HH:mm', 'HH:mm:ss.SSS', 'H:mm:ss', 'H:mm'];
const TIME_PARTS_12H = [
  'h:mm:ss A',
  'h:mm A',
  'hh:mm:ss A',
  'hh:mm A',
  'h:mm:ss a',
  'h:mm a',
  'h:mm:ss.SSS A',
];

/**
 * Months without a day ('2024-03', '03/2024', 'Mar 2024'), as billing periods and payroll months
 * are written: dates of no time, each read as the month's first day. ('MM.YYYY' is a decimal
 * number: '01.2024'.)
 */
const MONTH_PARTS = [
  'YYYY-MM',
  'MM/YYYY',
  'M/YYYY',
  'YYYY/MM',
  'MM-YYYY',
  'MMM YYYY',
  'MMMM YYYY',
  'MMM-YYYY',
  'MMM-YY',
];

function buildCatalogue(): DatePatternEntry[] {
  const entries: DatePatternEntry[] = [];
  for (const { pattern, dayFirst, isoLike } of DATE_PARTS) {
    entries.push({ pattern, dayFirst });
    for (const time of TIME_PARTS_24H) {
      entries.push({ pattern: `${pattern} ${time}`, dayFirst });
      if (isoLike) {
        entries.push({ pattern: `${pattern}T${time}`, dayFirst });
        entries.push({ pattern: `${pattern}T${time}Z`, dayFirst });
        entries.push({ pattern: `${pattern} ${time}Z`, dayFirst });
        entries.push({ pattern: `${pattern} ${time} Z`, dayFirst });
        // BigQuery, Rails and many logs write '2023-04-17 10:00:00 UTC'.
        entries.push({ pattern: `${pattern} ${time} [UTC]`, dayFirst });
      }
    }
    for (const time of TIME_PARTS_12H) entries.push({ pattern: `${pattern} ${time}`, dayFirst });
  }
  // RFC 2822 (mail, HTTP) date-times.
  for (const pattern of [
    'ddd, D MMM YYYY HH:mm:ss Z',
    'ddd, DD MMM YYYY HH:mm:ss Z',
    'ddd, DD MMM YYYY HH:mm:ss [GMT]',
  ]) {
    entries.push({ pattern, dayFirst: true });
  }
  for (const pattern of MONTH_PARTS) entries.push({ pattern, dayFirst: false });
  // Times of day alone ('14:05', '2:05 PM') read as datetimes on 1970-01-01.
  for (const time of [...TIME_PARTS_24H, ...TIME_PARTS_12H]) {
    entries.push({ pattern: time, dayFirst: false });
  }
  return entries;
}

/**
 * Every pattern detection tries, most preferred first: the layouts most tools write
 * ('YYYY-MM-DD', 'MM/DD/YYYY', 'M/D/YYYY', 'DD-MM-YYYY') lead.
 */
export const DATE_PATTERN_CATALOGUE: readonly DatePatternEntry[] = buildCatalogue();

const CATALOGUE_RANK = new Map(
  DATE_PATTERN_CATALOGUE.map((entry, index) => [entry.pattern, index] as const),
);

/**
 * A pattern's place in the catalogue (0 is the most preferred), or undefined when the catalogue
 * does not hold it.
 * @example catalogueRank('YYYY-MM-DD') // 0
 */
export function catalogueRank(pattern: string): number | undefined {
  return CATALOGUE_RANK.get(pattern);
}
