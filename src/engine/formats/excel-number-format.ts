/**
 * Excel number formats ('#,##0.00_);("$"#,##0.00)', 'm/d/yyyy h:mm AM/PM', '[h]:mm:ss'): the one
 * place that splits them into sections and reads a section's tokens, for the date and the
 * number readers alike.
 *
 * A format has up to four sections separated by ';' (positive; negative; zero; text). Inside a
 * section, text in double quotes and a character after a backslash are shown as written (so a
 * quoted or escaped ';' splits nothing), '[...]' holds a colour, condition, locale/currency tag
 * or elapsed-time unit, and '_x' (pad to the width of x) and '*x' (fill with x) only align.
 */

/** Longer than any real format: Excel caps number formats at 255 characters. */
export const MAX_NUMBER_FORMAT_LENGTH = 255;

/** One token of a format section. */
export type FormatToken =
  /** Text in double quotes, shown as written ('"$"' → '$'). */
  | { kind: 'quoted'; text: string }
  /** The character after a backslash, shown as written ('\(' → '('); '' at the very end. */
  | { kind: 'escaped'; text: string }
  /** What '[...]' holds: '$€-407', 'Red', '<=9999999', 'h'. */
  | { kind: 'bracket'; content: string }
  /** '_x' or '*x': alignment, shown as no text of its own. */
  | { kind: 'spacing' }
  /** Any other single character: a placeholder, a date/time letter, a separator or a literal. */
  | { kind: 'code'; char: string };

/**
 * The sections of a format, split at each ';' outside quotes and not after a backslash.
 * @example formatSections('0.00;[Red]"(;)"0.00') // ['0.00', '[Red]"(;)"0.00']
 */
export function formatSections(numberFormat: string): string[] {
  const sections: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < numberFormat.length; i++) {
    const char = numberFormat[i];
    if (char === '"') quoted = !quoted;
    else if (char === '\\' && !quoted) i++;
    else if (char === ';' && !quoted) {
      sections.push(numberFormat.slice(start, i));
      start = i + 1;
    }
  }
  sections.push(numberFormat.slice(start));
  return sections;
}

/**
 * The first section of a format: the one positive values (and, without other sections, every
 * value) are shown with.
 * @example firstFormatSection('"$"#,##0.00_);("$"#,##0.00)') // '"$"#,##0.00_)'
 */
export function firstFormatSection(numberFormat: string): string {
  return formatSections(numberFormat)[0] ?? '';
}

/**
 * The tokens of one section, in order; null when a quote or a bracket is never closed.
 * @example formatTokens('"$"0_)') // [{ kind: 'quoted', text: '$' }, { kind: 'code', char: '0' }, { kind: 'spacing' }]
 */
export function formatTokens(section: string): FormatToken[] | null {
  const tokens: FormatToken[] = [];
  for (let i = 0; i < section.length; i++) {
    const char = section[i] as string;
    if (char === '"') {
      const end = section.indexOf('"', i + 1);
      if (end < 0) return null;
      tokens.push({ kind: 'quoted', text: section.slice(i + 1, end) });
      i = end;
    } else if (char === '\\') {
      tokens.push({ kind: 'escaped', text: section[i + 1] ?? '' });
      i++;
    } else if (char === '[') {
      const end = section.indexOf(']', i + 1);
      if (end < 0) return null;
      tokens.push({ kind: 'bracket', content: section.slice(i + 1, end) });
      i = end;
    } else if (char === '_' || char === '*') {
      tokens.push({ kind: 'spacing' });
      i++;
    } else {
      tokens.push({ kind: 'code', char });
    }
  }
  return tokens;
}

/**
 * The characters of a section's code tokens, in order: the format's own placeholders, letters
 * and separators, without quoted or escaped text, brackets or spacing.
 * @example formatCodes(formatTokens('0.00" days"')) // '0.00'
 */
export function formatCodes(tokens: readonly FormatToken[]): string {
  let codes = '';
  for (const token of tokens) if (token.kind === 'code') codes += token.char;
  return codes;
}

/** Whether a bracket holds an elapsed-time unit ('[h]', '[mm]', '[ss]'): a duration. */
export function isElapsedTimeBracket(content: string): boolean {
  return /^(?:h+|m+|s+)$/i.test(content);
}
