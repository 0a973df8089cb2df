/** How a part's text is stored: from which byte, in units of one or two bytes, which byte first. */
export interface TextLayout {
  start: number;
  unitBytes: 1 | 2;
  bigEndian: boolean;
}

const BYTES: TextLayout = { start: 0, unitBytes: 1, bigEndian: false };
const UTF16_LE: TextLayout = { start: 2, unitBytes: 2, bigEndian: false };
const UTF16_BE: TextLayout = { start: 2, unitBytes: 2, bigEndian: true };

/**
 * The ways SheetJS may decode a part's text: UTF-16LE after FF FE; UTF-16BE after FE FF at the
 * start or (as SheetJS checks bytes 1 and 2 of a Buffer) one byte in; otherwise bytes, which hold
 * markup the same way in ASCII, UTF-8 or Windows-1252. When two are possible, a check should
 * look at both.
 * @example textLayouts(new Uint8Array([0xff, 0xfe, 0x3c, 0])) // [{ start: 2, unitBytes: 2, bigEndian: false }]
 */
export function textLayouts(part: Uint8Array): TextLayout[] {
  if (part[0] === 0xff && part[1] === 0xfe) return [UTF16_LE];
  if ((part[0] === 0xfe && part[1] === 0xff) || (part[1] === 0xfe && part[2] === 0xff)) {
    return [BYTES, UTF16_BE];
  }
  return [BYTES];
}

/** The text unit at `index` (a byte offset) in a layout. */
export function unitAt(part: Uint8Array, index: number, layout: TextLayout): number {
  if (layout.unitBytes === 1) return part[index] ?? 0;
  const first = part[index] ?? 0;
  const second = part[index + 1] ?? 0;
  return layout.bigEndian ? (first << 8) | second : first | (second << 8);
}
