import type { Sheet } from '../types';

/**
 * The header row a sheet is written with: the source's own cells where it had some that are
 * not its column names (Sheet.headerCells: a blank or repeated header), else the column names.
 * @example headerRowOf({ name: 's', columns: ['column_1', 'id'], headerCells: ['', 'id'], rows: [] }) // ['', 'id']
 */
export function headerRowOf(sheet: Sheet): readonly string[] {
  return sheet.headerCells?.length === sheet.columns.length ? sheet.headerCells : sheet.columns;
}
