/**
 * How a date column moves with its row (ColumnSchema.dateShift), as a zod schema: shared by a
 * recipe and the API's schema update, so both accept the same choices.
 */
import { z } from 'zod';

/** The entity column whose keyed offset a date column's rows move by, and the largest offset. */
export const dateShiftSchema = z
  .object({
    entityColumn: z
      .string()
      .max(500)
      .optional()
      .describe("The column naming each row's entity; left out, the sheet's first identifier"),
    windowDays: z
      .number()
      .int()
      .min(1)
      .max(36_500)
      .optional()
      .describe('The largest offset in days, either way (180 when left out)'),
  })
  .describe(
    "Dates and datetimes: every date of a row moves by one keyed offset of its entity's value",
  );
