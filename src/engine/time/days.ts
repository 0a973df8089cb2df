/**
 * Day arithmetic on wall-clock milliseconds: dates are held in UTC fields, so a day is always
 * 24 hours and a date without a time of day is a whole multiple of a day.
 */

export const MS_PER_DAY = 86_400_000;

/**
 * Whether wall-clock milliseconds fall on midnight, so the value is a date without a time of
 * day (NaN is not).
 * @example isWholeDay(Date.UTC(2023, 3, 17)) // true
 */
export function isWholeDay(ms: number): boolean {
  return ms % MS_PER_DAY === 0;
}

/**
 * Days in a month of the Gregorian calendar (month 1 to 12).
 * @example daysInMonth(2024, 2) // 29
 */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}
