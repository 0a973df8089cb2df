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
  /**
   * Most value cells an xlsx may hold, all sheets together (blank cells not counted). Reading
   * takes 110–210 bytes of heap per cell (measured: SheetJS's cell objects, ~90 B, plus the
   * table built from them; dates cost the most), and `<c><v>1</v></c>` is 15 bytes of XML, so
   * the 512 MB cap alone lets a 1 MB file declare 30 million. The read is not the binding cost:
   * pseudonymizing a workbook writes it back as xlsx, which takes 800–900 B per cell of distinct
   * text. 4 million cells (3.5 GB for that whole job, under a 1 GB read) keep it inside a 4 GB
   * worker heap; 7 million (an 18 MB file) exhausted it.
   */
  maxXlsxCells: number;
  /**
   * Most entries of an xlsx's shared string table: SheetJS makes an object of each (~160 B, and
   * `</si>` is 5 bytes of XML). A workbook writes one per distinct text, so never more than its
   * cells.
   */
  maxXlsxSharedStrings: number;
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
  maxXlsxCells: 4_000_000,
  maxXlsxSharedStrings: 4_000_000,
  maxJsonDepth: 64,
};

/** Megabytes as users read them in messages ("256 MB"). */
export function formatMegabytes(bytes: number): string {
  return `${Math.round(bytes / MiB)} MB`;
}
