/**
 * Customers whose notes mention them (free text for pii-in-text): seeded, so the same arguments
 * give the same text.
 */
import { seeded } from './seeded';

const FIRST = ['James', 'Mary', 'Robert', 'Patricia', 'Catherine', 'Chloé', 'Grace', 'Ann'];
const LAST = ['Smith', 'Moore', 'Garcia', 'Nguyen', "O'Brien", 'Muñoz', 'Lee', 'Park'];
/** A full name's words that no other column holds: the words the run learns from full names. */
const OTHER_FIRST = ['Rosa', 'Ilse', 'Bruno', 'Kofi', 'Yuki', 'Sven'];
const OTHER_LAST = ['Kling', 'Adeyemi', 'Sorensen', 'Haas', 'Okafor', 'Lindqvist'];

/**
 * Customers with notes that mention their names, ids, emails and phones, notes that mention
 * none, and notes with an IP address or JSON in them, `rows` of them (every note distinct). With `fullNames`, a full-name column of other
 * people too, whose surnames some notes mention.
 */
export function customerNotesCsv(rows: number, fullNames = false): string {
  const below = seeded(rows);
  const lines = [`id,first_name,last_name,${fullNames ? 'full_name,' : ''}email,phone,notes`];
  for (let id = 1000; id < 1000 + rows; id++) {
    const first = FIRST[below(FIRST.length)]!;
    const last = LAST[below(LAST.length)]!;
    const email = `${first}.${last}${below(100)}@example.com`
      .toLowerCase()
      .replace(/[^a-z0-9.@]/g, '');
    const phone = `(${200 + below(700)}) 555-${String(below(10_000)).padStart(4, '0')}`;
    const other = OTHER_LAST[below(OTHER_LAST.length)]!;
    const fullName = `${OTHER_FIRST[below(OTHER_FIRST.length)]!} ${other}`;
    const notes = [
      `Called ${first} about ticket #${id}`,
      `Mail ${email} re: refund ${id}`,
      `Call back on ${phone}, ask for ${first} ${last} (${id})`,
      fullNames ? `Ask ${other} about survey ${id}` : `callback pending, survey ${id + 500_000}`,
      `Multi-line:\n- ${last}\n- renewal ${id}`,
      `Logged in from 10.${below(256)}.${below(256)}.${below(256)} on visit ${id + 500_000}`,
      `{"note": "callback ${id + 500_000}", "agent": "pending"}`,
    ][below(7)]!;
    lines.push(
      [
        id,
        first,
        last,
        ...(fullNames ? [fullName] : []),
        email,
        `"${phone}"`,
        `"${notes.replaceAll('"', '""')}"`,
      ].join(','),
    );
  }
  return lines.join('\n');
}
