import { describe, expect, it } from 'vitest';
import {
  PSEUDONYM_SCHEME_VERSION,
  RECIPE_FORMAT_VERSION,
  recipeSchema,
  type Recipe,
} from '../../../src/engine';

const GOOD: Recipe = {
  standin: 'recipe',
  version: RECIPE_FORMAT_VERSION,
  scheme: PSEUDONYM_SCHEME_VERSION,
  sheets: [
    {
      name: 'customers',
      columns: [
        { name: 'email', type: 'email', semantic: 'email', rule: { action: 'auto' } },
        {
          name: 'first_name',
          type: 'string',
          semantic: 'firstName',
          rule: { action: 'faker', fakerMethod: 'person.firstName' },
        },
        {
          name: 'balance',
          type: 'number',
          semantic: null,
          rule: { action: 'auto' },
          precision: 2,
          range: { min: 0, max: 1000 },
        },
        {
          name: 'signup',
          type: 'date',
          semantic: null,
          rule: { action: 'keep' },
          format: 'YYYY-MM-DD',
          dateRange: { min: '2020-01-01', max: '2024-12-31' },
        },
      ],
    },
  ],
};

/** GOOD with `change` made to a copy of it (a JSON copy, so a change may break the types). */
function changed(change: (recipe: Record<string, unknown> & Recipe) => void): unknown {
  const copy = structuredClone(GOOD) as Record<string, unknown> & Recipe;
  change(copy);
  return copy;
}

function column(recipe: Recipe, index: number): Record<string, unknown> {
  return recipe.sheets[0]!.columns[index] as unknown as Record<string, unknown>;
}

/** The issues of a refused recipe as `path: message` lines. */
function issues(input: unknown): string[] {
  const result = recipeSchema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('recipeSchema', () => {
  it('accepts a recipe as recipeFromSchemas writes it, and as JSON gives it back', () => {
    expect(recipeSchema.parse(GOOD)).toEqual(GOOD);
    expect(recipeSchema.parse(JSON.parse(JSON.stringify(GOOD)))).toEqual(GOOD);
  });

  it('ignores keys it does not know, such as a note written by hand', () => {
    const parsed = recipeSchema.parse({ ...GOOD, note: 'March export' });
    expect(parsed).toEqual(GOOD);
  });

  // Each bad recipe names the field at fault in the issue's path.
  it.each([
    {
      description: 'missing version',
      input: changed((recipe) => delete (recipe as Partial<Recipe>).version),
      expected: /^version: Required/,
    },
    {
      description: 'version as text',
      input: changed((recipe) => (recipe.version = '1' as unknown as number)),
      expected: /^version: Expected 1/,
    },
    {
      description: 'not a recipe',
      input: changed((recipe) => (recipe.standin = 'mapping' as 'recipe')),
      expected: /^standin: /,
    },
    {
      description: 'sheets not an array',
      input: changed((recipe) => (recipe.sheets = {} as Recipe['sheets'])),
      expected: /^sheets: /,
    },
    {
      description: 'an unknown column type',
      input: changed((recipe) => (column(recipe, 0).type = 'postcode')),
      expected: /^sheets\.0\.columns\.0\.type: Invalid option/,
    },
    {
      description: 'a precision as text',
      input: changed((recipe) => (column(recipe, 2).precision = '2')),
      expected: /^sheets\.0\.columns\.2\.precision: /,
    },
    {
      description: 'an unknown action',
      input: changed((recipe) => (column(recipe, 0).rule = { action: 'scramble' })),
      expected: /^sheets\.0\.columns\.0\.rule\.action: Invalid option/,
    },
    {
      description: 'a misspelt Faker method, with the closest names',
      input: changed(
        (recipe) => (column(recipe, 1).rule = { action: 'faker', fakerMethod: 'person.firstname' }),
      ),
      expected:
        /^sheets\.0\.columns\.1\.rule\.fakerMethod: Unknown Faker method .*Did you mean person\.firstName/,
    },
    {
      description: 'a faker rule without a method',
      input: changed((recipe) => (column(recipe, 1).rule = { action: 'faker' })),
      expected: /^sheets\.0\.columns\.1\.rule\.fakerMethod: A 'faker' rule needs a fakerMethod/,
    },
    {
      description: 'a range upside down',
      input: changed((recipe) => (column(recipe, 2).range = { min: 5, max: 1 })),
      expected: /^sheets\.0\.columns\.2\.range: range\.min must not exceed range\.max/,
    },
    {
      description: 'a date range of a day that does not exist',
      input: changed(
        (recipe) => (column(recipe, 3).dateRange = { min: '2023-02-30', max: '2024-01-01' }),
      ),
      expected: /^sheets\.0\.columns\.3\.dateRange\.min: /,
    },
    {
      description: 'a column listed twice',
      input: changed((recipe) => recipe.sheets[0]!.columns.push(recipe.sheets[0]!.columns[0]!)),
      expected: /^sheets\.0\.columns\.4\.name: Column "email" is listed twice/,
    },
    {
      description: 'a sheet listed twice',
      input: changed((recipe) => recipe.sheets.push(recipe.sheets[0]!)),
      expected: /^sheets\.1\.name: Sheet "customers" is listed twice/,
    },
  ])('refuses $description', ({ input, expected }) => {
    const found = issues(input);
    expect(found.length).toBeGreaterThan(0);
    expect(found[0]).toMatch(expected);
  });

  it('refuses a recipe of a newer format or scheme, asking for an update', () => {
    const newerScheme = issues({ ...GOOD, scheme: PSEUDONYM_SCHEME_VERSION + 1 });
    expect(newerScheme).toEqual([
      `scheme: This recipe was made for pseudonym scheme ${PSEUDONYM_SCHEME_VERSION + 1}; ` +
        `this Stand-in knows schemes up to ${PSEUDONYM_SCHEME_VERSION}. Update Stand-in to use it.`,
    ]);
    const newerFormat = issues({ ...GOOD, version: RECIPE_FORMAT_VERSION + 1 });
    expect(newerFormat).toEqual([
      `version: This recipe is in recipe format ${RECIPE_FORMAT_VERSION + 1}; this Stand-in ` +
        `reads formats up to ${RECIPE_FORMAT_VERSION}. Update Stand-in to use it.`,
    ]);
  });

  it('accepts every older format and scheme, and refuses version 0', () => {
    for (let version = 1; version <= RECIPE_FORMAT_VERSION; version++) {
      for (let scheme = 1; scheme <= PSEUDONYM_SCHEME_VERSION; scheme++) {
        expect(issues({ ...GOOD, version, scheme })).toEqual([]);
      }
    }
    expect(issues({ ...GOOD, scheme: 0 })[0]).toMatch(/^scheme: Expected/);
  });
});
