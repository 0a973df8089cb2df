import { isPaddingSpace } from '../text/char-classes';
import type { Cell } from '../types';
import type { GenerateValue, PermuteValue } from './column-plan';

/**
 * Runs `make` on the core of a value padded with spaces (database dumps write ' 123',
 * 'a@b.com '), as detection reads it, and puts the padding back around a text result.
 */
function aroundPadding<R extends Cell | null>(
  original: Cell,
  text: string,
  attempt: number,
  make: (original: Cell, text: string, attempt: number) => R,
): R {
  if (typeof original !== 'string' || text.length === 0) return make(original, text, attempt);
  const last = text.length - 1;
  if (!isPaddingSpace(text.charCodeAt(0)) && !isPaddingSpace(text.charCodeAt(last))) {
    return make(original, text, attempt);
  }
  let start = 0;
  let end = text.length;
  while (start < end && isPaddingSpace(text.charCodeAt(start))) start++;
  while (end > start && isPaddingSpace(text.charCodeAt(end - 1))) end--;
  if (start === end) return make(original, text, attempt);
  const core = text.slice(start, end);
  const fake = make(core, core, attempt);
  return (typeof fake === 'string' ? text.slice(0, start) + fake + text.slice(end) : fake) as R;
}

/**
 * A generator for padded values: the core gets the pseudonym, the padding stays.
 * @example withPadding(generate)(' 123', ' 123', 0) // e.g. ' 845'
 */
export function withPadding(generate: GenerateValue): GenerateValue {
  return (original, text, attempt) => aroundPadding(original, text, attempt, generate);
}

/**
 * A keyed bijection for padded values: the core is permuted, the padding stays, so values that
 * differ only in their padding still get distinct pseudonyms.
 * @example permuteWithPadding(permute)('AB-12 ', 'AB-12 ') // e.g. 'QX-85 '
 */
export function permuteWithPadding(permute: PermuteValue): PermuteValue {
  return (original, text) => aroundPadding(original, text, 0, permute);
}
