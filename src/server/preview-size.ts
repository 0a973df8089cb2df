/**
 * How much of each sheet the server keeps as display text for previews. Rows are capped, and so
 * are cells and characters: a 16,000-column sheet shows 12 rows, not 1000, and a workbook whose
 * string table repeats one 30,000-character text in every cell shows 1,000 characters of each.
 * An answer holds the previews of every sheet, so cells and characters are also capped over a
 * workbook's sheets together: an answer never costs the main thread (structured clone, output
 * validation, JSON) more than about a million strings and several million characters.
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
/** Most characters a preview shows of one cell; a longer text ends with '…'. */
export const PREVIEW_CELL_CHARS = 1000;
/**
 * Characters one sheet's preview holds, about: rows stop once the next would pass it. A row
 * counts its cells' text and its columns' names, which it repeats as its keys in an answer.
 */
export const PREVIEW_CHARS_PER_SHEET = 4_000_000;
/**
 * Characters the previews of all a workbook's sheets hold together, about: a sheet past it shows
 * fewer rows, or none. Without it, hundreds of sheets of 4,000,000 characters each (one long text
 * a string table repeats costs a few bytes a cell) would make one answer of a billion.
 */
export const PREVIEW_CHARS_PER_WORKBOOK = 8_000_000;

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

/**
 * A cell's text as a preview shows it: at most PREVIEW_CELL_CHARS characters, then '…' (never
 * cutting a character in two).
 * @example previewText('x'.repeat(5000)).length // 1001
 */
export function previewText(text: string): string {
  if (text.length <= PREVIEW_CELL_CHARS) return text;
  const code = text.charCodeAt(PREVIEW_CELL_CHARS - 1);
  const end = code >= 0xd800 && code <= 0xdbff ? PREVIEW_CELL_CHARS - 1 : PREVIEW_CELL_CHARS;
  return `${text.slice(0, end)}…`;
}

/** A sheet as previews read it: its size, its columns' names and each cell's display text. */
export interface PreviewSource {
  rowCount: number;
  columnCount: number;
  /** Characters of all the column names together. */
  nameCharacters: number;
  text(row: number, column: number): string;
}

/**
 * The preview rows of each sheet: `rowCounts` rows when given (a run's previews line up with the
 * uploaded ones), otherwise as many as the row, cell and character caps allow.
 * @example previewTables([{ rowCount: 2, columnCount: 1, nameCharacters: 4, text: () => 'a' }]) // [[['a'], ['a']]]
 */
export function previewTables(
  sheets: readonly PreviewSource[],
  rowCounts?: readonly number[],
): string[][][] {
  const counts = rowCounts ?? previewRowCounts(sheets);
  const capByCharacters = rowCounts === undefined;
  let workbookCharactersLeft = PREVIEW_CHARS_PER_WORKBOOK;
  return sheets.map((sheet, index) => {
    const budget = Math.min(PREVIEW_CHARS_PER_SHEET, workbookCharactersLeft);
    const rows: string[][] = [];
    let characters = 0;
    for (let r = 0; r < Math.min(counts[index] ?? 0, sheet.rowCount); r++) {
      // Past the workbook's characters no sheet shows a row; within them, a sheet shows its
      // first row whatever its length, so no sheet is left empty by one long row.
      if (capByCharacters && budget <= 0) break;
      const row: string[] = [];
      let rowCharacters = sheet.nameCharacters;
      for (let c = 0; c < sheet.columnCount; c++) {
        const text = previewText(sheet.text(r, c));
        rowCharacters += text.length;
        row.push(text);
      }
      if (capByCharacters && rows.length > 0 && characters + rowCharacters > budget) break;
      characters += rowCharacters;
      rows.push(row);
    }
    workbookCharactersLeft -= characters;
    return rows;
  });
}
