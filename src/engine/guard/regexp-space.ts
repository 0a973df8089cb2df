/**
 * Whether an ASCII code unit is white space to a regular expression's `\s` (space, tab, LF, VT,
 * FF, CR): the guard's XML scanners must see markup as SheetJS's regular expressions do.
 */
export function isRegExpSpaceUnit(unit: number): boolean {
  return unit === 0x20 || (unit >= 0x09 && unit <= 0x0d);
}
