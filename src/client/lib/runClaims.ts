/**
 * What the page says about a run, from the figures the server counted on its output (stats):
 * the toast, the tiles, the bar and the preview's notice all read these, so none of them claims
 * protection the output does not have.
 */
import { nameList } from '../../engine/browser';
import type { DatasetView } from '../trpc';
import { formatCount, plural } from './format';

export type RunStats = NonNullable<DatasetView['stats']>;

/**
 * - protected: pseudonyms written and no original kept;
 * - partly: pseudonyms written, originals kept in some columns;
 * - nothing: no cell replaced (every column kept or emptied);
 * - empty: the file has no data rows.
 */
export type RunOutcome = 'protected' | 'partly' | 'nothing' | 'empty';

export function runOutcome(stats: RunStats): RunOutcome {
  if (stats.rowsProcessed === 0) return 'empty';
  if (stats.columnsReplaced === 0 || stats.cellsReplaced === 0) return 'nothing';
  return stats.keptColumns.length > 0 ? 'partly' : 'protected';
}

/** The kept columns that hold originals, by name ('first_name', 'id (Orders)'). */
export function keptNames(stats: RunStats): string {
  const sheets = new Set(stats.keptColumns.map((kept) => kept.sheet));
  return nameList(
    stats.keptColumns.map(({ sheet, column }) =>
      sheets.size > 1 ? `${column} (${sheet})` : column,
    ),
  );
}

/** '4,812 cells in 5 columns replaced', with the emptied columns when there are any. */
export function replacedText(stats: RunStats): string {
  const replaced = `${plural(stats.cellsReplaced, 'cell')} in ${plural(stats.columnsReplaced, 'column')} replaced`;
  return stats.columnsBlanked > 0
    ? `${replaced}, ${plural(stats.columnsBlanked, 'column')} emptied`
    : replaced;
}

/** Where originals survive: 'originals kept in first_name (120 cells)', capitalized to start a sentence. */
export function keptText(stats: RunStats, { sentence = false } = {}): string {
  return `${sentence ? 'O' : 'o'}riginals kept in ${keptNames(stats)} (${plural(stats.cellsKept, 'cell')})`;
}

export interface RunNotice {
  title: string;
  description: string;
  /** A success only when pseudonyms were written and no original was kept. */
  tone: 'success' | 'notice';
}

/** The toast after a run: a success only when it protected every column it was given. */
export function runNotice(stats: RunStats): RunNotice {
  switch (runOutcome(stats)) {
    case 'empty':
      return {
        title: 'No data rows',
        description: 'The file has a header but no data rows: nothing was replaced.',
        tone: 'notice',
      };
    case 'nothing':
      return {
        title: 'Nothing replaced',
        description:
          stats.keptColumns.length > 0
            ? `The output holds the originals: ${keptText(stats)}. Choose Auto on a column to replace it.`
            : stats.columnsReplaced === 0
              ? 'Every column was emptied: the output holds no pseudonym and no original.'
              : 'No cell of the output differs from its original.',
        tone: 'notice',
      };
    case 'partly':
      return {
        title: 'Pseudonymized, with originals kept',
        description: `${replacedText(stats)}; ${keptText(stats)}.`,
        tone: 'notice',
      };
    case 'protected':
      return {
        title: 'Success',
        description: `Data has been successfully pseudonymized! ${replacedText(stats)}.`,
        tone: 'success',
      };
  }
}

/** The bar's line: what the download holds ('120 rows · 4,812 cells replaced'). */
export function runLine(stats: RunStats): string {
  const rows = plural(stats.rowsProcessed, 'row');
  switch (runOutcome(stats)) {
    case 'empty':
      return 'No data rows';
    case 'nothing':
      return `${rows} · nothing replaced`;
    case 'partly':
      return `${rows} · ${formatCount(stats.cellsReplaced)} cells replaced · ${keptNames(stats)} kept`;
    case 'protected':
      return `${rows} pseudonymized · ${formatCount(stats.cellsReplaced)} cells replaced`;
  }
}
