import { EngineError } from '../errors';
import { formatMegabytes, type GuardLimits } from './limits';

/** OLE2 compound files (xls) start with these 8 bytes. */
export const OLE2_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] as const;
const HEADER_SIZE = 512;

/**
 * Checks an xls (OLE2 compound file) before SheetJS parses it: its size against the cap and a
 * sane header (byte order mark, 512- or 4096-byte sectors). Throws an EngineError.
 * @example inspectOle2(bytes, DEFAULT_GUARD_LIMITS) // throws TOO_LARGE for a 60 MB xls
 */
export function inspectOle2(bytes: Uint8Array, limits: GuardLimits): void {
  if (bytes.byteLength > limits.maxXlsBytes) {
    throw new EngineError(
      'TOO_LARGE',
      `This XLS workbook is ${formatMegabytes(bytes.byteLength)}; at most ` +
        `${formatMegabytes(limits.maxXlsBytes)} is accepted. Save it as XLSX or CSV.`,
    );
  }
  const isOle2 = OLE2_SIGNATURE.every((byte, index) => bytes[index] === byte);
  if (!isOle2 || bytes.byteLength < HEADER_SIZE) {
    throw new EngineError('INVALID_FILE', 'This file is not a valid XLS workbook.');
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const byteOrder = view.getUint16(28, true);
  const sectorShift = view.getUint16(30, true);
  if (byteOrder !== 0xfffe || (sectorShift !== 9 && sectorShift !== 12)) {
    throw new EngineError(
      'INVALID_FILE',
      'This file is not a valid XLS workbook: its compound file header is malformed.',
    );
  }
}
