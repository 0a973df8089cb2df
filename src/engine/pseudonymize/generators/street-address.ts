import type { FakeSource } from '../keyed-faker';

/*
 * From scheme 9 on, a street address keeps its layout: a house number of as many digits (and
 * its letter: '221B'), before the street or after it ('Hauptstraße 76'), an abbreviated street
 * type where the original had one ('Baker St' → 'Kling Ave'), a direction after it ('NW') and a
 * unit ('Apt 5', 'Suite 200') with their words, the numbers redrawn; a PO box stays one. Faker's address had a
 * number of its own length and a street type written out, and dropped the unit.
 */

/** Street types written short, as addresses abbreviate them (USPS). */
const SHORT_STREET_TYPES = [
  'St',
  'Ave',
  'Rd',
  'Ln',
  'Dr',
  'Blvd',
  'Ct',
  'Pl',
  'Ter',
  'Way',
  'Pkwy',
  'Cir',
];
const SHORT_STREET_TYPE = new RegExp(`^(?:${SHORT_STREET_TYPES.join('|')}|Str|Hwy|Sq)\\.?$`, 'i');
/** A compass direction after the street ('Pennsylvania Ave NW'). */
const DIRECTION = /^(?:N|S|E|W|NE|NW|SE|SW)\.?$/;
/** A unit after the street: its word, then its number ('Apt 5', '# 12', 'Suite 200B'). */
const UNIT =
  /(,?\s+(?:apt|apartment|suite|ste|unit|fl|floor|room|rm|#)\.?\s*#?\s*)([\dA-Za-z-]+)$/i;
/** A post office box: its words kept, its number redrawn. */
const PO_BOX = /^(p\.?\s?o\.?\s+box\s+#?\s*)(\d+)$/i;
const NUMBER_FIRST = /^(\d{1,6})([A-Za-z]?)(\s+)(\S.*)$/;
const NUMBER_LAST = /^(\S.*?)(\s+)(\d{1,6})([A-Za-z]?)$/;

/** Digits and letters redrawn in their classes, the first digit not zero where it was not. */
function redrawn(text: string, { random }: FakeSource): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 48 && code <= 57) {
      out += i === 0 && code !== 48 ? String(1 + random.int(9)) : String(random.int(10));
    } else if (code >= 65 && code <= 90) out += String.fromCharCode(65 + random.int(26));
    else if (code >= 97 && code <= 122) out += String.fromCharCode(97 + random.int(26));
    else out += text[i];
  }
  return out;
}

/** A street name like `street`: a short type where it ends with one, a direction kept. */
function streetLike(street: string, source: FakeSource): string {
  const words = street.split(/\s+/);
  const direction = words.length > 1 && DIRECTION.test(words.at(-1)!) ? ` ${words.pop()!}` : '';
  const type = words.at(-1)!;
  if (words.length > 1 && SHORT_STREET_TYPE.test(type)) {
    const short = source.random.pick(SHORT_STREET_TYPES);
    return `${source.faker.person.lastName()} ${short}${type.endsWith('.') ? '.' : ''}${direction}`;
  }
  return source.faker.location.street() + direction;
}

/**
 * Another street address in the layout of `text`, or null when it has no house number to keep
 * (a PO box, a street alone): Faker's own then.
 * @example streetAddressLike('221B Baker St, Apt 5', source) // e.g. '483K Kling Ave, Apt 8'
 */
export function streetAddressLike(text: string, source: FakeSource): string | null {
  const unit = UNIT.exec(text);
  const address = unit ? text.slice(0, unit.index) : text;
  const unitText = unit ? unit[1]! + redrawn(unit[2]!, source) : '';
  const box = PO_BOX.exec(address);
  if (box) return box[1]! + redrawn(box[2]!, source) + unitText;
  const first = NUMBER_FIRST.exec(address);
  if (first) {
    const [, digits, letter, space, street] = first;
    return `${redrawn(digits! + letter!, source)}${space}${streetLike(street!, source)}${unitText}`;
  }
  const last = NUMBER_LAST.exec(address);
  if (last) {
    const [, street, space, digits, letter] = last;
    return `${streetLike(street!, source)}${space}${redrawn(digits! + letter!, source)}${unitText}`;
  }
  return null;
}
