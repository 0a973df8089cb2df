/**
 * Caps the container guard enforces before any parser sees a file. They bound what a crafted
 * file can make the reader allocate: a 50 MB upload may not expand past these sizes.
 */
export interface GuardLimits {
  /** Most files an xlsx ZIP may hold (a real workbook holds a few dozen). */
  maxZipEntries: number;
  /** Largest uncompressed size of one ZIP entry (a sheet's XML), in bytes. */
  maxZipEntryBytes: number;
  /** Largest uncompressed size of all ZIP entries together, in bytes. */
  maxZipTotalBytes: number;
  /** Largest xls (OLE2 compound file) accepted, in bytes. */
  maxXlsBytes: number;
  /**
   * Most value cells an xls may hold. SheetJS makes an object of each (about 600 bytes of heap
   * per cell, measured), and a 50 MB xls packed with MULRK records declares 6 bytes per cell:
   * 8 million cells, more than a worker's heap. 4 million keep a read near 2.5 GB and 10 s.
   */
  maxXlsCells: number;
  /** Deepest nesting of JSON arrays and objects accepted. */
  maxJsonDepth: number;
}

const MiB = 1024 * 1024;

export const DEFAULT_GUARD_LIMITS: GuardLimits = {
  maxZipEntries: 10_000,
  // Below V8's longest string (~512 MiB): a sheet's XML becomes one string inside SheetJS.
  maxZipEntryBytes: 256 * MiB,
  maxZipTotalBytes: 512 * MiB,
  maxXlsBytes: 50 * MiB,
  maxXlsCells: 4_000_000,
  maxJsonDepth: 64,
};

/** Megabytes as users read them in messages ("256 MB"). */
export function formatMegabytes(bytes: number): string {
  return `${Math.round(bytes / MiB)} MB`;
}
