/** English month and weekday names, as date patterns read and write them ('MMM', 'dddd'). */

export const MONTHS_LONG = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
export const MONTHS_SHORT = MONTHS_LONG.map((month) => month.slice(0, 3));
export const WEEKDAYS_LONG = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
];
export const WEEKDAYS_SHORT = WEEKDAYS_LONG.map((weekday) => weekday.slice(0, 3));
