import type { Cell } from './types';

/** Whether a cell counts as empty: a missing cell or empty text. */
export function isBlankCell(cell: Cell): cell is null | '' {
  return cell === null || cell === '';
}
