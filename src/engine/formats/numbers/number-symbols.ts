/** The symbols number texts are written with besides digits, separators and signs. */

/** Currency symbols written before the digits ('$12.00', 'R$ 5,00'). */
export const PREFIXES = ['$', '€', '£', '¥', '₹', '₩', '₽', '₺', '₪', 'R$', 'CHF', 'kr'];
/** Percent signs and currency symbols written after the digits ('12 %', '5,00 zł'). */
export const SUFFIX_SYMBOLS = ['%', '‰', '€', '$', '£', '¥', '₽', 'zł', 'kr', 'Kč', 'Ft', 'CHF'];
/** Spaces that group digits or set a unit apart: space, no-break space, narrow no-break space. */
export const SPACES = [' ', '\u00a0', '\u202f'];
/** The typographic minus '−' (U+2212), written by some tools instead of '-'. */
export const UNICODE_MINUS = '\u2212';
