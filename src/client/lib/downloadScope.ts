import type { FileFormat } from '../../engine/browser';

/** Which sheets a download holds: every sheet (the default), or the selected one alone. */
export type SheetScope = 'every' | 'selected';

/**
 * What a download of the data holds, in words, as the bar and the toast say it: the format, and
 * for a workbook of several sheets how they come (the server's download does the same).
 * @example downloadContents('csv', ['Orders', 'Customers'], 'every', 'Orders') // 'CSV: 2 sheets, one file each, in a ZIP'
 */
export function downloadContents(
  format: FileFormat,
  sheetNames: readonly string[],
  scope: SheetScope,
  selectedSheet: string,
): string {
  const name = format.toUpperCase();
  if (sheetNames.length <= 1) return name;
  if (scope === 'selected') return `${name}: sheet ${selectedSheet} only`;
  const sheets = `${sheetNames.length} sheets`;
  switch (format) {
    case 'csv':
    case 'tsv':
      return `${name}: ${sheets}, one file each, in a ZIP`;
    case 'json':
      return `${name}: ${sheets}, keyed by sheet name`;
    default:
      return `${name}: ${sheets}`;
  }
}

/** The download's query: the format, and the sheet when only the selected one is wanted. */
export function downloadQuery(
  format: FileFormat,
  scope: SheetScope,
  selectedSheet: string,
): string {
  const query = new URLSearchParams({ format });
  if (scope === 'selected') query.set('sheet', selectedSheet);
  return query.toString();
}
