const TITLE_WORDS = 'mr|mrs|ms|miss|mx|dr|prof|sir|dame|herr|frau|mme|mlle';
const SUFFIX_WORDS = 'jr|sr|ii|iii|iv|phd|md|esq';
/** Words before a name that are no first name ('Dr.', 'Mrs'). */
const TITLE = new RegExp(`^(?:${TITLE_WORDS})\\.?$`, 'i');
/** Words after a name that are no last name ('Jr.', 'III', 'PhD'). */
const SUFFIX = new RegExp(`^(?:${SUFFIX_WORDS})\\.?$`, 'i');
/** The titles a full name starts with, with the spaces after them. */
const LEADING_TITLES = new RegExp(`^(?:(?:${TITLE_WORDS})\\.?\\s+)+`, 'i');
/** The suffixes a full name ends with, with the spaces or comma before them. */
const TRAILING_SUFFIXES = new RegExp(`(?:,?\\s+(?:${SUFFIX_WORDS})\\.?)+$`, 'i');

/**
 * A full name's titles and suffixes apart from the name between them, each with the spaces (and
 * a suffix's comma) that join it, so the three joined give the text back.
 * @example titledParts('Dr. Ann Lee, Jr.') // { title: 'Dr. ', name: 'Ann Lee', suffix: ', Jr.' }
 */
export function titledParts(text: string): { title: string; name: string; suffix: string } {
  const title = LEADING_TITLES.exec(text)?.[0] ?? '';
  const rest = text.slice(title.length);
  const suffix = TRAILING_SUFFIXES.exec(rest)?.[0] ?? '';
  const name = rest.slice(0, rest.length - suffix.length);
  // A title or suffix alone is no name around them.
  return name.trim() === '' ? { title: '', name: text, suffix: '' } : { title, name, suffix };
}

/** The words of a part of a name, titles before and suffixes after left out. */
function nameWords(part: string): string[] {
  const words = part.split(/\s+/).filter((word) => word !== '');
  while (words.length > 1 && TITLE.test(words[0]!)) words.shift();
  while (words.length > 1 && SUFFIX.test(words.at(-1)!)) words.pop();
  return words;
}

/**
 * The first and last name of a full name: its first and last word ('Mary Ann Smith' → Mary,
 * Smith), titles and suffixes left out, or around a comma ('Smith, Mary Ann'); null for one word.
 * @example splitFullName('Dr. Ann Lee Jr.') // { first: 'Ann', last: 'Lee' }
 */
export function splitFullName(text: string): { first: string; last: string } | null {
  const comma = text.indexOf(',');
  if (comma >= 0) {
    const before = nameWords(text.slice(0, comma));
    const after = nameWords(text.slice(comma + 1));
    if (before.length === 0 || after.length === 0 || SUFFIX.test(after[0]!)) return null;
    return { first: after[0]!, last: before.at(-1)! };
  }
  const words = nameWords(text);
  return words.length < 2 ? null : { first: words[0]!, last: words.at(-1)! };
}

/**
 * Names of some of Faker's lists, lower case, for look-ups without case.
 * @example lowerCaseNames(en.person?.first_name?.female).has('olga') // true
 */
export function lowerCaseNames(...lists: (readonly string[] | undefined)[]): Set<string> {
  return new Set(lists.flatMap((list) => (list ?? []).map((name) => name.toLowerCase())));
}
