/**
 * A customer export shaped like the shared benchmark generator (gen-dataset.mjs): an id, a uuid,
 * first and last names from small pools, emails made of them ('catherine.moore@yahoo.com',
 * 'cmoore417@…'), a signup date ('2021-03-05') and a later last login ('4/17/2023 3:04:05 PM').
 * Seeded, so the same (targetBytes, seed) gives the same text.
 */
import { createSeededRandom } from '../../scripts/lib/seeded-random';

const FIRST = ['James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Catherine', 'Chloé'];
const LAST = ['Smith', 'Johnson', 'Moore', 'Garcia', 'Nguyen', "O'Brien", 'Muñoz', 'Rempel'];
const DOMAINS = ['gmail.com', 'yahoo.com', 'outlook.com', 'example.com', 'company.co.uk'];
const DAY = 86_400_000;
const START = Date.UTC(2018, 0, 1);
const SPAN_DAYS = 365 * 6;

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/** '4/17/2023 3:04:05 PM'. */
function usDateTime(ms: number): string {
  const d = new Date(ms);
  const h24 = d.getUTCHours();
  const h12 = h24 % 12 === 0 ? 12 : h24 % 12;
  return (
    `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()} ` +
    `${h12}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} ${h24 < 12 ? 'AM' : 'PM'}`
  );
}

/**
 * The export's CSV text, about `targetBytes` long.
 * @example customerExportCsv(5_000_000, 1).split('\n')[0] // 'id,uuid,first_name,…'
 */
export function customerExportCsv(targetBytes: number, seed: number): string {
  const random = createSeededRandom(seed);
  const int = (n: number): number => Math.floor(random() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)]!;
  const hex = (n: number): string => {
    let out = '';
    for (let i = 0; i < n; i++) out += '0123456789abcdef'[int(16)];
    return out;
  };
  const lines = ['id,uuid,first_name,last_name,email,signup_date,last_login,amount'];
  let length = lines[0]!.length;
  for (let id = 1; length < targetBytes; id++) {
    const first = pick(FIRST);
    const last = pick(LAST);
    const base = `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '');
    const roll = random();
    const local =
      roll < 0.5
        ? base
        : roll < 0.8
          ? `${base}${int(100)}`
          : `${first[0]!.toLowerCase()}${last.toLowerCase().replace(/[^a-z]/g, '')}${int(1000)}`;
    const email = random() < 0.03 ? '' : `${local}@${pick(DOMAINS)}`;
    const signupDay = int(SPAN_DAYS);
    const signup = new Date(START + signupDay * DAY).toISOString().slice(0, 10);
    const login = START + signupDay * DAY + int(((SPAN_DAYS - signupDay + 30) * DAY) / 1000) * 1000;
    const lastLogin = random() < 0.05 ? '' : usDateTime(login);
    const uuid = `${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'[int(4)]}${hex(3)}-${hex(12)}`;
    const amount = (int(1_000_000) / 100).toFixed(2);
    const line = [String(id), uuid, first, `"${last}"`, email, signup, lastLogin, amount].join(',');
    lines.push(line);
    length += line.length + 1;
  }
  return `${lines.join('\n')}\n`;
}
