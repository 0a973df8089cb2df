import { describe, expect, it } from 'vitest';
import { EngineError } from '../../../src/engine/errors';
import {
  FAKER_CATALOGUE,
  runFakerMethod,
  validateFakerMethod,
} from '../../../src/engine/pseudonymize/faker-catalogue';
import { createKeyedFaker } from '../../../src/engine/pseudonymize/keyed-faker';
import { KeyedRandom } from '../../../src/engine/pseudonymize/keyed-random';

/** The specification's §3 "Custom method categories offered", verbatim. */
const SPEC_CATEGORIES: Record<string, string[]> = {
  Person: [
    'firstName',
    'lastName',
    'fullName',
    'middleName',
    'jobTitle',
    'prefix',
    'suffix',
    'bio',
  ],
  Internet: ['email', 'userName', 'password', 'url', 'domainName', 'ip', 'userAgent'],
  Location: [
    'city',
    'country',
    'state',
    'street',
    'streetAddress',
    'zipCode',
    'latitude',
    'longitude',
  ],
  Company: ['name', 'catchPhrase', 'buzzPhrase', 'catchPhraseAdjective', 'catchPhraseDescriptor'],
  Commerce: [
    'product',
    'productName',
    'productDescription',
    'department',
    'price',
    'productMaterial',
  ],
  Finance: ['accountNumber', 'amount', 'bic', 'creditCardNumber', 'iban', 'transactionType'],
  Phone: ['number', 'imei'],
  Date: ['past', 'future', 'recent', 'soon', 'month', 'weekday'],
  Lorem: ['word', 'words', 'sentence', 'paragraph', 'slug'],
  Number: ['int', 'float', 'bigInt'],
  String: ['alpha', 'alphanumeric', 'numeric', 'uuid'],
  Color: ['human', 'rgb', 'hex'],
};

function seededFaker(seed: string) {
  const random = new KeyedRandom(new TextEncoder().encode('catalogue test'));
  random.reseed('test', seed);
  return createKeyedFaker(random);
}

describe('FAKER_CATALOGUE', () => {
  it('offers exactly the specification’s twelve categories and their methods', () => {
    const offered = Object.fromEntries(
      FAKER_CATALOGUE.map(({ category, methods }) => [
        category,
        methods.map((method) => method.split('.')[1]),
      ]),
    );
    expect(offered).toEqual(SPEC_CATEGORIES);
    for (const { category, methods } of FAKER_CATALOGUE) {
      for (const method of methods) expect(method.split('.')[0]).toBe(category.toLowerCase());
    }
  });

  const allMethods = FAKER_CATALOGUE.flatMap(({ methods }) => methods);
  it.each(allMethods)('%s runs and gives a value', (method) => {
    const value = runFakerMethod(seededFaker(method), method, {});
    if (value instanceof Date) expect(Number.isNaN(value.getTime())).toBe(false);
    else expect(String(value)).not.toBe('');
  });

  it('gives the same value for the same seed', () => {
    for (const method of allMethods) {
      const first = runFakerMethod(seededFaker('same'), method, {});
      const second = runFakerMethod(seededFaker('same'), method, {});
      expect(second, method).toEqual(first);
    }
  });

  it('keeps number.int inside a column range', () => {
    for (let i = 0; i < 50; i++) {
      const value = runFakerMethod(seededFaker(String(i)), 'number.int', {
        range: { min: 5, max: 9 },
      });
      expect(value).toBeGreaterThanOrEqual(5);
      expect(value).toBeLessThanOrEqual(9);
    }
  });
});

describe('validateFakerMethod', () => {
  it('accepts catalogue methods and the Faker v10 spelling of renamed ones', () => {
    expect(() => validateFakerMethod('person.firstName')).not.toThrow();
    expect(() => validateFakerMethod('internet.userName')).not.toThrow();
    expect(() => validateFakerMethod('internet.username')).not.toThrow();
  });

  it.each([
    ['person.firstname', 'person.firstName'],
    ['person.frstName', 'person.firstName'],
    ['internet.emial', 'internet.email'],
    ['location.cty', 'location.city'],
    ['firstName', 'person.firstName'],
    ['finance.creditcard', 'finance.creditCardNumber'],
    ['location.zip', 'location.zipCode'],
    ['PERSON.JOBTITLE', 'person.jobTitle'],
  ])('rejects %s with INVALID_RULE naming %s', (name, suggestion) => {
    let error: unknown;
    try {
      validateFakerMethod(name);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).code).toBe('INVALID_RULE');
    expect((error as EngineError).message).toContain(suggestion);
  });

  it('rejects a name with no near match without suggestions', () => {
    expect(() => validateFakerMethod('helpers.arrayElement')).toThrow(/Unknown Faker method/);
  });
});
