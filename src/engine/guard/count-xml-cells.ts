import { isRegExpSpaceUnit } from './regexp-space';
import { textLayouts, type TextLayout } from './text-layouts';

/**
 * What SheetJS would make an object of in one part of an xlsx: value cells of worksheets, and
 * entries of the shared string table.
 */
export interface CellCount {
  cells: number;
  sharedStrings: number;
}

const LESS_THAN = 0x3c;
const GREATER_THAN = 0x3e;
const SLASH = 0x2f;
const COLON = 0x3a;
const EQUALS = 0x3d;
const QUOTE = 0x22;
const UNDERSCORE = 0x5f;
const LETTER_N = 0x6e;
const LETTER_S = 0x73;
const LETTER_T = 0x74;
const CAPITAL_T = 0x54;
const FIRST_NON_ASCII = 0x80;

const NAME_KEY_BASE = 131;
/**
 * An element name as one number, so names compare without strings. Different names may share a
 * key; that only makes the count larger, never smaller.
 */
function nameKey(name: string): number {
  let key = 0;
  for (const char of name) key = (key * NAME_KEY_BASE + char.charCodeAt(0)) | 0;
  return key;
}
const CELL = nameKey('c');
const VALUE = nameKey('v');
const ROW = nameKey('row');
const SHEET_DATA = nameKey('sheetData');
/** SheetJS splits its string table at `</si>` (and `</sstItem>`, an older name), any prefix. */
const SHARED_STRING = nameKey('si');
const SHARED_STRING_OLD = nameKey('sstItem');

/** ASCII characters of a regular expression's `\w`, as SheetJS uses them. */
const ASCII_WORD = (() => {
  const word = new Uint8Array(FIRST_NON_ASCII);
  for (let unit = 0; unit < FIRST_NON_ASCII; unit++) {
    if (/\w/.test(String.fromCharCode(unit))) word[unit] = 1;
  }
  return word;
})();

function isWordUnit(unit: number): boolean {
  return unit < FIRST_NON_ASCII && ASCII_WORD[unit] === 1;
}

// Where an element name is being read: outside one, in its first run of word characters (after
// `<` or `</`), or after a namespace prefix (`<x:`).
const OUTSIDE_NAME = 0;
const IN_NAME = 1;
const IN_LOCAL_NAME = 2;

// Where the start tag of the current cell is being read, looking for its `t` attribute.
const TAG_CLOSED = 0;
const IN_ATTRIBUTES = 1;
const AFTER_T = 2;
const BEFORE_EQUALS = 3;
const BEFORE_VALUE = 4;
const IN_QUOTED_VALUE = 5;

/**
 * Counts, in one part of an xlsx (as bytes, never decoded to a string), the cells SheetJS would
 * make objects of and the entries of a shared string table, stopping once either passes its
 * budget. The count is never below SheetJS's, whatever the markup (namespace prefixes, UTF-16,
 * text around tags), and equals it for the markup spreadsheet writers produce: blank cells
 * (`<c r="B2" s="1"/>`, `<c t="n"/>`, `<c t="s"/>`) are left out, as SheetJS skips them.
 *
 * SheetJS finds cells by splitting the text at `<c `, `<c/`, `<c>` (any prefix), and makes an
 * object of a cell whose start tag has a `t` attribute (other than an empty `n` or `s`) or whose
 * text up to the next cell holds a `<v` element. Its string table is split at every `</si>`.
 * @example countXmlCells(sheetXml, { cells: 4_000_000, sharedStrings: 4_000_000 }) // { cells: 1200, sharedStrings: 0 }
 */
export function countXmlCells(part: Uint8Array, budget: CellCount): CellCount {
  const layouts = textLayouts(part);
  const counts = layouts.map((layout) => countInLayout(part, layout, budget));
  return {
    cells: Math.max(...counts.map((count) => count.cells)),
    sharedStrings: Math.max(...counts.map((count) => count.sharedStrings)),
  };
}

function countInLayout(part: Uint8Array, layout: TextLayout, budget: CellCount): CellCount {
  const { unitBytes, bigEndian } = layout;
  const { cells: maxCells, sharedStrings: maxSharedStrings } = budget;
  const end = part.length - unitBytes + 1;
  let cells = 0;
  let sharedStrings = 0;
  /** A cell has started and nothing has yet made SheetJS keep it. */
  let pendingCell = false;
  let previousUnit = 0;
  /** In `<sheetData ...`: its `>` starts the first row. */
  let inSheetDataTag = false;
  /** A row has started (after `<sheetData>` or `</row>`): the next `>` not after `/` ends its tag. */
  let awaitingRowTag = false;

  let element = OUTSIDE_NAME;
  let closing = false;
  let name = 0;
  let nameLength = 0;

  let tag = TAG_CLOSED;
  let previousIsWord = false;
  let valueLength = 0;
  let valueFirst = 0;

  // No closures below: variables they captured would live on the heap, which halves the speed.
  for (let index = layout.start; index < end; index += unitBytes) {
    if (cells > maxCells || sharedStrings > maxSharedStrings) break;
    if (
      unitBytes === 1 &&
      element === OUTSIDE_NAME &&
      tag === TAG_CLOSED &&
      !awaitingRowTag &&
      !inSheetDataTag
    ) {
      // Between tags only a `<` matters.
      while (index < end && part[index] !== LESS_THAN) index++;
      if (index === end) break;
    }
    const unit =
      unitBytes === 1
        ? (part[index] ?? 0)
        : bigEndian
          ? ((part[index] ?? 0) << 8) | (part[index + 1] ?? 0)
          : (part[index] ?? 0) | ((part[index + 1] ?? 0) << 8);

    // The start tag of the current cell, up to the first `>` (where SheetJS cuts it).
    let keep = false;
    if (tag !== TAG_CLOSED) {
      if (unit === GREATER_THAN) {
        tag = TAG_CLOSED;
      } else if (tag === IN_ATTRIBUTES) {
        if ((unit === LETTER_T || unit === CAPITAL_T) && !previousIsWord) tag = AFTER_T;
        previousIsWord = isWordUnit(unit);
      } else if (tag === AFTER_T || tag === BEFORE_EQUALS) {
        if (unit === EQUALS) {
          tag = BEFORE_VALUE;
        } else if (isRegExpSpaceUnit(unit)) {
          tag = BEFORE_EQUALS;
        } else if ((tag === AFTER_T && unit === UNDERSCORE) || unit >= FIRST_NON_ASCII) {
          // SheetJS reads `t_x` as `t`; a non-ASCII unit may be a space to its `\s`.
          keep = true;
        } else {
          // Not a `t` attribute: `t` began a longer name, or a value ("T5").
          const afterSpace = tag === BEFORE_EQUALS;
          tag = afterSpace && (unit === LETTER_T || unit === CAPITAL_T) ? AFTER_T : IN_ATTRIBUTES;
          previousIsWord = isWordUnit(unit);
        }
      } else if (tag === BEFORE_VALUE) {
        if (unit === QUOTE) {
          valueLength = 0;
          tag = IN_QUOTED_VALUE;
        } else if (!isRegExpSpaceUnit(unit)) {
          // An unquoted or single-quoted value: SheetJS's attribute pattern may run past its end
          // (`t='n' x=`), so assume it gives the cell a type.
          keep = true;
        }
      } else if (unit === QUOTE) {
        const blankType =
          valueLength === 0 ||
          (valueLength === 1 && (valueFirst === LETTER_N || valueFirst === LETTER_S));
        if (blankType) {
          tag = IN_ATTRIBUTES;
          previousIsWord = false;
        } else {
          keep = true;
        }
      } else if (++valueLength === 1) {
        valueFirst = unit;
      }
    }

    if (keep) {
      if (pendingCell) cells++;
      pendingCell = false;
      tag = TAG_CLOSED;
    }

    // SheetJS splits sheetData at `</row>` and reads the text after each row's tag as a cell.
    if (unit === GREATER_THAN) {
      if (inSheetDataTag) {
        inSheetDataTag = false;
        awaitingRowTag = true;
      } else if (awaitingRowTag && previousUnit !== SLASH) {
        awaitingRowTag = false;
        pendingCell = true;
        tag = IN_ATTRIBUTES;
        previousIsWord = false;
      }
    }
    previousUnit = unit;

    // Element names, wherever a `<` is: SheetJS's patterns ignore quotes and tag boundaries.
    if (element === OUTSIDE_NAME) {
      if (unit === LESS_THAN) {
        element = IN_NAME;
        closing = false;
        name = 0;
        nameLength = 0;
      }
      continue;
    }
    if (isWordUnit(unit)) {
      name = (name * NAME_KEY_BASE + unit) | 0;
      nameLength++;
      continue;
    }
    if (unit === SLASH && element === IN_NAME && !closing && nameLength === 0) {
      closing = true;
      continue;
    }
    const isV = !closing && nameLength === 1 && name === VALUE;
    if (unit === COLON && element === IN_NAME && nameLength > 0) {
      // A namespace prefix; but `<v:` still opens a value for SheetJS (`<v\b`).
      if (isV) {
        if (pendingCell) cells++;
        pendingCell = false;
      }
      element = IN_LOCAL_NAME;
      name = 0;
      nameLength = 0;
      continue;
    }
    if (closing) {
      if (name === SHARED_STRING || name === SHARED_STRING_OLD) {
        sharedStrings++;
      } else if (name === ROW) {
        awaitingRowTag = true;
      }
    } else if (nameLength === 1 && name === CELL) {
      if (isRegExpSpaceUnit(unit) || unit === SLASH || unit === GREATER_THAN) {
        pendingCell = true;
        tag = IN_ATTRIBUTES;
        previousIsWord = false;
      }
    } else if (isV) {
      if (pendingCell) cells++;
      pendingCell = false;
    } else if (name === SHEET_DATA) {
      if (unit === GREATER_THAN) awaitingRowTag = true;
      else inSheetDataTag = true;
    }
    element = unit === LESS_THAN ? IN_NAME : OUTSIDE_NAME;
    closing = false;
    name = 0;
    nameLength = 0;
  }
  return { cells, sharedStrings };
}
