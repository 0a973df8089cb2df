import { isAsciiDigit } from '../text/char-classes';
import type { ColumnSchema, ColumnType } from '../types';
import { isEmailText, isPhoneDigits, isPhoneText } from './contact';
import { dateFitter } from './date-fitter';
import { numberFitter } from './number-fitter';
import type { TextDecision } from './text-type';

/**
 * Checks each text of a column against the type its sample was found to be, measuring what the
 * type needs (ranges, lengths, zones) on the way, and writes the result into the schema.
 */
export interface Fitter {
  accept(text: string): boolean;
  finish(schema: ColumnSchema): void;
  /** See CellChecker.retry. */
  retry?(): Fitter | null;
}

/** The fitter for a type decision. */
export function makeFitter(decision: Exclude<TextDecision, { kind: 'string' }>): Fitter {
  switch (decision.kind) {
    case 'boolean': {
      const { trueText, falseText } = decision;
      return {
        accept: (text) => text === trueText || text === falseText,
        finish(schema) {
          schema.type = 'boolean';
          schema.boolean = { trueText, falseText };
        },
      };
    }
    case 'code':
      return codeFitter();
    case 'number':
      return numberFitter(decision.layout);
    case 'date':
      return dateFitter(decision.pattern);
    case 'email':
      return simpleFitter('email', isEmailText);
    case 'phone':
      // Under a phone header, bare national numbers ('0612345678') are phones too.
      return simpleFitter(
        'phone',
        decision.digitsOnly ? (text) => isPhoneText(text) || isPhoneDigits(text) : isPhoneText,
      );
  }
}

function simpleFitter(type: ColumnType, test: (text: string) => boolean): Fitter {
  return {
    accept: test,
    finish(schema) {
      schema.type = type;
    },
  };
}

function codeFitter(): Fitter {
  let minLength = Infinity;
  let maxLength = 0;
  let leadingZeros = false;
  return {
    accept(text) {
      for (let i = 0; i < text.length; i++) if (!isAsciiDigit(text.charCodeAt(i))) return false;
      if (text.length < minLength) minLength = text.length;
      if (text.length > maxLength) maxLength = text.length;
      if (text.charCodeAt(0) === 48 && text.length > 1) leadingZeros = true;
      return true;
    },
    finish(schema) {
      schema.type = 'string';
      schema.code = { minLength, maxLength, leadingZeros };
    },
  };
}
