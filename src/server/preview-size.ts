/**
 * How much of each sheet the server keeps as display text for previews. Rows are capped, and so
 * are cells: a 16,000-column sheet shows 12 rows, not 1000, so a preview never costs the main
 * thread (structured clone, output validation, JSON) more than a few hundred thousand strings.
 */

/** Preview rows an answer holds unless `?limit=` asks otherwise. */
export const PREVIEW_ROWS_DEFAULT = 100;
/** Most preview rows `?limit=` may ask for. */
export const PREVIEW_ROWS_MAX = 1000;
/** Most cells one sheet's preview holds: rows × columns ≤ this. */
export const PREVIEW_CELLS_PER_SHEET = 200_000;
/**
 * Most cells the previews of all a workbook's sheets hold together (they are all kept so a sheet
 * switch needs no worker job); a sheet past it shows fewer rows, or none.
 */
export const PREVIEW_CELLS_PER_WORKBOOK = 1_000_000;

/**
 * Rows of each sheet to keep for previews, in sheet order.
 * @example previewRowCounts([{ rowCount: 1000, columnCount: 16_000 }]) // [12]
 */
export function previewRowCounts(
  sheets: readonly { rowCount: number; columnCount: number }[],
): number[] {
  let cellsLeft = PREVIEW_CELLS_PER_WORKBOOK;
  return sheets.map(({ rowCount, columnCount }) => {
    const width = Math.max(1, columnCount);
    const cells = Math.min(PREVIEW_CELLS_PER_SHEET, cellsLeft);
    const rows = Math.min(rowCount, PREVIEW_ROWS_MAX, Math.floor(cells / width));
    cellsLeft -= rows * width;
    return rows;
  });
}
