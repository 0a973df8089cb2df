/**
 * Share of non-empty values that must fit a type for the column to get it; the rest are
 * counted as `invalidCount`. Under it the column is `string`.
 */
export const TYPE_SHARE = 0.98;
