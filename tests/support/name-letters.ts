/**
 * A name as the row-rule tests compare it: letters only, lower case, accents dropped
 * ('Chloé' → 'chloe', "O'Brien" → 'obrien'). Written apart from the engine's own, so the tests
 * check the engine against an independent reading.
 */
export const plain = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
