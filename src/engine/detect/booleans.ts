/**
 * Boolean vocabularies: true/false, yes/no, y/n and t/f, and the yes and no of German and Dutch
 * exports (ja/nein) and French ones (oui/non, vrai/faux), each in one consistent case (lower,
 * UPPER or Title). '1'/'0' count only under a flag-like header (see isFlagHeader).
 */

export const BOOLEAN_PAIRS: readonly (readonly [string, string])[] = [
  ['true', 'false'],
  ['yes', 'no'],
  ['y', 'n'],
  ['t', 'f'],
  ['ja', 'nein'],
  ['oui', 'non'],
  ['vrai', 'faux'],
];

type LetterCase = 'lower' | 'upper' | 'title';

function letterCaseOf(text: string, lower: string): LetterCase | null {
  if (text === lower) return 'lower';
  if (text === lower.toUpperCase()) return 'upper';
  if (text === lower.charAt(0).toUpperCase() + lower.slice(1)) return 'title';
  return null;
}

function inCase(word: string, letterCase: LetterCase): string {
  if (letterCase === 'lower') return word;
  if (letterCase === 'upper') return word.toUpperCase();
  return word.charAt(0).toUpperCase() + word.slice(1);
}

export interface BooleanVocabulary {
  trueText: string;
  falseText: string;
  /** How many of the texts are written in this vocabulary. */
  fits: number;
}

/**
 * The boolean vocabulary most of the texts use, in their case, or null when none is used.
 * Single letters (y/n, t/f) count only when both letters appear or `flagHeader` is set, so a
 * column of 'T' sizes is not a boolean.
 * @example booleanVocabulary(['Yes', 'No', 'Yes'], false) // { trueText: 'Yes', falseText: 'No', fits: 3 }
 */
export function booleanVocabulary(
  texts: readonly string[],
  flagHeader: boolean,
): BooleanVocabulary | null {
  // counts[pair][case][0 = true word, 1 = false word]
  const counts = BOOLEAN_PAIRS.map(() => ({
    lower: [0, 0],
    upper: [0, 0],
    title: [0, 0],
  }));
  for (const text of texts) {
    if (text.length > 5) continue;
    const lower = text.toLowerCase();
    for (let p = 0; p < BOOLEAN_PAIRS.length; p++) {
      const pair = BOOLEAN_PAIRS[p] as readonly [string, string];
      const side = lower === pair[0] ? 0 : lower === pair[1] ? 1 : -1;
      if (side < 0) continue;
      const letterCase = letterCaseOf(text, lower);
      if (letterCase) (counts[p] as Record<LetterCase, number[]>)[letterCase][side]!++;
      break;
    }
  }
  let best: BooleanVocabulary | null = null;
  for (let p = 0; p < BOOLEAN_PAIRS.length; p++) {
    const pair = BOOLEAN_PAIRS[p] as readonly [string, string];
    for (const letterCase of ['lower', 'upper', 'title'] as const) {
      const [trues = 0, falses = 0] = (counts[p] as Record<LetterCase, number[]>)[letterCase];
      // Single letters have the same upper and title case: count them once, as upper.
      if (pair[0].length === 1 && letterCase === 'title') continue;
      if (trues + falses === 0) continue;
      if (pair[0].length === 1 && !flagHeader && (trues === 0 || falses === 0)) continue;
      if (!best || trues + falses > best.fits) {
        best = {
          trueText: inCase(pair[0], letterCase),
          falseText: inCase(pair[1], letterCase),
          fits: trues + falses,
        };
      }
    }
  }
  return best;
}
