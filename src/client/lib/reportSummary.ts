import { formatCount } from './format';

/** '1 warning', '2 warnings': a count with its noun. */
export function plural(count: number, noun: string, nouns = `${noun}s`): string {
  return `${formatCount(count)} ${count === 1 ? noun : nouns}`;
}

// The summary line and survivor counts are the engine's, shared with the printable report.
export { reportSummaryParts, survivingCells } from '../../engine/browser';
