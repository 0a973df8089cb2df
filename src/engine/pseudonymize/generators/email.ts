import { en } from '@faker-js/faker';
import type { KeyedRandom } from '../keyed-random';
import { applyLetterCase, letterCaseOf } from './letter-case';

function asciiNames(list: readonly string[] | undefined): string[] {
  return (list ?? []).filter((name) => /^[A-Za-z]+$/.test(name)).map((name) => name.toLowerCase());
}

const FIRST_NAMES = asciiNames(en.person?.first_name?.generic);
const LAST_NAMES = asciiNames(en.person?.last_name?.generic);

function digits(count: number, random: KeyedRandom): string {
  let out = '';
  for (let i = 0; i < count; i++) out += String.fromCharCode(48 + random.int(10));
  return out;
}

/** The reserved example domain (RFC 2606) with the original's top-level domain when it can. */
function exampleDomain(domain: string): string {
  const lower = domain.toLowerCase();
  const tld = lower.endsWith('.org') ? 'org' : lower.endsWith('.net') ? 'net' : 'com';
  const text = `example.${tld}`;
  return domain !== lower && domain === domain.toUpperCase() ? text.toUpperCase() : text;
}

/**
 * A realistic name-based address on example.com/.org/.net in the original's style: the same
 * separator between names, as many trailing digits, the same letter case. Retries (`attempt`)
 * add digits, so a column of many addresses stays unique.
 * @example fakeEmail('Jane.Doe42@corp.org', random) // 'Rosa.Kling17@example.org'
 */
export function fakeEmail(original: string, random: KeyedRandom, attempt = 0): string {
  const at = original.lastIndexOf('@');
  const local = at < 0 ? original : original.slice(0, at);
  const domain = at < 0 ? '' : original.slice(at + 1);
  const separator = /[._-]/.exec(local)?.[0] ?? '';
  const trailingDigits = /\d+$/.exec(local)?.[0].length ?? 0;
  const first = random.pick(FIRST_NAMES);
  const last = random.pick(LAST_NAMES);
  let name: string;
  if (separator) name = `${first}${separator}${last}`;
  else if (local.length - trailingDigits <= 8) name = `${first[0] ?? ''}${last}`;
  else name = `${first}${last}`;
  const style = letterCaseOf(local.replace(/[^\p{L}]+/gu, ' ').trim());
  if (style === 'upper') name = name.toUpperCase();
  else if (style === 'title' || style === 'other') name = applyLetterCase(name, 'title');
  const extraDigits = attempt >= 4 ? Math.min(attempt - 2, 6) : 0;
  return `${name}${digits(trailingDigits + extraDigits, random)}@${exampleDomain(domain)}`;
}
