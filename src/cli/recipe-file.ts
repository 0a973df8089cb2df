import { readFileSync } from 'node:fs';
import { EngineError, parseJson, recipeSchema, type Recipe } from '../engine';
import { inputError } from './exit-codes';
import { fileProblem } from './file-problem';

/**
 * The recipe in a JSON file, as `standin detect` or the server's GET …/recipe writes it, checked
 * by the engine's recipeSchema (a newer format or scheme is refused, saying so). Messages name the
 * file and the line and column of a JSON error, or the field of a schema issue.
 */
export function readRecipe(path: string): Recipe {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw inputError(`cannot read the recipe ${path}: ${fileProblem(error)}`);
  }
  // An editor may have saved the file with a byte-order mark, which JSON.parse refuses.
  text = text.replace(/^\uFEFF/, '');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw inputError(`the recipe ${path} is not valid JSON${jsonErrorPlace(text)}`);
  }
  const parsed = recipeSchema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) =>
      issue.path.length > 0
        ? `${issue.path.map(String).join('.')}: ${issue.message}`
        : issue.message,
    );
    throw inputError(`the recipe ${path} is not a valid recipe: ${issues.join('; ')}`);
  }
  return parsed.data;
}

/**
 * Where the JSON goes wrong, as the engine's JSON reader names it ("line 3, column 5"). V8's
 * own message is not shown: it quotes the text around the error.
 */
function jsonErrorPlace(text: string): string {
  try {
    parseJson(text);
  } catch (error) {
    const place = error instanceof EngineError ? /line \d+, column \d+/.exec(error.message) : null;
    if (place) return ` (${place[0]})`;
  }
  return '';
}
