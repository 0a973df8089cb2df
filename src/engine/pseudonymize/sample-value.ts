import { cellText } from '../cell';
import { formatDateText } from '../formats/dates';
import { formatNumberText, plainNumberLayout } from '../formats/numbers';
import { MS_PER_DAY } from '../time/days';
import type { ColumnSchema } from '../types';
import { planColumn } from './column-plan';
import { dateRangeOf, defaultDatePattern } from './date-ranges';
import { isFakerMethod } from './faker-catalogue';
import { createKeyedFaker, type FakeSource } from './keyed-faker';
import { KeyedRandom } from './keyed-random';
import { fakeDate } from './generators/date';
import { fakeNumber } from './generators/number';
import { similarWord } from './generators/text';
import { numberRangeOf } from './number-ranges';
import { isFreeTextColumn } from './pii-in-text/pii-columns';
import { freeTextPlan, PiiInText } from './pii-in-text/pii-in-text';

const SAMPLE_SECRET = new TextEncoder().encode('stand-in schema card sample');
const SAMPLE_ATTEMPTS = 8;

let sampleSource: FakeSource | null = null;

function source(): FakeSource {
  if (!sampleSource) {
    const random = new KeyedRandom(SAMPLE_SECRET);
    sampleSource = { random, faker: createKeyedFaker(random) };
  }
  return sampleSource;
}

/**
 * A sample for a column without examples, by type: a number or date from the column's range in
 * its layout or pattern, a random email, phone or boolean, and for text a name, city or address
 * when the header suggests one, else a random word.
 */
function sampleWithoutExample(column: ColumnSchema, { random, faker }: FakeSource): string {
  switch (column.type) {
    case 'number': {
      const precision = column.precision ?? column.number?.precision ?? 0;
      const value = fakeNumber(1, precision, numberRangeOf(column), random);
      return formatNumberText(value, {
        ...(column.number ?? plainNumberLayout(precision)),
        precision,
      });
    }
    case 'date':
    case 'datetime': {
      const withTime = column.type === 'datetime';
      const draw = { ...dateRangeOf(column), stepMs: withTime ? 1000 : MS_PER_DAY };
      const pattern = column.format ?? defaultDatePattern(column);
      return formatDateText(fakeDate(draw, random), pattern, column.timeZone);
    }
    case 'email':
      return faker.internet.email({ provider: 'example.com' });
    case 'phone':
      return faker.phone.number();
    case 'boolean':
      return random.next() < 0.5 ? 'true' : 'false';
    default: {
      const name = column.name.toLowerCase();
      if (/first|given/.test(name)) return faker.person.firstName();
      if (/last|surname|family/.test(name)) return faker.person.lastName();
      if (/city|town/.test(name)) return faker.location.city();
      if (/address|street/.test(name)) return faker.location.streetAddress();
      return similarWord('sample', random);
    }
  }
}

/**
 * The example pseudonym on a column's schema card: deterministic from the column name, first
 * example, type and method, made by the generators of the full run.
 * @example sampleValue({ ...column, type: 'email', examples: ['ann@corp.com'] }) // 'Rosa.Kling@example.com'
 */
export function sampleValue(column: ColumnSchema): string {
  const { rule } = column;
  if (column.type === 'blank' || rule.action === 'blank') return '(blank)';
  if (rule.action === 'keep') return column.examples[0] ?? 'original value';
  // Only what a pattern finds: the dataset's names and values are not known to a card.
  if (rule.action === 'redact') {
    const example = column.examples[0] ?? '';
    return new PiiInText(source()).rewrite(example, 'redact', column.semantic ?? column.type);
  }
  if (rule.action === 'faker' && !isFakerMethod(rule.fakerMethod ?? '')) {
    return 'Invalid faker method';
  }
  const fakeSource = source();
  const example = column.examples[0];
  const kind = `${column.name}\u0000${column.type}\u0000${rule.fakerMethod ?? ''}`;
  try {
    if (example === undefined || example === '') {
      fakeSource.random.reseed(kind, '');
      if (rule.action === 'faker') {
        const action = planColumn(column, fakeSource);
        if (action.action !== 'generate') return '(blank)';
        fakeSource.random.reseed(kind, '');
        return cellText(action.plan.generate('', '', 0));
      }
      return sampleWithoutExample(column, fakeSource);
    }
    const action = planColumn(column, fakeSource);
    if (action.action !== 'generate') return '(blank)';
    // Free text as a run writes it (what a pattern finds in it, its words), identifiers and
    // codes by their keyed permutation.
    const plan = isFreeTextColumn(column)
      ? freeTextPlan(action.plan, new PiiInText(fakeSource), 'auto')
      : action.plan;
    const image = plan.permute?.(example, example);
    if (image !== undefined && image !== null) return cellText(image);
    let sample = example;
    for (let attempt = 0; attempt < SAMPLE_ATTEMPTS && sample === example; attempt++) {
      fakeSource.random.reseed(kind, example, attempt);
      sample = cellText(plan.generate(example, example, attempt));
    }
    return sample;
  } catch {
    return rule.action === 'faker' ? 'Invalid faker method' : 'original value';
  }
}
