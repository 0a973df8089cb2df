import {
  firstFormatSection,
  formatCodes,
  formatTokens,
  isElapsedTimeBracket,
  MAX_NUMBER_FORMAT_LENGTH,
  type FormatToken,
} from '../excel-number-format';

/** One piece of an Excel date format on its way to a pattern: a date/time token or literal text. */
interface Part {
  token: string;
  literal: boolean;
}

/** The character of the code token at `index`, or undefined when it is another kind of token. */
function codeAt(tokens: readonly FormatToken[], index: number): string | undefined {
  const token = tokens[index];
  return token?.kind === 'code' ? token.char : undefined;
}

/** Up to `count` characters of the code tokens that follow one another from `index`. */
function codesFrom(tokens: readonly FormatToken[], index: number, count: number): string {
  let codes = '';
  for (let t = index; t < index + count; t++) {
    const char = codeAt(tokens, t);
    if (char === undefined) break;
    codes += char;
  }
  return codes;
}

/**
 * The pattern that writes what an Excel date number format shows (as SheetJS renders it), or
 * null for formats that are not plain dates/times (durations, weekday names, A/P markers).
 * @example excelFormatToPattern('m/d/yyyy h:mm AM/PM') // 'M/D/YYYY h:mm A'
 */
export function excelFormatToPattern(numberFormat: string): string | null {
  if (numberFormat.length > MAX_NUMBER_FORMAT_LENGTH) return null;
  const tokens = formatTokens(firstFormatSection(numberFormat));
  if (!tokens) return null;
  const parts = readParts(tokens);
  return parts ? patternOfParts(parts) : null;
}

/** A section's tokens as date/time tokens and literal text; null when it is not a plain date. */
function readParts(tokens: readonly FormatToken[]): { parts: Part[]; meridiem: boolean } | null {
  const parts: Part[] = [];
  let meridiem = false;
  let t = 0;
  while (t < tokens.length) {
    const token = tokens[t] as FormatToken;
    if (token.kind === 'quoted' || token.kind === 'escaped') {
      parts.push({ token: token.text, literal: true });
      t++;
      continue;
    }
    if (token.kind === 'bracket') {
      // Elapsed-time formats ([h]:mm) are durations, not dates.
      if (isElapsedTimeBracket(token.content)) return null;
      t++;
      continue;
    }
    if (token.kind === 'spacing') {
      t++;
      continue;
    }
    const char = token.char;
    const lower = char.toLowerCase();
    if (char === '@') {
      t++;
    } else if (codesFrom(tokens, t, 5).toUpperCase() === 'AM/PM') {
      parts.push({ token: 'A', literal: false });
      meridiem = true;
      t += 5;
    } else if (codesFrom(tokens, t, 3).toUpperCase() === 'A/P') {
      return null;
    } else if ('ymdhs'.includes(lower)) {
      let run = 1;
      while (codeAt(tokens, t + run)?.toLowerCase() === lower) run++;
      parts.push({ token: lower.repeat(run), literal: false });
      t += run;
    } else if (char === '.' && codeAt(tokens, t + 1) === '0') {
      let run = 0;
      while (codeAt(tokens, t + 1 + run) === '0') run++;
      parts.push({ token: '.', literal: true });
      parts.push({ token: 'S'.repeat(Math.min(run, 9)), literal: false });
      t += 1 + run;
    } else if ('0#?eEbBgGn'.includes(char)) {
      return null;
    } else {
      parts.push({ token: char, literal: true });
      t++;
    }
  }
  return { parts, meridiem };
}

/** The pattern that writes the parts; null when they hold neither a date nor an hour. */
function patternOfParts({ parts, meridiem }: { parts: Part[]; meridiem: boolean }): string | null {
  const tokenIndexes = parts.flatMap((part, index) => (part.literal ? [] : [index]));
  let pattern = '';
  let hasDate = false;
  for (let p = 0; p < parts.length; p++) {
    const part = parts[p] as Part;
    if (part.literal) {
      pattern += /[YMDHhmsSAaZdXx[\]]/.test(part.token) ? `[${part.token}]` : part.token;
      continue;
    }
    const at = tokenIndexes.indexOf(p);
    const previous = at > 0 ? parts[tokenIndexes[at - 1] as number] : undefined;
    const next = parts[tokenIndexes[at + 1] ?? -1];
    const { token } = part;
    switch (token[0]) {
      case 'y':
        pattern += token.length <= 2 ? 'YY' : 'YYYY';
        hasDate = true;
        break;
      case 'd':
        if (token.length > 4) return null;
        pattern += ['D', 'DD', 'ddd', 'dddd'][token.length - 1] as string;
        hasDate = true;
        break;
      case 'h':
        pattern += meridiem ? (token.length === 1 ? 'h' : 'hh') : token.length === 1 ? 'H' : 'HH';
        break;
      case 's':
        pattern += 'ss';
        break;
      case 'm': {
        // 'm' after an hour or before seconds is minutes; elsewhere it is the month.
        const minute = token.length <= 2 && (previous?.token[0] === 'h' || next?.token[0] === 's');
        if (minute) pattern += 'mm';
        else if (token.length > 4) return null;
        else {
          pattern += ['M', 'MM', 'MMM', 'MMMM'][token.length - 1] as string;
          hasDate = true;
        }
        break;
      }
      default:
        pattern += token;
    }
  }
  if (!hasDate && !/[Hh]/.test(pattern)) return null;
  return pattern;
}

/**
 * Whether an Excel number format shows a duration rather than a date or a time of day: elapsed
 * hours, minutes or seconds ('[h]:mm:ss', '[mm]:ss'), or minutes and seconds without hours
 * ('mm:ss', 'mm:ss.0', as stopwatch times are written).
 * @example isDurationFormat('[h]:mm:ss') // true
 */
export function isDurationFormat(numberFormat: string): boolean {
  if (numberFormat.length > MAX_NUMBER_FORMAT_LENGTH) return false;
  const tokens = formatTokens(firstFormatSection(numberFormat));
  if (!tokens) return false;
  if (tokens.some((token) => token.kind === 'bracket' && isElapsedTimeBracket(token.content))) {
    return true;
  }
  const codes = formatCodes(tokens).toLowerCase();
  return /s/.test(codes) && !/[ydh]/.test(codes.replace(/am\/pm|a\/p/g, ''));
}

/** Pattern tokens and the Excel date codes that show the same, longest first as compile reads. */
const EXCEL_CODES: readonly (readonly [string, string])[] = [
  ['YYYY', 'yyyy'],
  ['YY', 'yy'],
  ['MMMM', 'mmmm'],
  ['MMM', 'mmm'],
  ['MM', 'mm'],
  ['M', 'm'],
  ['DD', 'dd'],
  ['D', 'd'],
  ['HH', 'hh'],
  ['H', 'h'],
  ['hh', 'hh'],
  ['h', 'h'],
  ['mm', 'mm'],
  ['ss', 'ss'],
  ['dddd', 'dddd'],
  ['ddd', 'ddd'],
  ['A', 'AM/PM'],
];

/** Literal characters an Excel date format shows as they are without quotes. */
const PLAIN_LITERAL = /^[-/:., ]$/;

/**
 * The Excel number format that shows dates as `pattern` writes them, or null when none does the
 * same (a zone, Unix time, a lower-case am/pm) or the format would read back as another pattern
 * (excelFormatToPattern, which reads the workbooks Stand-in writes).
 * @example excelFormatOfPattern('M/D/YYYY h:mm:ss A') // 'm/d/yyyy h:mm:ss AM/PM'
 */
export function excelFormatOfPattern(pattern: string): string | null {
  let format = '';
  let i = 0;
  outer: while (i < pattern.length) {
    const char = pattern[i]!;
    if (char === '[') {
      const end = pattern.indexOf(']', i + 1);
      if (end < 0) return null;
      format += quotedLiteral(pattern.slice(i + 1, end));
      i = end + 1;
      continue;
    }
    if (char === 'S') {
      let digits = 0;
      while (pattern[i + digits] === 'S') digits++;
      format += '0'.repeat(digits);
      i += digits;
      continue;
    }
    for (const [token, code] of EXCEL_CODES) {
      if (pattern.startsWith(token, i)) {
        format += code;
        i += token.length;
        continue outer;
      }
    }
    format += PLAIN_LITERAL.test(char) ? char : quotedLiteral(char);
    i++;
  }
  return excelFormatToPattern(format) === pattern ? format : null;
}

function quotedLiteral(text: string): string {
  return text === '' ? '' : `"${text.replace(/"/g, '')}"`;
}
