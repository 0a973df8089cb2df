/** The name Stand-in shows for the ISO 8601 layout most tools write (`Date.prototype.toISOString`). */
export const ISO_8601 = 'ISO 8601';
/** The pattern the name ISO_8601 stands for. */
export const ISO_8601_PATTERN = 'YYYY-MM-DDTHH:mm:ss.SSSZ';

/** A pattern's name when it has one ('ISO 8601'), else the pattern itself. */
export function datePatternName(pattern: string): string {
  return pattern === ISO_8601_PATTERN ? ISO_8601 : pattern;
}

/** A friendly name for a pattern ('ISO 8601' for the `T`-separated ISO layouts). */
export function describeDatePattern(pattern: string): string {
  if (pattern === ISO_8601) return pattern;
  if (pattern === 'X') return 'Unix time in seconds';
  if (pattern === 'x') return 'Unix time in milliseconds';
  if (pattern.startsWith('YYYY-MM-DDT')) return `${pattern}, ISO 8601`;
  return pattern;
}
