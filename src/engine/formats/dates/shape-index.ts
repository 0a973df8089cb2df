import { isAsciiDigit, isAsciiLetter } from '../../text/char-classes';
import { DATE_PATTERN_CATALOGUE, type DatePatternEntry } from './catalogue';
import { patternHasZone } from './compile';
import { formatDateText } from './format';

/**
 * The shape of a text: each run of digits becomes 'd', each run of letters 'a', other
 * characters stay. Only patterns of the same shape can read a text, which keeps detection from
 * trying every pattern on every value.
 */
export function textShape(text: string): string {
  let shape = '';
  let previous = '';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    let kind: string;
    if (isAsciiDigit(code)) kind = 'd';
    else if (isAsciiLetter(code)) kind = 'a';
    else kind = text[i] as string;
    if ((kind === 'd' || kind === 'a') && kind === previous) continue;
    shape += kind;
    previous = kind;
  }
  return shape;
}

let shapeIndex: Map<string, DatePatternEntry[]> | null = null;
/** Every way a zone can be written, for the shape index. */
const ZONE_SAMPLES = ['Z', '+02:00', '-05:00', '+0200', '-0500', '+02', '-05'];

/** Catalogue patterns that can read a text of this shape, most preferred first. */
export function datePatternsForShape(shape: string): readonly DatePatternEntry[] {
  if (!shapeIndex) {
    shapeIndex = new Map();
    const sample = new Date(Date.UTC(2023, 10, 27, 13, 45, 56, 789));
    for (const entry of DATE_PATTERN_CATALOGUE) {
      const zones = patternHasZone(entry.pattern) ? ZONE_SAMPLES : [undefined];
      const shapes = new Set(
        zones.map((zone) => textShape(formatDateText(sample, entry.pattern, zone))),
      );
      for (const entryShape of shapes) {
        const list = shapeIndex.get(entryShape) ?? [];
        list.push(entry);
        shapeIndex.set(entryShape, list);
      }
    }
  }
  return shapeIndex.get(shape) ?? [];
}
