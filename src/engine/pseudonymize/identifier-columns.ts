import { headerTokens } from '../detect/semantics';
import { isPositionalName } from '../read/column-names';
import type { ColumnSchema } from '../types';
import { PSEUDONYM_SCHEME_VERSION } from './scheme-version';

/** Last words of a header that name a reference number ('Order No', 'invoiceNumber', 'ref'). */
const NUMBER_TOKENS = new Set(['number', 'no', 'nr', 'num', 'code', 'key', 'ref']);
/** From scheme 6 on, the same in other languages ('Numéro', 'número', 'nº'). */
const MORE_NUMBER_TOKENS = new Set(['nummer', 'numero', 'numéro', 'número', 'nº']);
/**
 * From scheme 11 on, header words naming an identifier by its acronym ('attending_npi', 'mrn',
 * 'ssn_nodash'): the US National Provider Identifier, a medical record number, employer and
 * taxpayer numbers, social security and insurance numbers. As measures their draws changed
 * their digit count ('1024589214' → '953668026') and broke their joins.
 */
const IDENTIFIER_ACRONYMS: ReadonlySet<string> = new Set([
  'npi',
  'mrn',
  'ein',
  'tin',
  'itin',
  'ssn',
  'sin',
  'nin',
  'nhs',
  'bsn',
]);

/**
 * Whether a header names US Social Security numbers ('ssn', 'SSN_nodash', 'patient ssn').
 * @example namesSsns('ssn_nodash') // true
 */
export function namesSsns(header: string): boolean {
  return headerTokens(header).includes('ssn');
}

/** German compounds ending in a number word: 'Kundennummer', 'Bestellnr'. */
const COMPOUND_NUMBER = /\p{L}(?:nummer|nr)$/u;
/**
 * The names of a table's row index besides none (a positional name: pandas and R write their
 * index without a header): pandas' `Unnamed: 0` for it read back, `#`, `index` and `idx`.
 */
const ROW_INDEX = /^(?:Unnamed: \d+|#|index|idx)$/i;
/**
 * From scheme 7 on, the last words of a header (headerTokens, joined by spaces) that name a
 * column of another row's id: a self-reference such as Northwind's and Chinook's `ReportsTo`, a
 * `manager`, `line manager`, `supervisor`, `parent`. As measures their draws broke the join to
 * the ids they name.
 */
const RELATION_WORDS =
  /(?:^| )(?:reports to|reportsto|manager|supervisor|parent|boss|referrer|referred by)$/;

/**
 * An identifier column's name: `id`, `customer_id`, `customerId`, `Customer ID`, `OrderID`.
 * @example isIdName('customerId') // true; isIdName('paid') // false
 */
export function isIdName(name: string): boolean {
  const text = name.trim();
  // 'paid', 'valid' and 'PAID' are no identifiers.
  return /^id$/i.test(text) || /(?:[^a-zA-Z0-9](?:id|ID|Id)|[a-z0-9](?:ID|Id))$/.test(text);
}

/**
 * Whether a header's last word names a number: 'order_no', 'Invoice Nr', 'accountNumber', and
 * from scheme 6 'Kundennr', 'Numéro' (see MORE_NUMBER_TOKENS) or 'Order #'.
 */
function endsWithNumberToken(name: string, scheme: number): boolean {
  // 'Order #', 'Invoice#', 'Acct. #': the sign names a number.
  if (scheme >= 6 && /#\s*$/.test(name)) return true;
  // Words split at separators and at camel-case humps ('orderNo' → order, No).
  const words = name
    .trim()
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(scheme >= 6 ? /[^\p{L}\p{N}]+/u : /[^A-Za-z0-9]+/)
    .filter((word) => word !== '');
  const last = words.at(-1)?.toLowerCase();
  if (last === undefined) return false;
  if (NUMBER_TOKENS.has(last)) return true;
  return scheme >= 6 && (MORE_NUMBER_TOKENS.has(last) || COMPOUND_NUMBER.test(last));
}

/** Whether every value of a column is distinct (near enough when the count is an estimate). */
export function allDistinctValues(column: ColumnSchema): boolean {
  if (column.nonEmptyCount === 0) return false;
  const needed = column.distinctApproximate ? 0.999 * column.nonEmptyCount : column.nonEmptyCount;
  return column.distinctCount >= needed;
}

/**
 * Whether a number column holds integer identifiers rather than a measure: plain integers (no
 * prefix, suffix, grouping or decimals) under an id-like name (isIdName), or under a name ending
 * in number/no/nr/num/code/key/ref when every value is distinct; from scheme 6 on, also under
 * such a name in other languages and in an unnamed column (a pandas or R index: draws from its
 * range would repeat its values); from scheme 7 on, also under a name of another row's id
 * ('ReportsTo', 'manager', see namesAnotherRow), distinct or not. Identifiers get keyed
 * permutations of their digits (every file, any range, one pseudonym) instead of draws from the
 * column's range; a range the user set makes the column a measure again.
 * @example isIdentifierColumn(detectColumn('customer_id', ['17', '42'])) // true
 */
export function isIdentifierColumn(
  column: ColumnSchema,
  scheme = PSEUDONYM_SCHEME_VERSION,
): boolean {
  if (column.type !== 'number' || column.rangeSetByUser) return false;
  const layout = column.number;
  if (
    !layout ||
    !layout.integer ||
    layout.precision !== 0 ||
    layout.prefix !== '' ||
    layout.suffix !== '' ||
    layout.thousandsSeparator !== null
  ) {
    return false;
  }
  if (isIdName(column.name)) return true;
  if (scheme >= 7 && namesAnotherRow(column.name)) return true;
  if (scheme >= 11 && headerTokens(column.name).some((token) => IDENTIFIER_ACRONYMS.has(token))) {
    return true;
  }
  const numberName =
    endsWithNumberToken(column.name, scheme) || (scheme >= 6 && isRowIndex(column));
  return numberName && allDistinctValues(column);
}

/**
 * Whether a header names a column of another row's id (see RELATION_WORDS): 'ReportsTo',
 * 'reports_to', 'Manager' ('parentId' is an id name already).
 */
function namesAnotherRow(name: string): boolean {
  return RELATION_WORDS.test(headerTokens(name).join(' '));
}

/**
 * Whether a header names an identifier or a reference number (isIdName, or a name ending in
 * number/no/code/key/ref, see endsWithNumberToken): from scheme 7 on, a text column so named
 * holds codes ('ALFKI'), whatever words they spell.
 * @example isIdentifierName('CustomerID', 7) // true
 */
export function isIdentifierName(name: string, scheme: number): boolean {
  return isIdName(name) || endsWithNumberToken(name, scheme);
}

/**
 * Whether a column is named as a table's row index (see ROW_INDEX): as an identifier it names
 * no entity whose dates move together, and no value free text mentions.
 */
export function isRowIndex(column: ColumnSchema): boolean {
  return isPositionalName(column.name) || ROW_INDEX.test(column.name.trim());
}
