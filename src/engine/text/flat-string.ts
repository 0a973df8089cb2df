/**
 * `text` kept as one piece of memory. V8 keeps `a + b` (and `+=`, template literals) as a tree
 * of its parts until the text is read, about 32 bytes per part: a cell built part by part and
 * kept, a million times over, costs three times its text. Reading one character makes V8
 * flatten the tree into one string, and the garbage collector then drops the parts.
 * @example cells[row] = flatString(`${first} ${last}`)
 */
export function flatString(text: string): string {
  text.charCodeAt(0);
  return text;
}
