import { isBlankCell } from '../cell';
import type { Cell } from '../types';

/** How far down the header is looked for: a preamble is a few lines, never a page. */
export const MAX_PREAMBLE_LINES = 30;
/** Rows a caller passes so a header after the longest preamble has a row below it. */
export const HEADER_SEARCH_ROWS = MAX_PREAMBLE_LINES + 2;

interface RowShape {
  /** Non-blank cells. */
  filled: number;
  /** Index of the first and last non-blank cell (-1 when none). */
  first: number;
  last: number;
  /** Whether the first non-blank cell is text starting with '#' (a comment line). */
  comment: boolean;
}

function shapeOf(row: readonly Cell[]): RowShape {
  let filled = 0;
  let first = -1;
  let last = -1;
  for (let index = 0; index < row.length; index++) {
    if (isBlankCell(row[index] ?? null)) continue;
    filled++;
    if (first < 0) first = index;
    last = index;
  }
  const lead = first < 0 ? null : row[first];
  return { filled, first, last, comment: typeof lead === 'string' && lead.startsWith('#') };
}

/**
 * Whether a row reads as a table's header: at least two names, every cell from the first to the
 * last non-blank one a distinct text holding a letter. Data rows rarely are (numbers, dates,
 * ids, blanks), and mistaking a data row for the header would leave its values unpseudonymized,
 * so a preamble is only skipped above a row like this.
 */
function isHeaderLike(row: readonly Cell[], shape: RowShape): boolean {
  if (shape.filled < 2 || shape.filled !== shape.last - shape.first + 1) return false;
  const seen = new Set<string>();
  for (let index = shape.first; index <= shape.last; index++) {
    const cell = row[index];
    if (typeof cell !== 'string' || !/\p{L}/u.test(cell)) return false;
    const name = cell.trim().toLowerCase();
    if (seen.has(name)) return false;
    seen.add(name);
  }
  return true;
}

/**
 * A line with nothing on it: an empty CSV line or a sheet row without cells. A row of empty
 * fields (",,," as Excel saves an empty row) is no such line: it may be a header of unnamed
 * columns, so it is only skipped as part of a preamble.
 */
function isEmptyLine(row: readonly Cell[]): boolean {
  return row.length === 0 || (row.length === 1 && isBlankCell(row[0] ?? null));
}

/**
 * Whether the first row below a header candidate reads as a row of its table: two or more
 * values, none right of the header's last name. ("note" above "hello, world" above "foo" is a
 * one-column file with an unquoted comma, not a preamble.)
 */
function tableRowFollows(
  rows: readonly (readonly Cell[] | undefined)[],
  index: number,
  header: RowShape,
): boolean {
  for (let below = index + 1; below < rows.length; below++) {
    const row = rows[below];
    if (!row || isEmptyLine(row)) continue;
    const shape = shapeOf(row);
    return shape.filled >= 2 && shape.last <= header.last;
  }
  return false;
}

/**
 * Whether rows `from` to `to` (excluded) are a preamble above the header `header`: `#` comments
 * narrower than the table, or single-cell rows closed by a blank row right above the header. A
 * one-column file ("name", then values holding a delimiter) has no blank row there.
 */
function isPreamble(
  rows: readonly (readonly Cell[] | undefined)[],
  from: number,
  to: number,
  header: RowShape,
): boolean {
  let onlyComments = true;
  for (let index = from; index < to; index++) {
    const row = rows[index];
    if (!row || isEmptyLine(row)) continue;
    const shape = shapeOf(row);
    if (shape.filled === 0) continue;
    // A comment as wide as the table may be its header ("#,name").
    if (
      shape.comment &&
      shape.filled > 1 &&
      shape.last - shape.first >= header.last - header.first
    ) {
      return false;
    }
    if (!shape.comment) onlyComments = false;
  }
  const above = rows[to - 1];
  return onlyComments || !above || shapeOf(above).filled === 0;
}

/**
 * The index of a table's header row: the first non-blank row, unless the rows above the table
 * are a preamble (a title in A1, a "Report generated …" line, `#` comment lines as Google
 * Analytics exports write). Empty lines are always skipped; other leading rows when each has at
 * most one non-blank cell or is a `#` comment narrower than the table, they are all comments or
 * closed by a blank row, and they stand above a header-like row (see isHeaderLike) with a row of
 * its table below it. -1 when every line is empty.
 * @example findHeaderRow([['Sales 2023'], [], ['name', 'city'], ['Ada', 'Paris']]) // 2
 */
export function findHeaderRow(rows: readonly (readonly Cell[] | undefined)[]): number {
  const end = Math.min(rows.length, MAX_PREAMBLE_LINES + 1);
  let firstFilled = -1;
  for (let index = 0; index < end; index++) {
    const row = rows[index];
    if (!row) continue;
    if (isEmptyLine(row)) continue;
    const shape = shapeOf(row);
    if (firstFilled < 0) firstFilled = index;
    if (shape.filled <= 1 || shape.comment) continue;
    // The first row that is not preamble-like: the header, if it looks like one.
    if (index === firstFilled || !isHeaderLike(row, shape)) return firstFilled;
    if (!tableRowFollows(rows, index, shape)) return firstFilled;
    return isPreamble(rows, firstFilled, index, shape) ? index : firstFilled;
  }
  if (firstFilled >= 0) return firstFilled;
  for (let index = end; index < rows.length; index++) {
    const row = rows[index];
    if (row && !isEmptyLine(row)) return index;
  }
  return -1;
}
