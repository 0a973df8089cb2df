/**
 * The ranges a user sets on a column, as zod schemas: shared by a recipe and the API's schema
 * update, so both accept and refuse the same ranges with the same words.
 */
import { z } from 'zod';

/** A number range a user sets: min not above max. */
export const userNumberRangeSchema = z
  .object({ min: z.number(), max: z.number() })
  .refine((range) => range.min <= range.max, { message: 'range.min must not exceed range.max' });

/** ISO 8601 date or date-time text; a zone is allowed and, as the engine reads it, ignored. */
const isoDateText = z.union([z.iso.date(), z.iso.datetime({ local: true, offset: true })]);

/** The wall-clock part of ISO text, which orders like the dates it names. */
function wallClock(text: string): string {
  return text.replace(/(?:Z|[+-]\d{2}(?::?\d{2})?)$/, '');
}

/** A date range a user sets: both ends ISO 8601 text that exists, min not after max. */
export const userDateRangeSchema = z
  .object({ min: isoDateText, max: isoDateText })
  .refine((range) => wallClock(range.min) <= wallClock(range.max), {
    message: 'dateRange.min must not be after dateRange.max',
  });
