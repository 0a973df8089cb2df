import type { KeyedRandom } from '../keyed-random';

/*
 * Periods written as codes: quarters ('2024-Q2', 'Q2 2024', 'FY24 Q2'), ISO weeks ('2024-W07')
 * and fiscal years ('FY2024'). As codes their digits and letters were permuted into no period
 * ('2020-Q2' → '2113-K6', '2020-W52' → '6744-X36'); here each becomes another period of its
 * kind, in its layout: a year at most two away and any quarter or week of it, keyed by the value.
 */

/** A quarter: year then quarter, or quarter then year, with an optional 'FY'. */
const QUARTER_AFTER_YEAR = /^(FY ?)?(\d{4}|\d{2})([- /]?)(Q)([1-4])$/i;
const QUARTER_BEFORE_YEAR = /^(Q)([1-4])([- /]?)(FY ?)?(\d{4}|\d{2})$/i;
/** An ISO week: year, an optional dash, 'W' and two digits (01 to 53). */
const ISO_WEEK = /^(\d{4})(-?)(W)(0[1-9]|[1-4]\d|5[0-3])$/i;
/** A fiscal year alone. */
const FISCAL_YEAR = /^(FY ?)(\d{4}|\d{2})$/i;

/** Years a period may move either way. */
const MOST_YEARS_MOVED = 2;
/** Draws before a period gives up on differing from the original (a year always moves). */
const ATTEMPTS = 8;

/**
 * Whether a text is a period code fakePeriodText rewrites.
 * @example isPeriodText('2024-Q2') // true
 */
export function isPeriodText(text: string): boolean {
  return (
    QUARTER_AFTER_YEAR.test(text) ||
    QUARTER_BEFORE_YEAR.test(text) ||
    ISO_WEEK.test(text) ||
    FISCAL_YEAR.test(text)
  );
}

/**
 * Another period of the text's kind in its layout (see above); null for a text that is none.
 * @example fakePeriodText('2024-Q2', random) // e.g. '2023-Q4'
 */
export function fakePeriodText(text: string, random: KeyedRandom): string | null {
  let match = QUARTER_AFTER_YEAR.exec(text);
  if (match) {
    const [, fiscal = '', year, separator, q] = match;
    return other(
      text,
      () => `${fiscal}${movedYear(year!, random)}${separator}${q}${1 + random.int(4)}`,
    );
  }
  match = QUARTER_BEFORE_YEAR.exec(text);
  if (match) {
    const [, q, , separator, fiscal = '', year] = match;
    return other(
      text,
      () => `${q}${1 + random.int(4)}${separator}${fiscal}${movedYear(year!, random)}`,
    );
  }
  match = ISO_WEEK.exec(text);
  if (match) {
    const [, year, separator, w] = match;
    return other(text, () => {
      const week = String(1 + random.int(52)).padStart(2, '0');
      return `${movedYear(year!, random)}${separator}${w}${week}`;
    });
  }
  match = FISCAL_YEAR.exec(text);
  if (match) {
    const [, fiscal, year] = match;
    return other(text, () => `${fiscal}${movedYear(year!, random, true)}`);
  }
  return null;
}

/** The first draw that differs from the text. */
function other(text: string, draw: () => string): string {
  let fake = draw();
  for (
    let attempt = 1;
    attempt < ATTEMPTS && fake.toUpperCase() === text.toUpperCase();
    attempt++
  ) {
    fake = draw();
  }
  return fake;
}

/** A year moved up to MOST_YEARS_MOVED either way (never 0 when `mustMove`), as wide as it was. */
function movedYear(year: string, random: KeyedRandom, mustMove = false): string {
  const span = 2 * MOST_YEARS_MOVED + 1;
  let offset = random.int(span) - MOST_YEARS_MOVED;
  if (mustMove && offset === 0) offset = random.int(2) === 0 ? -1 : 1;
  const value = Number(year) + offset;
  return year.length === 2 ? String((value + 100) % 100).padStart(2, '0') : String(value);
}
