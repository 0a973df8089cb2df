const DAY_MONTH_HEAD = /^(?:(MM?)([-/.])(DD?)|(DD?)([-/.])(MM?))(?=[-/.])/;

/**
 * The pattern with its leading numeric day and month fields swapped ('MM/DD/YYYY HH:mm' ↔
 * 'DD/MM/YYYY HH:mm', 'M/D/YYYY' ↔ 'D/M/YYYY'), or null when it does not start with them.
 * @example swapDayAndMonth('MM/DD/YYYY') // 'DD/MM/YYYY'
 */
export function swapDayAndMonth(pattern: string): string | null {
  const match = DAY_MONTH_HEAD.exec(pattern);
  if (!match) return null;
  const head = match[1]
    ? `${match[3] as string}${match[2] as string}${match[1]}`
    : `${match[6] as string}${match[5] as string}${match[4] as string}`;
  return head + pattern.slice(match[0].length);
}
