import { cellText, isBlankCell } from '../cell';
import { excelFormatToPattern, formatDateText } from '../formats/dates';
import { isTrimmableSpace } from '../text/char-classes';
import type { Cell } from '../types';
import { isMissingMarker } from './missing-markers';

/*
 * How detection reads a cell: as the text it shows, without the spaces around it, and with
 * missing markers and white space alone counting as no value.
 */

/** Whether a cell holds a value: not blank, not a missing marker, not white space alone. */
export function isUsable(cell: Cell): boolean {
  return !isBlankCell(cell) && !(typeof cell === 'string' && isMissingText(cell));
}

/** Whether text starts or ends with white space (checked by code: this runs on every value). */
function isPadded(text: string): boolean {
  return isTrimmableSpace(text.charCodeAt(0)) || isTrimmableSpace(text.charCodeAt(text.length - 1));
}

/**
 * Text as detection reads it: without the spaces database dumps and fixed-width exports pad
 * values with (' 123', 'a@b.com '). Only detection trims; cells keep their text.
 */
export function withoutPadding(text: string): string {
  return text.length > 0 && isPadded(text) ? text.trim() : text;
}

/** A missing marker, padded or not (' NULL '), or white space alone: no value. */
export function isMissingText(text: string): boolean {
  if (isMissingMarker(text)) return true;
  if (!isPadded(text)) return false;
  const trimmed = text.trim();
  return trimmed === '' || isMissingMarker(trimmed);
}

/** A cell as text: text cells as written, others as they show. */
export function textOf(cell: Cell, format: string | null): string {
  return typeof cell === 'string' ? cell : displayText(cell, format);
}

/**
 * The text a cell shows. Date cells go through the pattern of their number format when there
 * is one (SheetJS's formatter throws on some real formats, such as LibreOffice's 'DD.MM.YYYY');
 * any other format it cannot render falls back to the plain value.
 */
export function displayText(cell: Cell, format: string | null): string {
  if (cell instanceof Date && format && !Number.isNaN(cell.getTime())) {
    const pattern = excelFormatToPattern(format);
    if (pattern) return formatDateText(cell, pattern);
  }
  try {
    return cellText(cell, format);
  } catch {
    return cellText(cell, null);
  }
}
