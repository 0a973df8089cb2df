import type { Semantic } from '../../types';
import type { FakeSource } from '../keyed-faker';
import { agreeingTitle, namesASex, titleOfSex, type Sex } from '../row-gender';
import { splitFullName, titledParts } from '../../text/person-names';
import { fakeCardNumber } from './card-number';
import { fakeEmail } from './email';
import { emailOfNames, type NamePseudonym } from './email-of-names';
import { fakeIban } from './iban';
import { inCaseOf } from './letter-case';
import { fakePeptide } from './peptide';
import { fakePhone } from './phone';
import { streetAddressLike } from './street-address';
import { replaceWords } from './text';
import { URL_PIECE_DELIMITERS, urlParts } from '../../text/url-parts';
import { fakeUuid, isUuid } from './uuid';

/** Makes a pseudonym for text of a semantic; null when the text does not fit (string rules apply). */
export type SemanticGenerator = (
  text: string,
  source: FakeSource,
  attempt: number,
) => string | null;

function fractionDigits(text: string): number {
  const point = text.search(/[.,]/);
  return point < 0 ? 0 : text.length - point - 1;
}

const digitCount = (text: string): number => text.replace(/\D/g, '').length;
const isPlainDecimal = (text: string): boolean => /^-?\d+(?:\.\d+)?$/.test(text);

/**
 * The texts a semantic's generator takes, for the semantics whose generator takes only some;
 * the others are left to the string rules (a UUID column's 'n/a-17' is a code, not a UUID).
 */
const SEMANTIC_SHAPES: Partial<Record<Semantic, (text: string) => boolean>> = {
  email: (text) => text.includes('@'),
  phone: (text) => digitCount(text) >= 3,
  latitude: isPlainDecimal,
  longitude: isPlainDecimal,
  iban: (text) => /^[A-Za-z]{2}\d{2}/.test(text),
  creditCard: (text) => digitCount(text) >= 12,
  uuid: isUuid,
  peptide: (text) => /^[A-Za-z*-]+$/.test(text),
};

/**
 * Whether the auto rule's generator for a semantic makes the pseudonym of `text` (else the
 * string rules do).
 * @example semanticGeneratorTakes('uuid', 'n/a-17') // false
 */
export function semanticGeneratorTakes(semantic: Semantic, text: string): boolean {
  if (!SEMANTIC_GENERATORS[semantic]) return false;
  return SEMANTIC_SHAPES[semantic]?.(text) ?? true;
}

/** The generator for texts of its shape (see SEMANTIC_SHAPES), null for the others. */
function forShape(semantic: Semantic, generate: SemanticGenerator): SemanticGenerator {
  const shape = SEMANTIC_SHAPES[semantic]!;
  return (text, source, attempt) => (shape(text) ? generate(text, source, attempt) : null);
}

/**
 * The auto rule's generator per semantic. Semantics whose values have a format of their own
 * (zip codes, SSNs, account numbers, birth dates as text) are left to the string rules, which
 * keep every character's class; the rest draw from the semantic's Faker method.
 */
export const SEMANTIC_GENERATORS: Partial<Record<Semantic, SemanticGenerator>> = {
  firstName: (text, { faker }) => inCaseOf(text, faker.person.firstName()),
  middleName: (text, { faker }) => inCaseOf(text, faker.person.middleName()),
  lastName: (text, { faker }) => inCaseOf(text, faker.person.lastName()),
  fullName: (text, { faker }) => {
    // 'Doe, Jane' stays last-name-first.
    const [first, last] = [faker.person.firstName(), faker.person.lastName()];
    return inCaseOf(text, text.includes(',') ? `${last}, ${first}` : `${first} ${last}`);
  },
  prefix: (text, { faker }) => inCaseOf(text, faker.person.prefix()),
  suffix: (text, { faker }) => inCaseOf(text, faker.person.suffix()),
  gender: (text, { faker }) => {
    const sex = faker.person.sex();
    return inCaseOf(text, text.length === 1 ? sex[0]! : sex);
  },
  email: forShape('email', (text, { random }, attempt) => fakeEmail(text, random, attempt)),
  phone: forShape('phone', (text, { random }) => fakePhone(text, random)),
  username: (_text, { faker }) => faker.internet.username(),
  password: (text, { faker }) => faker.internet.password({ length: Math.max(text.length, 4) }),
  url: (text, { faker }) =>
    faker.internet.url({
      protocol: text.startsWith('http://') ? 'http' : 'https',
      appendSlash: text.endsWith('/'),
    }),
  domain: (_text, { faker }) => faker.internet.domainName(),
  ipv4: (text, { faker }) => (text.includes(':') ? faker.internet.ipv6() : faker.internet.ipv4()),
  ipv6: (text, { faker }) => (text.includes(':') ? faker.internet.ipv6() : faker.internet.ipv4()),
  mac: (text, { faker }) => {
    const separator = /[:-]/.exec(text)?.[0] ?? '';
    return inCaseOf(text, faker.internet.mac({ separator }));
  },
  userAgent: (_text, { faker }) => faker.internet.userAgent(),
  streetAddress: (text, { faker }) => inCaseOf(text, faker.location.streetAddress()),
  street: (text, { faker }) => inCaseOf(text, faker.location.street()),
  city: (text, { faker }) => inCaseOf(text, faker.location.city()),
  state: (text, { faker }) =>
    text.length <= 3
      ? inCaseOf(text, faker.location.state({ abbreviated: true }))
      : inCaseOf(text, faker.location.state()),
  country: (text, { faker }) => inCaseOf(text, faker.location.country()),
  countryCode: (text, { faker }) =>
    inCaseOf(text, faker.location.countryCode(text.length === 3 ? 'alpha-3' : 'alpha-2')),
  latitude: forShape('latitude', (text, { faker }) =>
    faker.location.latitude().toFixed(fractionDigits(text)),
  ),
  longitude: forShape('longitude', (text, { faker }) =>
    faker.location.longitude().toFixed(fractionDigits(text)),
  ),
  company: (text, { faker }) => inCaseOf(text, faker.company.name()),
  jobTitle: (text, { faker }) => inCaseOf(text, faker.person.jobTitle()),
  department: (text, { faker }) => inCaseOf(text, faker.commerce.department()),
  iban: forShape('iban', (text, { faker }) => fakeIban(text, faker)),
  bic: (text, { faker }) =>
    inCaseOf(text, faker.finance.bic({ includeBranchCode: text.length > 8 })),
  creditCard: forShape('creditCard', (text, { random }) => fakeCardNumber(text, random)),
  uuid: forShape('uuid', (text, { random }) => fakeUuid(text, random)),
  peptide: forShape('peptide', (text, { random }) => fakePeptide(text, random)),
  currencyCode: (text, { faker }) => inCaseOf(text, faker.finance.currencyCode()),
};

/**
 * An abbreviation in a column of country names ('UK', 'USA' among 'Germany', 'Mexico'): from
 * scheme 7 on a code of its length, where it got a country name in capitals ('UK' → 'GEORGIA').
 */
const COUNTRY_ABBREVIATION = /^[A-Z]{2,3}$/;

/** Scheme 7's country generator: codes for abbreviations, country names for the rest. */
const countryOrCode: SemanticGenerator = (text, source, attempt) =>
  COUNTRY_ABBREVIATION.test(text.trim())
    ? SEMANTIC_GENERATORS.countryCode!(text.trim(), source, attempt)
    : SEMANTIC_GENERATORS.country!(text, source, attempt);

/**
 * The auto rule's generator for a semantic under a pseudonym scheme (see SEMANTIC_GENERATORS).
 * @example semanticGenerator('country', 7)!('UK', source, 0) // e.g. 'FR'
 */
export function semanticGenerator(
  semantic: Semantic,
  scheme: number,
): SemanticGenerator | undefined {
  if (scheme >= 7 && semantic === 'country') return countryOrCode;
  if (scheme >= 9 && semantic === 'email') return emailOfNamesOrDrawn;
  if (scheme >= 9 && semantic === 'gender') return sexOrOtherGender;
  if (scheme >= 9 && semantic === 'middleName') return middleNameOrInitial;
  if (scheme >= 9 && semantic === 'fullName') return fullNameWithTitles;
  if (scheme >= 9 && semantic === 'streetAddress') return streetAddressInLayout;
  if (scheme >= 11 && semantic === 'phone') return phoneOfLineKind;
  if (scheme >= 10 && semantic === 'phone') return phoneWithExchange;
  if (scheme >= 10 && semantic === 'url') return urlInLayout;
  if (scheme >= 11 && semantic === 'prefix') return titleInItsWords;
  if (scheme >= 10 && (semantic === 'ipv4' || semantic === 'ipv6')) return ipInLayout;
  return SEMANTIC_GENERATORS[semantic];
}

/** A web file's name and its common extension. */
const FILE_EXTENSION =
  /^(.+?)(\.(?:html?|php|aspx?|jsp|pdf|png|jpe?g|gif|svg|webp|ico|json|xml|csv|txt|zip|gz|js|css|mp[34]|docx?|xlsx?))?$/i;

/**
 * From scheme 10 on, a URL keeps its layout: its scheme, 'www.', port, and a path, query and
 * fragment whose words are replaced as the string rules replace them (digits drawn, punctuation
 * kept) and whose query keys and file extensions stay ('?ref=home' → '?ref=lamp', '.html'),
 * under a drawn host, where it was Faker's bare URL ('https://shop.example.com/checkout?ref=home'
 * → 'https://elementary-translation.name').
 */
const urlInLayout: SemanticGenerator = (text, { faker, random }) => {
  const parts = urlParts(text);
  if (!parts || parts.scheme === '') return SEMANTIC_GENERATORS.url!(text, { faker, random }, 0);
  const host = faker.internet.domainName();
  const pieces = parts.rest.split(URL_PIECE_DELIMITERS);
  const written = pieces.map((piece, index) => {
    if (piece === '' || URL_PIECE_DELIMITERS.test(piece)) return piece;
    // A query key: the piece before '=' after '?' or '&'.
    const isKey = pieces[index + 1] === '=' && /^[?&]$/.test(pieces[index - 1] ?? '');
    if (isKey) return piece;
    // A file's extension ('.html', '.pdf') says what it is, not whose ('john.doe' has none).
    const [, name = piece, extension = ''] = FILE_EXTENSION.exec(piece) ?? [];
    return replaceWords(name, random, 10) + extension;
  });
  const www = parts.www ? 'www.' : '';
  return `${parts.scheme}${www}${host}${parts.port}${written.join('')}`;
};

/** An IPv4 address's four numbers. */
const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
/** An IPv6 address's groups, '::' as an empty one (no IPv4 tail). */
const IPV6 = /^[0-9A-Fa-f]{0,4}(?::[0-9A-Fa-f]{0,4}){2,7}$/;

/**
 * Blocks an IPv4 address keeps, as first number and the range of its second: private
 * networks, loopback and link-local (a LAN address stays a LAN address).
 */
const KEPT_IPV4_BLOCKS: readonly (readonly [number, number, number])[] = [
  [10, 0, 255],
  [172, 16, 31],
  [192, 168, 168],
  [127, 0, 255],
  [169, 254, 254],
];

/** Whether an IPv4 address's first two numbers fall in a kept block or a reserved range. */
function isSpecialIpv4(first: number, second: number): boolean {
  return (
    first === 0 ||
    first >= 224 ||
    (first === 100 && second >= 64 && second <= 127) ||
    KEPT_IPV4_BLOCKS.some(([a, from, to]) => first === a && second >= from && second <= to)
  );
}

/**
 * From scheme 10 on, IP addresses in their layout: an IPv4 address in a private network,
 * loopback or link-local block stays in it, its host drawn, and any other becomes a public
 * unicast address (never multicast or reserved, no .0 or .255 host), where Faker drew all four
 * numbers (224 to 255 first in an eighth of them); an IPv6 address keeps its groups' lengths,
 * its '::', its case and its first two hex digits (its kind), each other hex digit drawn, where
 * it was written out in full.
 */
const ipInLayout: SemanticGenerator = (text, source, attempt) => {
  const { random } = source;
  const ipv4 = IPV4.exec(text);
  if (ipv4) {
    const [first, second] = [Number(ipv4[1]), Number(ipv4[2])];
    const block = KEPT_IPV4_BLOCKS.find(
      ([a, from, to]) => first === a && second >= from && second <= to,
    );
    let a = block ? block[0] : 0;
    let b = block ? block[1] + random.int(block[2] - block[1] + 1) : 0;
    while (!block && isSpecialIpv4(a, b)) {
      a = 1 + random.int(223);
      b = random.int(256);
    }
    return `${a}.${b}.${random.int(256)}.${1 + random.int(254)}`;
  }
  if (IPV6.test(text) && text.includes(':')) {
    const upper = /[A-F]/.test(text);
    // The first two hex digits say the kind of address (20: global, fd: unique local, fe:
    // link-local), not whose: kept, so a global address stays global.
    const kept = text.startsWith(':') ? 0 : Math.min(2, text.indexOf(':'));
    return (
      text.slice(0, kept) +
      text.slice(kept).replace(/[0-9A-Fa-f]/g, () => {
        const digit = random.int(16).toString(16);
        return upper ? digit.toUpperCase() : digit;
      })
    );
  }
  return SEMANTIC_GENERATORS.ipv4!(text, source, attempt);
};

/** From scheme 10 on, phones whose North American exchange starts 2-9 (fakePhone). */
const phoneWithExchange = forShape('phone', (text, { random }) => fakePhone(text, random, 10));
/** From scheme 11 on, phones that keep the kind of line they are too (fakePhone). */
const phoneOfLineKind = forShape('phone', (text, { random }) => fakePhone(text, random, 11));

/**
 * From scheme 11 on, a title that names a sex ('Herr', 'Mrs.', 'Mme') is a keyed draw of a sex in
 * its own words ('Frau', 'Mr.', 'M.'), where Faker's English titles mixed into a German column
 * ('Herr' → 'Dr.'); any other title ('Dr.', 'Prof.') is Faker's.
 */
const titleInItsWords: SemanticGenerator = (text, source, attempt) =>
  titleOfSex(text, source.random.int(2) as Sex) ??
  SEMANTIC_GENERATORS.prefix!(text, source, attempt);

/** Genders that name no sex, and answers that give none: what another such value becomes. */
const OTHER_GENDERS = [
  'Non-binary',
  'Other',
  'Unspecified',
  'Unknown',
  'Diverse',
  'Prefer not to say',
];
const OTHER_GENDER_LETTERS = ['U', 'X', 'O', 'D'];

/**
 * From scheme 9 on, genders: a sex ('F', 'Male', 'woman') is a keyed draw of a sex, as before;
 * any other value ('Non-binary', 'Unspecified', 'X') becomes another such value, in its case,
 * where it became a sex, so the column's share of people of no stated sex stays.
 */
const sexOrOtherGender: SemanticGenerator = (text, source, attempt) => {
  if (namesASex(text)) return SEMANTIC_GENERATORS.gender!(text, source, attempt);
  const word = text.trim().replace(/\.$/, '').toLowerCase();
  const others = (word.length === 1 ? OTHER_GENDER_LETTERS : OTHER_GENDERS).filter(
    (other) => other.toLowerCase() !== word,
  );
  return inCaseOf(text, others[source.random.int(others.length)]!);
};

/**
 * From scheme 9 on, full names keep their titles and suffixes ('Dr. ', ', Jr.') around the drawn
 * name, a title of the name's sex following the drawn first name's ('Mr.' → 'Ms.'), where they
 * were lost ('Dr. Yuki Williams' → 'Austin Runolfsson').
 */
const fullNameWithTitles: SemanticGenerator = (text, source, attempt) => {
  const { title, name, suffix } = titledParts(text);
  const drawn = SEMANTIC_GENERATORS.fullName!(name, source, attempt);
  if (drawn === null || (title === '' && suffix === '')) return drawn;
  const first = splitFullName(name)?.first ?? '';
  const fakeFirst = splitFullName(drawn)?.first ?? '';
  const titled = title && (agreeingTitle(title, first, fakeFirst) ?? title);
  return titled + drawn + suffix;
};

/** From scheme 9 on, street addresses keep their layout (streetAddressLike). */
const streetAddressInLayout: SemanticGenerator = (text, source, attempt) => {
  const fake = streetAddressLike(text.trim(), source);
  return fake === null
    ? SEMANTIC_GENERATORS.streetAddress!(text, source, attempt)
    : inCaseOf(text, fake);
};

/** A middle initial: one letter, a dot or none after it ('A.', 'C'). */
const INITIAL = /^(\p{L})(\.?)$/u;

/**
 * From scheme 9 on, middle names: an initial ('A.', 'C') becomes the initial of a drawn middle
 * name, with its dot, where it became a whole name ('A.' → 'Gus').
 */
const middleNameOrInitial: SemanticGenerator = (text, source, attempt) => {
  const drawn = SEMANTIC_GENERATORS.middleName!(text, source, attempt);
  const initial = INITIAL.exec(text.trim());
  if (!initial || !drawn) return drawn;
  const letter = drawn.slice(0, 1);
  return `${initial[1] === initial[1]!.toLowerCase() ? letter.toLowerCase() : letter.toUpperCase()}${initial[2]}`;
};

/**
 * From scheme 9 on, emails: an address made of a first and a last name is written of their
 * pseudonyms (emailOfNames), so it joins the same address rebuilt beside its row's names; any
 * other address is drawn as before (fakeEmail).
 */
const emailOfNamesOrDrawn: SemanticGenerator = forShape('email', (text, source, attempt) => {
  return (
    emailOfNames(text, source.random, attempt, namePseudonymsOf(source)) ??
    fakeEmail(text, source.random, attempt)
  );
});

/** Per source (a run's key), its names' first draws: a column's emails repeat their names. */
const NAME_PSEUDONYMS = new WeakMap<FakeSource, NamePseudonym>();
/** Names remembered before the memory starts over (a draw never depends on it). */
const MOST_NAMES_REMEMBERED = 65_536;

function namePseudonymsOf(source: FakeSource): NamePseudonym {
  let namePseudonym = NAME_PSEUDONYMS.get(source);
  if (!namePseudonym) {
    const firstNames = new Map<string, string>();
    const lastNames = new Map<string, string>();
    namePseudonym = (semantic, name) => {
      const drawn = semantic === 'firstName' ? firstNames : lastNames;
      let pseudonym = drawn.get(name);
      if (pseudonym === undefined) {
        if (drawn.size >= MOST_NAMES_REMEMBERED) drawn.clear();
        source.random.reseed(semantic, name, 0);
        pseudonym = SEMANTIC_GENERATORS[semantic]!(name, source, 0) ?? '';
        drawn.set(name, pseudonym);
      }
      return pseudonym;
    };
    NAME_PSEUDONYMS.set(source, namePseudonym);
  }
  return namePseudonym;
}
