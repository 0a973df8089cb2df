import { isPaddingSpace } from '../text/char-classes';
import type { GenerateValue } from './column-plan';

/**
 * A generator for values padded with spaces (database dumps write ' 123', 'a@b.com '), as
 * detection reads them: the core gets the pseudonym, the padding stays.
 */
export function withPadding(generate: GenerateValue): GenerateValue {
  return (original, text, attempt) => {
    if (typeof original !== 'string' || text.length === 0) return generate(original, text, attempt);
    const last = text.length - 1;
    if (!isPaddingSpace(text.charCodeAt(0)) && !isPaddingSpace(text.charCodeAt(last))) {
      return generate(original, text, attempt);
    }
    let start = 0;
    let end = text.length;
    while (start < end && isPaddingSpace(text.charCodeAt(start))) start++;
    while (end > start && isPaddingSpace(text.charCodeAt(end - 1))) end--;
    if (start === end) return generate(original, text, attempt);
    const core = text.slice(start, end);
    const fake = generate(core, core, attempt);
    return typeof fake === 'string' ? text.slice(0, start) + fake + text.slice(end) : fake;
  };
}
