import type { ColumnSchema, Semantic } from '../../types';
import { isIdentifierColumn, isRowIndex } from '../identifier-columns';
import type { PiiKind } from './pii-span';

const NAME_SEMANTICS: ReadonlySet<Semantic> = new Set([
  'firstName',
  'middleName',
  'lastName',
  'fullName',
  'username',
]);

/** Semantics whose values identify someone or something when a note mentions them. */
const VALUE_SEMANTICS: ReadonlySet<Semantic> = new Set([
  'city',
  'street',
  'streetAddress',
  'company',
  'zipCode',
  'ssn',
  'accountNumber',
  'uuid',
  'ipv4',
  'ipv6',
  'mac',
  'domain',
  'bic',
  'password',
]);

const PATTERN_SEMANTICS: Partial<Record<Semantic, PiiKind>> = {
  email: 'email',
  phone: 'phone',
  url: 'url',
  iban: 'iban',
  creditCard: 'card',
};

/**
 * Whether a column's cells are free text, searched for personal data: a 'redact' rule, or an
 * auto rule on text with no meaning of its own whose examples mostly hold several words (a
 * column of codes 'AB-1042' is no free text; its values are looked for in the free text).
 * @example isFreeTextColumn(detectColumn('message', ['Call Ann back', 'Refund sent'])) // true
 */
export function isFreeTextColumn(column: ColumnSchema): boolean {
  if (column.rule.action === 'redact') return true;
  if (column.rule.action !== 'auto' || column.type !== 'string' || column.semantic !== null) {
    return false;
  }
  const { examples } = column;
  const sentences = examples.filter((example) => /\S\s+\S/.test(example)).length;
  return examples.length > 0 && sentences * 2 >= examples.length;
}

/**
 * What a structured column's values are when free text mentions them, or null for columns
 * whose values are no identifiers (measures, dates, booleans, countries, genders, titles, and
 * text columns whose values repeat, such as tiers or statuses).
 * @example piiKindOfColumn(emailColumn) // 'email'
 */
export function piiKindOfColumn(column: ColumnSchema, scheme: number): PiiKind | null {
  if (isFreeTextColumn(column)) return null;
  const { semantic, type } = column;
  if (type === 'email') return 'email';
  if (type === 'phone') return 'phone';
  if (semantic) {
    if (NAME_SEMANTICS.has(semantic)) return 'name';
    if (VALUE_SEMANTICS.has(semantic)) return 'value';
    return PATTERN_SEMANTICS[semantic] ?? null;
  }
  // Codes that name one thing each ('C-10042'), not categories ('Gold', 'Silver').
  if (type === 'string') return column.distinctCount * 2 >= column.nonEmptyCount ? 'value' : null;
  // A row index's numbers are no references: a note's "2024" is a year, not row 2024.
  return isIdentifierColumn(column, scheme) && !isRowIndex(column) ? 'value' : null;
}

/** The semantic whose keyed generator gives a found value of a kind its pseudonym. */
export const GENERATOR_SEMANTIC: Partial<Record<PiiKind, Semantic>> = {
  email: 'email',
  phone: 'phone',
  url: 'url',
  iban: 'iban',
  card: 'creditCard',
};
