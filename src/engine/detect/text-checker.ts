import type { Semantic } from '../types';
import type { TextCellChecker } from './cell-checker';
import { makeFitter, type Fitter } from './fitters';
import { decideTextType } from './text-type';
import { textOf, withoutPadding } from './value-text';

/** The checker for a column read as text, of the type its sampled texts fit. */
export function textChecker(
  name: string,
  headerSemantic: Semantic | null,
  texts: readonly string[],
  format: string | null,
  decimalHint: '.' | ',' | undefined,
): TextCellChecker {
  const decision = decideTextType(name, headerSemantic, texts, decimalHint);
  if (decision.kind === 'string') {
    return { native: false, accept: () => true, finish: () => undefined };
  }
  const checker = fitterChecker(makeFitter(decision), format);
  if (decision.kind === 'number') checker.decimalEvidence = decision.decimalEvidence;
  return checker;
}

function fitterChecker(fitter: Fitter, format: string | null): TextCellChecker {
  return {
    native: false,
    accept: (cell) => fitter.accept(withoutPadding(textOf(cell, format))),
    finish: (schema) => fitter.finish(schema),
    retry() {
      const better = fitter.retry?.();
      return better ? fitterChecker(better, format) : null;
    },
  };
}
