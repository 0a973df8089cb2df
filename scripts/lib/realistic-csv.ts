/**
 * A deterministic, realistic CSV for benchmarks: the kind of customer export Stand-in is built
 * for, with mixed phone layouts, ISO dates with offsets, decimals, booleans and free-text notes
 * holding quoted commas, quotes and newlines. Same (targetBytes, seed) → same text, byte for byte.
 */
import { createSeededRandom } from './seeded-random';

const FIRST_NAMES = [
  'James',
  'Mary',
  'Robert',
  'Patricia',
  'John',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Elizabeth',
  'William',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Sarah',
  'Charles',
  'Karen',
  'Chloé',
  'José',
  'Zoë',
  'Björn',
  'Aoife',
  'Siobhán',
  'Mohammed',
  'Wei',
  'Yuki',
  'Priya',
  'Olga',
  'Łukasz',
  'François',
  'Amélie',
  'Nguyễn',
  'Ana',
  'Mateo',
  'Fatima',
];
const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  "O'Brien",
  'Müller',
  'Schröder',
  'Dubois',
  'Rossi',
  'Kowalski',
  'Nakamura',
  'Singh',
  'Kim',
  'Van der Berg',
  'García-López',
  'Andersson',
  'Nowak',
  'Ivanova',
  'Chen',
  'Okafor',
];
const CITIES = [
  'New York',
  'Los Angeles',
  'Chicago',
  'Houston',
  'Phoenix',
  'London',
  'Manchester',
  'Dublin',
  'Paris',
  'Lyon',
  'Berlin',
  'München',
  'Zürich',
  'Wien',
  'Kraków',
  'São Paulo',
  'México',
  'Toronto',
  'Montréal',
  'Sydney',
  'Tokyo',
  'Seoul',
  'Mumbai',
  'Lagos',
  'Cape Town',
  'Washington, D.C.',
  'St. Louis',
];
const DOMAINS = ['example.com', 'mail.test', 'corp.example.org', 'inbox.example.net'];
const NOTE_WORDS = [
  'customer',
  'asked',
  'about',
  'refund',
  'delivery',
  'late',
  'invoice',
  'sent',
  'call',
  'back',
  'prefers',
  'email',
  'VIP',
  'account',
  'upgraded',
  'complaint',
  'resolved',
  'pending',
  'review',
  'address',
  'changed',
  'follow-up',
  'next',
  'week',
  'discount',
  'applied',
  'order',
  'missing',
];

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)] as T;
}

function digits(random: () => number, count: number): string {
  let text = '';
  for (let i = 0; i < count; i++) text += Math.floor(random() * 10);
  return text;
}

function pad2(value: number): string {
  return value < 10 ? `0${value}` : String(value);
}

function hex(random: () => number, count: number): string {
  let text = '';
  for (let i = 0; i < count; i++) text += Math.floor(random() * 16).toString(16);
  return text;
}

function uuid(random: () => number): string {
  const variant = '89ab'[Math.floor(random() * 4)] ?? '8';
  return `${hex(random, 8)}-${hex(random, 4)}-4${hex(random, 3)}-${variant}${hex(random, 3)}-${hex(random, 12)}`;
}

function phone(random: () => number): string {
  switch (Math.floor(random() * 4)) {
    case 0:
      return `+1 ${digits(random, 3)}-${digits(random, 3)}-${digits(random, 4)}`;
    case 1:
      return `(${digits(random, 3)}) ${digits(random, 3)}-${digits(random, 4)}`;
    case 2:
      return `${digits(random, 3)}.${digits(random, 3)}.${digits(random, 4)}`;
    default:
      return `+44 20 ${digits(random, 4)} ${digits(random, 4)}`;
  }
}

const OFFSETS = ['Z', '+00:00', '+01:00', '+02:00', '-05:00', '-08:00', '+05:30', '+09:00'];

function lastLogin(random: () => number): string {
  const year = 2022 + Math.floor(random() * 3);
  const month = 1 + Math.floor(random() * 12);
  const day = 1 + Math.floor(random() * 28);
  const time = `${pad2(Math.floor(random() * 24))}:${pad2(Math.floor(random() * 60))}:${pad2(Math.floor(random() * 60))}`;
  return `${year}-${pad2(month)}-${pad2(day)}T${time}${pick(random, OFFSETS)}`;
}

/** Quotes a field per RFC 4180 when it needs it. */
function quote(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function notes(random: () => number): string {
  const roll = random();
  if (roll < 0.35) return '';
  const words: string[] = [];
  const count = 3 + Math.floor(random() * 12);
  for (let i = 0; i < count; i++) words.push(pick(random, NOTE_WORDS));
  let text = words.join(' ');
  if (roll < 0.55) text = text.replace(' ', ', ');
  else if (roll < 0.65) text = `${text}\nsecond line: ${pick(random, NOTE_WORDS)}`;
  else if (roll < 0.72) text = `said "${pick(random, NOTE_WORDS)}", then ${text}`;
  return quote(text);
}

const HEADER =
  'id,uuid,first_name,last_name,email,phone,city,signup_date,last_login,balance,is_active,notes';

/** The file's lines (header first, no line endings), until about `targetBytes` are made. */
function* realisticLines(targetBytes: number, seed: number): Generator<string, void, undefined> {
  const random = createSeededRandom(seed);
  yield HEADER;
  let length = HEADER.length + 1;
  for (let id = 1; length < targetBytes; id++) {
    const first = pick(random, FIRST_NAMES);
    const last = pick(random, LAST_NAMES);
    const localPart = `${first}.${last}`
      .normalize('NFD')
      .toLowerCase()
      .replace(/[^a-z.]/g, '');
    const email = `${localPart || 'user'}${Math.floor(random() * 1000)}@${pick(random, DOMAINS)}`;
    const signup = `${2015 + Math.floor(random() * 10)}-${pad2(1 + Math.floor(random() * 12))}-${pad2(1 + Math.floor(random() * 28))}`;
    const balance = ((random() - 0.2) * 20_000).toFixed(2);
    const line = [
      String(id),
      uuid(random),
      first,
      quote(last),
      email,
      phone(random),
      quote(pick(random, CITIES)),
      signup,
      lastLogin(random),
      balance,
      random() < 0.7 ? 'true' : 'false',
      notes(random),
    ].join(',');
    yield line;
    length += line.length + 1;
  }
}

/**
 * A realistic CSV of about `targetBytes` UTF-16 code units (≈ bytes; names are mostly ASCII),
 * with a header and `\n` line endings; ~300,000 rows for 50 MB.
 * @example generateRealisticCsv(50 * 1024 * 1024, 42).split('\n')[0] // 'id,uuid,first_name,...'
 */
export function generateRealisticCsv(targetBytes: number, seed: number): string {
  return [...realisticLines(targetBytes, seed)].join('\n') + '\n';
}

/**
 * The UTF-8 bytes of `generateRealisticCsv(targetBytes, seed)`, encoded a few thousand lines at
 * a time, so the whole text is never held as one string (a bench measuring memory should not
 * count the generator's).
 * @example new TextDecoder().decode(generateRealisticCsvBytes(1000, 1)) === generateRealisticCsv(1000, 1)
 */
export function generateRealisticCsvBytes(targetBytes: number, seed: number): Uint8Array {
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  let batch = '';
  for (const line of realisticLines(targetBytes, seed)) {
    batch += line + '\n';
    if (batch.length > 1 << 16) {
      parts.push(encoder.encode(batch));
      batch = '';
    }
  }
  parts.push(encoder.encode(batch));
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  return bytes;
}
