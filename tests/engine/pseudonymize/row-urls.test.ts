import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectSchema, pseudonymize, type Cell, type Sheet } from '../../../src/engine';
import { plain } from '../../support/name-letters';

const FIRST = ['Catherine', 'James', 'Chloé', 'Olga', 'Mateo', 'Fatima', 'Quentin', 'Susan'];
const LAST = ['Moore', 'Whitfield', 'Rempel', 'Okafor', 'Nguyen', 'Lindqvist', 'Ramos', 'Jenkins'];
const HEADER = ['customer_id', 'first_name', 'last_name', 'username', 'website'];

type UrlLayout = 'teamPage' | 'profile' | 'ownHost' | 'handle' | 'titleCase' | 'company';

/** A URL of one layout built from a person's names (or, for 'company', from none). */
function urlOf(first: string, last: string, layout: UrlLayout, digits: string): string {
  const f = plain(first);
  const l = plain(last);
  switch (layout) {
    case 'teamPage':
      return `https://www.contosoltd.com/team/${l}`;
    case 'profile':
      return `https://linkedin.com/in/${f}-${l}`;
    case 'ownHost':
      return `https://${f}${l}.com`;
    case 'handle':
      return `http://github.com/${f[0]}${l}${digits}`;
    case 'titleCase':
      return `https://blog.example.org/authors/${first[0]!.toUpperCase()}${f.slice(1)}_${l[0]!.toUpperCase()}${l.slice(1)}?tab=posts`;
    case 'company':
      return `https://www.northwindtraders.com/about`;
  }
}

function run(rows: Cell[][], options: { secret?: string; scheme?: number } = {}) {
  const sheet: Sheet = { name: 'people', columns: HEADER, rows };
  const schema = detectSchema(sheet);
  const out = pseudonymize({ format: 'csv', sheets: [sheet] }, [schema], {
    secret: 'url-key',
    ...options,
  });
  return { schema, out, after: out.workbook.sheets[0]!.rows as string[][] };
}

const person = fc.record({
  first: fc.constantFrom(...FIRST),
  last: fc.constantFrom(...LAST),
  layout: fc.constantFrom<UrlLayout>(
    'teamPage',
    'profile',
    'ownHost',
    'handle',
    'titleCase',
    'company',
  ),
  digits: fc.integer({ min: 0, max: 99 }).map((n) => (n < 40 ? '' : String(n))),
});

describe('URLs built from the row’s names (scheme 2)', () => {
  it('rebuilds them from the pseudonymized names; no original name survives', () => {
    fc.assert(
      fc.property(fc.array(person, { minLength: 4, maxLength: 30 }), (people) => {
        const rows: Cell[][] = people.map((p, i) => [
          String(1000 + i),
          p.first,
          p.last,
          `${plain(p.first)}_${plain(p.last)}${i}`,
          urlOf(p.first, p.last, p.layout, p.digits),
        ]);
        const { schema, after } = run(rows);
        expect(schema.map((c) => c.semantic)).toEqual([
          null,
          'firstName',
          'lastName',
          'username',
          'url',
        ]);
        people.forEach((p, r) => {
          const [, first, last, , url] = after[r]!;
          const lower = url!.toLowerCase();
          for (const name of [p.first, p.last]) expect(lower).not.toContain(plain(name));
          const f = plain(first!);
          const l = plain(last!);
          if (p.layout === 'company') {
            // Not built from names: the per-value pseudonym, which keeps nothing of it.
            expect(url).not.toContain('northwindtraders');
            return;
          }
          const built = urlOf(first!, last!, p.layout, '');
          if (p.layout === 'ownHost') expect(url).toBe(built);
          if (p.layout === 'handle') {
            expect(url).toMatch(
              new RegExp(`^http://[a-z0-9.-]+/${f[0]}${l}\\d{${p.digits.length}}$`),
            );
          }
          if (p.layout === 'teamPage') {
            expect(url).toMatch(new RegExp(`^https://www\\.[a-z0-9.-]+/team/${l}$`));
            expect(url).not.toContain('contosoltd');
          }
          if (p.layout === 'profile') {
            expect(url).toMatch(new RegExp(`^https://[a-z0-9.-]+/in/${f}-${l}$`));
          }
          if (p.layout === 'titleCase') {
            expect(url!.toLowerCase()).toMatch(
              new RegExp(`^https://[a-z0-9.-]+/authors/${f}_${l}\\?tab=posts$`),
            );
            expect(url).toContain(`/${first![0]!.toUpperCase()}`);
          }
        });
      }),
      { numRuns: 40 },
    );
  });

  it('takes the host of the URL’s own per-value pseudonym', () => {
    const rows: Cell[][] = [
      ['1', 'James', 'Whitfield', 'jw1', 'https://www.contosoltd.com/team/whitfield'],
      ['2', 'Daniel', 'Moore', 'dm2', 'https://www.contosoltd.com/team/moore'],
      ['3', 'Grace', 'Okafor', 'go3', 'https://www.contosoltd.com/about'],
    ];
    // Schemes 2 to 9 drew per-value URLs alike (from scheme 10 on they keep their path).
    const v2 = run(rows, { scheme: 9 }).after;
    const v1 = run(rows, { scheme: 1 }).after;
    // Under scheme 1 the column is per value: a URL with a path keeps its host there.
    const hostOf = (url: string) => new URL(url).hostname.replace(/^www\./, '');
    expect(hostOf(v2[0]![4]!)).toBe(hostOf(v1[0]![4]!));
    expect(hostOf(v2[1]![4]!)).toBe(hostOf(v1[1]![4]!));
    expect(v2[2]![4]).toBe(v1[2]![4]);
    expect(v2[0]![4]).toBe(`https://www.${hostOf(v1[0]![4]!)}/team/${plain(v2[0]![2]!)}`);
    // From scheme 10 on, the URL without a name keeps its layout per value, under a drawn host.
    const v10 = run(rows).after;
    expect(v10[2]![4]).toMatch(/^https:\/\/www\.[a-z-]+\.[a-z]+\/[a-z]+$/);
    expect(v10[2]![4]).not.toContain('contoso');
    expect(v10[0]![4]).toBe(`https://www.${hostOf(v10[0]![4]!)}/team/${plain(v10[0]![2]!)}`);
  });

  it('gives a handle the digits its username gets', () => {
    const rows: Cell[][] = Array.from({ length: 12 }, (_, i) => [
      String(i),
      FIRST[i % 8]!,
      LAST[(i * 3) % 8]!,
      `${plain(FIRST[i % 8]!)[0]}${plain(LAST[(i * 3) % 8]!)}${10 + i}`,
      `https://github.com/${plain(FIRST[i % 8]!)[0]}${plain(LAST[(i * 3) % 8]!)}${10 + i}`,
    ]);
    const { after, out } = run(rows);
    after.forEach((cells) => expect(cells[4]!.endsWith(`/${cells[3]}`)).toBe(true));
    expect(out.stats.rowRelations?.urlsFromNames).toBe(rows.length);
  });

  it('leaves URLs to their per-value pseudonym under scheme 1', () => {
    const rows: Cell[][] = FIRST.map((first, i) => [
      String(i),
      first,
      LAST[i]!,
      `u${i}`,
      urlOf(first, LAST[i]!, 'profile', ''),
    ]);
    const { after, out } = run(rows, { scheme: 1 });
    after.forEach((cells) => expect(cells[4]).not.toContain('/in/'));
    expect(out.stats.rowRelations?.urlsFromNames).toBeUndefined();
  });

  it('rebuilds the same person’s URL alike in two files under one key', () => {
    const people: Cell[][] = FIRST.map((first, i) => [
      String(i),
      first,
      LAST[i]!,
      `u${i}`,
      urlOf(first, LAST[i]!, i % 2 ? 'profile' : 'ownHost', ''),
    ]);
    const others: Cell[][] = FIRST.map((first, i) => [
      String(100 + i),
      first,
      LAST[(i + 3) % 8]!,
      `v${i}`,
      urlOf(first, LAST[(i + 3) % 8]!, 'handle', '7'),
    ]);
    const alone = run(people).after;
    const mixed = run([...others, ...people]).after.slice(others.length);
    expect(mixed.map((cells) => cells[4])).toEqual(alone.map((cells) => cells[4]));
  });
});
