import { countKey, mostCommonKey, type KeyCounts } from '../key-counts';
import {
  catalogueRank,
  datePatternName,
  isoWallClock,
  parseDateTime,
  patternHasTime,
  swapDayAndMonth,
  type ParseDetails,
  type ZoneOut,
} from '../formats/dates';
import type { NumericRange } from '../types';
import type { Fitter } from './fitters';

/** Zones counted to find a datetime column's usual zone. */
const ZONE_SAMPLE = 10_000;

/**
 * Checks dates in a pattern. When the pattern starts with numeric month and day fields, it also
 * counts, over the whole column, the values only the swapped pattern reads (a first field above
 * 12 under month-first) against those only this one reads: the trial saw only the first values,
 * and the whole column decides which comes first.
 */
export function dateFitter(pattern: string, swapAllowed = true): Fitter {
  const range: NumericRange = { min: Infinity, max: -Infinity };
  const zones: KeyCounts<string> = new Map();
  const zone: ZoneOut = { timeZone: undefined };
  // Loosely: fractions of any width, or none, as the pattern was chosen (decideDatePattern).
  const details: ParseDetails = { fractionDigits: 0, day: 0 };
  let zoneCount = 0;
  const swapped = swapAllowed ? swapDayAndMonth(pattern) : null;
  const swappable = swapped !== null && catalogueRank(swapped.replace(/S+/, 'SSS')) !== undefined;
  let onlyThis = 0;
  let onlySwapped = 0;
  return {
    accept(text) {
      const time = parseDateTime(text, pattern, zone, details);
      if (Number.isNaN(time)) {
        // Read swapped, the month is this reading's day: a day above 12 fits only this way.
        if (swappable && !Number.isNaN(parseDateTime(text, swapped, zone, details))) {
          onlySwapped++;
        }
        return false;
      }
      if (swappable && (details.day ?? 0) > 12) onlyThis++;
      if (time < range.min) range.min = time;
      if (time > range.max) range.max = time;
      // The most common zone of the first values is the column's zone; counting every
      // value would cost a map update each.
      if (zone.timeZone !== undefined && zoneCount < ZONE_SAMPLE) {
        zoneCount++;
        countKey(zones, zone.timeZone);
      }
      return true;
    },
    finish(schema) {
      const hasTime = patternHasTime(pattern);
      schema.type = hasTime ? 'datetime' : 'date';
      schema.format = datePatternName(pattern);
      if (range.min <= range.max) {
        schema.dateRange = {
          min: isoWallClock(new Date(range.min), hasTime),
          max: isoWallClock(new Date(range.max), hasTime),
        };
      }
      const usualZone = mostCommonKey(zones, undefined);
      if (usualZone !== undefined) schema.timeZone = usualZone;
    },
    retry: () => (swappable && onlySwapped > onlyThis ? dateFitter(swapped, false) : null),
  };
}
