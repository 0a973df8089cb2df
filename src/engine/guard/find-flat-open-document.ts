import { isRegExpSpaceUnit } from './regexp-space';
import { textLayouts, unitAt } from './text-layouts';

const LESS_THAN = 0x3c;
const GREATER_THAN = 0x3e;
const SLASH = 0x2f;
const COLON = 0x3a;
/** Local names SheetJS takes for the root of a flat OpenDocument (or UOF) spreadsheet. */
const ROOT_NAMES = ['document', 'uof'];
const LONGEST_ROOT = Math.max(...ROOT_NAMES.map((name) => name.length));

/**
 * Whether markup holds an element SheetJS would take for the root of a flat OpenDocument
 * spreadsheet (`<office:document>`, any prefix or case, or `<uof:UOF>`) and read as one, in bytes
 * or UTF-16. Such a sheet may repeat a cell a billion times in a few bytes
 * (`table:number-columns-repeated`), and Stand-in does not read the format.
 * @example findFlatOpenDocument(new TextEncoder().encode('<office:document>')) // true
 */
export function findFlatOpenDocument(bytes: Uint8Array): boolean {
  return textLayouts(bytes).some((layout) => {
    const end = bytes.length - layout.unitBytes + 1;
    for (let index = layout.start; index < end; index += layout.unitBytes) {
      if (unitAt(bytes, index, layout) !== LESS_THAN) continue;
      // `<`, then `/` or not, a prefix ending in `:` or not, and the local name.
      let at = index + layout.unitBytes;
      if (unitAt(bytes, at, layout) === SLASH) at += layout.unitBytes;
      let name = '';
      let tooLong = false;
      for (; at < end; at += layout.unitBytes) {
        const unit = unitAt(bytes, at, layout);
        if (
          isRegExpSpaceUnit(unit) ||
          unit === SLASH ||
          unit === GREATER_THAN ||
          unit === LESS_THAN
        ) {
          break;
        }
        if (unit === COLON) {
          name = '';
          tooLong = false;
        } else if (name.length < LONGEST_ROOT) {
          name += String.fromCharCode(unit);
        } else {
          tooLong = true;
        }
      }
      if (!tooLong && ROOT_NAMES.includes(name.toLowerCase())) {
        const unit = unitAt(bytes, at, layout);
        if (isRegExpSpaceUnit(unit) || unit === SLASH || unit === GREATER_THAN) return true;
      }
    }
    return false;
  });
}
