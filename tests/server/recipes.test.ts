// Recipes over HTTP, against the real server: save one from a dataset (GET …/recipe), apply it to
// another (PUT …/recipe, or the upload's `recipe` field), and what is refused.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { writeWorkbook, type Recipe } from '../../src/engine';
import type { DatasetView, UploadedDataset } from '../../src/server/api-schemas';
import { fixtureFile, peopleSheet } from '../support/people-files';
import {
  sendJson,
  useInProcessServer,
  uploadDataset,
  type ErrorBody,
} from '../support/in-process-server';

const server = useInProcessServer();

type AppliedView = DatasetView & { recipeReport: UploadedDataset['recipeReport'] & object };

async function json<T>(response: Response, status = 200): Promise<T> {
  if (response.status !== status) {
    throw new Error(`expected ${status}, got ${response.status}: ${await response.text()}`);
  }
  return (await response.json()) as T;
}

function getRecipe(id: string): Promise<Response> {
  return fetch(`${server.url}/api/datasets/${id}/recipe`);
}

/** PUT …/recipe the way curl does with `--data @recipe.json`: the document is the body. */
function putRecipe(id: string, recipe: unknown): Promise<Response> {
  return sendJson(server.url, 'PUT', `/api/datasets/${id}/recipe`, recipe);
}

function pseudonymize(id: string, secret: string): Promise<Response> {
  return sendJson(server.url, 'POST', `/api/datasets/${id}/pseudonymize`, { secret });
}

async function downloadBytes(id: string): Promise<Uint8Array> {
  const response = await fetch(`${server.url}/api/datasets/${id}/download`);
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

/** March's choices, made through the schema API as the page makes them. */
const MARCH_EDITS = [
  { name: 'first_name', rule: { action: 'faker', fakerMethod: 'person.firstName' } },
  { name: 'signup_date', rule: { action: 'keep' } },
  { name: 'balance', range: { min: 0, max: 100_000 } },
  { name: 'phone', rule: { action: 'blank' } },
];

async function marchDataset(): Promise<DatasetView> {
  const uploaded = await uploadDataset(server.url, 'people-march.csv', fixtureFile('csv'));
  return json<DatasetView>(
    await sendJson(server.url, 'PATCH', `/api/datasets/${uploaded.id}/schema`, {
      schema: MARCH_EDITS,
    }),
  );
}

/** The user's choices of each column, to compare two datasets' rules. */
function rules(view: DatasetView) {
  return view.schema.map(({ name, type, semantic, rule, format, precision, rangeSetByUser }) => ({
    name,
    type,
    semantic,
    rule,
    format,
    precision,
    rangeSetByUser,
  }));
}

function uploadWithRecipe(
  fileName: string,
  bytes: Uint8Array,
  recipe: string | Blob,
): Promise<Response> {
  const form = new FormData();
  // The recipe before the file: its place in the form does not matter.
  if (typeof recipe === 'string') form.append('recipe', recipe);
  else form.append('recipe', recipe, 'march.recipe.json');
  form.append('file', new Blob([new Uint8Array(bytes)]), fileName);
  return fetch(`${server.url}/api/upload`, { method: 'POST', body: form });
}

describe('GET /api/datasets/{id}/recipe', () => {
  it("gives every sheet's choices, versioned, without a value of the data", async () => {
    const book = await uploadDataset(server.url, 'book.xlsx', fixtureFile('xlsx'));
    const recipe = await json<Recipe>(await getRecipe(book.id));
    expect(recipe).toMatchObject({ standin: 'recipe', version: 1, scheme: 12 });
    expect(recipe.sheets.map((sheet) => sheet.name)).toEqual(['People', 'Orders']);
    expect(recipe.sheets[0]?.columns.find((column) => column.name === 'email')).toEqual({
      name: 'email',
      type: 'email',
      semantic: 'email',
      rule: { action: 'auto' },
    });
    const text = JSON.stringify(recipe);
    for (const row of peopleSheet(40).rows.slice(0, 10)) {
      for (const cell of row.slice(1, 5)) expect(text).not.toContain(String(cell));
    }
    expect(text).not.toMatch(/"(examples|sample|range|dateRange|distinctCount)":/);
  });

  it('holds a range the user set, and no observed one', async () => {
    const march = await marchDataset();
    const recipe = await json<Recipe>(await getRecipe(march.id));
    const columns = recipe.sheets[0]?.columns ?? [];
    expect(columns.find((column) => column.name === 'balance')?.range).toEqual({
      min: 0,
      max: 100_000,
    });
    expect(columns.find((column) => column.name === 'signup_date')?.dateRange).toBeUndefined();
  });

  it('answers 404 for an unknown dataset', async () => {
    const body = await json<ErrorBody>(await getRecipe('no-such-dataset'), 404);
    expect(body.message).toMatch(/not found/i);
  });
});

describe('PUT /api/datasets/{id}/recipe', () => {
  it("gives April's export March's rules, and under one secret the same bytes", async () => {
    const march = await marchDataset();
    const recipe = await json<Recipe>(await getRecipe(march.id));
    // The same export uploaded again: detected afresh, so its rules are not March's yet.
    const april = await uploadDataset(server.url, 'people-march.csv', fixtureFile('csv'));
    expect(rules(april)).not.toEqual(rules(march));

    const applied = await json<AppliedView>(await putRecipe(april.id, recipe));

    expect(rules(applied)).toEqual(rules(march));
    expect(applied.recipeReport.applied).toHaveLength(8);
    expect(applied.recipeReport.notFound).toEqual([]);
    expect(applied.recipeReport.notCovered).toEqual([]);
    await json(await pseudonymize(march.id, 'team-key'));
    await json(await pseudonymize(april.id, 'team-key'));
    expect(await downloadBytes(april.id)).toEqual(await downloadBytes(march.id));
  }, 60_000);

  it('matches the only sheet of another export by position and reports renamed columns', async () => {
    const march = await marchDataset();
    const recipe = await json<Recipe>(await getRecipe(march.id));
    const sheet = peopleSheet(12, 'people-april');
    sheet.columns = sheet.columns.map((name) => (name === 'phone' ? 'mobile' : name));
    const april = await uploadDataset(
      server.url,
      'people-april.csv',
      writeWorkbook({ format: 'csv', sheets: [sheet] }, 'csv'),
    );

    const applied = await json<AppliedView>(await putRecipe(april.id, recipe));

    expect(applied.recipeReport.notFound).toEqual([{ sheet: 'people-march', column: 'phone' }]);
    expect(applied.recipeReport.notCovered).toEqual([{ sheet: 'people-april', column: 'mobile' }]);
    expect(applied.recipeReport.applied).toContainEqual({
      sheet: 'people-april',
      column: 'first_name',
    });
    const firstName = applied.schema.find((column) => column.name === 'first_name');
    expect(firstName?.rule).toEqual({ action: 'faker', fakerMethod: 'person.firstName' });
    const mobile = applied.schema.find((column) => column.name === 'mobile');
    expect(mobile?.rule).toEqual(april.schema.find((column) => column.name === 'mobile')?.rule);
  });

  it('discards the last run on a change, and keeps it when the recipe changes nothing', async () => {
    const march = await marchDataset();
    const own = await json<Recipe>(await getRecipe(march.id));
    const run = await json<DatasetView>(await pseudonymize(march.id, 'k'));
    expect(run.pseudonymizedData).not.toBeNull();

    const same = await json<AppliedView>(await putRecipe(march.id, own));
    expect(same.pseudonymizedData).not.toBeNull();
    expect(same.stats).toEqual(run.stats);

    const keepEmail = structuredClone(own);
    const email = keepEmail.sheets[0]?.columns.find((column) => column.name === 'email');
    if (email) email.rule = { action: 'keep' };
    const changed = await json<AppliedView>(await putRecipe(march.id, keepEmail));
    expect(changed.pseudonymizedData).toBeNull();
    expect(changed.schema.find((column) => column.name === 'email')?.rule).toEqual({
      action: 'keep',
    });
    const download = await fetch(`${server.url}/api/datasets/${march.id}/download`);
    expect(download.status).toBe(409);
  }, 60_000);

  it("runs under a recipe's pseudonym scheme: scheme 1's golden bytes, and names it", async () => {
    const golden = (path: string) =>
      new Uint8Array(
        readFileSync(new URL(`../engine/pseudonymize/golden/${path}`, import.meta.url)),
      );
    const input = golden('customers.csv');
    const latest = await uploadDataset(server.url, 'customers.csv', input);
    const ran = await json<DatasetView>(await pseudonymize(latest.id, 'golden-key-2026'));
    expect(ran.stats?.scheme).toBe(12);
    expect(await downloadBytes(latest.id)).toEqual(golden('scheme-12/pseudonymized.csv'));

    const recipe = await json<Recipe>(await getRecipe(latest.id));
    expect(recipe.scheme).toBe(12);
    const older = await uploadDataset(server.url, 'customers.csv', input);
    await json(await pseudonymize(older.id, 'golden-key-2026'));
    // The same choices under scheme 1: the schemas do not change, the run is discarded.
    const applied = await json<AppliedView>(await putRecipe(older.id, { ...recipe, scheme: 1 }));
    expect(applied.pseudonymizedData).toBeNull();
    expect((await json<Recipe>(await getRecipe(older.id))).scheme).toBe(1);
    const ranOlder = await json<DatasetView>(await pseudonymize(older.id, 'golden-key-2026'));
    expect(ranOlder.stats?.scheme).toBe(1);
    expect(await downloadBytes(older.id)).toEqual(golden('scheme-1/pseudonymized.csv'));
  }, 60_000);

  it.each([
    {
      description: 'an unknown action',
      change: (recipe: Recipe) => {
        (recipe.sheets[0]!.columns[0]!.rule as { action: string }).action = 'scramble';
      },
      path: ['sheets', 0, 'columns', 0, 'rule', 'action'],
      message: /Invalid option/,
    },
    {
      description: 'a misspelt Faker method',
      change: (recipe: Recipe) => {
        recipe.sheets[0]!.columns[1]!.rule = { action: 'faker', fakerMethod: 'person.firstname' };
      },
      path: ['sheets', 0, 'columns', 1, 'rule', 'fakerMethod'],
      message: /Did you mean person\.firstName/,
    },
    {
      description: 'a missing version',
      change: (recipe: Recipe) => {
        delete (recipe as Partial<Recipe>).version;
      },
      path: ['version'],
      message: /Required/,
    },
    {
      description: 'a version as text',
      change: (recipe: Recipe) => {
        (recipe as { version: unknown }).version = '1';
      },
      path: ['version'],
      message: /Expected 1/,
    },
    {
      description: 'a newer pseudonym scheme',
      change: (recipe: Recipe) => {
        recipe.scheme = 13;
      },
      path: ['scheme'],
      message:
        /This recipe was made for pseudonym scheme 13; this Stand-in knows schemes up to 12\. Update Stand-in to use it\./,
    },
  ])('refuses $description with 400 naming the field', async ({ change, path, message }) => {
    const uploaded = await uploadDataset(server.url, 'people.csv', fixtureFile('csv', 5));
    const recipe = await json<Recipe>(await getRecipe(uploaded.id));
    change(recipe);
    const body = await json<ErrorBody>(await putRecipe(uploaded.id, recipe), 400);
    expect(body.issues?.[0]?.path).toEqual(path);
    expect(body.issues?.[0]?.message).toMatch(message);
    // A sentence of ours reads alone; zod's terse messages name their field.
    if (path[0] === 'scheme') expect(body.message).toMatch(/^This recipe was made for/);
    else expect(body.message).toMatch(/^Input validation failed: /);
    expect(body.message).toMatch(message);
    // Nothing of a refused recipe is applied.
    const after = await json<DatasetView>(await fetch(`${server.url}/api/datasets/${uploaded.id}`));
    expect(rules(after)).toEqual(rules(uploaded));
  });

  it('answers 404 for an unknown dataset', async () => {
    const uploaded = await uploadDataset(server.url, 'people.csv', fixtureFile('csv', 5));
    const recipe = await json<Recipe>(await getRecipe(uploaded.id));
    const body = await json<ErrorBody>(await putRecipe('no-such-dataset', recipe), 404);
    expect(body.message).toMatch(/not found/i);
  });
});

describe('POST /api/upload with a recipe', () => {
  it('applies a recipe sent as a text field right after detection', async () => {
    const march = await marchDataset();
    const recipe = await (await getRecipe(march.id)).text();

    const uploaded = await json<UploadedDataset>(
      await uploadWithRecipe('people-april.csv', fixtureFile('csv', 20), recipe),
      201,
    );

    expect(rules(uploaded)).toEqual(rules(march));
    expect(uploaded.recipeReport?.applied).toHaveLength(8);
    expect(uploaded.recipeReport?.notFound).toEqual([]);
  });

  it('takes the recipe as a file part too (curl -F recipe=@march.recipe.json)', async () => {
    const march = await marchDataset();
    const recipe = new Blob([await (await getRecipe(march.id)).text()], {
      type: 'application/json',
    });
    const uploaded = await json<UploadedDataset>(
      await uploadWithRecipe('people-april.csv', fixtureFile('csv', 20), recipe),
      201,
    );
    expect(rules(uploaded)).toEqual(rules(march));
  });

  it('answers without recipeReport when the upload has no recipe', async () => {
    const uploaded = await uploadDataset(server.url, 'people.csv', fixtureFile('csv', 5));
    expect('recipeReport' in uploaded).toBe(false);
  });

  it.each([
    {
      description: 'a recipe that does not validate',
      recipe: JSON.stringify({ standin: 'recipe', version: 1, scheme: 1, sheets: [{}] }),
      status: 400,
      expected: /recipe\.sheets\.0\.name/,
    },
    {
      description: 'a recipe of a newer scheme',
      recipe: JSON.stringify({ standin: 'recipe', version: 1, scheme: 13, sheets: [] }),
      status: 400,
      expected: /pseudonym scheme 13.*Update Stand-in/,
    },
    {
      description: 'a recipe that is not JSON',
      recipe: '{"standin": "recipe",',
      status: 400,
      expected: /not valid JSON/,
    },
    {
      description: 'a recipe over 1 MB',
      recipe: JSON.stringify({ note: 'x'.repeat(1024 * 1024) }),
      status: 413,
      expected: /recipe is larger than the 1 MB limit/,
    },
  ])('refuses $description and keeps no dataset', async ({ recipe, status, expected }) => {
    const datasets = server.store.size;
    const body = await json<ErrorBody>(
      await uploadWithRecipe('people.csv', fixtureFile('csv', 5), recipe),
      status,
    );
    expect(body.message).toMatch(expected);
    expect(server.store.size).toBe(datasets);
  });

  it('still takes one file only, and one recipe', async () => {
    const twoFiles = new FormData();
    twoFiles.append('file', new Blob(['a\n1\n']), 'one.csv');
    twoFiles.append('file', new Blob(['b\n2\n']), 'two.csv');
    const files = await fetch(`${server.url}/api/upload`, { method: 'POST', body: twoFiles });
    expect((await json<ErrorBody>(files, 400)).message).toBe('Send one file per upload');

    const twoRecipes = new FormData();
    twoRecipes.append('recipe', '{}');
    twoRecipes.append('recipe', new Blob(['{}']), 'again.recipe.json');
    twoRecipes.append('file', new Blob(['a\n1\n']), 'one.csv');
    const recipes = await fetch(`${server.url}/api/upload`, { method: 'POST', body: twoRecipes });
    expect((await json<ErrorBody>(recipes, 400)).message).toBe('Send one recipe per upload');
  });

  it('names the recipe field in the issues of a bad one', async () => {
    const recipe = JSON.stringify({ standin: 'recipe', version: 1, scheme: 1, sheets: 'all' });
    const body = await json<ErrorBody>(
      await uploadWithRecipe('people.csv', fixtureFile('csv', 5), recipe),
      400,
    );
    expect(body.issues?.[0]?.path).toEqual(['recipe', 'sheets']);
  });
});
