import { countKey, mostCommonKey, type KeyCounts } from '../key-counts';
import {
  catalogueRank,
  datePatternsForShape,
  parseDateTextLoosely,
  textShape,
  type ParseDetails,
} from '../formats/dates';
import { TYPE_SHARE } from './type-share';

/** Values tried against the date catalogue when choosing a column's pattern. */
const DATE_TRIAL_SIZE = 2_000;

/**
 * What the date trial found: the pattern (null when none fits enough values), and whether one
 * pattern fits at least half of them.
 */
export interface DateTrial {
  pattern: string | null;
  mostlyDates: boolean;
}

/**
 * The catalogue pattern most of the texts fit, or null. Day-first against month-first is
 * decided by the trial here (a value whose first field is above 12 fits only the day-first
 * pattern, so that pattern fits more values; when every value fits both, month-first wins) and
 * then by the whole column (see dateFitter).
 */
export function decideDatePattern(texts: readonly string[]): DateTrial {
  const trial = texts.length > DATE_TRIAL_SIZE ? texts.slice(0, DATE_TRIAL_SIZE) : texts;
  const trialNeeded = Math.ceil(trial.length * TYPE_SHARE);
  const tallies = new Map<string, { fits: number; fractions: KeyCounts<number> }>();
  const details: ParseDetails = { fractionDigits: 0 };
  const none: DateTrial = { pattern: null, mostlyDates: false };
  let misses = 0;
  for (const text of trial) {
    const candidates = datePatternsForShape(textShape(text));
    // Past half the trial without a date shape, no pattern can fit most values.
    if (candidates.length === 0 && ++misses > trial.length / 2) return none;
    for (const { pattern } of candidates) {
      details.fractionDigits = 0;
      if (!parseDateTextLoosely(text, pattern, details)) continue;
      let tally = tallies.get(pattern);
      if (!tally) {
        tally = { fits: 0, fractions: new Map() };
        tallies.set(pattern, tally);
      }
      tally.fits++;
      if (details.fractionDigits > 0) countKey(tally.fractions, details.fractionDigits);
    }
  }
  // Texts without a fraction also fit, loosely, the same pattern with one: a column mixing
  // '10:00:05' and '10:00:05.25' (as PostgreSQL writes) is one column of that pattern.
  for (const [pattern, tally] of tallies) {
    const withoutFraction = pattern.replace(/[.,]S+/, '');
    if (withoutFraction === pattern) continue;
    tally.fits += tallies.get(withoutFraction)?.fits ?? 0;
  }
  let best: string | null = null;
  let bestFits = 0;
  let bestRank = Infinity;
  for (const [pattern, tally] of tallies) {
    const rank = catalogueRank(pattern) ?? Infinity;
    if (tally.fits > bestFits || (tally.fits === bestFits && rank < bestRank)) {
      best = pattern;
      bestFits = tally.fits;
      bestRank = rank;
    }
  }
  const mostlyDates = bestFits >= trial.length / 2;
  if (!best || bestFits < trialNeeded) return { pattern: null, mostlyDates };
  const fractions = tallies.get(best)?.fractions;
  if (fractions && fractions.size > 0) {
    best = best.replace(/S+/, 'S'.repeat(mostCommonKey(fractions, 3)));
  }
  // The whole column is checked against the pattern afterwards (dateFitter).
  return { pattern: best, mostlyDates };
}
