import { isAsciiDigit, isAsciiLetter } from '../../text/char-classes';

/** What a piece of personal data found in free text is (see PiiInTextStats). */
export const PII_KINDS = ['email', 'phone', 'url', 'iban', 'card', 'name', 'value'] as const;
export type PiiKind = (typeof PII_KINDS)[number];

/** One piece of personal data in a text: text[start, end), and its column's pseudonym if known. */
export interface PiiSpan {
  start: number;
  end: number;
  kind: PiiKind;
  /** The pseudonym the value's own column got; absent for a value found by its pattern only. */
  pseudonym?: string;
  /** The number of the dataset value found (KnownValues), when one of its columns was. */
  value?: number;
}

/** Whether text[start, end) is still free, i.e. no span found before covers any of it. */
export function isFree(taken: Uint8Array, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (taken[i] === 1) return false;
  return true;
}

/** Marks a span as found and records it. */
export function take(taken: Uint8Array, spans: PiiSpan[], span: PiiSpan): void {
  taken.fill(1, span.start, span.end);
  spans.push(span);
}

/** Whether the character at `index` is a letter or a digit of any script. */
export function isWordCharAt(text: string, index: number): boolean {
  if (index < 0 || index >= text.length) return false;
  const code = text.charCodeAt(index);
  // ASCII first: texts are mostly ASCII, and this runs on every character.
  if (code < 128) return isAsciiDigit(code) || isAsciiLetter(code);
  return WORD_CHAR.test(text[index]!);
}

const WORD_CHAR = /[\p{L}\p{N}]/u;
