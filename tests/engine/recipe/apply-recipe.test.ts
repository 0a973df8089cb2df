import { describe, expect, it } from 'vitest';
import {
  applyRecipe,
  cellText,
  detectSchema,
  EngineError,
  recipeFromSchemas,
  recipeSchema,
  type Cell,
  type ColumnSchema,
  type Recipe,
  type SchemaOfSheet,
  type Sheet,
} from '../../../src/engine';

const FIRST = ['Philippa', 'Ottoline', 'Bartholomew', 'Wilhelmina', 'Cornelius', 'Gwendolyn'];
const LAST = ['Featherstonehaugh', 'Marjoribanks', 'Cholmondeley', 'Urquhart', 'Drummond'];

/** A customers table; `offset` gives another export of the same shape with other people. */
function customers(rows: number, offset = 0, name = 'customers'): Sheet {
  const data: Cell[][] = [];
  for (let index = offset; index < offset + rows; index++) {
    const first = FIRST[index % FIRST.length]!;
    const last = LAST[(index * 3) % LAST.length]!;
    data.push([
      `${first.toLowerCase()}.${last.toLowerCase()}${index}@mailbox.test`,
      first,
      last,
      `${1987 + (index % 20)}-${String((index % 12) + 1).padStart(2, '0')}-${String((index % 27) + 1).padStart(2, '0')}`,
      (index * 73.31 + 1042.17).toFixed(2),
      `+44 20 7946 ${String(1000 + index * 37).slice(-4)}`,
    ]);
  }
  return {
    name,
    columns: ['email', 'first_name', 'last_name', 'birthday', 'balance', 'phone'],
    rows: data,
  };
}

function orders(rows: number): Sheet {
  const data: Cell[][] = [];
  for (let index = 0; index < rows; index++) {
    data.push([`ORD-${77310 + index}`, (index + 1) * 19.95]);
  }
  return { name: 'orders', columns: ['order_id', 'amount'], rows: data };
}

function sheetsOf(...sheets: Sheet[]): SchemaOfSheet[] {
  return sheets.map((sheet) => ({ name: sheet.name, schema: detectSchema(sheet) }));
}

/** The schema of `sheet` with `change` made to the column named `name` (a user's edit). */
function edited(sheet: SchemaOfSheet, name: string, change: Partial<ColumnSchema>): SchemaOfSheet {
  return {
    name: sheet.name,
    schema: sheet.schema.map((column) =>
      column.name === name ? { ...column, ...change } : column,
    ),
  };
}

/** The parts of a column a recipe carries, to compare two schemas' rules. */
function choices(schema: ReadonlyArray<ColumnSchema>) {
  return schema.map(({ name, type, semantic, rule, format, precision, range, rangeSetByUser }) => ({
    name,
    type,
    semantic,
    rule,
    format,
    precision,
    ...(rangeSetByUser ? { range } : {}),
  }));
}

/** March's choices: a faker rule, a kept column, a user's range, a blanked column. */
function marchChoices(): SchemaOfSheet {
  let [march] = sheetsOf(customers(30));
  march = edited(march!, 'first_name', {
    rule: { action: 'faker', fakerMethod: 'person.firstName' },
  });
  march = edited(march, 'birthday', { rule: { action: 'keep' } });
  march = edited(march, 'balance', { range: { min: 0, max: 5000 }, rangeSetByUser: true });
  return edited(march, 'phone', { rule: { action: 'blank' } });
}

describe('recipeFromSchemas and applyRecipe', () => {
  it("reapplies March's rules to April's export of the same shape", () => {
    const march = marchChoices();
    const recipe = recipeFromSchemas([march]);
    // Saved as a file and read back.
    const saved = recipeSchema.parse(JSON.parse(JSON.stringify(recipe)));
    const [april] = sheetsOf(customers(25, 500, 'customers-april'));

    const { schemas, report } = applyRecipe(saved, [april!]);

    expect(choices(schemas[0]!)).toEqual(choices(march.schema));
    expect(report.applied.map(({ column }) => column)).toEqual(april!.schema.map((c) => c.name));
    expect(report.notFound).toEqual([]);
    expect(report.notCovered).toEqual([]);
    const balance = schemas[0]!.find((column) => column.name === 'balance');
    expect(balance).toMatchObject({ range: { min: 0, max: 5000 }, rangeSetByUser: true });
  });

  it('holds the format marker, both versions and per column only the choices', () => {
    const recipe = recipeFromSchemas([marchChoices()]);
    expect(recipe).toMatchObject({ standin: 'recipe', version: 1, scheme: 12 });
    expect(recipeFromSchemas([marchChoices()], 1).scheme).toBe(1);
    const columns = recipe.sheets[0]!.columns;
    expect(columns.find((column) => column.name === 'first_name')).toEqual({
      name: 'first_name',
      type: 'string',
      semantic: 'firstName',
      rule: { action: 'faker', fakerMethod: 'person.firstName' },
    });
    expect(columns.find((column) => column.name === 'birthday')).toMatchObject({
      type: 'date',
      format: 'YYYY-MM-DD',
      rule: { action: 'keep' },
    });
    const allowed = ['name', 'type', 'semantic', 'rule', 'format', 'timeZone', 'precision'];
    for (const column of columns) {
      const extra = column.name === 'balance' ? ['range'] : [];
      for (const key of Object.keys(column)) expect([...allowed, ...extra]).toContain(key);
    }
  });

  it("carries a measure's number mode, and leaves it out where none was picked", () => {
    const march = edited(marchChoices(), 'balance', { numberMode: 'distribution' });
    const recipe = recipeSchema.parse(JSON.parse(JSON.stringify(recipeFromSchemas([march]))));
    const columns = recipe.sheets[0]!.columns;
    expect(columns.find((column) => column.name === 'balance')?.numberMode).toBe('distribution');
    expect(columns.filter((column) => column.numberMode !== undefined)).toHaveLength(1);
    const [april] = sheetsOf(customers(25, 500, 'customers-april'));
    const { schemas } = applyRecipe(recipe, [april!]);
    // The recipe's range alone would mean 'range'; the mode picked with it wins.
    expect(schemas[0]!.find((column) => column.name === 'balance')).toMatchObject({
      rangeSetByUser: true,
      numberMode: 'distribution',
    });
  });

  it("carries a date column's date shift (entity column and window)", () => {
    const dateShift = { entityColumn: 'email', windowDays: 30 };
    const march = edited(marchChoices(), 'birthday', { dateShift });
    const recipe = recipeSchema.parse(JSON.parse(JSON.stringify(recipeFromSchemas([march]))));
    const columns = recipe.sheets[0]!.columns;
    expect(columns.find((column) => column.name === 'birthday')?.dateShift).toEqual(dateShift);
    expect(columns.filter((column) => column.dateShift !== undefined)).toHaveLength(1);
    const [april] = sheetsOf(customers(25, 500, 'customers-april'));
    const { schemas } = applyRecipe(recipe, [april!]);
    expect(schemas[0]!.find((column) => column.name === 'birthday')?.dateShift).toEqual(dateShift);
  });

  it('holds no value of the data: no example, sample, count, observed range or secret', () => {
    const sheet = customers(40);
    const [detected] = sheetsOf(sheet);
    const json = JSON.stringify(recipeFromSchemas([detected!]));
    // Detection saw an observed range in both columns; the recipe keeps neither.
    expect(detected!.schema.find((column) => column.name === 'balance')?.range).toBeDefined();
    expect(detected!.schema.find((column) => column.name === 'birthday')?.dateRange).toBeDefined();
    for (const row of sheet.rows) {
      for (const cell of row) expect(json).not.toContain(cellText(cell));
    }
    for (const key of ['examples', 'description', 'range', 'dateRange', 'secret', 'number']) {
      expect(json).not.toContain(`"${key}":`);
    }
    expect(json).not.toMatch(/Count":/);
  });

  it('keeps a date range the user set, and the observed one only in the dataset', () => {
    const [detected] = sheetsOf(customers(10));
    const userSet = edited(detected!, 'birthday', {
      dateRange: { min: '1990-01-01', max: '1999-12-31' },
      rangeSetByUser: true,
    });
    const birthday = recipeFromSchemas([userSet]).sheets[0]!.columns.find(
      (column) => column.name === 'birthday',
    );
    expect(birthday?.dateRange).toEqual({ min: '1990-01-01', max: '1999-12-31' });
  });

  it('reports a renamed column as not found and its new name as not covered', () => {
    const recipe = recipeFromSchemas([marchChoices()]);
    const renamed = customers(20);
    renamed.columns = renamed.columns.map((name) => (name === 'first_name' ? 'given_name' : name));
    const [april] = sheetsOf(renamed);

    const { schemas, report } = applyRecipe(recipe, [april!]);

    expect(report.notFound).toEqual([{ sheet: 'customers', column: 'first_name' }]);
    expect(report.notCovered).toEqual([{ sheet: 'customers', column: 'given_name' }]);
    expect(report.applied).toHaveLength(5);
    // The column the recipe does not cover keeps its detected rule, the very object.
    const given = april!.schema.find((column) => column.name === 'given_name');
    expect(schemas[0]!.find((column) => column.name === 'given_name')).toBe(given);
    expect(schemas[0]!.find((column) => column.name === 'phone')?.rule).toEqual({
      action: 'blank',
    });
  });

  it('matches one sheet to one sheet by position, whatever their names', () => {
    const recipe = recipeFromSchemas([
      edited(sheetsOf(customers(10, 0, 'customers-march'))[0]!, 'email', {
        rule: { action: 'keep' },
      }),
    ]);
    const { schemas, report } = applyRecipe(recipe, sheetsOf(customers(10, 9, 'customers-april')));
    expect(schemas[0]!.find((column) => column.name === 'email')?.rule).toEqual({ action: 'keep' });
    expect(report.applied[0]).toEqual({ sheet: 'customers-april', column: 'email' });
    expect(report.notFound).toEqual([]);
  });

  it('matches sheets by name when there are several, in any order', () => {
    const [people, sales] = sheetsOf(customers(10), orders(5));
    const recipe = recipeFromSchemas([
      edited(sales!, 'order_id', { rule: { action: 'keep' } }),
      { name: 'archive', schema: people!.schema },
    ]);
    const { schemas, report } = applyRecipe(recipe, [people!, sales!]);

    expect(schemas[0]).toEqual(people!.schema);
    expect(schemas[1]!.find((column) => column.name === 'order_id')?.rule).toEqual({
      action: 'keep',
    });
    expect(report.applied).toEqual([
      { sheet: 'orders', column: 'order_id' },
      { sheet: 'orders', column: 'amount' },
    ]);
    expect(report.notCovered.map(({ sheet }) => sheet)).toEqual(Array(6).fill('customers'));
    expect(report.notFound.map(({ sheet }) => sheet)).toEqual(Array(6).fill('archive'));
  });

  it('applies a type that no longer fits the values: the type is the user’s choice', () => {
    const recipe: Recipe = {
      standin: 'recipe',
      version: 1,
      scheme: 1,
      sheets: [
        {
          name: 'x',
          columns: [{ name: 'email', type: 'number', semantic: null, rule: { action: 'auto' } }],
        },
      ],
    };
    const { schemas } = applyRecipe(recipe, sheetsOf(customers(5)));
    const email = schemas[0]!.find((column) => column.name === 'email');
    expect(email).toMatchObject({ type: 'number', semantic: null, suggestedMethod: null });
  });

  it('returns the same objects when the recipe changes nothing', () => {
    const march = marchChoices();
    const { schemas } = applyRecipe(recipeFromSchemas([march]), [march]);
    schemas[0]!.forEach((column, index) => expect(column).toBe(march.schema[index]));
  });

  it('refuses a faker rule without a known method in a recipe built in code', () => {
    const recipe: Recipe = {
      standin: 'recipe',
      version: 1,
      scheme: 1,
      sheets: [
        {
          name: 'customers',
          columns: [
            {
              name: 'email',
              type: 'email',
              semantic: 'email',
              rule: { action: 'faker', fakerMethod: 'internet.emial' },
            },
          ],
        },
      ],
    };
    expect(() => applyRecipe(recipe, sheetsOf(customers(5)))).toThrow(EngineError);
    expect(() => applyRecipe(recipe, sheetsOf(customers(5)))).toThrow(/internet\.email/);
  });
});
