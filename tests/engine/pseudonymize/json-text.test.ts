import { describe, expect, it } from 'vitest';
import {
  detectSchema,
  pseudonymize,
  readWorkbook,
  writeWorkbook,
  type Workbook,
} from '../../../src/engine';
import { isJsonContainer, replaceJsonValues } from '../../../src/engine/pseudonymize/json-text';

const upper = (value: string) => value.toUpperCase();

describe('replaceJsonValues', () => {
  it.each([
    {
      description: 'replaces string values and keeps keys',
      input: '{"sku":"ab-1","note":"x"}',
      expected: '{"sku":"AB-1","note":"X"}',
    },
    {
      description: 'walks arrays of objects',
      input: '[{"sku":"ab"},{"sku":"cd","tags":["e",""]}]',
      expected: '[{"sku":"AB"},{"sku":"CD","tags":["E",""]}]',
    },
    {
      description: 'keeps literals, spacing and a key spelled like a value',
      input: '{ "ok" : true, "none": null, "v": "ok" }',
      expected: '{ "ok" : true, "none": null, "v": "OK" }',
    },
    {
      description: "replaces a number's digits, keeping its sign and exponent",
      input: '[-12.5,3e-4,0]',
      expected: '[-<12.5>,<3>e-4,<0>]',
      replace: (value: string) => `<${value}>`,
    },
    {
      description: 'reads escapes in values and writes the replacement as JSON',
      input: '{"a\\"b":"line\\nbreak \\u00e9"}',
      expected: '{"a\\"b":"LINE\\nBREAK É"}',
    },
  ])('$description', ({ input, expected, replace = upper }) => {
    expect(replaceJsonValues(input, replace)).toBe(expected);
  });

  it('is null for text that is no JSON array or object', () => {
    for (const text of ['[draft]', '{name}', '"quoted"', '42', '', '[1,2', 'plain']) {
      expect(isJsonContainer(text)).toBe(false);
      expect(replaceJsonValues(text, upper)).toBeNull();
    }
  });
});

describe('JSON text in cells, from scheme 4 on', () => {
  const ORDERS =
    '[{"order_id":1,"customer":"Alice Johnson","items":[{"sku":"AB-1234","qty":2,"price":9.99}]},' +
    '{"order_id":2,"customer":"Bob Lee","items":[{"sku":"CD-5678","qty":1,"price":5.5},{"sku":"AB-1234","qty":3,"price":9.99}]}]';

  function run(scheme: number): Workbook {
    const workbook = readWorkbook(new TextEncoder().encode(ORDERS), 'orders.json');
    const schemas = workbook.sheets.map((sheet) => detectSchema(sheet));
    return pseudonymize(workbook, schemas, { secret: 'k', scheme }).workbook;
  }

  it("keeps a JSON file's nested arrays of objects with their keys, and one value's pseudonym", () => {
    const output = JSON.parse(new TextDecoder().decode(writeWorkbook(run(4), 'json'))) as {
      items: { sku: string; qty: number; price: number }[];
    }[];
    expect(output.map((order) => order.items.map((item) => Object.keys(item)))).toEqual([
      [['sku', 'qty', 'price']],
      [
        ['sku', 'qty', 'price'],
        ['sku', 'qty', 'price'],
      ],
    ]);
    const skus = output.flatMap((order) => order.items.map((item) => item.sku));
    expect(skus.every((sku) => /^[A-Z]{2}-\d{4}$/.test(sku))).toBe(true);
    expect(skus).not.toContain('AB-1234');
    expect(skus).not.toContain('CD-5678');
    // AB-1234 is in two orders: both read the same pseudonym.
    expect(skus[0]).toBe(skus[2]);
  });

  it('replaces every letter, keys included, under scheme 3, as that scheme did', () => {
    const items = run(3).sheets[0]!.rows.map((row) => String(row[2]));
    expect(items.some((text) => text.includes('"sku"'))).toBe(false);
  });

  it('keeps the keys of JSON held in a csv column, drawing its word-like values', () => {
    const csv = 'id,meta\n1,"{""name"":""Ann Lee"",""tags"":[""vip""],""ok"":true}"\n';
    const workbook = readWorkbook(new TextEncoder().encode(csv), 'users.csv');
    const out = pseudonymize(workbook, [detectSchema(workbook.sheets[0]!)], { secret: 'k' });
    const meta = JSON.parse(String(out.workbook.sheets[0]!.rows[0]![1])) as Record<string, unknown>;
    expect(Object.keys(meta)).toEqual(['name', 'tags', 'ok']);
    expect(meta.name).not.toBe('Ann Lee');
    expect(meta.ok).toBe(true);
  });
});
