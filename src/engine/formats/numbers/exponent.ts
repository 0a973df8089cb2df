/**
 * Numbers in scientific notation as data tools write them ('1e-05' from pandas, '1.2E+10' from
 * Excel's CSV): their mantissa's digits, the exponent's letter, sign and width are the layout.
 */

/** Sign, integer digits, decimal separator and fraction digits, letter, exponent sign, digits. */
const EXPONENT_TEXT = /^([+-]?)(\d+)(?:([.,])(\d*))?([eE])([+-]?)(\d+)$/;

export interface ExponentLayout {
  plus: boolean;
  /** Digits after the mantissa's separator ('1.25e3': 2). */
  fractionDigits: number;
  separator: string;
  letter: 'e' | 'E';
  /** Whether a positive exponent is written with its '+'. */
  exponentPlus: boolean;
  /** The exponent's digits, at least ('e-05': 2). */
  exponentWidth: number;
  /** The written exponent. */
  exponent: number;
}

/**
 * The layout of a number written in scientific notation, or null for any other text.
 * @example exponentLayoutOf('1.2E+10') // { fractionDigits: 1, letter: 'E', exponentPlus: true, exponentWidth: 2, exponent: 10, … }
 */
export function exponentLayoutOf(text: string): ExponentLayout | null {
  const parts = EXPONENT_TEXT.exec(text);
  if (!parts) return null;
  const [, sign, , separator = '.', fraction = '', letter, exponentSign, digits] = parts;
  return {
    plus: sign === '+',
    fractionDigits: fraction.length,
    separator,
    letter: letter as 'e' | 'E',
    exponentPlus: exponentSign === '+',
    exponentWidth: digits!.length,
    exponent: Number(`${exponentSign}${digits}`),
  };
}

/**
 * The decimals a value written in this layout shows: its last mantissa digit's place
 * ('1.2E+10' shows none of its ten places, -9; '1e-05' five).
 */
export function exponentDecimals(layout: ExponentLayout): number {
  return layout.fractionDigits - layout.exponent;
}

/**
 * A number written in the layout: the same mantissa digits, letter, signs and exponent width.
 * @example formatExponent(1.3e10, exponentLayoutOf('1.2E+10')!) // '1.3E+10'
 */
export function formatExponent(value: number, layout: ExponentLayout): string {
  const [mantissa = '', exponentText = '0'] = Math.abs(value)
    .toExponential(layout.fractionDigits)
    .split('e');
  const exponent = Number(exponentText);
  const exponentSign = exponent < 0 ? '-' : layout.exponentPlus ? '+' : '';
  const sign = value < 0 ? '-' : layout.plus ? '+' : '';
  return (
    sign +
    mantissa.replace('.', layout.separator) +
    layout.letter +
    exponentSign +
    String(Math.abs(exponent)).padStart(layout.exponentWidth, '0')
  );
}
