import {
  analyzeNumberText,
  layoutFromAnalyses,
  readInLayout,
  settledDecimalSeparator,
  type NumberTextAnalysis,
} from '../formats/numbers';
import type { NumberLayout, Semantic } from '../types';
import { booleanVocabulary } from './booleans';
import type { DecimalEvidence } from './cell-checker';
import { isEmailText, isPhoneDigits, isPhoneText } from './contact';
import { decideDatePattern } from './date-pattern';
import { isCardDigits, isCardNumber, isFlagHeader } from './semantics';
import { TYPE_SHARE } from './type-share';
import { numberTextDatePattern } from './number-dates';

/** Header meanings under which digit strings are codes, kept digit by digit. */
const CODE_SEMANTICS: ReadonlySet<Semantic> = new Set([
  'zipCode',
  'phone',
  'ssn',
  'creditCard',
  'accountNumber',
  'iban',
]);

/** What a column's texts were found to be, before the whole column is checked. */
export type TextDecision =
  | { kind: 'boolean'; trueText: string; falseText: string }
  | { kind: 'code' }
  | { kind: 'number'; layout: NumberLayout; decimalEvidence: DecimalEvidence }
  | { kind: 'date'; pattern: string }
  | { kind: 'email' }
  | { kind: 'phone'; digitsOnly: boolean }
  | { kind: 'string' };

/** Whether a number text is a digit code: '00123' or more than 15 digits. */
function isDigitCode(analysis: NumberTextAnalysis): boolean {
  const digits = analysis.integerDigits;
  return (
    isPlainDigits(analysis) && ((digits.length > 1 && digits[0] === '0') || digits.length > 15)
  );
}

function isPlainDigits(analysis: NumberTextAnalysis): boolean {
  return (
    !analysis.negative &&
    !analysis.plus &&
    analysis.prefix === '' &&
    analysis.suffix === '' &&
    !analysis.exponent &&
    analysis.fractionDigits === '' &&
    analysis.thousandsSeparator === null &&
    analysis.ambiguousSeparator === null
  );
}

/**
 * The type a column's sampled texts fit, tried in order: boolean, digit code, a date written as
 * a number (number-dates.ts), number, date, email, phone; string when none fits TYPE_SHARE of
 * them.
 */
export function decideTextType(
  name: string,
  headerSemantic: Semantic | null,
  texts: readonly string[],
  decimalHint: '.' | ',' | undefined,
): TextDecision {
  const needed = Math.ceil(texts.length * TYPE_SHARE);
  const flagHeader = isFlagHeader(name);

  const vocabulary = booleanVocabulary(texts, flagHeader);
  if (vocabulary && vocabulary.fits >= needed) {
    return { kind: 'boolean', trueText: vocabulary.trueText, falseText: vocabulary.falseText };
  }
  if (flagHeader && texts.every((text) => text === '1' || text === '0')) {
    return { kind: 'boolean', trueText: '1', falseText: '0' };
  }

  const analyses: NumberTextAnalysis[] = [];
  let plainDigits = 0;
  let codes = 0;
  let cardDigits = 0;
  for (const text of texts) {
    const analysis = analyzeNumberText(text);
    if (!analysis) continue;
    if (isPlainDigits(analysis)) {
      plainDigits++;
      if (isDigitCode(analysis)) codes++;
      // Longer ones are codes already.
      else if (text.length >= 13 && isCardDigits(text)) cardDigits++;
    }
    // '+15551234567' is a phone number in E.164, not a signed integer.
    if (analysis.plus && isPlainDigits({ ...analysis, plus: false })) continue;
    analyses.push(analysis);
  }
  const codeHeader = headerSemantic !== null && CODE_SEMANTICS.has(headerSemantic);
  // Card numbers of 13 to 15 digits ('378282246310005') are codes when (nearly) all of them
  // pass the Luhn check with a card prefix, as integer ids do not.
  if (plainDigits >= needed && (codes > 0 || codeHeader || cardDigits >= needed)) {
    return headerSemantic === 'phone' ? { kind: 'phone', digitsOnly: true } : { kind: 'code' };
  }
  // Whole numbers under a header naming a date: Unix time ('created_at') or 20230415.
  const numberDate = analyses.length >= needed ? numberTextDatePattern(name, texts, needed) : null;
  if (numberDate) return { kind: 'date', pattern: numberDate };
  if (analyses.length >= needed) {
    const layout = layoutFromAnalyses(analyses, decimalHint);
    if (layout) {
      let fits = 0;
      for (const analysis of analyses) if (readInLayout(analysis, layout) !== null) fits++;
      if (fits >= needed) {
        return { kind: 'number', layout, decimalEvidence: settledDecimalSeparator(analyses) };
      }
    }
  }

  const dates = decideDatePattern(texts);
  if (dates.pattern) return { kind: 'date', pattern: dates.pattern };

  let emails = 0;
  for (const text of texts) if (isEmailText(text)) emails++;
  if (emails >= needed) return { kind: 'email' };

  // A column most of whose values are dates ('2023-04-17' next to '17/04/2023', or dates
  // with a few impossible ones) is never a phone column, whatever its punctuation.
  if (
    !dates.mostlyDates &&
    (headerSemantic === null || headerSemantic === 'phone' || !CODE_SEMANTICS.has(headerSemantic))
  ) {
    // Under a phone header, bare digits ('5551234567') are phones next to written layouts.
    const phoneHeader = headerSemantic === 'phone';
    let phones = 0;
    let cards = 0;
    for (const text of texts) {
      if (isPhoneText(text) || (phoneHeader && isPhoneDigits(text))) phones++;
      if (isCardNumber(text)) cards++;
    }
    // Grouped card numbers look like phones, but one phone in ten passes the Luhn check:
    // a column where (nearly) all do holds cards.
    if (phones >= needed && cards < needed) return { kind: 'phone', digitsOnly: phoneHeader };
  }
  return { kind: 'string' };
}
