import type { Semantic } from '../types';

/**
 * What a column means: from its header (English names and their usual variants) and from its
 * values (UUIDs, IP addresses, IBANs with a valid checksum, Luhn-valid card numbers, URLs,
 * peptide sequences). Each semantic names the Faker method the `auto` rule uses.
 */

/** The Faker (v10) method, dotted, that the `auto` rule uses for each semantic; null: none fits. */
export const SEMANTIC_METHODS: Record<Semantic, string | null> = {
  firstName: 'person.firstName',
  middleName: 'person.middleName',
  lastName: 'person.lastName',
  fullName: 'person.fullName',
  prefix: 'person.prefix',
  suffix: 'person.suffix',
  gender: 'person.sex',
  email: 'internet.email',
  phone: 'phone.number',
  username: 'internet.username',
  password: 'internet.password',
  url: 'internet.url',
  domain: 'internet.domainName',
  ipv4: 'internet.ipv4',
  ipv6: 'internet.ipv6',
  mac: 'internet.mac',
  userAgent: 'internet.userAgent',
  streetAddress: 'location.streetAddress',
  street: 'location.street',
  city: 'location.city',
  state: 'location.state',
  country: 'location.country',
  countryCode: 'location.countryCode',
  zipCode: 'location.zipCode',
  latitude: 'location.latitude',
  longitude: 'location.longitude',
  company: 'company.name',
  jobTitle: 'person.jobTitle',
  department: 'commerce.department',
  iban: 'finance.iban',
  bic: 'finance.bic',
  creditCard: 'finance.creditCardNumber',
  accountNumber: 'finance.accountNumber',
  // No Faker method writes national ID numbers; the digit-by-digit text rule keeps their layout.
  ssn: null,
  uuid: 'string.uuid',
  // Sequences are regenerated residue by residue over the same alphabet, not by Faker.
  peptide: null,
  currencyCode: 'finance.currencyCode',
  birthDate: 'date.birthdate',
};

/**
 * Header words split into lower-case tokens: camelCase, snake_case, kebab-case, spaces and
 * punctuation all separate ('customerEmail_2' → ['customer', 'email', '2']).
 * @example headerTokens('First Name') // ['first', 'name']
 */
export function headerTokens(header: string): string[] {
  // Real headers are short; a hostile megabyte-long one must not cost more than a short one.
  return header
    .slice(0, MAX_HEADER_LENGTH)
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((token) => token.length > 0);
}

const MAX_HEADER_LENGTH = 200;

/** Whole headers (tokens joined by spaces) and what they mean. */
const EXACT: Record<string, Semantic> = {
  name: 'fullName',
  names: 'fullName',
  fname: 'firstName',
  firstname: 'firstName',
  forename: 'firstName',
  givenname: 'firstName',
  mname: 'middleName',
  middlename: 'middleName',
  lname: 'lastName',
  lastname: 'lastName',
  surname: 'lastName',
  familyname: 'lastName',
  fullname: 'fullName',
  username: 'username',
  login: 'username',
  handle: 'username',
  nickname: 'username',
  screenname: 'username',
  email: 'email',
  mail: 'email',
  emailaddress: 'email',
  phone: 'phone',
  tel: 'phone',
  telephone: 'phone',
  mobile: 'phone',
  cell: 'phone',
  fax: 'phone',
  phonenumber: 'phone',
  password: 'password',
  pwd: 'password',
  passwd: 'password',
  url: 'url',
  uri: 'url',
  website: 'url',
  homepage: 'url',
  link: 'url',
  domain: 'domain',
  hostname: 'domain',
  ip: 'ipv4',
  ipaddress: 'ipv4',
  ipv4: 'ipv4',
  ipv6: 'ipv6',
  mac: 'mac',
  useragent: 'userAgent',
  address: 'streetAddress',
  street: 'street',
  city: 'city',
  town: 'city',
  state: 'state',
  province: 'state',
  region: 'state',
  country: 'country',
  zip: 'zipCode',
  zipcode: 'zipCode',
  postcode: 'zipCode',
  postalcode: 'zipCode',
  plz: 'zipCode',
  lat: 'latitude',
  latitude: 'latitude',
  lng: 'longitude',
  lon: 'longitude',
  long: 'longitude',
  longitude: 'longitude',
  company: 'company',
  employer: 'company',
  organization: 'company',
  organisation: 'company',
  jobtitle: 'jobTitle',
  occupation: 'jobTitle',
  position: 'jobTitle',
  profession: 'jobTitle',
  department: 'department',
  dept: 'department',
  iban: 'iban',
  bic: 'bic',
  swift: 'bic',
  creditcard: 'creditCard',
  ssn: 'ssn',
  sin: 'ssn',
  nino: 'ssn',
  uuid: 'uuid',
  guid: 'uuid',
  gender: 'gender',
  sex: 'gender',
  salutation: 'prefix',
  honorific: 'prefix',
  dob: 'birthDate',
  birthday: 'birthDate',
  birthdate: 'birthDate',
  currency: 'currencyCode',
  peptide: 'peptide',
  sequence: 'peptide',
};

/**
 * Phrases a header may end with ('billing_city', 'customer email'), longest tried first. A
 * qualifier list limits which words may come before: 'name' alone is a person's name only after
 * words that mean a person ('customer name'), never 'file name' or 'product name'.
 */
interface Phrase {
  semantic: Semantic;
  /** Words allowed before the phrase; any word when absent. */
  qualifiers?: ReadonlySet<string>;
}

const PERSON_QUALIFIERS = new Set([
  'full',
  'person',
  'customer',
  'client',
  'contact',
  'employee',
  'emp',
  'patient',
  'member',
  'student',
  'teacher',
  'author',
  'owner',
  'manager',
  'buyer',
  'seller',
  'recipient',
  'sender',
  'driver',
  'passenger',
  'guest',
  'applicant',
  'candidate',
  'holder',
  'cardholder',
  'account',
  'beneficiary',
  'doctor',
  'physician',
  'nurse',
  'parent',
  'child',
  'spouse',
  'father',
  'mother',
  'legal',
  'display',
  'real',
  'my',
  'your',
  'his',
  'her',
  'the',
  'primary',
  'billing',
  'shipping',
  'emergency',
]);

const ADDRESS_QUALIFIERS = new Set([
  'billing',
  'shipping',
  'mailing',
  'home',
  'work',
  'office',
  'residence',
  'residential',
  'postal',
  'delivery',
  'customer',
  'client',
  'contact',
  'employee',
  'patient',
  'current',
  'permanent',
  'primary',
  'secondary',
  'birth',
  'business',
  'company',
  'origin',
  'destination',
  'us',
]);

const SUFFIX_PHRASES: Record<string, Phrase> = {
  'first name': { semantic: 'firstName' },
  'given name': { semantic: 'firstName' },
  'middle name': { semantic: 'middleName' },
  'last name': { semantic: 'lastName' },
  'family name': { semantic: 'lastName' },
  surname: { semantic: 'lastName' },
  'full name': { semantic: 'fullName' },
  name: { semantic: 'fullName', qualifiers: PERSON_QUALIFIERS },
  firstname: { semantic: 'firstName' },
  lastname: { semantic: 'lastName' },
  fname: { semantic: 'firstName' },
  lname: { semantic: 'lastName' },
  'user name': { semantic: 'username' },
  username: { semantic: 'username' },
  'login name': { semantic: 'username' },
  'screen name': { semantic: 'username' },
  'company name': { semantic: 'company' },
  'business name': { semantic: 'company' },
  'organization name': { semantic: 'company' },
  'organisation name': { semantic: 'company' },
  'employer name': { semantic: 'company' },
  'firm name': { semantic: 'company' },
  company: { semantic: 'company' },
  employer: { semantic: 'company' },
  'city name': { semantic: 'city' },
  'country name': { semantic: 'country' },
  'street name': { semantic: 'street' },
  'state name': { semantic: 'state' },
  'job title': { semantic: 'jobTitle' },
  'job name': { semantic: 'jobTitle' },
  'job role': { semantic: 'jobTitle' },
  occupation: { semantic: 'jobTitle' },
  'e mail': { semantic: 'email' },
  email: { semantic: 'email' },
  'email address': { semantic: 'email' },
  'e mail address': { semantic: 'email' },
  mail: { semantic: 'email' },
  phone: { semantic: 'phone' },
  'phone number': { semantic: 'phone' },
  'phone no': { semantic: 'phone' },
  'telephone number': { semantic: 'phone' },
  telephone: { semantic: 'phone' },
  mobile: { semantic: 'phone' },
  'mobile number': { semantic: 'phone' },
  'cell phone': { semantic: 'phone' },
  tel: { semantic: 'phone' },
  fax: { semantic: 'phone' },
  password: { semantic: 'password' },
  'password hash': { semantic: 'password' },
  url: { semantic: 'url' },
  website: { semantic: 'url' },
  'web site': { semantic: 'url' },
  'home page': { semantic: 'url' },
  homepage: { semantic: 'url' },
  'profile url': { semantic: 'url' },
  domain: { semantic: 'domain' },
  'domain name': { semantic: 'domain' },
  ip: { semantic: 'ipv4' },
  'ip address': { semantic: 'ipv4' },
  'ip addr': { semantic: 'ipv4' },
  ipv4: { semantic: 'ipv4' },
  'ipv4 address': { semantic: 'ipv4' },
  ipv6: { semantic: 'ipv6' },
  'ipv6 address': { semantic: 'ipv6' },
  'mac address': { semantic: 'mac' },
  'user agent': { semantic: 'userAgent' },
  address: { semantic: 'streetAddress', qualifiers: ADDRESS_QUALIFIERS },
  'street address': { semantic: 'streetAddress' },
  'address line': { semantic: 'streetAddress' },
  'address line 1': { semantic: 'streetAddress' },
  'address 1': { semantic: 'streetAddress' },
  address1: { semantic: 'streetAddress' },
  street: { semantic: 'street', qualifiers: ADDRESS_QUALIFIERS },
  city: { semantic: 'city' },
  town: { semantic: 'city', qualifiers: ADDRESS_QUALIFIERS },
  state: { semantic: 'state', qualifiers: ADDRESS_QUALIFIERS },
  province: { semantic: 'state', qualifiers: ADDRESS_QUALIFIERS },
  'state province': { semantic: 'state' },
  'state code': { semantic: 'state' },
  country: { semantic: 'country' },
  'country code': { semantic: 'countryCode' },
  'country iso': { semantic: 'countryCode' },
  'iso country': { semantic: 'countryCode' },
  zip: { semantic: 'zipCode' },
  'zip code': { semantic: 'zipCode' },
  zipcode: { semantic: 'zipCode' },
  'postal code': { semantic: 'zipCode' },
  postcode: { semantic: 'zipCode' },
  'post code': { semantic: 'zipCode' },
  latitude: { semantic: 'latitude' },
  longitude: { semantic: 'longitude' },
  department: { semantic: 'department' },
  iban: { semantic: 'iban' },
  'iban number': { semantic: 'iban' },
  bic: { semantic: 'bic' },
  'swift code': { semantic: 'bic' },
  'bic code': { semantic: 'bic' },
  'credit card': { semantic: 'creditCard' },
  'credit card number': { semantic: 'creditCard' },
  'card number': { semantic: 'creditCard' },
  'card no': { semantic: 'creditCard' },
  'cc number': { semantic: 'creditCard' },
  pan: { semantic: 'creditCard' },
  'account number': { semantic: 'accountNumber' },
  'account no': { semantic: 'accountNumber' },
  'bank account': { semantic: 'accountNumber' },
  ssn: { semantic: 'ssn' },
  'social security': { semantic: 'ssn' },
  'social security number': { semantic: 'ssn' },
  'social security no': { semantic: 'ssn' },
  'national id': { semantic: 'ssn' },
  'tax id': { semantic: 'ssn' },
  uuid: { semantic: 'uuid' },
  guid: { semantic: 'uuid' },
  gender: { semantic: 'gender' },
  'name prefix': { semantic: 'prefix' },
  'name suffix': { semantic: 'suffix' },
  'date of birth': { semantic: 'birthDate' },
  'birth date': { semantic: 'birthDate' },
  dob: { semantic: 'birthDate' },
  birthday: { semantic: 'birthDate' },
  'currency code': { semantic: 'currencyCode' },
  'peptide sequence': { semantic: 'peptide' },
  'protein sequence': { semantic: 'peptide' },
  'amino acid sequence': { semantic: 'peptide' },
  'aa sequence': { semantic: 'peptide' },
  'aa seq': { semantic: 'peptide' },
  peptide: { semantic: 'peptide' },
  'peptide seq': { semantic: 'peptide' },
};

/**
 * The semantic a header names, or null. Whole-header names first ('fname', 'username'), then
 * the phrase it ends with ('billing_city' → city, 'company_name' → company); 'name' after a
 * word that is not a person ('file_name', 'product_name') means nothing here.
 * @example semanticFromHeader('Customer Email') // 'email'
 */
export function semanticFromHeader(header: string): Semantic | null {
  const tokens = headerTokens(header);
  while (tokens.length > 1 && /^\d+$/.test(tokens[tokens.length - 1] as string)) tokens.pop();
  if (tokens.length === 0) return null;
  const found = semanticFromTokens(tokens);
  if (found) return found;
  // 'email2', 'phone_1b': a numbered copy of a known column.
  const last = tokens[tokens.length - 1] as string;
  const unnumbered = last.replace(/\d+[a-z]?$/, '');
  if (unnumbered && unnumbered !== last)
    return semanticFromTokens([...tokens.slice(0, -1), unnumbered]);
  return null;
}

/** Own keys only: a column named "constructor" must not find Object.prototype.constructor. */
function lookUp<T>(table: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

function semanticFromTokens(tokens: string[]): Semantic | null {
  const exact = lookUp(EXACT, tokens.join(''));
  if (exact && tokens.length <= 2) return exact;
  for (let take = Math.min(tokens.length, 4); take >= 1; take--) {
    const phrase = lookUp(SUFFIX_PHRASES, tokens.slice(-take).join(' '));
    if (!phrase) continue;
    const before = tokens.slice(0, -take);
    if (phrase.qualifiers && !before.every((token) => phrase.qualifiers?.has(token))) continue;
    return phrase.semantic;
  }
  return null;
}

/** Whether a header reads like a yes/no flag ('is_active', 'hasChildren', 'enabled'). */
export function isFlagHeader(header: string): boolean {
  const tokens = headerTokens(header);
  const first = tokens[0];
  if (first === undefined) return false;
  if (['is', 'has', 'can', 'should', 'was', 'did', 'does', 'allow', 'use'].includes(first)) {
    return tokens.length > 1;
  }
  return tokens.some((token) => FLAG_WORDS.has(token));
}

const FLAG_WORDS = new Set([
  'active',
  'enabled',
  'disabled',
  'flag',
  'deleted',
  'verified',
  'confirmed',
  'approved',
  'subscribed',
  'unsubscribed',
  'opted',
  'optin',
  'consent',
  'archived',
  'visible',
  'hidden',
  'locked',
  'valid',
  'paid',
  'completed',
  'done',
  'bool',
  'boolean',
  'smoker',
  'vip',
  'churned',
  'married',
  'admin',
]);

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Host, then an optional path/query/fragment: no two parts can match the same characters, so
// a long hostile value cannot make the regex backtrack.
const URL_RE = /^(?:(?:https?|ftp):\/\/|www\.)([^\s/?#]+)(?:[/?#]\S*)?$/i;
const HOST_TLD_RE = /\.[a-z]{2,}$/i;
const MAX_URL_LENGTH = 4096;
const MAC_RE = /^[0-9a-f]{2}([:-])(?:[0-9a-f]{2}\1){4}[0-9a-f]{2}$/i;
const AMINO_ACIDS = /^[ACDEFGHIKLMNPQRSTVWY]+$/;

/**
 * Whether text is a UUID (any version), e.g. '123e4567-e89b-12d3-a456-426614174000', or one in
 * the braces Windows writes GUIDs in ('{123E4567-…}').
 */
export function isUuid(text: string): boolean {
  if (text.length === 38 && text[0] === '{' && text[37] === '}') {
    return UUID_RE.test(text.slice(1, 37));
  }
  return text.length === 36 && UUID_RE.test(text);
}

/** Whether text is a dotted IPv4 address with each part 0-255 and no leading zeros. */
export function isIpv4(text: string): boolean {
  const parts = text.split('.');
  if (parts.length !== 4) return false;
  for (const part of parts) {
    if (part.length === 0 || part.length > 3 || !/^\d+$/.test(part)) return false;
    if (part.length > 1 && part[0] === '0') return false;
    if (Number(part) > 255) return false;
  }
  return true;
}

/** Whether text is an IPv6 address (full, '::'-compressed, or ending in an IPv4 address). */
export function isIpv6(text: string): boolean {
  if (text.length < 2 || text.length > 45 || !text.includes(':')) return false;
  const halves = text.split('::');
  if (halves.length > 2) return false;
  const groups: string[] = [];
  for (const half of halves) if (half) groups.push(...half.split(':'));
  let count = groups.length;
  const last = groups[groups.length - 1];
  if (last?.includes('.')) {
    if (!isIpv4(last)) return false;
    groups.pop();
    count++;
  }
  for (const group of groups) if (!/^[0-9a-f]{1,4}$/i.test(group)) return false;
  return halves.length === 2 ? count < 8 : count === 8;
}

/** Whether text is a MAC address ('00:1A:2B:3C:4D:5E' or with dashes). */
export function isMac(text: string): boolean {
  return text.length === 17 && MAC_RE.test(text);
}

/** Whether text is a web address ('https://…', 'www.example.com/…'). */
export function isUrl(text: string): boolean {
  if (text.length > MAX_URL_LENGTH) return false;
  const match = URL_RE.exec(text);
  if (!match) return false;
  // 'www.' addresses need a real domain ('www.example.com'); scheme URLs may name any host.
  return !/^www\./i.test(text) || HOST_TLD_RE.test(match[1] ?? '');
}

/**
 * Whether text is an IBAN (print form with spaces allowed, any letter case) with a valid
 * ISO 7064 mod-97 check.
 * @example isIban('GB82 WEST 1234 5698 7654 32') // true
 */
export function isIban(text: string): boolean {
  if (text.length > 42) return false;
  const compact = text.replace(/ /g, '').toUpperCase();
  if (compact.length < 15 || compact.length > 34) return false;
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(compact)) return false;
  const rearranged = compact.slice(4) + compact.slice(0, 4);
  let remainder = 0;
  for (let i = 0; i < rearranged.length; i++) {
    const code = rearranged.charCodeAt(i);
    const digits = code >= 65 ? String(code - 55) : String(code - 48);
    for (let d = 0; d < digits.length; d++) {
      remainder = (remainder * 10 + digits.charCodeAt(d) - 48) % 97;
    }
  }
  return remainder === 1;
}

/**
 * Whether text is a payment card number: 13-19 digits (spaces or dashes between groups
 * allowed) passing the Luhn check.
 * @example isCardNumber('4111 1111 1111 1111') // true
 */
export function isCardNumber(text: string): boolean {
  let sum = 0;
  let digits = 0;
  for (let i = text.length - 1; i >= 0; i--) {
    const code = text.charCodeAt(i);
    if (code === 32 || code === 45) {
      if (i === 0 || i === text.length - 1) return false;
      continue;
    }
    if (code < 48 || code > 57) return false;
    let digit = code - 48;
    if (digits % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
    digits++;
  }
  return digits >= 13 && digits <= 19 && sum % 10 === 0;
}

/**
 * Whether a digit string is a card number by itself: Luhn-valid with the issuer prefix its
 * length belongs to (15 digits: American Express 34/37; 14: Diners Club 30-38; 13: Visa 4).
 * Integer ids of those lengths pass the Luhn check one time in ten, but rarely all of them with
 * a card prefix.
 * @example isCardDigits('378282246310005') // true
 */
export function isCardDigits(text: string): boolean {
  if (!/^\d+$/.test(text) || !isCardNumber(text)) return false;
  switch (text.length) {
    case 15:
      return text.startsWith('34') || text.startsWith('37');
    case 14:
      return /^3[0689]/.test(text);
    case 13:
      return text.startsWith('4');
    default:
      return text.length >= 16 && text.length <= 19;
  }
}

/** Whether text is written only with the 20 standard amino-acid letters (upper case). */
export function isAminoAcidText(text: string): boolean {
  return AMINO_ACIDS.test(text);
}

interface ValueSemanticTest {
  semantic: Semantic;
  test: (text: string) => boolean;
}

const VALUE_TESTS: ValueSemanticTest[] = [
  { semantic: 'uuid', test: isUuid },
  { semantic: 'ipv4', test: isIpv4 },
  { semantic: 'ipv6', test: isIpv6 },
  { semantic: 'mac', test: isMac },
  { semantic: 'iban', test: isIban },
  { semantic: 'creditCard', test: isCardNumber },
  { semantic: 'url', test: isUrl },
  { semantic: 'ssn', test: isSsnText },
  { semantic: 'zipCode', test: isZipPlusFour },
];

const SSN_RE = /^\d{3}-\d{2}-\d{4}$/;
const ZIP_PLUS_FOUR_RE = /^\d{5}-\d{4}$/;

/** Whether text is written like a US social security number ('123-45-6789'). */
export function isSsnText(text: string): boolean {
  return text.length === 11 && SSN_RE.test(text);
}

/** Whether text is a US ZIP+4 code ('02134-1234'). */
export function isZipPlusFour(text: string): boolean {
  return text.length === 10 && ZIP_PLUS_FOUR_RE.test(text);
}

/** Share of values that must fit a value test for the column to take its meaning. */
const VALUE_SHARE = 0.98;

/**
 * The semantic a column's values show, or null: UUIDs, IPv4/IPv6, MAC addresses, IBANs with a
 * valid checksum, Luhn-valid card numbers, URLs, or peptide sequences. `header` lowers the bar
 * for peptides (a 'sequence' column of short peptides).
 * @example semanticFromValues(['192.168.0.1', '10.0.0.7']) // 'ipv4'
 */
export function semanticFromValues(values: readonly string[], header = ''): Semantic | null {
  if (values.length === 0) return null;
  const needed = Math.ceil(values.length * VALUE_SHARE);
  for (const { semantic, test } of VALUE_TESTS) {
    if (!test(values[0] as string) && !test(values[values.length - 1] as string)) continue;
    let fits = 0;
    for (const value of values) if (test(value)) fits++;
    if (fits >= needed) return semantic;
  }
  return looksLikePeptides(values, semanticFromHeader(header) === 'peptide') ? 'peptide' : null;
}

/**
 * Peptide sequences: upper-case strings over the 20 amino-acid letters. Upper-case words can
 * use only those letters too ('MARKETING'), so without a telling header the values must be
 * long, varied and poor in vowels the way protein sequences are and English words are not.
 */
function looksLikePeptides(values: readonly string[], headerSaysSo: boolean): boolean {
  let fits = 0;
  let letters = 0;
  let vowels = 0;
  const alphabet = new Set<string>();
  for (const value of values) {
    if (!isAminoAcidText(value)) continue;
    fits++;
    letters += value.length;
    for (const char of value) {
      if (char === 'A' || char === 'E' || char === 'I' || char === 'Y') vowels++;
      alphabet.add(char);
    }
  }
  if (fits < Math.ceil(values.length * VALUE_SHARE)) return false;
  if (headerSaysSo) return true;
  return letters / fits >= 8 && vowels / letters < 0.3 && alphabet.size >= 12;
}
