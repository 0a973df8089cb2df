import { en } from '@faker-js/faker';
import { headerTokens } from './from-header';

/**
 * The last words of job titles: Faker's job types ('Manager', 'Representative') and the titles
 * exports hold besides ('Sales Support Agent', 'IT Staff', 'Owner', 'President').
 */
const JOB_WORDS = new Set([
  ...(en.person?.job_type ?? []).map((word) => word.toLowerCase()),
  ...['accountant', 'buyer', 'ceo', 'cfo', 'chair', 'clerk', 'coo', 'cto', 'founder', 'head'],
  ...['intern', 'lead', 'owner', 'partner', 'president', 'programmer', 'receptionist'],
  ...['scientist', 'secretary', 'staff', 'trainee', 'vp'],
]);

/** Honorifics before a name, with or without their dot ('Mr.', 'Ms', 'Dr.'). */
const HONORIFICS = new Set(['mr', 'mrs', 'ms', 'miss', 'mx', 'dr', 'prof', 'rev', 'sir', 'madam']);

/** A header that says a person's role: 'Title', 'Role', 'Position Title', 'Designation'. */
const ROLE_HEADER = /(?:^| )(?:title|role|designation)$/;

/** Share of a column's values that must read as job titles. */
const JOB_TITLE_SHARE = 0.7;
/** Share of a column's values that must be honorifics. */
const HONORIFIC_SHARE = 0.9;

/** A text's last word, in lower case ('Owner/Marketing Assistant' → 'assistant'). */
function lastWord(text: string): string {
  const words = text.toLowerCase().split(/[^a-z]+/);
  for (let at = words.length - 1; at >= 0; at--) if (words[at] !== '') return words[at]!;
  return '';
}

/**
 * Whether a column of a role header (a bare 'Title', 'Role') holds job titles: 7 in 10 values end
 * in a job word ('Sales Manager', 'IT Staff'). A 'Title' of books or films does not.
 * @example looksLikeJobTitles('Title', ['General Manager', 'Sales Support Agent']) // true
 */
export function looksLikeJobTitles(header: string, values: readonly string[]): boolean {
  if (values.length === 0 || !ROLE_HEADER.test(headerTokens(header).join(' '))) return false;
  let titles = 0;
  for (const value of values) if (JOB_WORDS.has(lastWord(value))) titles++;
  return titles >= JOB_TITLE_SHARE * values.length;
}

/**
 * Whether nearly all values (9 in 10) are honorifics, whatever the header says (Northwind's
 * 'TitleOfCourtesy', a 'Salutation', a 'Title' of 'Mr.' and 'Dr.').
 * @example looksLikeHonorifics(['Ms.', 'Dr.', 'Mr.']) // true
 */
export function looksLikeHonorifics(values: readonly string[]): boolean {
  if (values.length === 0) return false;
  let honorifics = 0;
  for (const value of values) {
    if (HONORIFICS.has(value.trim().toLowerCase().replace(/\.$/, ''))) honorifics++;
  }
  return honorifics >= HONORIFIC_SHARE * values.length;
}
