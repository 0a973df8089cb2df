/**
 * JSON Lines output, made from the engine's JSON output (writeWorkbook's json), which writes one
 * object per line between "[" and "]": the lines are those objects, without the commas between
 * them. JSON escapes line breaks inside strings, so a line of that output is always one whole
 * object, and each JSON Lines line is byte for byte the object the web's json download holds.
 */
const OPEN = '[\n';
const CLOSE = '\n]\n';

/**
 * The JSON Lines of a JSON array as writeWorkbook writes it (UTF-8, no BOM).
 * @example new TextDecoder().decode(jsonLinesOf(new TextEncoder().encode('[\n{"a":1},\n{"a":2}\n]\n'))) // '{"a":1}\n{"a":2}\n'
 */
export function jsonLinesOf(json: Uint8Array): Uint8Array {
  const text = new TextDecoder().decode(json);
  if (text === '[]\n') return new Uint8Array(0);
  if (!text.startsWith(OPEN) || !text.endsWith(CLOSE)) {
    throw new Error('not the JSON array the engine writes');
  }
  const lines = text.slice(OPEN.length, -CLOSE.length).split('\n');
  const last = lines.length - 1;
  const objects = lines.map((line, index) => {
    if (index === last) return line;
    if (!line.endsWith(',')) throw new Error('not the JSON array the engine writes');
    return line.slice(0, -1);
  });
  return new TextEncoder().encode(`${objects.join('\n')}\n`);
}
