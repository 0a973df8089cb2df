import type { FileFormat } from '../types';
import { EngineError } from '../errors';
import { checkJsonDepth } from './check-json-depth';
import { countBiffCells } from './count-biff-cells';
import { findFlatOpenDocument } from './find-flat-open-document';
import { checkXlsCells, inspectOle2, OLE2_SIGNATURE } from './inspect-ole2';
import { inspectZip } from './inspect-zip';
import { DEFAULT_GUARD_LIMITS, formatMegabytes, type GuardLimits } from './limits';

const ZIP_SIGNATURES = [
  [0x50, 0x4b, 0x03, 0x04],
  [0x50, 0x4b, 0x05, 0x06],
] as const;

/** The value cells of a workbook's container: an xlsx ZIP, or an xls (OLE2 or bare BIFF). */
export interface WorkbookCells {
  container: 'xlsx' | 'xls';
  cells: number;
}

/** BOF record types (BIFF2, 3, 4, 5/8): how a bare BIFF stream saved as .xls starts. */
const BIFF_BOF_RECORDS = new Set([0x0009, 0x0209, 0x0409, 0x0809]);

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return signature.every((byte, index) => bytes[index] === byte);
}

/**
 * Checks a file's container before any parser runs, so a crafted file fails fast with a clear
 * EngineError (TOO_LARGE → 413, INVALID_FILE → 400) instead of exhausting memory or the stack:
 * ZIPs (xlsx) by entry count, real uncompressed sizes and cell count, xls by size and cell count,
 * spreadsheet markup by size (flat OpenDocument refused), JSON by nesting depth.
 * ZIP and OLE2 containers are recognised by their signature whatever `format` says.
 * Returns what it counted of a workbook, for a caller that plans memory by it (SheetJS makes an
 * object of each value cell); null for a file it counts no cells of (text, markup).
 * @example inspectContainer(bytes, 'xlsx') // { container: 'xlsx', cells: 120000 }; throws for a zip bomb
 */
export function inspectContainer(
  bytes: Uint8Array,
  format: FileFormat,
  limits: Partial<GuardLimits> = {},
): WorkbookCells | null {
  const caps: GuardLimits = { ...DEFAULT_GUARD_LIMITS, ...limits };
  if (ZIP_SIGNATURES.some((signature) => startsWith(bytes, signature))) {
    return { container: 'xlsx', cells: inspectZip(bytes, caps) };
  } else if (startsWith(bytes, OLE2_SIGNATURE)) {
    return { container: 'xls', cells: inspectOle2(bytes, caps) };
  } else if (format === 'xlsx' || format === 'xls') {
    // Bare BIFF streams and SpreadsheetML/HTML tables saved as .xls: their size, a bare BIFF
    // stream's cells, and no flat OpenDocument (its repeated cells cost nothing to declare).
    if (bytes.byteLength > caps.maxXlsBytes) {
      throw new EngineError(
        'TOO_LARGE',
        `This spreadsheet is ${formatMegabytes(bytes.byteLength)}; at most ` +
          `${formatMegabytes(caps.maxXlsBytes)} is accepted unless it is saved as XLSX.`,
      );
    }
    if (BIFF_BOF_RECORDS.has((bytes[0] ?? 0) | ((bytes[1] ?? 0) << 8))) {
      const cells = countBiffCells(bytes, caps.maxXlsCells);
      checkXlsCells(cells, caps);
      return { container: 'xls', cells };
    } else if (findFlatOpenDocument(bytes)) {
      throw new EngineError(
        'INVALID_FILE',
        `This file is not a valid ${format.toUpperCase()} workbook: it is an OpenDocument ` +
          'spreadsheet, which Stand-in does not read; save it as XLSX or CSV.',
      );
    }
  } else if (format === 'json') {
    checkJsonDepth(bytes, caps.maxJsonDepth);
  }
  return null;
}
