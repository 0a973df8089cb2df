import { describe, expect, it } from 'vitest';
import { attachmentHeader } from '../../src/server/content-disposition';

/** What an RFC 6266 client reads from the header: the filename* value, decoded. */
function decodedName(header: string): string | undefined {
  const encoded = /filename\*=UTF-8''([^;]+)$/.exec(header)?.[1];
  return encoded === undefined ? undefined : decodeURIComponent(encoded);
}

describe('attachmentHeader', () => {
  const cases: { name: string; fallback: string }[] = [
    { name: 'people.pseudonymized.csv', fallback: 'people.pseudonymized.csv' },
    { name: 'Kundenübersicht.mapping.xlsx', fallback: 'Kunden_bersicht.mapping.xlsx' },
    { name: '顧客リスト.pseudonymized.json', fallback: '_____.pseudonymized.json' },
    { name: 'a "quoted" name.csv', fallback: 'a _quoted_ name.csv' },
    { name: 'semi;colon\\back/slash%20.tsv', fallback: 'semi_colon_back_slash_20.tsv' },
    { name: 'line\r\nbreak\u0000.csv', fallback: 'line__break_.csv' },
    { name: "it's (1) *.xls", fallback: "it's (1) *.xls" },
  ];

  it.each(cases)('names $name exactly, with a safe ASCII fallback', ({ name, fallback }) => {
    const header = attachmentHeader(name);
    expect(header.startsWith(`attachment; filename="${fallback}"; filename*=UTF-8''`)).toBe(true);
    expect(decodedName(header)).toBe(name);
    expect(header).toMatch(/^[\x20-\x7e]+$/);
  });
});
