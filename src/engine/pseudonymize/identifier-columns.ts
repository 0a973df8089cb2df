import type { ColumnSchema } from '../types';

/** Last words of a header that name a reference number ('Order No', 'invoiceNumber', 'ref'). */
const NUMBER_TOKENS = new Set(['number', 'no', 'nr', 'num', 'code', 'key', 'ref']);

/**
 * An identifier column's name: `id`, `customer_id`, `customerId`, `Customer ID`, `OrderID`.
 * @example isIdName('customerId') // true; isIdName('paid') // false
 */
export function isIdName(name: string): boolean {
  const text = name.trim();
  // 'paid', 'valid' and 'PAID' are no identifiers.
  return /^id$/i.test(text) || /(?:[^a-zA-Z0-9](?:id|ID|Id)|[a-z0-9](?:ID|Id))$/.test(text);
}

/** Whether a header's last word names a number: 'order_no', 'Invoice Nr', 'accountNumber'. */
function endsWithNumberToken(name: string): boolean {
  // Words split at separators and at camel-case humps ('orderNo' → order, No).
  const words = name
    .trim()
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== '');
  const last = words.at(-1)?.toLowerCase();
  return last !== undefined && NUMBER_TOKENS.has(last);
}

/** Whether every value of a column is distinct (near enough when the count is an estimate). */
function allDistinct(column: ColumnSchema): boolean {
  if (column.nonEmptyCount === 0) return false;
  const needed = column.distinctApproximate ? 0.999 * column.nonEmptyCount : column.nonEmptyCount;
  return column.distinctCount >= needed;
}

/**
 * Whether a number column holds integer identifiers rather than a measure: plain integers (no
 * prefix, suffix, grouping or decimals) under an id-like name (isIdName), or under a name ending
 * in number/no/nr/num/code/key/ref when every value is distinct. Identifiers get keyed
 * permutations of their digits (every file, any range, one pseudonym) instead of draws from the
 * column's range; a range the user set makes the column a measure again.
 * @example isIdentifierColumn(detectColumn('customer_id', ['17', '42'])) // true
 */
export function isIdentifierColumn(column: ColumnSchema): boolean {
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
  return isIdName(column.name) || (endsWithNumberToken(column.name) && allDistinct(column));
}
