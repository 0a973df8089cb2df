import type { Faker } from '@faker-js/faker';
import { EngineError } from '../errors';
import type { NumericRange } from '../types';

/** What a Faker method gives: text, a number or a date. */
export type FakerOutput = string | number | Date;

/** Column facts a method may honour: a number range and precision. */
export interface FakerHints {
  range?: NumericRange;
  precision?: number;
}

type Runner = (faker: Faker, hints: FakerHints) => FakerOutput;

const DEFAULT_RANGE: NumericRange = { min: 1, max: 10_000 };

/**
 * Every method a `faker` rule may name, by its dotted name as users see it, with the Faker v10
 * call that runs it. The names the Custom Format dialog offers are kept where v10 renamed a
 * method (`internet.userName` → `internet.username`, `color.hex` → `color.rgb({ format: 'hex' })`).
 */
const CATALOGUE_RUNNERS: Record<string, Record<string, Runner>> = {
  Person: {
    'person.firstName': (f) => f.person.firstName(),
    'person.lastName': (f) => f.person.lastName(),
    'person.fullName': (f) => f.person.fullName(),
    'person.middleName': (f) => f.person.middleName(),
    'person.jobTitle': (f) => f.person.jobTitle(),
    'person.prefix': (f) => f.person.prefix(),
    'person.suffix': (f) => f.person.suffix(),
    'person.bio': (f) => f.person.bio(),
  },
  Internet: {
    'internet.email': (f) => f.internet.email({ provider: 'example.com' }),
    'internet.userName': (f) => f.internet.username(),
    'internet.password': (f) => f.internet.password(),
    'internet.url': (f) => f.internet.url(),
    'internet.domainName': (f) => f.internet.domainName(),
    'internet.ip': (f) => f.internet.ip(),
    'internet.userAgent': (f) => f.internet.userAgent(),
  },
  Location: {
    'location.city': (f) => f.location.city(),
    'location.country': (f) => f.location.country(),
    'location.state': (f) => f.location.state(),
    'location.street': (f) => f.location.street(),
    'location.streetAddress': (f) => f.location.streetAddress(),
    'location.zipCode': (f) => f.location.zipCode(),
    'location.latitude': (f) => f.location.latitude(),
    'location.longitude': (f) => f.location.longitude(),
  },
  Company: {
    'company.name': (f) => f.company.name(),
    'company.catchPhrase': (f) => f.company.catchPhrase(),
    'company.buzzPhrase': (f) => f.company.buzzPhrase(),
    'company.catchPhraseAdjective': (f) => f.company.catchPhraseAdjective(),
    'company.catchPhraseDescriptor': (f) => f.company.catchPhraseDescriptor(),
  },
  Commerce: {
    'commerce.product': (f) => f.commerce.product(),
    'commerce.productName': (f) => f.commerce.productName(),
    'commerce.productDescription': (f) => f.commerce.productDescription(),
    'commerce.department': (f) => f.commerce.department(),
    'commerce.price': (f, { range }) => f.commerce.price(range ?? {}),
    'commerce.productMaterial': (f) => f.commerce.productMaterial(),
  },
  Finance: {
    'finance.accountNumber': (f) => f.finance.accountNumber(),
    'finance.amount': (f, { range, precision }) =>
      f.finance.amount({ ...range, ...(precision === undefined ? {} : { dec: precision }) }),
    'finance.bic': (f) => f.finance.bic(),
    'finance.creditCardNumber': (f) => f.finance.creditCardNumber(),
    'finance.iban': (f) => f.finance.iban(),
    'finance.transactionType': (f) => f.finance.transactionType(),
  },
  Phone: {
    'phone.number': (f) => f.phone.number(),
    'phone.imei': (f) => f.phone.imei(),
  },
  Date: {
    'date.past': (f) => f.date.past(),
    'date.future': (f) => f.date.future(),
    'date.recent': (f) => f.date.recent(),
    'date.soon': (f) => f.date.soon(),
    'date.month': (f) => f.date.month(),
    'date.weekday': (f) => f.date.weekday(),
  },
  Lorem: {
    'lorem.word': (f) => f.lorem.word(),
    'lorem.words': (f) => f.lorem.words(),
    'lorem.sentence': (f) => f.lorem.sentence(),
    'lorem.paragraph': (f) => f.lorem.paragraph(),
    'lorem.slug': (f) => f.lorem.slug(),
  },
  Number: {
    'number.int': (f, { range }) => {
      const { min, max } = range ?? DEFAULT_RANGE;
      return f.number.int({ min: Math.ceil(min), max: Math.max(Math.ceil(min), Math.floor(max)) });
    },
    'number.float': (f, { range, precision }) =>
      f.number.float({ ...(range ?? DEFAULT_RANGE), fractionDigits: precision || 2 }),
    'number.bigInt': (f) => f.number.bigInt().toString(),
  },
  String: {
    'string.alpha': (f) => f.string.alpha(10),
    'string.alphanumeric': (f) => f.string.alphanumeric(10),
    'string.numeric': (f) => f.string.numeric(10),
    'string.uuid': (f) => f.string.uuid(),
  },
  Color: {
    'color.human': (f) => f.color.human(),
    'color.rgb': (f) => f.color.rgb(),
    'color.hex': (f) => f.color.rgb({ format: 'hex' }),
  },
};

/**
 * Methods accepted besides the catalogue: the Faker v10 spellings of renamed methods and the
 * methods detection suggests for semantics the catalogue does not list.
 */
const EXTRA_RUNNERS: Record<string, Runner> = {
  'internet.username': (f) => f.internet.username(),
  'internet.ipv4': (f) => f.internet.ipv4(),
  'internet.ipv6': (f) => f.internet.ipv6(),
  'internet.mac': (f) => f.internet.mac(),
  'location.countryCode': (f) => f.location.countryCode(),
  'location.secondaryAddress': (f) => f.location.secondaryAddress(),
  'location.county': (f) => f.location.county(),
  'finance.currencyCode': (f) => f.finance.currencyCode(),
  'finance.creditCardCVV': (f) => f.finance.creditCardCVV(),
  'person.sex': (f) => f.person.sex(),
  'person.gender': (f) => f.person.gender(),
  'date.birthdate': (f) => f.date.birthdate(),
  'commerce.isbn': (f) => f.commerce.isbn(),
};

/** The custom methods offered, by category: exactly the specification's twelve categories. */
export const FAKER_CATALOGUE: readonly { category: string; methods: readonly string[] }[] =
  Object.entries(CATALOGUE_RUNNERS).map(([category, runners]) => ({
    category,
    methods: Object.keys(runners),
  }));

const RUNNERS = new Map<string, Runner>([
  ...Object.values(CATALOGUE_RUNNERS).flatMap((runners) => Object.entries(runners)),
  ...Object.entries(EXTRA_RUNNERS),
]);

/** Levenshtein distance, case-insensitive. */
function editDistance(left: string, right: string): number {
  const a = left.toLowerCase();
  const b = right.toLowerCase();
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * Catalogue methods closest to a name: within 3 edits (case aside), with the same method part,
 * or whose method part starts with the given one ('location.zip' → location.zipCode).
 */
function nearMatches(name: string): string[] {
  const lower = name.toLowerCase();
  const methodPart = lower.split('.').pop() ?? '';
  return [...RUNNERS.keys()]
    .map((candidate) => {
      const candidateMethod = candidate.split('.').pop()?.toLowerCase() ?? '';
      const distance =
        candidateMethod === methodPart
          ? 0.5
          : methodPart.length >= 3 && candidateMethod.startsWith(methodPart)
            ? 1
            : editDistance(lower, candidate.toLowerCase());
      return { candidate, distance };
    })
    .filter(({ distance }) => distance <= 3)
    .sort((x, y) => x.distance - y.distance || x.candidate.localeCompare(y.candidate))
    .slice(0, 3)
    .map(({ candidate }) => candidate);
}

/** Whether a dotted name is a method a `faker` rule may use. */
export function isFakerMethod(name: string): boolean {
  return RUNNERS.has(name);
}

/**
 * Throws INVALID_RULE unless `name` is a catalogue method, naming the closest matches.
 * @example validateFakerMethod('person.firstname') // throws: … Did you mean person.firstName?
 */
export function validateFakerMethod(name: string): void {
  if (RUNNERS.has(name)) return;
  const matches = nearMatches(name);
  const hint = matches.length > 0 ? ` Did you mean ${matches.join(', ')}?` : '';
  const shown = name.length > 60 ? `${name.slice(0, 60)}…` : name;
  throw new EngineError(
    'INVALID_RULE',
    `Unknown Faker method "${shown}": use a dotted name from the catalogue, like person.firstName.${hint}`,
  );
}

/**
 * Runs a validated method on `faker` (already seeded), honouring the column's range.
 * @example runFakerMethod(faker, 'person.firstName') // 'Malinda'
 */
export function runFakerMethod(faker: Faker, name: string, hints: FakerHints = {}): FakerOutput {
  const runner = RUNNERS.get(name);
  if (!runner) validateFakerMethod(name);
  return (runner as Runner)(faker, hints);
}
