import { parseArgs, type ParseArgsConfig } from 'node:util';
import { FILE_FORMATS, type FileFormat } from '../engine';
import { usageError } from './exit-codes';

type Options = NonNullable<ParseArgsConfig['options']>;

/** A command's arguments, parsed strictly: an unknown option or a missing value is bad usage. */
export function parseCommandArgs<T extends Options>(args: string[], options: T) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    // parseArgs's messages name the option and say what is wrong with it; no value is data.
    throw usageError(error instanceof Error ? error.message : String(error));
  }
}

/**
 * The formats the command writes: the engine's, and JSON Lines (made from its JSON, see
 * json-lines.ts; the engine reads JSON Lines as json).
 */
const OUTPUT_FORMATS = [...FILE_FORMATS, 'jsonl'] as const;
export type OutputFormat = FileFormat | 'jsonl';

/** The format a name's extension names (`.csv` … `.xls`, `.jsonl` or `.ndjson`), or undefined. */
export function formatOfPath(path: string): OutputFormat | undefined {
  const dot = path.lastIndexOf('.');
  const extension = dot < 0 ? '' : path.slice(dot + 1).toLowerCase();
  if (extension === 'ndjson') return 'jsonl';
  return OUTPUT_FORMATS.find((format) => format === extension);
}

/** `--format`'s value, or bad usage naming the formats there are. */
export function parseFormat(value: string | undefined, option: string): OutputFormat | undefined {
  if (value === undefined) return undefined;
  const format = OUTPUT_FORMATS.find((each) => each === value.toLowerCase());
  if (!format) throw usageError(`${option} must be one of ${OUTPUT_FORMATS.join(', ')}`);
  return format;
}
