/**
 * A recipe file as the page passes it on. The server checks the document itself (format marker,
 * versions, rules) and says what is wrong; the page only makes sure it has a JSON object to send.
 */
export type RecipeDocument = Record<string, unknown>;

/** Refuses files no recipe could be: a recipe is a few kilobytes per hundred columns. */
const MOST_RECIPE_BYTES = 5 * 1024 * 1024;

/** Reads a chosen recipe file; throws an Error whose message tells the user what is wrong. */
export async function readRecipeFile(file: File): Promise<RecipeDocument> {
  if (file.size > MOST_RECIPE_BYTES) {
    throw new Error(`"${file.name}" is too large to be a recipe.`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(await file.text());
  } catch {
    // JSON.parse's own message quotes the file's text, which may be data: it is not shown.
    throw new Error(`"${file.name}" is not JSON. Choose a .recipe.json file saved by Stand-in.`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error(
      `"${file.name}" is not a recipe. Choose a .recipe.json file saved by Stand-in.`,
    );
  }
  return parsed as RecipeDocument;
}
