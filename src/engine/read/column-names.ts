/**
 * Unique column names from a header row: an empty or blank header becomes `column_N` (N counted
 * from 1), a repeated name gets `_2`, `_3`... (`name`, `name_2`). Names are otherwise kept exactly
 * as written, spaces included, so output headers match the input.
 * @example uniqueColumnNames(['name', '', 'name']) // ['name', 'column_2', 'name_2']
 */
export function uniqueColumnNames(header: readonly string[]): string[] {
  const seen = new Set<string>();
  // Per base name, the suffix to try next: 16,384 copies of one header stay linear.
  const nextSuffix = new Map<string, number>();
  const names: string[] = [];
  for (let index = 0; index < header.length; index++) {
    const raw = header[index] ?? '';
    const base = raw.trim() === '' ? `column_${index + 1}` : raw;
    let name = base;
    let suffix = nextSuffix.get(base) ?? 2;
    while (seen.has(name)) name = `${base}_${suffix++}`;
    nextSuffix.set(base, suffix);
    seen.add(name);
    names.push(name);
  }
  return names;
}
