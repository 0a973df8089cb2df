/*
 * US Social Security numbers that stay valid. A code permutation moves an SSN's nine digits
 * freely, so about one pseudonym in nine had an area the SSA never issues (000, 666, 900-999),
 * a group 00 or a serial 0000, and a system that checks SSNs refused it. Here the permutation is
 * walked until it reaches a number of the original's kind: valid to valid, and anything else
 * (ITINs in 9xx, test numbers) to anything else. Walking a permutation's cycle keeps it a
 * permutation of each kind, so SSNs stay unique, joins survive, and none maps to itself.
 */

/** 'NNN-NN-NNNN', 'NNN NN NNNN' or nine digits. */
const SSN_LAYOUT = /^(\d{3})([- ]?)(\d{2})\2(\d{4})$/;

/**
 * Steps a walk may take before it gives up and keeps the kind it reached: valid numbers are 89%
 * of nine-digit ones, so a walk to an invalid one takes about nine steps, and a hundred times that
 * is never reached in practice.
 */
const MOST_STEPS = 1_000;

/**
 * Whether an SSN-shaped text is one the SSA issues: area 001-899 except 666, group 01-99,
 * serial 0001-9999; null for a text that is no SSN's shape.
 * @example ssnIsValid('123-45-6789') // true; ssnIsValid('900-12-3456') // false
 */
export function ssnIsValid(text: string): boolean | null {
  const match = SSN_LAYOUT.exec(text);
  if (!match) return null;
  const area = Number(match[1]);
  return area !== 0 && area !== 666 && area < 900 && match[3] !== '00' && match[4] !== '0000';
}

/**
 * The pseudonym of an SSN of the same kind (valid or not) as `text`, walking `next` (a code
 * permutation's pseudonym, a single cycle through the layout's numbers) past the others; `next`
 * alone for a text that is no SSN.
 * @example ssnPseudonym('123-45-6789', (text) => codes.pseudonym(text)) // e.g. '418-07-2215'
 */
export function ssnPseudonym(text: string, next: (text: string) => string | null): string | null {
  const valid = ssnIsValid(text);
  let fake = next(text);
  if (valid === null) return fake;
  for (let step = 0; fake !== null && ssnIsValid(fake) !== valid && step < MOST_STEPS; step++) {
    fake = next(fake);
  }
  return fake;
}
