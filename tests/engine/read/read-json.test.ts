import { describe, expect, it } from 'vitest';
import {
  detectSchema,
  EngineError,
  pseudonymize,
  readWorkbook,
  writeWorkbook,
  type Cell,
} from '../../../src/engine';

const readJsonText = (text: string, fileName = 'records.json') =>
  readWorkbook(new TextEncoder().encode(text), fileName);

describe('readWorkbook on JSON', () => {
  const cases: { description: string; input: string; columns: string[]; rows: Cell[][] }[] = [
    {
      description: 'an array of objects: columns are the union of keys in first-seen order',
      input: '[{"name":"Ada","age":36},{"age":41,"email":"b@x.org"}]',
      columns: ['name', 'age', 'email'],
      rows: [
        ['Ada', 36, null],
        [null, 41, 'b@x.org'],
      ],
    },
    {
      description: 'an object of arrays (columnar)',
      input: '{"name":["Ada","Bob"],"age":[36,41]}',
      columns: ['name', 'age'],
      rows: [
        ['Ada', 36],
        ['Bob', 41],
      ],
    },
    {
      description: 'a single-key wrapper',
      input: '{"data":[{"id":1},{"id":2}]}',
      columns: ['id'],
      rows: [[1], [2]],
    },
    {
      description: 'an API response wrapper with metadata',
      input: '{"count":2,"results":[{"id":1},{"id":2}],"next":null}',
      columns: ['id'],
      rows: [[1], [2]],
    },
    {
      description: 'nested objects flattened to dotted names',
      input: '[{"id":1,"address":{"city":"Lyon","geo":{"lat":45.7}}}]',
      columns: ['id', 'address.city', 'address.geo.lat'],
      rows: [[1, 'Lyon', 45.7]],
    },
    {
      description: 'arrays and empty objects kept as JSON text',
      input: '[{"tags":["a","b"],"meta":{},"matrix":[[1,2],[3]]}]',
      columns: ['tags', 'meta', 'matrix'],
      rows: [['["a","b"]', '{}', '[[1,2],[3]]']],
    },
    {
      description: 'null and booleans as themselves',
      input: '[{"a":null,"b":true,"c":false}]',
      columns: ['a', 'b', 'c'],
      rows: [[null, true, false]],
    },
    {
      description: 'integer-like keys in the order written',
      input: '[{"name":"x","2024":1,"2023":2}]',
      columns: ['name', '2024', '2023'],
      rows: [['x', 1, 2]],
    },
    {
      description: 'numbers a double cannot hold as their source digits',
      input:
        '[{"id":12345678901234567890,"small":9007199254740991,"precise":0.1000000000000000055511151231257827,"float":1.5e300}]',
      columns: ['id', 'small', 'precise', 'float'],
      rows: [
        ['12345678901234567890', 9007199254740991, '0.1000000000000000055511151231257827', 1.5e300],
      ],
    },
    {
      description: "numbers past a double and Python's NaN, Infinity, -Infinity as their text",
      input: '[{"big":1e400,"nan":NaN,"inf":Infinity,"ninf":-Infinity,"neg":-2}]',
      columns: ['big', 'nan', 'inf', 'ninf', 'neg'],
      rows: [['1e400', 'NaN', 'Infinity', '-Infinity', -2]],
    },
    {
      description: 'pandas orient="split"',
      input: '{"columns":["name","age"],"index":[0,1],"data":[["Ada",36],["Bob",41]]}',
      columns: ['name', 'age'],
      rows: [
        ['Ada', 36],
        ['Bob', 41],
      ],
    },
    {
      description: 'pandas orient="split" with an index of its own, as a first column',
      input: '{"columns":["age","index"],"index":["Ada","Bob"],"data":[[36,1],[41,2]]}',
      columns: ['index', 'age', 'index_2'],
      rows: [
        ['Ada', 36, 1],
        ['Bob', 41, 2],
      ],
    },
    {
      description: 'pandas orient="split" with index=False and no rows',
      input: '{"columns":["name","age"],"data":[]}',
      columns: ['name', 'age'],
      rows: [],
    },
    {
      description: 'pandas orient="columns" (the default to_json)',
      input: '{"name":{"0":"Ada","1":"Bob"},"age":{"0":36,"1":41}}',
      columns: ['name', 'age'],
      rows: [
        ['Ada', 36],
        ['Bob', 41],
      ],
    },
    {
      description: 'pandas orient="index"',
      input: '{"0":{"name":"Ada"},"1":{"name":"Bob"}}',
      columns: ['name'],
      rows: [['Ada'], ['Bob']],
    },
    {
      description: 'pandas orient="columns" with an index of its own (ids), as a first column',
      input: '{"name":{"1001":"Ada","1007":"Bob"},"age":{"1001":36,"1007":41}}',
      columns: ['index', 'name', 'age'],
      rows: [
        [1001, 'Ada', 36],
        [1007, 'Bob', 41],
      ],
    },
    {
      description: 'pandas orient="index" with an index of its own, a key "index" kept apart',
      input: '{"7":{"index":"Ada"},"3":{"index":"Bob"},"99999999999999999999":{"index":"Cy"}}',
      columns: ['index_2', 'index'],
      rows: [
        [7, 'Ada'],
        [3, 'Bob'],
        ['99999999999999999999', 'Cy'],
      ],
    },
    {
      description: 'pandas orient="values" (arrays of rows)',
      input: '[["Ada",36],["Bob",41]]',
      columns: ['column_1', 'column_2'],
      rows: [
        ['Ada', 36],
        ['Bob', 41],
      ],
    },
    {
      description: 'JSON Lines',
      input: '{"a":1}\n{"a":2,"b":"x"}\n',
      columns: ['a', 'b'],
      rows: [
        [1, null],
        [2, 'x'],
      ],
    },
    {
      description: 'a single object as one row',
      input: '{"name":"Ada","age":36}',
      columns: ['name', 'age'],
      rows: [['Ada', 36]],
    },
    {
      description: 'a flat key "a.b" apart from nested {a:{b}}',
      input: '[{"a.b":1,"a":{"b":2}}]',
      columns: ['a.b', 'a.b_2'],
      rows: [[1, 2]],
    },
    {
      description: 'string escapes, including surrogate pairs',
      input: '[{"s":"tab\\there \\"q\\" \\u00e9 \\ud83d\\ude00 \\\\"}]',
      columns: ['s'],
      rows: [['tab\there "q" é 😀 \\']],
    },
  ];

  it.each(cases)('reads $description', ({ input, columns, rows }) => {
    const workbook = readJsonText(input);
    expect(workbook.format).toBe('json');
    expect(workbook.sheets[0]?.columns).toEqual(columns);
    expect(workbook.sheets[0]?.rows).toEqual(rows);
  });

  it('notes the keys a record lacks, and writes them back left out, where null stays null', () => {
    const input =
      '[{"id":1,"address":{"city":"Boston","zip":"02101"}},{"id":2,"note":null},{"id":3,"address":{"zip":"10001"}}]';
    const workbook = readJsonText(input);
    const sheet = workbook.sheets[0]!;
    expect(sheet.columns).toEqual(['id', 'address.city', 'address.zip', 'note']);
    expect(sheet.absentKeys?.map((absent) => (absent ? [...absent] : undefined))).toEqual([
      undefined,
      [0, 1, 1],
      [0, 1, 0],
      [1, 0, 1],
    ]);
    const written = new TextDecoder().decode(writeWorkbook(workbook, 'json'));
    expect(JSON.parse(written)).toEqual(JSON.parse(input));
    // A table of records all alike notes nothing.
    expect(readJsonText('[{"a":1},{"a":null}]').sheets[0]?.absentKeys).toBeUndefined();
  });

  it('leaves the lacking keys out of the pseudonymized JSON too', () => {
    const input = '{"id":1,"name":"Alice Johnson"}\n{"id":2,"extra":"x"}\n{"id":3}\n';
    const workbook = readJsonText(input, 'events.jsonl');
    const schemas = workbook.sheets.map((sheet) => detectSchema(sheet));
    const output = pseudonymize(workbook, schemas, { secret: 'k' }).workbook;
    const records = JSON.parse(new TextDecoder().decode(writeWorkbook(output, 'json'))) as object[];
    expect(records.map((record) => Object.keys(record))).toEqual([
      ['id', 'name'],
      ['id', 'extra'],
      ['id'],
    ]);
  });

  it('keeps the wrapper object around the records, its texts pseudonymized, counts kept', () => {
    const input =
      '{"meta":{"page":1,"owner":"Alice Johnson"},"data":[{"id":1,"name":"Ann Lee"},{"id":2,"name":"Bob Ray"}],"total":2,"next":null}';
    const workbook = readJsonText(input);
    expect(workbook.sheets[0]?.columns).toEqual(['id', 'name']);
    expect(JSON.parse(new TextDecoder().decode(writeWorkbook(workbook, 'json')))).toEqual(
      JSON.parse(input),
    );
    const schemas = workbook.sheets.map((sheet) => detectSchema(sheet));
    const output = pseudonymize(workbook, schemas, { secret: 'k' }).workbook;
    const written = JSON.parse(new TextDecoder().decode(writeWorkbook(output, 'json'))) as {
      meta: { page: number; owner: string };
      data: { id: number; name: string }[];
      total: number;
      next: null;
    };
    expect(Object.keys(written)).toEqual(['meta', 'data', 'total', 'next']);
    expect(written.meta.page).toBe(1);
    expect(written.meta.owner).toMatch(/^[A-Z][a-z]{4} [A-Z][a-z]{6}$/);
    expect(written.meta.owner).not.toBe('Alice Johnson');
    expect(written.total).toBe(2);
    expect(written.next).toBeNull();
    expect(written.data.map((record) => Object.keys(record))).toEqual([
      ['id', 'name'],
      ['id', 'name'],
    ]);
    expect(written.data.map((record) => record.name)).not.toContain('Ann Lee');
  });

  it("keeps the Table Schema of pandas' orient='table' whole, so the output reads back as it", () => {
    const schema = {
      fields: [
        { name: 'index', type: 'integer' },
        { name: 'name', type: 'string' },
        { name: 'signup', type: 'datetime', tz: 'UTC' },
      ],
      primaryKey: ['index'],
      pandas_version: '1.4.0',
    };
    const input = JSON.stringify({
      schema,
      data: [
        { index: 0, name: 'Ann Lee', signup: '2018-02-23T00:00:00.000Z' },
        { index: 1, name: 'Bob Ray', signup: '2023-08-02T00:00:00.000Z' },
      ],
    });
    const workbook = readJsonText(input, 'frame.json');
    const schemas = workbook.sheets.map((sheet) => detectSchema(sheet));
    const output = pseudonymize(workbook, schemas, { secret: 'k' }).workbook;
    const written = JSON.parse(new TextDecoder().decode(writeWorkbook(output, 'json'))) as {
      schema: unknown;
      data: { name: string }[];
    };
    expect(written.schema).toEqual(schema);
    expect(written.data.map((record) => record.name)).not.toContain('Ann Lee');
    // A member with fields that are not the records' keys is no schema of theirs: replaced.
    const other = readJsonText(
      JSON.stringify({ form: { fields: [{ name: 'Alice Johnson' }] }, data: [{ name: 'Ann' }] }),
    );
    const replaced = pseudonymize(other, [[...detectSchema(other.sheets[0]!)]], { secret: 'k' });
    expect(JSON.stringify(replaced.workbook.sheets[0]!.jsonWrapper)).not.toContain('Alice');
  });

  it.each([
    ['an object of arrays', '{"name":["Ann","Bob"],"age":[1,2]}'],
    [
      'pandas orient="split"',
      '{"columns":["name","age"],"index":[0,1],"data":[["Ann",1],["Bob",2]]}',
    ],
    [
      'pandas orient="split", index=False',
      '{"columns":["name","age"],"data":[["Ann",1],["Bob",2]]}',
    ],
    [
      'pandas orient="split", ids as index',
      '{"columns":["name"],"index":[1001,1002],"data":[["Ann"],["Bob"]]}',
    ],
    ['pandas orient="index"', '{"0":{"name":"Ann"},"1":{"name":"Bob"}}'],
    [
      'pandas orient="index", ids as index',
      '{"1001":{"name":"Ann","age":3},"1002":{"name":"Bob","age":4}}',
    ],
    ['pandas orient="columns"', '{"name":{"0":"Ann","1":"Bob"},"age":{"0":1,"1":2}}'],
    ['pandas orient="columns", ids as index', '{"name":{"1001":"Ann","1002":"Bob"}}'],
    ['pandas orient="values"', '[["Ann",1],["Bob",2]]'],
  ])('writes %s back in its own shape, pseudonymized or not', (_, input) => {
    const workbook = readJsonText(input);
    expect(new TextDecoder().decode(writeWorkbook(workbook, 'json'))).toBe(`${input}\n`);
    const schemas = workbook.sheets.map((sheet) => detectSchema(sheet));
    const output = pseudonymize(workbook, schemas, { secret: 'k' }).workbook;
    const written = new TextDecoder().decode(writeWorkbook(output, 'json'));
    // The same shape: the same arrays and keys (index labels aside), other values.
    const shapeOf = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(shapeOf);
      if (value !== null && typeof value === 'object') {
        return Object.entries(value).map(([key, inner]) => [
          /^\d+$/.test(key) ? 'label' : key,
          shapeOf(inner),
        ]);
      }
      return 'value';
    };
    expect(shapeOf(JSON.parse(written))).toEqual(shapeOf(JSON.parse(input)));
    expect(written).not.toContain('"Ann"');
    expect(readJsonText(written).sheets[0]!.columns).toEqual(workbook.sheets[0]!.columns);
  });

  it('writes a document of one object back as one object, pseudonymized or not', () => {
    const input =
      '{"name":"Ann Lee","email":"ann.lee@corp.com","address":{"city":"Paris"},"age":31}';
    const workbook = readJsonText(input);
    expect(workbook.sheets[0]).toMatchObject({
      rows: [['Ann Lee', 'ann.lee@corp.com', 'Paris', 31]],
    });
    expect(new TextDecoder().decode(writeWorkbook(workbook, 'json'))).toBe(`${input}\n`);
    const schemas = workbook.sheets.map((sheet) => detectSchema(sheet));
    const output = pseudonymize(workbook, schemas, { secret: 'k' }).workbook;
    const written = JSON.parse(new TextDecoder().decode(writeWorkbook(output, 'json'))) as Record<
      string,
      unknown
    >;
    expect(Array.isArray(written)).toBe(false);
    expect(Object.keys(written)).toEqual(['name', 'email', 'address', 'age']);
    expect(written.name).not.toBe('Ann Lee');
    // An array of one object stays an array.
    const array = readJsonText(`[${input}]`);
    expect(new TextDecoder().decode(writeWorkbook(array, 'json'))).toBe(`[\n${input}\n]\n`);
  });

  it('reads a document of several tables as one sheet each, and writes it back whole', () => {
    const input =
      '{"exported_by":"ann.lee@corp.com","customers":[{"id":101,"name":"Ann Lee","email":"ann.lee@corp.com"},{"id":102,"name":"Bob Ray","email":"bob.ray@corp.com"}],"orders":[{"order_id":1,"customer_id":101,"total":5.5},{"order_id":2,"customer_id":102},{"order_id":3,"customer_id":101,"total":1.25}],"refunds":[],"count":3}';
    const workbook = readJsonText(input, 'dump.json');
    expect(workbook.sheets.map((sheet) => [sheet.name, sheet.columns])).toEqual([
      ['customers', ['id', 'name', 'email']],
      ['orders', ['order_id', 'customer_id', 'total']],
    ]);
    // Read and written back unchanged: members, their order, an absent key, the empty array.
    expect(JSON.parse(new TextDecoder().decode(writeWorkbook(workbook, 'json')))).toEqual(
      JSON.parse(input),
    );
    const schemas = workbook.sheets.map((sheet) => detectSchema(sheet));
    const output = pseudonymize(workbook, schemas, { secret: 'k' }).workbook;
    const written = JSON.parse(new TextDecoder().decode(writeWorkbook(output, 'json'))) as {
      exported_by: string;
      customers: { id: number; name: string; email: string }[];
      orders: { order_id: number; customer_id: number; total?: number }[];
      refunds: unknown[];
      count: number;
    };
    expect(Object.keys(written)).toEqual([
      'exported_by',
      'customers',
      'orders',
      'refunds',
      'count',
    ]);
    expect(written.exported_by).not.toBe('ann.lee@corp.com');
    expect(written.refunds).toEqual([]);
    expect(written.count).toBe(3);
    expect(written.customers.map((record) => record.name)).not.toContain('Ann Lee');
    expect(Object.keys(written.orders[1]!)).toEqual(['order_id', 'customer_id']);
    // The tables still join: each order's customer is a customer of the output.
    const customerIds = written.customers.map((record) => record.id);
    expect(customerIds).not.toEqual([101, 102]);
    expect(written.orders.map((order) => customerIds.indexOf(order.customer_id))).toEqual([
      0, 1, 0,
    ]);
    // One table alone, as csv and json output of a chosen sheet hold.
    const orders = JSON.parse(
      new TextDecoder().decode(writeWorkbook(output, 'json', { sheetName: 'orders' })),
    ) as unknown[];
    expect(orders).toEqual(written.orders);
  });

  it('keeps the key path of every column', () => {
    const sheet = readJsonText('[{"a.b":1,"a":{"b":2}}]').sheets[0];
    expect(sheet?.paths).toEqual([['a.b'], ['a', 'b']]);
  });

  it('treats __proto__ and constructor as ordinary data and never pollutes Object.prototype', () => {
    const sheet = readJsonText(
      '[{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}},"x":"__proto__"}]',
    ).sheets[0];
    expect(sheet?.columns).toEqual(['__proto__.polluted', 'constructor.prototype.polluted', 'x']);
    expect(sheet?.rows).toEqual([['yes', 'yes', '__proto__']]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  it.each([
    ['malformed JSON', '[{"a":1}', /not valid JSON \(error on line 1, column 9\)/],
    ['a bare value', '42', /not valid JSON|single value/],
    ['a bare string in brackets', '["unterminated', /not valid JSON/],
  ])('refuses %s named .json', (_, input, message) => {
    expect(() => readJsonText(input)).toThrow(message);
    expect(() => readJsonText(input)).toThrow(EngineError);
  });

  it('names the line of a syntax error', () => {
    expect(() => readJsonText('[\n{"a":1},\n{"a":}\n]')).toThrow(/line 3/);
  });

  it.each(['events.jsonl', 'events.ndjson', 'events.log', 'events.csv'])(
    'refuses JSON Lines with a cut record (%s), never reading its first record as a header',
    (fileName) => {
      const text =
        '{"user":"u_47919","ip":"124.82.24.21"}\n\n{"user":"u_1","ip":"10.0.0.1"}\n{"user":"u_2","ip":"10.0.\n';
      expect(() => readJsonText(text, fileName)).toThrow(
        'This file is not valid JSON Lines: line 4 is not a whole JSON value (a cut or broken record).',
      );
    },
  );

  it('still reads a csv whose header starts with a bracket', () => {
    expect(readJsonText('[id],name\n1,Ann\n', 'people.csv').sheets[0]?.columns).toEqual([
      '[id]',
      'name',
    ]);
    expect(() => readJsonText('[id],name\n1,Ann\n', 'people.jsonl')).toThrow(EngineError);
  });

  it('reads many records whose keys repeat, change order or nest, values repeated or not', () => {
    const records = Array.from({ length: 10_000 }, (_, row) =>
      row % 3 === 2
        ? { city: `c${row % 5}`, id: `u${row}`, at: { day: `d${row % 7}` } }
        : { id: `u${row}`, city: `c${row % 5}`, at: { day: `d${row % 7}` } },
    );
    const sheet = readJsonText(JSON.stringify(records)).sheets[0];
    expect(sheet?.columns).toEqual(['id', 'city', 'at.day']);
    expect(sheet?.rows).toEqual(records.map((record) => [record.id, record.city, record.at.day]));
  });
});
