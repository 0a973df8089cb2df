/**
 * The options of the scripts under scripts/ (`--mb 50`, `--sizes 50,250`): one reading of
 * `process.argv` for every benchmark and the load test.
 */

/** The text after `--name`, or undefined when the option is not given. */
export function textOption(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

/** The positive number after `--name`, or `fallback` when it is not given; throws on another value. */
export function numberOption(name: string, fallback: number): number {
  const text = textOption(name);
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}
