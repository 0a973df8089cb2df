import { describeDatePattern } from '../formats/dates';
import { formatNumberText } from '../formats/numbers';
import type { ColumnSchema, Semantic } from '../types';

/** Plural labels for a column of each meaning, as the schema card says them. */
const SEMANTIC_LABELS: Record<Semantic, string> = {
  firstName: 'First names',
  middleName: 'Middle names',
  lastName: 'Last names',
  fullName: 'Full names',
  prefix: 'Name prefixes',
  suffix: 'Name suffixes',
  gender: 'Genders',
  email: 'Email addresses',
  phone: 'Phone numbers',
  username: 'Usernames',
  password: 'Passwords',
  url: 'URLs',
  domain: 'Domain names',
  ipv4: 'IPv4 addresses',
  ipv6: 'IPv6 addresses',
  mac: 'MAC addresses',
  userAgent: 'User agents',
  streetAddress: 'Street addresses',
  street: 'Street names',
  city: 'Cities',
  state: 'States',
  country: 'Countries',
  countryCode: 'Country codes',
  zipCode: 'Postal codes',
  latitude: 'Latitudes',
  longitude: 'Longitudes',
  company: 'Company names',
  jobTitle: 'Job titles',
  department: 'Departments',
  iban: 'IBANs',
  bic: 'BIC/SWIFT codes',
  creditCard: 'Card numbers',
  accountNumber: 'Account numbers',
  ssn: 'National ID numbers',
  uuid: 'UUIDs',
  peptide: 'Peptide sequences',
  currencyCode: 'Currency codes',
  birthDate: 'Birth dates',
};

const COUNT_FORMAT = new Intl.NumberFormat('en-US');

function countText(count: number): string {
  return COUNT_FORMAT.format(count);
}

function distinctText(schema: ColumnSchema): string {
  const approximate = schema.distinctApproximate ? '~' : '';
  const count = schema.distinctCount;
  return `${approximate}${countText(count)} distinct value${count === 1 ? '' : 's'}`;
}

function digitsText(min: number, max: number): string {
  return min === max ? `${min} digits` : `${min} to ${max} digits`;
}

/**
 * One plain line for a column's schema card. `valueScale` is how many times larger numbers show
 * than they are: 100 for spreadsheet cells under a percent format (0.125 shows as 12.50%).
 * @example describeColumn(schema) // 'Email addresses · 1,204 distinct values'
 */
export function describeColumn(schema: ColumnSchema, valueScale = 1): string {
  let line: string;
  const example = (schema.examples[0] ?? '').trim();
  switch (schema.type) {
    case 'blank':
      return 'Empty column';
    case 'boolean':
      line = `Yes/no values written ${schema.boolean?.trueText ?? 'true'}/${schema.boolean?.falseText ?? 'false'}`;
      break;
    case 'date':
    case 'datetime': {
      const kind =
        schema.semantic === 'birthDate'
          ? 'Birth dates'
          : schema.type === 'date'
            ? 'Dates'
            : 'Date-times';
      const zone = schema.timeZone ? `, time zone ${schema.timeZone}` : '';
      line = `${kind} like ${example} (${describeDatePattern(schema.format ?? '')}${zone})`;
      break;
    }
    case 'number':
      line = describeNumbers(schema, valueScale);
      break;
    case 'email':
    case 'phone':
      line = `${SEMANTIC_LABELS[schema.type]} · ${distinctText(schema)}`;
      break;
    case 'string': {
      let label = schema.semantic ? SEMANTIC_LABELS[schema.semantic] : 'Text';
      if (schema.code) {
        const zeros = schema.code.leadingZeros ? ', leading zeros kept' : '';
        label = `${schema.semantic ? label : 'Codes'} of ${digitsText(schema.code.minLength, schema.code.maxLength)}${zeros}`;
      }
      line = `${label} · ${distinctText(schema)}`;
      break;
    }
  }
  return line + invalidText(schema);
}

function invalidText(schema: ColumnSchema): string {
  const count = schema.invalidCount;
  return count > 0 ? ` · ${countText(count)} value${count === 1 ? '' : 's'} of another kind` : '';
}

/**
 * The card line of spreadsheet duration cells, shown through their number format.
 * @example describeDurations(schema, '[h]:mm:ss') // 'Durations like 36:00:00 ([h]:mm:ss) · 3 distinct values'
 */
export function describeDurations(schema: ColumnSchema, numberFormat: string): string {
  const example = (schema.examples[0] ?? '').trim();
  return `Durations like ${example} (${numberFormat}) · ${distinctText(schema)}${invalidText(schema)}`;
}

function describeNumbers(schema: ColumnSchema, valueScale: number): string {
  const stored = schema.number;
  if (!stored) return 'Numbers';
  const shownDigits = Math.round(Math.log10(valueScale));
  const layout = { ...stored, precision: Math.max(0, stored.precision - shownDigits) };
  const precision = layout.precision;
  let kind: string;
  const unit = (layout.prefix + layout.suffix).trim();
  if (unit.includes('%')) kind = 'Percentages';
  else if (unit) kind = `Amounts in ${unit}`;
  else if (layout.integer) kind = 'Whole numbers';
  else kind = 'Decimal numbers';
  if (!layout.integer && precision > 0) {
    kind += ` with ${precision} decimal${precision === 1 ? '' : 's'}`;
  }
  if (!schema.range) return kind;
  const min = schema.range.min * valueScale;
  const max = schema.range.max * valueScale;
  if (min === max) return `${kind}, all ${formatNumberText(min, layout)}`;
  return `${kind} from ${formatNumberText(min, layout)} to ${formatNumberText(max, layout)}`;
}
