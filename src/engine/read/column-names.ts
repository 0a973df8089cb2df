/**
 * The name of a column without one, by its position (from 0): `column_1` for the first.
 * @example positionalName(2) // 'column_3'
 */
export function positionalName(index: number): string {
  return `column_${index + 1}`;
}

/** Whether a column's name is one positionalName gives (the column had no header cell). */
export function isPositionalName(name: string): boolean {
  return /^column_\d+$/.test(name);
}

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
    const base = raw.trim() === '' ? positionalName(index) : raw;
    let name = base;
    let suffix = nextSuffix.get(base) ?? 2;
    while (seen.has(name)) name = `${base}_${suffix++}`;
    nextSuffix.set(base, suffix);
    seen.add(name);
    names.push(name);
  }
  return names;
}

/**
 * The header row's cells as written, where some differ from the column names (a blank or
 * repeated header: `''` beside `column_1`, `name` beside `name_2`), so output writes them back
 * as they were; undefined where none differs. A column past the header's end (a longer row's
 * extra field) had no cell and keeps its name.
 * @example headerCellsOf(['', 'id'], ['column_1', 'id']) // ['', 'id']
 */
export function headerCellsOf(
  header: readonly string[],
  columns: readonly string[],
): string[] | undefined {
  const cells = columns.map((name, index) => (index < header.length ? header[index]! : name));
  return cells.some((cell, index) => cell !== columns[index]) ? cells : undefined;
}
