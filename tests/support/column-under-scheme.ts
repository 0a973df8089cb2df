import { detectSchema, pseudonymize, type Sheet } from '../../src/engine';

/**
 * One column of a csv sheet as text, pseudonymized under key 'k' with its detected rules and the
 * given pseudonym scheme: what a test of a scheme's rule compares between schemes.
 */
export function columnUnderScheme(sheet: Sheet, column: number, scheme: number): string[] {
  const schema = detectSchema(sheet);
  return pseudonymize({ format: 'csv', sheets: [sheet] }, [schema], {
    secret: 'k',
    scheme,
  }).workbook.sheets[0]!.rows.map((cells) => String(cells[column]));
}
