import { en } from '@faker-js/faker';
import { isAsciiDigit, isAsciiLower, isAsciiUpper } from '../../text/char-classes';
import type { KeyedRandom } from '../keyed-random';

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
export function exampleDomain(domain: string): string {
  const lower = domain.toLowerCase();
  const tld = lower.endsWith('.org') ? 'org' : lower.endsWith('.net') ? 'net' : 'com';
  const text = `example.${tld}`;
  return domain !== lower && domain === domain.toUpperCase() ? text.toUpperCase() : text;
}

/** How a local part is written: its first separator, trailing digits and letter case. */
interface LocalStyle {
  separator: string;
  trailingDigits: number;
  letterCase: 'lower' | 'upper' | 'title';
}

function localStyle(local: string): LocalStyle {
  let separator = '';
  let upper = 0;
  let lower = 0;
  for (let i = 0; i < local.length; i++) {
    const code = local.charCodeAt(i);
    if (isAsciiUpper(code)) {
      upper++;
    } else if (isAsciiLower(code)) {
      lower++;
    } else {
      if (!separator && (code === 46 || code === 95 || code === 45)) separator = local[i]!;
    }
  }
  let trailingDigits = 0;
  for (let i = local.length - 1; i >= 0; i--) {
    const code = local.charCodeAt(i);
    if (!isAsciiDigit(code)) break;
    trailingDigits++;
  }
  const letterCase = upper === 0 ? 'lower' : lower === 0 && upper > 1 ? 'upper' : 'title';
  return { separator, trailingDigits, letterCase };
}

function cased(name: string, letterCase: LocalStyle['letterCase']): string {
  if (letterCase === 'lower') return name;
  if (letterCase === 'upper') return name.toUpperCase();
  return name[0]!.toUpperCase() + name.slice(1);
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
  const { separator, trailingDigits, letterCase } = localStyle(local);
  const first = cased(random.pick(FIRST_NAMES), letterCase);
  const last = cased(random.pick(LAST_NAMES), letterCase);
  let name: string;
  if (separator) name = first + separator + last;
  else if (local.length - trailingDigits <= 8) name = first[0]! + last;
  else name = first + last;
  const extraDigits = attempt >= 4 ? Math.min(attempt - 2, 6) : 0;
  return `${name}${digits(trailingDigits + extraDigits, random)}@${exampleDomain(domain)}`;
}
