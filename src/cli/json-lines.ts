/**
 * JSON Lines output, made from the engine's JSON output (writeWorkbook's json), which writes one
 * object per line between a line that opens the records' array and one that closes it: the
 * lines are those objects, without the commas between them. JSON escapes line breaks inside
 * strings, so a line of that output is always one whole object, and each JSON Lines line is byte
 * for byte the object the web's json download holds. A wrapper object around the records
 * (`{"data":[`…`],"total":2}`, Sheet.jsonWrapper) has no place in JSON Lines and is left out.
 */

/**
 * The JSON Lines of a JSON array as writeWorkbook writes it (UTF-8, no BOM), wrapped or not.
 * @example new TextDecoder().decode(jsonLinesOf(new TextEncoder().encode('[\n{"a":1},\n{"a":2}\n]\n'))) // '{"a":1}\n{"a":2}\n'
 */
export function jsonLinesOf(json: Uint8Array): Uint8Array {
  const lines = new TextDecoder().decode(json).split('\n');
  const trailing = lines.pop();
  const first = lines[0];
  const last = lines.at(-1);
  if (trailing !== '' || first === undefined || last === undefined) throw notEngineJson();
  // No records: one line, '[]' or '{"data":[],"total":0}'.
  if (lines.length === 1) {
    if (!first.includes('[]')) throw notEngineJson();
    return new Uint8Array(0);
  }
  if (!first.endsWith('[') || !last.startsWith(']')) throw notEngineJson();
  const records = lines.slice(1, -1);
  const objects = records.map((line, index) => {
    if (index === records.length - 1) return line;
    if (!line.endsWith(',')) throw notEngineJson();
    return line.slice(0, -1);
  });
  return new TextEncoder().encode(`${objects.join('\n')}\n`);
}

function notEngineJson(): Error {
  return new Error('not the JSON array the engine writes');
}
