import type { Cell, ColumnSchema, NumericRange } from '../types';
import { CodePermutation } from './code-permutation';
import { planDateValues } from './date-column-plan';
import { cellDraw, dateRangeOf } from './date-ranges';
import { planFakerColumn } from './faker-column-plan';
import type { FakeSource } from './keyed-faker';
import { flipBoolean } from './generators/boolean';
import { fakeDate } from './generators/date';
import { fakeEmail } from './generators/email';
import { fakePhone } from './generators/phone';
import { fakeDateText, isDateText } from './generators/date-text';
import { fakeIsoDateText, isIsoDateText } from './generators/iso-date-text';
import { fakePeriodText, isPeriodText } from './generators/period-text';
import { semanticGenerator, semanticGeneratorTakes } from './generators/semantic';
import { ssnPseudonym } from './generators/ssn';
import { pseudonymizeText } from './generators/text';
import { isIdentifierColumn, isIdentifierName, namesSsns } from './identifier-columns';
import { planIdentifierValues } from './identifier-values';
import { isJsonContainer, replaceJsonValues } from './json-text';
import { planNumberValues } from './number-column-plan';
import { PSEUDONYM_SCHEME_VERSION } from './scheme-version';
import { permuteWithPadding, withPadding } from './with-padding';

/** The pseudonym of one non-blank cell; the caller has reseeded the source for it. */
export type GenerateValue = (original: Cell, text: string, attempt: number) => Cell;

/** The string rules for a value that fits no better rule, keeping the cell's type. */
export type FallbackValue = (original: Cell, text: string, attempt?: number) => Cell;

/**
 * The image of one non-blank cell under its plan's keyed bijection (identifiers, digit codes,
 * alphanumeric codes): it depends on the key and the value alone, no other value of its pattern
 * has it, and it is never the value itself. Null for a value without one (`generate` applies).
 */
export type PermuteValue = (original: Cell, text: string) => Cell | null;

/** How to pseudonymize one column's values. */
export interface ColumnPlan {
  /** What the keyed hash is keyed by (semantic ?? type, or the Faker method). */
  kind: string;
  /** Columns with the same namespace share one original → pseudonym table. */
  namespace: string;
  /** Names, emails and phones: no pseudonym may equal such an original anywhere in the file. */
  sensitive: boolean;
  /** Booleans: a keyed swap-or-keep of a two-value domain; retries cannot help. */
  tinyDomain: boolean;
  generate: GenerateValue;
  /** Identifiers and codes: the keyed bijection tried before `generate` (see PermuteValue). */
  permute?: PermuteValue;
  /** Integer and date columns: their values as points of a finite grid (see PlanGrid). */
  grid?: PlanGrid;
  /**
   * Measures kept to their distribution: pseudonyms may repeat and equal other originals, so a
   * keyed candidate is refused only when it is the value itself or a name, email or phone.
   */
  repeatable?: boolean;
  /**
   * Free-text columns (see freeTextPlan): their personal data takes what the structured
   * columns' cells became, so they are generated after every other column is written.
   */
  freeText?: 'auto' | 'redact';
}

/**
 * A column whose values are points of a small grid (integers or days in a range). When its
 * distinct values fill much of the grid, random retries cannot keep pseudonyms unique, so the
 * engine walks the grid to the next free point instead.
 */
export interface PlanGrid {
  size: number;
  /** The grid index of an original, or -1 when it is off the grid (then `generate` is used). */
  indexOf(original: Cell, text: string): number;
  /** The pseudonym at a grid index, written like the original. */
  render(index: number, original: Cell, text: string): Cell;
}

/** What a number or date column's values are drawn with (see planNumberValues, planDateValues). */
export interface ValuePlan {
  /** What sets the column's namespace apart from others of its kind (layout, pattern, range). */
  variant: string;
  generate: GenerateValue;
  permute?: PermuteValue;
  grid?: PlanGrid;
  repeatable?: boolean;
}

export type ColumnAction =
  { action: 'keep' } | { action: 'blank' } | { action: 'generate'; plan: ColumnPlan };

/** Ranges that replace a column's own (merged over same-named columns, for joins). */
export interface RangeOverrides {
  range?: NumericRange;
  dateRange?: NumericRange;
}

/** Kinds whose originals no pseudonym may equal anywhere in the file. */
const SENSITIVE_KINDS = new Set([
  'firstName',
  'middleName',
  'lastName',
  'fullName',
  'email',
  'phone',
  'username',
]);

/**
 * Turns a column's schema and rule into a plan under a pseudonym scheme (the latest by default):
 * keep, blank, or how to make each pseudonym.
 * @example planColumn(emailColumn, source) // { action: 'generate', plan: { kind: 'email', … } }
 */
export function planColumn(
  column: ColumnSchema,
  source: FakeSource,
  overrides: RangeOverrides = {},
  scheme = PSEUDONYM_SCHEME_VERSION,
): ColumnAction {
  const { rule } = column;
  if (rule.action === 'keep') return { action: 'keep' };
  if (rule.action === 'blank') return { action: 'blank' };
  const { random } = source;
  random.reseed('boolean', '\u0000swap');
  const swapBooleans = random.next() < 0.5;
  const columnDateRange = dateRangeOf(column, overrides.dateRange);

  const fallback: FallbackValue = (original, text, attempt = 0) => {
    if (typeof original === 'boolean') return swapBooleans ? !original : original;
    if (original instanceof Date) return fakeDate(cellDraw(original, columnDateRange), random);
    const fake = pseudonymizeText(text, random, attempt, scheme);
    if (typeof original === 'number') {
      const value = Number(fake);
      return fake !== '' && Number.isFinite(value) ? value : fake;
    }
    return fake;
  };

  if (rule.action === 'faker') {
    const method = rule.fakerMethod ?? '';
    return { action: 'generate', plan: planFakerColumn(column, method, source, overrides.range) };
  }

  const kind = column.semantic ?? column.type;
  const sensitive = SENSITIVE_KINDS.has(kind) || column.type === 'email' || column.type === 'phone';
  const plan = (
    namespace: string,
    generate: GenerateValue,
    options: {
      tinyDomain?: boolean;
      grid?: PlanGrid;
      permute?: PermuteValue;
      repeatable?: boolean;
    } = {},
  ): ColumnAction => ({
    action: 'generate',
    plan: {
      kind,
      namespace,
      sensitive,
      tinyDomain: options.tinyDomain ?? false,
      generate: withPadding(generate),
      ...(options.permute ? { permute: permuteWithPadding(options.permute) } : {}),
      ...(options.grid ? { grid: options.grid } : {}),
      ...(options.repeatable ? { repeatable: true } : {}),
    },
  });
  const planValues = ({ variant, generate, grid, permute, repeatable }: ValuePlan): ColumnAction =>
    plan(`${kind}|${variant}`, generate, {
      ...(grid ? { grid } : {}),
      ...(permute ? { permute } : {}),
      ...(repeatable ? { repeatable } : {}),
    });

  switch (column.type) {
    case 'blank':
      return { action: 'blank' };
    case 'number':
      // Identifiers share one permutation whatever their column's kind, so ids join anywhere.
      return planValues(
        isIdentifierColumn(column, scheme)
          ? planIdentifierValues(
              random.permutation('identifier'),
              fallback,
              scheme >= 11 && namesSsns(column.name),
            )
          : planNumberValues(column, overrides.range, random, fallback, scheme),
      );
    case 'date':
    case 'datetime':
      return planValues(
        planDateValues(column, columnDateRange, overrides.dateRange, random, fallback, scheme),
      );
    case 'boolean':
      return plan(
        'boolean',
        (original, text) => {
          if (typeof original === 'boolean') return swapBooleans ? !original : original;
          if (original === 0 || original === 1) return swapBooleans ? 1 - original : original;
          return flipBoolean(text, swapBooleans) ?? fallback(original, text);
        },
        { tinyDomain: true },
      );
    case 'email':
      return plan('email', (original, text, attempt) =>
        typeof original === 'string' && text.includes('@')
          ? scheme >= 9
            ? semanticGenerator('email', scheme)!(text, source, attempt)!
            : fakeEmail(text, random, attempt)
          : fallback(original, text, attempt),
      );
    case 'phone':
      return plan('phone', (original, text) =>
        typeof original === 'string' && /\d/.test(text)
          ? fakePhone(text, random, scheme)
          : fallback(original, text),
      );
    case 'string': {
      const { semantic } = column;
      const generator = semantic ? semanticGenerator(semantic, scheme) : undefined;
      // Texts the string rules take as codes (digit codes, 'AB-1234-X') are permuted.
      const codes = new CodePermutation(random.permutation(kind), scheme);
      // From scheme 7 on, an identifier's text without spaces is a code even when it spells a
      // word (Northwind's CustomerID 'ALFKI', 'BERGS'): same length and classes, one image per
      // code in every file, where it got a word of another length. Its own namespace, so a
      // text column's word keeps the word rules.
      const identifierCodes = scheme >= 7 && isIdentifierName(column.name, scheme);
      const asCode = (text: string) => identifierCodes && !/\s/.test(text);
      // From scheme 4 on, JSON text keeps its keys and layout: its values are replaced one by
      // one (drawn, not permuted: word-like values have no bijection). An ISO date among text
      // becomes another date, not a code of digits ('2020-02-05' → '3885-00-05'); from scheme 11
      // on, a period code another period ('2020-Q2' → '2021-Q4', not '2113-K6').
      const drawnNotPermuted = (text: string) =>
        scheme >= 4 &&
        (isJsonContainer(text) ||
          isIsoDateText(text) ||
          (scheme >= 10 && isDateText(text)) ||
          (scheme >= 11 && isPeriodText(text)));
      const code = (text: string) => codes.pseudonym(text, asCode(text));
      // From scheme 11 on, an SSN stays one the SSA issues (or stays none), see ssnPseudonym.
      const permuteCode =
        scheme >= 11 && semantic === 'ssn' ? (text: string) => ssnPseudonym(text, code) : code;
      const permute: PermuteValue = (original, text) =>
        typeof original === 'string' &&
        !(semantic && semanticGeneratorTakes(semantic, text)) &&
        !drawnNotPermuted(text)
          ? permuteCode(text)
          : null;
      const jsonValue = (value: string, attempt: number) => {
        const code = codes.pseudonym(value);
        if (code !== null) return code;
        // Keyed by the value, so it reads the same wherever the JSON holds it.
        random.reseed(kind, value, attempt);
        return pseudonymizeText(value, random, attempt, scheme);
      };
      return plan(
        identifierCodes ? `${kind}|identifier` : kind,
        (original, text, attempt) => {
          if (generator && typeof original === 'string') {
            const fake = generator(text, source, attempt);
            if (fake !== null) return fake;
          }
          // Each is null for text that is not its kind: no test of the text beforehand.
          if (scheme >= 4 && typeof original === 'string') {
            const fake =
              replaceJsonValues(text, (value) => jsonValue(value, attempt)) ??
              fakeIsoDateText(text, random) ??
              (scheme >= 10 ? fakeDateText(text, random) : null) ??
              (scheme >= 11 ? fakePeriodText(text, random) : null);
            if (fake !== null) return fake;
          }
          return fallback(original, text, attempt);
        },
        { permute },
      );
    }
  }
}
