import { PSEUDONYM_SCHEME_VERSION, readWorkbook, recipeFromSchemas } from '../../engine';
import { parseCommandArgs } from '../args';
import { EXIT, onFile, usageError, type ExitCode } from '../exit-codes';
import { readInputFile, readStdin } from '../input-file';
import { writeOutput } from '../output-file';
import { CLI_READ_LIMITS, detectSheets, noSheet } from '../run-file';
import { DETECT_USAGE } from '../usage';

/**
 * `standin detect FILE [--sheet NAME] [-o recipe.json]`: the recipe of the file's detected
 * schemas, as the server's GET …/recipe gives it for a fresh upload (recipeFromSchemas).
 */
export async function detectCommand(args: string[]): Promise<ExitCode> {
  const { values, positionals } = parseCommandArgs(args, {
    output: { type: 'string', short: 'o' },
    sheet: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    process.stdout.write(DETECT_USAGE);
    return EXIT.done;
  }
  const [file, ...extra] = positionals;
  if (file === undefined) throw usageError('detect needs a FILE (see standin detect --help)');
  if (extra.length > 0) throw usageError('detect takes one FILE');

  const input = file === '-' ? await readStdin(undefined) : readInputFile(file);
  const workbook = onFile(input.label, () =>
    readWorkbook(input.take(), input.name, CLI_READ_LIMITS),
  );
  let sheets = workbook.sheets;
  if (values.sheet !== undefined) {
    sheets = sheets.filter((sheet) => sheet.name === values.sheet);
    if (sheets.length === 0) throw usageError(noSheet(values.sheet, input.label, workbook.sheets));
  }
  const recipe = recipeFromSchemas(
    onFile(input.label, () => detectSheets(sheets)),
    PSEUDONYM_SCHEME_VERSION,
  );
  await writeOutput(values.output ?? '-', `${JSON.stringify(recipe, null, 2)}\n`);
  return EXIT.done;
}
