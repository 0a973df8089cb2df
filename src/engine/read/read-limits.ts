import { EngineError } from '../errors';

/** Caps on the table a file may unfold into; a file over any of them is refused with TOO_LARGE. */
export interface ReadLimits {
  /** Most data rows per sheet (the header row not counted). */
  maxRows?: number;
  /** Most columns per sheet. */
  maxColumns?: number;
  /** Most cells (rows × columns) over all sheets together. */
  maxCells?: number;
}

export const DEFAULT_READ_LIMITS: Required<ReadLimits> = {
  maxRows: 2_000_000,
  maxColumns: 16_384,
  maxCells: 50_000_000,
};

/** The given limits with defaults filled in. */
export function resolveReadLimits(limits: ReadLimits | undefined): Required<ReadLimits> {
  return { ...DEFAULT_READ_LIMITS, ...stripUndefined(limits) };
}

function stripUndefined(limits: ReadLimits | undefined): ReadLimits {
  const result: ReadLimits = {};
  if (limits?.maxRows !== undefined) result.maxRows = limits.maxRows;
  if (limits?.maxColumns !== undefined) result.maxColumns = limits.maxColumns;
  if (limits?.maxCells !== undefined) result.maxCells = limits.maxCells;
  return result;
}

/**
 * Throws TOO_LARGE when a sheet of `rows` × `columns` (plus `cellsSoFar` from earlier sheets)
 * is over the limits. Called before the rows are built wherever the size is known up front.
 */
export function checkTableSize(
  sheetName: string,
  rows: number,
  columns: number,
  limits: Required<ReadLimits>,
  cellsSoFar = 0,
): void {
  if (rows > limits.maxRows) {
    throw new EngineError(
      'TOO_LARGE',
      `Sheet "${sheetName}" has more than ${limits.maxRows.toLocaleString('en-US')} rows, the most Stand-in reads.`,
    );
  }
  if (columns > limits.maxColumns) {
    throw new EngineError(
      'TOO_LARGE',
      `Sheet "${sheetName}" has ${columns.toLocaleString('en-US')} columns; at most ${limits.maxColumns.toLocaleString('en-US')} are read.`,
    );
  }
  if (cellsSoFar + rows * columns > limits.maxCells) {
    throw new EngineError(
      'TOO_LARGE',
      `The file holds more than ${limits.maxCells.toLocaleString('en-US')} cells, the most Stand-in reads.`,
    );
  }
}
